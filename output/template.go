package output

import (
	"bytes"
	"fmt"
	"strings"
	"text/template"
)

// templateFuncs are the helpers a --template may use beside Go's built-ins:
//
//	json VALUE        VALUE as compact JSON ({{json .moons}})
//	join SEP LIST     the items of LIST joined by SEP ({{join ", " .weekdays}})
//	upper STRING      STRING in upper case
//	lower STRING      STRING in lower case
var templateFuncs = template.FuncMap{
	"json":  templateJSON,
	"join":  templateJoin,
	"upper": strings.ToUpper,
	"lower": strings.ToLower,
}

// compileTemplate parses a --template once, up front.
func compileTemplate(src string) (*template.Template, error) {
	tmpl, err := template.New("--template").Funcs(templateFuncs).Parse(src)
	if err != nil {
		return nil, fmt.Errorf("invalid --template: %w", err)
	}
	return tmpl, nil
}

// runTemplate executes the template on a decoded JSON value and writes its
// output as is: the template decides about newlines. Nothing is written when
// the template fails halfway.
func (p *Printer) runTemplate(v any) error {
	var buf bytes.Buffer
	if err := p.tmpl.Execute(&buf, v); err != nil {
		return fmt.Errorf("--template: %w", err)
	}
	_, err := p.out.Write(buf.Bytes())
	return err
}

func templateJSON(v any) (string, error) {
	b, err := EncodeJSON(v, "")
	return string(b), err
}

// templateJoin joins any list, so a JSON array of numbers joins too.
func templateJoin(sep string, list []any) string {
	parts := make([]string, len(list))
	for i, item := range list {
		parts[i] = fmt.Sprint(item)
	}
	return strings.Join(parts, sep)
}
