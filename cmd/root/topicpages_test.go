package root

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/docs"
	"github.com/spf13/pflag"
)

// Every topic's page renders for the terminal at every width: no Markdown
// outside what the renderer shows, no line wider than the terminal but a
// single word or a line of code kept as written, and nothing of the
// Markdown's own marks left ("](", "**", "```").
func TestEveryTopicPageRenders(t *testing.T) {
	if len(docs.Topics) < 6 {
		t.Fatalf("%d topics", len(docs.Topics))
	}
	for _, topic := range docs.Topics {
		page, err := docs.Pages.ReadFile(topic.File)
		if err != nil {
			t.Fatalf("%s: %v", topic.Name, err)
		}
		code := codeLines(string(page))
		for _, width := range []int{40, 60, 80, 120} {
			text, err := renderTopic(string(page), width)
			if err != nil {
				t.Errorf("docs/%s (kanka help %s): %v", topic.File, topic.Name, err)
				continue
			}
			if strings.Count(text, "\n") < 5 {
				t.Errorf("kanka help %s at %d: %q", topic.Name, width, text)
			}
			for _, line := range strings.Split(text, "\n") {
				switch {
				case strings.Contains(line, "](") || strings.Contains(line, "**") || strings.Contains(line, "```") || strings.HasPrefix(line, "#"):
					t.Errorf("kanka help %s at %d: Markdown left in %q", topic.Name, width, line)
				case utf8.RuneCountInString(line) <= width:
				case len(strings.Fields(line)) == 1:
				case width < 80 && inCode(code, line): // code, as written, or a piece of a command no space can break
				default:
					t.Errorf("kanka help %s at %d columns: a line of %d: %q", topic.Name, width, utf8.RuneCountInString(line), line)
				}
			}
		}
	}
}

// inCode reports whether line is a line of code, or a piece of one.
func inCode(code map[string]bool, line string) bool {
	piece := strings.TrimSpace(strings.TrimSuffix(line, " \\"))
	for c := range code {
		if strings.Contains(c, piece) {
			return true
		}
	}
	return false
}

// codeLines are the lines of the fenced code blocks of page.
func codeLines(page string) map[string]bool {
	lines := map[string]bool{}
	in := false
	for _, l := range strings.Split(page, "\n") {
		switch {
		case strings.HasPrefix(l, "```"):
			in = !in
		case in:
			lines[strings.TrimRight(l, " ")] = true
		}
	}
	return lines
}

// Every page of docs/ is a topic's or none: a topic names a page that is
// there, and every page embedded is a topic's.
func TestTopicsAndPagesAreOneList(t *testing.T) {
	named := map[string]bool{}
	for _, topic := range docs.Topics {
		if named[topic.File] {
			t.Errorf("two topics print %s", topic.File)
		}
		named[topic.File] = true
		if topic.Short == "" || strings.ContainsAny(topic.Name, " /.") {
			t.Errorf("topic %+v", topic)
		}
	}
	err := fs.WalkDir(docs.Pages, ".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !named[path] {
			t.Errorf("docs/%s is embedded and no topic prints it", path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// The exit codes page names every exit code kanka has, and no other.
func TestTheExitCodesPageNamesEveryCode(t *testing.T) {
	want := []int{cmdutil.ExitOK, cmdutil.ExitError, cmdutil.ExitUsage, cmdutil.ExitAuth, cmdutil.ExitNotFound,
		cmdutil.ExitValidation, cmdutil.ExitRateLimit, cmdutil.ExitDeclined, cmdutil.ExitChanged, cmdutil.ExitBusy,
		cmdutil.ExitInterrupted}
	rows := tableFirstCells(t, "exit-codes.md")
	if len(rows) != len(want) {
		t.Errorf("docs/exit-codes.md lists %d codes, kanka has %d: %v", len(rows), len(want), rows)
	}
	for _, code := range want {
		if !rows[strconv.Itoa(code)] {
			t.Errorf("docs/exit-codes.md does not say what exit %d means", code)
		}
	}
}

// The environment page names every KANKA_ variable the code reads, found
// in its source, as the one a flag is read from.
func TestTheEnvironmentPageNamesEveryVariable(t *testing.T) {
	rows := tableFirstCells(t, "environment.md")
	variable := regexp.MustCompile(`"(KANKA_[A-Z_]+)"`)
	found := 0
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.Contains(path, "roottest") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range variable.FindAllStringSubmatch(string(src), -1) {
			found++
			if !rows["`"+m[1]+"`"] {
				t.Errorf("%s reads %s, which docs/environment.md does not name", path, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 10 {
		t.Errorf("found %d KANKA_ variables in the source: the walk is broken", found)
	}
}

// tableFirstCells are the first cells of the rows of the tables of a
// topic's page, each name of a cell ("`A`, `B`") on its own.
func tableFirstCells(t *testing.T, file string) map[string]bool {
	t.Helper()
	page, err := docs.Pages.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	cells := map[string]bool{}
	for i, line := range strings.Split(string(page), "\n") {
		if !strings.HasPrefix(line, "|") || strings.HasPrefix(line, "|---") {
			continue
		}
		first := tableCells(line)[0]
		if i > 0 && (first == "Code" || first == "Variable") {
			continue
		}
		for _, name := range strings.Split(first, ", ") {
			cells[name] = true
		}
	}
	return cells
}

// `kanka help flags` lists every global flag, each once, in its group.
func TestTheFlagsTopicListsEveryGlobalFlag(t *testing.T) {
	s, _, _, _ := cmdutil.Test()
	root, _ := NewCmdRoot(s)
	text := globalFlagsTopic(root.PersistentFlags(), 80)
	n := 0
	root.PersistentFlags().VisitAll(func(f *pflag.Flag) {
		n++
		if c := strings.Count(text, "--"+f.Name+" "); c != 1 {
			t.Errorf("--%s is listed %d times:\n%s", f.Name, c, text)
		}
	})
	if n < 20 {
		t.Errorf("%d global flags", n)
	}
	// A flag of no group is listed under Other.
	fs := pflag.NewFlagSet("", pflag.ContinueOnError)
	fs.Bool("brand-new", false, "a flag added later")
	if text := globalFlagsTopic(fs, 80); !strings.Contains(text, "Other:\n      --brand-new   a flag added later") {
		t.Errorf("a new flag:\n%s", text)
	}
}
