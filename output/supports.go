package output

import (
	"encoding/json"
	"fmt"
	"slices"
)

// A command that cannot print every format declares what it prints in its
// cobra annotations (Supports.Annotations); the root reads the declaration
// back (Unsupported) and refuses anything else before any request, in
// words made from the declaration, so that no command checks -o itself.

// SupportsAnnotation is the key of the declaration in a command's
// annotations.
const SupportsAnnotation = "kanka/output"

// Supports is what a command prints, when it is not every format. Set
// either Formats or Always.
type Supports struct {
	// Says what the command prints; every refusal starts with it.
	Says string `json:"says"`
	// Formats are the -o values the command chooses between: "apply
	// prints its plan as text or with -o json, not -o yaml".
	Formats []Format `json:"formats,omitempty"`
	// Always is the one format the command writes whatever -o says; -o
	// table, the default, then means -o not given: "calendar export always
	// writes YAML; -o json is not supported".
	Always Format `json:"always,omitempty"`
}

// TextOnly is the declaration of a command that prints no data: says
// what it prints; -o table, the default, only, and no --jq or --template
// (they run over a JSON it does not write).
func TextOnly(says string) Supports { return Supports{Says: says, Formats: []Format{Table}} }

// Annotations are the annotations of a command that prints s.
func (s Supports) Annotations() map[string]string {
	b, _ := json.Marshal(s) // strings only: it cannot fail
	return map[string]string{SupportsAnnotation: string(b)}
}

// Unsupported is the refusal of what -o (format, as typed, in any case),
// --jq and --template ask of the command with these annotations; nil when
// the command prints it, or declared nothing (it prints every format).
func Unsupported(annotations map[string]string, format, jq, template string) error {
	declared, ok := annotations[SupportsAnnotation]
	if !ok {
		return nil
	}
	var s Supports
	if err := json.Unmarshal([]byte(declared), &s); err != nil {
		return fmt.Errorf("the command's declaration of its output %q: %w", declared, err)
	}
	f, err := ParseFormat(format)
	if err != nil {
		return err
	}
	if format == "" {
		format = string(Table) // as the refusal names it
	}
	switch {
	case !s.prints(f) && s.Always != "":
		return fmt.Errorf("%s; -o %s is not supported", s.Says, format)
	case !s.prints(f):
		return fmt.Errorf("%s, not -o %s", s.Says, format)
	case (jq != "" || template != "") && !s.prints(JSON):
		// They run over the JSON: a command that writes none has nothing
		// for them.
		return fmt.Errorf("%s; --jq and --template are not supported", s.Says)
	}
	return nil
}

// prints reports whether the command honours -o f (parsed). The
// declaration is read as -o is, in any case.
func (s Supports) prints(f Format) bool {
	if s.Always != "" {
		return f == Table || f == declared(s.Always)
	}
	return slices.ContainsFunc(s.Formats, func(d Format) bool { return declared(d) == f })
}

// declared is a format as a declaration spells it, in the one spelling
// ParseFormat gives; as it is when it is no format (it then matches none).
func declared(d Format) Format {
	if f, err := ParseFormat(string(d)); err == nil && d != "" {
		return f
	}
	return d
}
