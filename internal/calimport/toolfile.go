package calimport

// decodeToolFile decodes data, which Detect found to be an object, into the
// file of one tool, T. A file without the keys the tool always writes at
// its top (keys), or whose decoded parts complete finds missing (a key
// written as null), is refused with notIt: the keys are looked at before
// the decode, so that a file of another shape is refused as not the tool's
// rather than faulted for a field it holds.
func decodeToolFile[T any](data []byte, notIt error, keys []string, complete func(*T) bool) (T, error) {
	var f T
	top, err := objectOf(data)
	if err != nil {
		return f, err
	}
	for _, k := range keys {
		if top[k] == nil {
			return f, notIt
		}
	}
	if err := decode(data, &f); err != nil {
		return f, err
	}
	if !complete(&f) {
		return f, notIt
	}
	return f, nil
}
