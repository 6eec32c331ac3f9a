package cmdutil

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// parsed is the tree of text, as a test builds what kanka would.
func parsed(t *testing.T, text string) *yaml.Node {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Content[0]
}

// The file the editor shows hides the run's secrets as its streams do, in
// values and keys, and stays YAML that reads back: "[redacted]" is quoted
// where it must be.
func TestRedactedYAMLHidesSecretsInValues(t *testing.T) {
	s, _, _, _ := Test()
	s.Guard()
	s.Redact("tok-SECRET-1234")
	text := "id: 12\nname: Harptos\ntype: tok-SECRET-1234\nentry: <p>Your token is tok-SECRET-1234.</p>\n" +
		"other_keys:\n  tok-SECRET-1234: 1\n  long: |\n    line one\n    tok-SECRET-1234\n"
	got, err := RedactedYAML(parsed(t, text), s.RedactString)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(got), "tok-SECRET") {
		t.Errorf("a secret is left:\n%s", got)
	}
	var back map[string]any
	if err := yaml.Unmarshal(got, &back); err != nil {
		t.Fatalf("does not read back: %v\n%s", err, got)
	}
	others, _ := back["other_keys"].(map[string]any)
	if back["type"] != "[redacted]" || back["entry"] != "<p>Your token is [redacted].</p>" || back["id"] != 12 ||
		others["[redacted]"] != 1 || others["long"] != "line one\n[redacted]\n" {
		t.Errorf("read back as %v", back)
	}
}

// A number made of the secret's digits becomes the string "[redacted]".
func TestRedactedYAMLNumber(t *testing.T) {
	got, err := RedactedYAML(parsed(t, "id: 12345678\n"), func(s string) string { return strings.ReplaceAll(s, "12345678", "[redacted]") })
	if err != nil || string(got) != "id: '[redacted]'\n" {
		t.Errorf("got %q, %v", got, err)
	}
}

// A tree with nothing to hide is written as kanka writes any.
func TestRedactedYAMLLeavesCleanTreesAlone(t *testing.T) {
	text := "name: Harptos\nmonths:\n  - {name: Hammer, length: 30}\nyears:\n  1492: \"y\"\n"
	got, err := RedactedYAML(parsed(t, text), func(s string) string { return s })
	if err != nil || string(got) != text {
		t.Errorf("got %q, %v", got, err)
	}
}
