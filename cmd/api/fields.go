package api

import (
	"bytes"
	"encoding/json"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
)

// The fields of -f and -F, as gh api reads them: key=value, a string for
// -f, a typed value for -F; key[]=value adds to the list key, in the order
// given, which is how the service takes a calendar's parallel arrays
// (month_name[] beside month_length[]). They become the JSON object of the
// body, or the query of a GET.

// fieldArg is one -f or -F as given.
type fieldArg struct {
	text  string
	typed bool // -F
}

// flagName is the flag the field was given with, for messages.
func (a fieldArg) flagName() string {
	if a.typed {
		return "-F"
	}
	return "-f"
}

// fieldsValue is the pflag.Value of -f and -F: both append to one list, so
// that the order of a list's items given with both is kept.
type fieldsValue struct {
	list  *[]fieldArg
	typed bool
}

func (v *fieldsValue) Set(s string) error {
	*v.list = append(*v.list, fieldArg{text: s, typed: v.typed})
	return nil
}

func (v *fieldsValue) Type() string { return "key=value" }

// String is "" when no field was given: the help shows no default.
func (v *fieldsValue) String() string {
	if given := v.GetSlice(); len(given) > 0 {
		return "[" + strings.Join(given, ",") + "]"
	}
	return ""
}

// Append, Replace and GetSlice make it a pflag.SliceValue, so that the
// check of every flag's text (cmdutil.RefuseNonUTF8Flags) sees each field.
func (v *fieldsValue) Append(s string) error { return v.Set(s) }

func (v *fieldsValue) Replace(list []string) error {
	kept := (*v.list)[:0]
	for _, a := range *v.list {
		if a.typed != v.typed {
			kept = append(kept, a)
		}
	}
	*v.list = kept
	for _, s := range list {
		_ = v.Set(s)
	}
	return nil
}

func (v *fieldsValue) GetSlice() []string {
	var mine []string
	for _, a := range *v.list {
		if a.typed == v.typed {
			mine = append(mine, a.text)
		}
	}
	return mine
}

// field is a field read: its key, whether it adds to a list, its value (a
// string, json.Number, bool or nil).
type field struct {
	key   string
	list  bool
	value any
}

// jsonNumber is the grammar of a JSON number: what -F sends as a number.
// Compiled when first used, not when kanka starts.
var jsonNumber = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`) })

// readFields reads the fields in order; readFile reads the file of a
// -F key=@file (or standard input for @-).
func readFields(args []fieldArg, readFile func(flag, key, path string) (string, error)) ([]field, error) {
	var fields []field
	given := map[string]bool{} // key -> given as a list
	for _, a := range args {
		key, value, ok := strings.Cut(a.text, "=")
		if !ok {
			return nil, cmdutil.UsageErrorf("%s %q: write key=value", a.flagName(), a.text)
		}
		name, list := strings.CutSuffix(key, "[]")
		switch {
		case name == "":
			return nil, cmdutil.UsageErrorf("%s %q: the key is empty", a.flagName(), a.text)
		case strings.ContainsAny(name, "[]"):
			return nil, cmdutil.UsageErrorf("%s %q: only key=value and key[]=value are read; send nested values with --input", a.flagName(), a.text)
		}
		if asList, seen := given[name]; seen {
			switch {
			case asList != list:
				return nil, cmdutil.UsageErrorf("%s %s: the key %s is given both as a value and as a list (%s[])", a.flagName(), key, name, name)
			case !list:
				return nil, cmdutil.UsageErrorf("%s %s: the key %s is given twice; use %s[]=value for a list", a.flagName(), key, name, name)
			}
		}
		given[name] = list
		f := field{key: name, list: list, value: value}
		if a.typed {
			v, err := typedValue(value, func(path string) (string, error) { return readFile(a.flagName(), key, path) })
			if err != nil {
				return nil, err
			}
			f.value = v
		}
		fields = append(fields, f)
	}
	return fields, nil
}

// typedValue reads the value of a -F: true, false, null, a JSON number,
// @file for the file's text (@- standard input), else the text itself.
func typedValue(s string, readFile func(path string) (string, error)) (any, error) {
	switch {
	case s == "true":
		return true, nil
	case s == "false":
		return false, nil
	case s == "null":
		return nil, nil
	case jsonNumber().MatchString(s):
		return json.Number(s), nil
	case strings.HasPrefix(s, "@"):
		return readFile(s[1:])
	}
	return s, nil
}

// fieldsQuery is the fields as a query: a list's key keeps its [] and is
// repeated, in order, as the service's filters read it (tags[]=3).
func fieldsQuery(fields []field) url.Values {
	q := url.Values{}
	for _, f := range fields {
		key := f.key
		if f.list {
			key += "[]"
		}
		q.Add(key, queryText(f.value))
	}
	return q
}

// queryText is a field's value as a query writes it.
func queryText(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case bool:
		if v {
			return "true"
		}
		return "false"
	case json.Number:
		return string(v)
	}
	return v.(string)
}

// fieldsBody is the fields as one JSON object, its keys in the order they
// were first given, a list's items in theirs.
func fieldsBody(fields []field) ([]byte, error) {
	var order []string
	values := map[string]any{}
	for _, f := range fields {
		if _, seen := values[f.key]; !seen {
			order = append(order, f.key)
			if f.list {
				values[f.key] = []any{}
			}
		}
		if f.list {
			values[f.key] = append(values[f.key].([]any), f.value)
		} else {
			values[f.key] = f.value
		}
	}
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, key := range order {
		if i > 0 {
			buf.WriteByte(',')
		}
		k, err := output.EncodeJSON(key, "")
		if err != nil {
			return nil, err
		}
		v, err := output.EncodeJSON(values[key], "")
		if err != nil {
			return nil, err
		}
		buf.Write(k)
		buf.WriteByte(':')
		buf.Write(v)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// fileText is the text of a file a -F names: UTF-8, as the JSON it goes
// into must be.
func fileText(data []byte, flag, key, path string) (string, error) {
	if !utf8.Valid(data) {
		line, _ := cmdutil.FirstNonUTF8Line(data)
		return "", cmdutil.UsageErrorf("%s %s=@%s: %s: line %d: is not valid UTF-8 text", flag, key, path, cmdutil.SourceName(path), line)
	}
	return string(data), nil
}
