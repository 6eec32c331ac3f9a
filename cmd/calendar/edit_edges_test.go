package calendar

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

// keptEdit is the one edit file left in the test's TMPDIR, which must hold
// the user's change (line).
func keptEdit(t *testing.T, line string) string {
	t.Helper()
	kept, _ := filepath.Glob(filepath.Join(os.TempDir(), "kanka-calendar-12-*", "calendar-12.yaml"))
	if len(kept) != 1 {
		t.Fatalf("kept files %v, want the edit", kept)
	}
	if body, err := os.ReadFile(kept[0]); err != nil || !strings.Contains(string(body), "\n"+line+"\n") {
		t.Errorf("the kept file lost the edit (%v):\n%s", err, body)
	}
	return kept[0]
}

// The update the edit sends fails: the edit is kept, and stderr says
// where and how to send it; the error is the server's.
func TestEditKeepsTheFileWhenTheUpdateFails(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	scriptedEditor(t, `sed -i 's/^suffix: DR$/suffix: Dalereckoning/' "$1"`)
	record := readTestdata(t, "record.json")
	env := newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"PUT", "calendars/12", putBody(t, map[string]any{"suffix": "Dalereckoning"}), 403, `{"code":403,"error":"This action is unauthorized."}`},
	)
	err := env.run("edit", "12")
	var apiErr *client.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 403 || err.Error() != "PUT http://localhost/api/1.0/campaigns/1/calendars/12: 403 This action is unauthorized." {
		t.Errorf("error %v, want the server's 403", err)
	}
	env.WantSent("GET calendars/12", "GET calendars/12", "PUT calendars/12")
	kept := keptEdit(t, "suffix: Dalereckoning")
	if want := "Your edit is kept in " + kept + " (send it with 'kanka calendar update 12 -f " + kept + "').\n"; env.ErrOut.String() != want {
		t.Errorf("stderr %q, want %q", env.ErrOut, want)
	}
	if env.Out.Len() != 0 {
		t.Errorf("stdout %q, want nothing", env.Out)
	}
}

// The second read fails, or shows the calendar changed meanwhile: nothing
// is sent, the edit is kept, and the error alone names the file (stderr
// says nothing more).
func TestEditKeptBeforeSendingIsNamedOnce(t *testing.T) {
	record := readTestdata(t, "record.json")

	t.Run("the second read fails", func(t *testing.T) {
		t.Setenv("TMPDIR", t.TempDir())
		scriptedEditor(t, `sed -i 's/^suffix: DR$/suffix: Dalereckoning/' "$1"`)
		env := newTestEnv(t, "id",
			exchange{"GET", "calendars/12", "", 200, data(record)},
			exchange{"GET", "calendars/12", "", 500, `{"code":500,"error":"Unhandled API error"}`},
		)
		err := env.run("edit", "12")
		env.WantSent("GET calendars/12", "GET calendars/12")
		kept := keptEdit(t, "suffix: Dalereckoning")
		want := "reading calendar 12 again before sending the edit (kept in " + kept + "): GET http://localhost/api/1.0/campaigns/1/calendars/12: 500 Unhandled API error"
		if err == nil || err.Error() != want {
			t.Errorf("error\n%v\nwant\n%s", err, want)
		}
		if env.Out.Len() != 0 || env.ErrOut.Len() != 0 {
			t.Errorf("stdout %q, stderr %q; want nothing", env.Out, env.ErrOut)
		}
	})

	t.Run("changed meanwhile", func(t *testing.T) {
		t.Setenv("TMPDIR", t.TempDir())
		scriptedEditor(t, `sed -i 's/^suffix: DR$/suffix: Dalereckoning/' "$1"`)
		changed := strings.Replace(record, `"type":"Dalereckoning"`, `"type":"Reckoning"`, 1)
		env := newTestEnv(t, "id",
			exchange{"GET", "calendars/12", "", 200, data(record)},
			exchange{"GET", "calendars/12", "", 200, data(changed)},
		)
		err := env.run("edit", "12")
		var conflict *cmdutil.ChangedError
		if !errors.As(err, &conflict) {
			t.Fatalf("error %v, want a ChangedError (exit 8)", err)
		}
		kept := keptEdit(t, "suffix: Dalereckoning")
		want := `calendar 12 "Harptos" changed on the server while the editor was open (last changed by user 5): type. ` +
			`Nothing was sent, so that change stands. Your edit is kept in ` + kept + `: run ` + "`kanka calendar edit 12`" +
			` again to edit the calendar as it is now, or send yours anyway with ` + "`kanka calendar update 12 -f " + kept + " --force`."
		if err.Error() != want {
			t.Errorf("error\n%s\nwant\n%s", err, want)
		}
		if env.Out.Len() != 0 || env.ErrOut.Len() != 0 {
			t.Errorf("stdout %q, stderr %q; want nothing", env.Out, env.ErrOut)
		}
	})
}

// A user who deletes kanka's notes above the end line (keeping that line)
// and saves a file that still fails sees the next opening with one set of
// notes, ending with one end line, over the text as saved.
func TestEditReopensWithOneEndLineWhenTheNotesWereDeleted(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dir := scriptedEditor(t,
		`sed -i 's/^suffix: DR$/sufix: DR/' "$1"`,
		`sed -i '1,/^# ---- end of kanka/{/^# ---- end of kanka/!d}' "$1" && sed -i 's/^sufix: DR$/sufix: Dale/' "$1"`,
		`sed -i 's/^sufix: Dale$/suffix: Dale/' "$1"`)
	record := readTestdata(t, "record.json")
	env := newTestEnv(t, "id",
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"PUT", "calendars/12", putBody(t, map[string]any{"suffix": "Dale"}), 200, data(record)},
	)
	if err := env.run("edit", "12"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET calendars/12", "GET calendars/12", "PUT calendars/12")
	if env.Out.String() != "12\n" || env.ErrOut.Len() != 0 {
		t.Errorf("stdout %q, stderr %q; want stdout \"12\\n\"", env.Out, env.ErrOut)
	}
	third := shown(t, dir, 2)
	notes, body, _ := strings.Cut(third, "# ---- end of kanka's notes ----\n")
	if !strings.HasPrefix(notes, "# Editing calendar 12 \"Harptos\".") || !strings.Contains(notes, `unknown key "sufix"; did you mean "suffix"?`) {
		t.Errorf("the third opening's notes:\n%s", notes)
	}
	if !strings.HasPrefix(body, "id: 12\nname: Harptos\n") || !strings.Contains(body, "\nsufix: Dale\n") || strings.Contains(body, "#") {
		t.Errorf("the third opening's text is not the file as saved, without notes:\n%s", body)
	}
	wantNoEditFileLeft(t)
}
