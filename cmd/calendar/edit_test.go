package calendar

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// scriptedEditor makes $VISUAL a shell script: the n-th time the editor
// opens, steps[n] runs with the file as $1 (the last step repeats). Each
// file shown to the editor is copied to shown-N.yaml in dir.
func scriptedEditor(t *testing.T, steps ...string) (dir string) {
	t.Helper()
	dir = t.TempDir()
	script := "#!/bin/sh\nn=$(cat " + dir + "/count 2>/dev/null || echo 0)\necho $((n+1)) > " + dir + "/count\ncp \"$1\" " + dir + "/shown-$n.yaml\ncase $n in\n"
	for i, step := range steps {
		pattern := "*"
		if i < len(steps)-1 {
			pattern = string(rune('0' + i))
		}
		script += pattern + ") " + step + " ;;\n"
	}
	script += "esac\n"
	path := filepath.Join(dir, "editor.sh")
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("VISUAL", path)
	return dir
}

func shown(t *testing.T, dir string, n int) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "shown-"+string(rune('0'+n))+".yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// No edit file, nor its directory, may stay behind once the edit is sent
// or cancelled.
func wantNoEditFileLeft(t *testing.T) {
	t.Helper()
	left, _ := filepath.Glob(filepath.Join(os.TempDir(), "kanka-calendar-12-*"))
	if len(left) > 0 {
		t.Errorf("edit files left behind: %v", left)
	}
}

func TestEditSendsTheChangedRecord(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dir := scriptedEditor(t, `sed -i 's/^suffix: DR$/suffix: Dalereckoning/' "$1"`)
	record := readTestdata(t, "record.json")
	env := newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"GET", "calendars/12", "", 200, data(record)}, // read again: unchanged
		exchange{"PUT", "calendars/12", putBody(t, map[string]any{"suffix": "Dalereckoning"}), 200, data(record)},
	)
	if err := env.run("edit", "12"); err != nil {
		t.Fatal(err)
	}
	if env.Out.String() != "12\n" || env.ErrOut.String() != "" {
		t.Errorf("stdout %q, stderr %q", env.Out, env.ErrOut)
	}
	first := shown(t, dir, 0)
	if !strings.HasPrefix(first, "# Editing calendar 12 \"Harptos\".") || !strings.Contains(first, "\nname: Harptos\n") || !strings.Contains(first, "\nsuffix: DR\n") {
		t.Errorf("the editor was shown:\n%s", first)
	}
	wantNoEditFileLeft(t)
}

func TestEditUnchangedOrEmptiedCancels(t *testing.T) {
	for _, tt := range []struct{ name, step, message string }{
		{"unchanged", ":", "Edit cancelled: no changes made.\n"},
		// Comments and whitespace only count as empty.
		{"emptied", `printf '# nothing\n\n' > "$1"`, "Edit cancelled: the file is empty.\n"},
		// Moving keys around changes no field.
		{"reordered", `sed -i '/^suffix: DR$/d' "$1" && echo 'suffix: DR' >> "$1"`, "Edit cancelled: no changes made.\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("TMPDIR", t.TempDir())
			scriptedEditor(t, tt.step)
			env := newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(readTestdata(t, "record.json"))})
			if err := env.run("edit", "12"); err != nil {
				t.Fatal(err)
			}
			if env.Out.String() != "" || env.ErrOut.String() != tt.message {
				t.Errorf("stdout %q, stderr %q; want stderr %q", env.Out, env.ErrOut, tt.message)
			}
			wantNoEditFileLeft(t)
		})
	}
}

// A file that fails a check opens again with the errors at the top; the
// fixed file is sent.
func TestEditReopensWithTheErrors(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dir := scriptedEditor(t,
		`sed -i 's/^suffix: DR$/sufix: DR/' "$1"`,
		`sed -i 's/^sufix: DR$/suffix: Dale/' "$1"`)
	record := readTestdata(t, "record.json")
	env := newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"PUT", "calendars/12", putBody(t, map[string]any{"suffix": "Dale"}), 200, data(record)},
	)
	if err := env.run("edit", "12"); err != nil {
		t.Fatal(err)
	}
	second := shown(t, dir, 1)
	header, body, _ := strings.Cut(second, headerEnd)
	if !strings.Contains(header, "# The file was not sent:\n#   the edited calendar: line ") || !strings.Contains(header, `unknown key "sufix"; did you mean "suffix"?`) {
		t.Errorf("the second opening's notes:\n%s", header)
	}
	if strings.Count(second, "# Editing calendar") != 1 || !strings.Contains(body, "\nsufix: DR\n") {
		t.Errorf("the second opening must show the user's text once, under one header:\n%s", second)
	}
	wantNoEditFileLeft(t)
}

// Saving a failing file unchanged gives up: exit 2, nothing sent, the file
// kept where the message says.
func TestEditGivesUpWhenAFailingFileIsSavedUnchanged(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	scriptedEditor(t, `sed -i 's/^suffix: DR$/sufix: DR/' "$1"`, ":")
	env := newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(readTestdata(t, "record.json"))})
	err := env.run("edit", "12")
	wantUsage(t, err, "")
	msg := err.Error()
	_, kept, ok := strings.Cut(msg, "(the edit was not sent; it is kept in ")
	kept = strings.TrimSuffix(kept, ")")
	if !ok || !strings.Contains(msg, `unknown key "sufix"; did you mean "suffix"?`) {
		t.Fatalf("error %q", msg)
	}
	if b, err := os.ReadFile(kept); err != nil || !strings.Contains(string(b), "\nsufix: DR\n") {
		t.Errorf("kept file %s: %v\n%s", kept, err, b)
	}
}

// An editor that fails sends nothing.
func TestEditorFailureSendsNothing(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	scriptedEditor(t, "exit 3")
	env := newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(readTestdata(t, "record.json"))})
	err := env.run("edit", "12")
	if err == nil || !strings.HasPrefix(err.Error(), "the editor (") || !strings.HasSuffix(err.Error(), "failed: exit status 3; nothing was sent") {
		t.Errorf("error %v", err)
	}
	wantNoEditFileLeft(t)
}

// An editor that fails after a round of errors keeps the user's edits.
func TestEditorFailureAfterARoundKeepsTheEdits(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	scriptedEditor(t, `sed -i 's/^suffix: DR$/sufix: DR/' "$1"`, "exit 3")
	env := newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(readTestdata(t, "record.json"))})
	err := env.run("edit", "12")
	_, kept, ok := strings.Cut(fmt.Sprint(err), "(the edit was not sent; it is kept in ")
	if !ok || !strings.Contains(err.Error(), "failed: exit status 3") {
		t.Fatalf("error %v", err)
	}
	if b, err := os.ReadFile(strings.TrimSuffix(kept, ")")); err != nil || !strings.Contains(string(b), "\nsufix: DR\n") {
		t.Errorf("kept file: %v\n%s", err, b)
	}
}

// A calendar the checks refuse as it is (one month left) opens with the
// problem on top and can be repaired.
func TestEditRepairsACalendarTheChecksRefuse(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	wiped := `{"id":12,"name":"Harptos","date":"1-1-1","months":[{"name":"Hammer","length":30,"type":"standard"}],"weekdays":["A","B"],"years":[],"seasons":[],"moons":[]}`
	dir := scriptedEditor(t, `sed -i 's/^months:$/months: [{name: Hammer, length: 30}, {name: Alturiak, length: 30}]\nold_months:/' "$1" && sed -i '/^old_months:$/,/^[a-z]/{/^old_months:$/d;/^  /d;/^    /d}' "$1"`)
	env := newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(wiped)},
		exchange{"GET", "calendars/12", "", 200, data(wiped)},
		exchange{"PUT", "calendars/12", sentBack(t, wiped, map[string]any{
			"month_name": []string{"Hammer", "Alturiak"}, "month_length": []int{30, 30}, "month_type": []string{"standard", "standard"}, "month_alias": []string{"", ""},
		}), 200, data(wiped)},
	)
	if err := env.run("edit", "12"); err != nil {
		t.Fatalf("%v\nshown:\n%s", err, shown(t, dir, 0))
	}
	if first := shown(t, dir, 0); !strings.Contains(first, "# The file was not sent:\n#   ") || !strings.Contains(first, "months") {
		t.Errorf("the first opening does not say what is wrong:\n%s", first)
	}
}

// Someone changed the calendar while the editor was open (its entry and
// date): nothing is sent, exit 8 names what changed and who, and the edit
// stays in its file. --force sends it without reading again.
func TestEditRefusesWhenTheCalendarChangedMeanwhile(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	scriptedEditor(t, `sed -i 's/^suffix: DR$/suffix: Dalereckoning/' "$1"`)
	record := readTestdata(t, "record.json")
	changed := strings.NewReplacer(`"entry":"<p>The reckoning of Faerûn.</p>"`, `"entry":"<p>Rewritten.</p>"`,
		`"date":"1492-3-12"`, `"date":"1492-3-13"`, `"updated_by":5`, `"updated_by":8`).Replace(record)
	env := newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"GET", "calendars/12", "", 200, data(changed)},
	)
	err := env.run("edit", "12")
	var conflict *cmdutil.ChangedError
	if !errors.As(err, &conflict) {
		t.Fatalf("error %v, want a ChangedError", err)
	}
	kept, _ := filepath.Glob(filepath.Join(os.TempDir(), "kanka-calendar-12-*", "calendar-12.yaml"))
	if len(kept) != 1 {
		t.Fatalf("kept files %v, want the edit", kept)
	}
	want := `calendar 12 "Harptos" changed on the server while the editor was open (last changed by user 8): entry and date. ` +
		`Nothing was sent, so that change stands. Your edit is kept in ` + kept[0] + `: run ` + "`kanka calendar edit 12`" +
		` again to edit the calendar as it is now, or send yours anyway with ` + "`kanka calendar update 12 -f " + kept[0] + " --force`."
	if err.Error() != want {
		t.Errorf("error\n%s\nwant\n%s", err, want)
	}
	if body, _ := os.ReadFile(kept[0]); !strings.Contains(string(body), "\nsuffix: Dalereckoning\n") {
		t.Errorf("the kept file lost the edit:\n%s", body)
	}

	env = newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"PUT", "calendars/12", putBody(t, map[string]any{"suffix": "Dalereckoning"}), 200, data(record)},
	)
	if err := env.run("edit", "12", "--force"); err != nil {
		t.Fatal(err)
	}
}
