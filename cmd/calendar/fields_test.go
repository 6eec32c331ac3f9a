package calendar

import (
	"reflect"
	"testing"
)

func TestSplitFields(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"Hammer:30", []string{"Hammer", "30"}},
		{`Ides\:Prime:30:intercalary`, []string{"Ides:Prime", "30", "intercalary"}},
		{`a\\:b`, []string{`a\`, "b"}},
		{`C:\Maps`, []string{"C", `\Maps`}},
		{`no colon`, []string{"no colon"}},
		{`trailing:`, []string{"trailing", ""}},
		{`\:`, []string{":"}},
		{`end\`, []string{`end\`}},
	}
	for _, tt := range tests {
		if got := splitFields(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("splitFields(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
