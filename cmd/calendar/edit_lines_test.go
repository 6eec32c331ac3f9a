package calendar

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// noteLine finds the line a note of the edit names ("line 27: ...").
var noteLine = regexp.MustCompile(`line (\d+): `)

// wantNotedAt checks that the notes of an opening of the editor (shown)
// hold each of notes, and that the line each names is, in the file as
// shown, the line that starts with at[i] (spaces aside).
func wantNotedAt(t *testing.T, shown string, notes, at []string) {
	t.Helper()
	lines := strings.Split(shown, "\n")
	header, _, _ := strings.Cut(shown, headerEnd)
	for i, note := range notes {
		j := strings.Index(header, note)
		if j < 0 {
			t.Errorf("the notes do not say %q:\n%s", note, header)
			continue
		}
		lineStart := strings.LastIndex(header[:j], "\n") + 1
		m := noteLine.FindStringSubmatch(header[lineStart : j+len(note)])
		if m == nil {
			t.Errorf("the note %q names no line", note)
			continue
		}
		n, _ := strconv.Atoi(m[1])
		if n < 1 || n > len(lines) || !strings.HasPrefix(strings.TrimSpace(lines[n-1]), at[i]) {
			t.Errorf("the note %q names line %d, which is not %q in the file as shown:\n%s", note, n, at[i], numbered(shown))
		}
	}
}

// numbered is text with its line numbers, for messages.
func numbered(text string) string {
	var b strings.Builder
	for i, l := range strings.Split(text, "\n") {
		b.WriteString(strconv.Itoa(i+1) + "\t" + l + "\n")
	}
	return b.String()
}

// Every opening names the lines of the file as it shows it, its notes
// (which grow with the problems) included: an unknown key in the first
// round, a second one and a season past its month's end in the second
// (the reading's problems and those of the record with the edit over it
// say their lines alike), and the fixed file is sent.
func TestEditNamesTheLinesOfTheFileAsShownInEveryRound(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dir := scriptedEditor(t,
		`sed -i 's/^suffix: DR$/sufix: DR/' "$1"`,
		`sed -i 's/^format: .*$//; s/^type: Dalereckoning$/tipe: Dalereckoning/' "$1"`,
		`sed -i 's/^sufix: DR$/suffix: DR/; s/^tipe: Dalereckoning$/type: Dalereckoning/; s/day: 19$/day: 31/' "$1"`,
		`sed -i 's/day: 31$/day: 20/' "$1"`)
	record := readTestdata(t, "record.json")
	env := newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"PUT", "calendars/12", putBody(t, map[string]any{"season_day": []int{20}}), 200, data(record)},
	)
	if err := env.run("edit", "12"); err != nil {
		t.Fatal(err)
	}
	wantNotedAt(t, shown(t, dir, 1), []string{`unknown key "sufix"; did you mean "suffix"?`}, []string{"sufix:"})
	wantNotedAt(t, shown(t, dir, 2), []string{`unknown key "tipe"; did you mean "type"?`, `unknown key "sufix"; did you mean "suffix"?`}, []string{"tipe:", "sufix:"})
	wantNotedAt(t, shown(t, dir, 3), []string{"seasons[1]: day 31 does not exist: Ches has 30 days"}, []string{"- name: Spring"})
	wantNoEditFileLeft(t)
}

// Saving a failing file unchanged gives up with the problems at the lines
// of the file as kept: the file as the editor showed it.
func TestEditGivesUpNamingTheLinesOfTheKeptFile(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dir := scriptedEditor(t, `sed -i 's/^suffix: DR$/sufix: DR/' "$1"`, ":")
	env := newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(readTestdata(t, "record.json"))})
	err := env.run("edit", "12")
	wantUsage(t, err, "")
	kept := shown(t, dir, 1)
	m := noteLine.FindStringSubmatch(err.Error())
	if m == nil || !strings.Contains(err.Error(), `unknown key "sufix"; did you mean "suffix"?`) {
		t.Fatalf("error %q", err)
	}
	if n, _ := strconv.Atoi(m[1]); !strings.HasPrefix(strings.Split(kept, "\n")[n-1], "sufix:") {
		t.Errorf("the error names line %d, which is not sufix: in the kept file:\n%s", n, numbered(kept))
	}
}

// Without a terminal and without VISUAL or EDITOR there is no editor to
// run (vi would start on an input that is no keyboard): exit 2, nothing
// sent, and the message says what to set.
func TestEditWithoutATerminalNeedsVisualOrEditor(t *testing.T) {
	t.Setenv("VISUAL", "")
	t.Setenv("EDITOR", "")
	env := newTestEnv(t, "id")
	err := env.run("edit", "12")
	wantUsage(t, err, `no editor to run: standard input is not a terminal, so vi cannot run there; set VISUAL or EDITOR to your editor command (VISUAL="code --wait"), or run kanka calendar edit on a terminal`)
	env.WantSent()
}

// With EDITOR set and no terminal the editor runs, as scripts need; on a
// terminal, with neither set, vi is the editor.
func TestEditRunsTheEditorSetWithoutATerminal(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dir := scriptedEditor(t, ":")
	t.Setenv("EDITOR", dir+"/editor.sh")
	t.Setenv("VISUAL", "")
	env := newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(readTestdata(t, "record.json"))})
	if err := env.run("edit", "12"); err != nil {
		t.Fatal(err)
	}
	if env.ErrOut.String() != "Edit cancelled: no changes made.\n" {
		t.Errorf("stderr %q", env.ErrOut)
	}
	onTerminal := &cmdutil.IOStreams{InTTY: true}
	if editor, err := chooseEditor("", onTerminal); editor != "vi" || err != nil {
		t.Errorf("on a terminal: %q, %v; want vi", editor, err)
	}
}
