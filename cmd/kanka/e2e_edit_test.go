package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/sandbox"
)

// `calendar edit` end to end with a scripted editor ($VISUAL): a change is
// one full update that keeps the structure (the live mode wipes what an
// update leaves out), an unchanged file sends nothing, and a file that
// fails its check opens again until it is fixed.

// editorScript writes a $VISUAL that runs steps[n] the n-th time it opens
// (the last step repeats), the file to edit as $1.
func editorScript(t *testing.T, steps ...string) string {
	t.Helper()
	dir := t.TempDir()
	script := "#!/bin/sh\nn=$(cat " + dir + "/count 2>/dev/null || echo 0)\necho $((n+1)) > " + dir + "/count\ncase $n in\n"
	for i, step := range steps {
		pattern := "*"
		if i < len(steps)-1 {
			pattern = string(rune('0' + i))
		}
		script += pattern + ") " + step + " ;;\n"
	}
	path := filepath.Join(dir, "editor.sh")
	if err := os.WriteFile(path, []byte(script+"esac\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestE2ECalendarEdit(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startServer(t, sandbox.Options{Live: live}, nil)
		k := newKanka(t, srv)
		id := createHarptos(t, k)
		before := structure(t, k, id)

		t.Run("a change is one full update", func(t *testing.T) {
			editor := editorScript(t, `sed -i 's/^suffix: DR$/suffix: Dalereckoning/' "$1"`)
			mark := srv.mark()
			out := k.with("VISUAL="+editor).ok(t, "calendar", "edit", "Calendar of Harptos", "-o", "id")
			if out != id+"\n" {
				t.Errorf("stdout %q", out)
			}
			// The read, the read again before sending, the update.
			wantRequests(t, srv.since(mark), "GET calendars?name=Calendar+of+Harptos", "GET calendars/"+id, "PUT calendars/"+id)
			after := structure(t, k, id)
			if after["suffix"] != "Dalereckoning" {
				t.Errorf("suffix after the edit: %v", after["suffix"])
			}
			after["suffix"] = before["suffix"]
			for key, v := range before {
				if !reflect.DeepEqual(v, after[key]) {
					t.Errorf("%s changed by the edit: %v -> %v", key, v, after[key])
				}
			}
		})
		t.Run("unchanged sends nothing", func(t *testing.T) {
			mark := srv.mark()
			r := k.with("VISUAL=true").run(t, "calendar", "edit", id)
			if r.code != 0 || r.stdout != "" || r.stderr != "Edit cancelled: no changes made.\n" {
				t.Errorf("%s", r)
			}
			wantRequests(t, srv.since(mark), "GET calendars/"+id)
		})
		t.Run("invalid, then fixed", func(t *testing.T) {
			editor := editorScript(t,
				`sed -i 's/^suffix: .*$/suffix: [DR/' "$1"`,
				`grep -q '^# The file was not sent:' "$1" && sed -i 's/^suffix: \[DR$/suffix: DR/' "$1"`)
			mark := srv.mark()
			k.with("VISUAL="+editor).ok(t, "calendar", "edit", id, "-o", "id")
			wantRequests(t, srv.since(mark), "GET calendars/"+id, "GET calendars/"+id, "PUT calendars/"+id)
			if got := structure(t, k, id)["suffix"]; got != "DR" {
				t.Errorf("suffix %v", got)
			}
		})
		t.Run("invalid and saved unchanged gives up", func(t *testing.T) {
			editor := editorScript(t, `sed -i 's/^suffix: .*$/sufix: DR/' "$1"`, ":")
			mark := srv.mark()
			r := k.with("VISUAL="+editor).run(t, "calendar", "edit", id)
			if r.code != 2 || !strings.Contains(r.stderr, `unknown key "sufix"; did you mean "suffix"?`) || !strings.Contains(r.stderr, "(the edit was not sent; it is kept in ") || strings.Contains(r.stderr, "--help") {
				t.Errorf("%s", r)
			}
			wantRequests(t, srv.since(mark), "GET calendars/"+id)
		})
	})
}
