package cmdutil

import (
	"bytes"
	"unicode/utf8"

	"github.com/spf13/pflag"
)

// Text that is not UTF-8 would be sent as JSON with U+FFFD in place of each
// bad byte: the server would store something other than what was given.
// It is refused instead, naming where it is.

// RefuseNonUTF8Flags refuses a flag of fs given a value that is not UTF-8
// text, naming the flag.
func RefuseNonUTF8Flags(fs *pflag.FlagSet) error {
	var bad string
	fs.Visit(func(f *pflag.Flag) {
		values := []string{f.Value.String()}
		if s, ok := f.Value.(pflag.SliceValue); ok {
			values = s.GetSlice()
		}
		for _, v := range values {
			if bad == "" && !utf8.ValidString(v) {
				bad = f.Name
			}
		}
	})
	if bad != "" {
		return UsageErrorf("--%s: is not valid UTF-8 text", bad)
	}
	return nil
}

// FirstNonUTF8Line returns the line (from 1) of the first byte of data that
// is not UTF-8, and whether there is one.
func FirstNonUTF8Line(data []byte) (line int, bad bool) {
	at, bad := firstNonUTF8(data)
	return 1 + bytes.Count(data[:at], []byte("\n")), bad
}

// firstNonUTF8 is the offset of the first byte of data that is not UTF-8.
func firstNonUTF8(data []byte) (int, bool) {
	for at := 0; at < len(data); {
		r, size := utf8.DecodeRune(data[at:])
		if r == utf8.RuneError && size <= 1 {
			return at, true
		}
		at += size
	}
	return len(data), false
}
