package main

import (
	"strings"
	"testing"
)

// `calendar get -o yaml > f.yaml`, one field edited, `calendar update -f
// f.yaml`, and the same command again (a script's retry): the second run
// finds the calendar already holding the file's values, says so, sends no
// PUT and exits 0. A calendar changed since by someone else, which
// differs from the file, still stops the update (exit 8).
func TestE2EUpdateFromAFileRunTwiceIsSafe(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		createHarptos(t, k)
		yamlText := k.ok(t, "calendar", "get", "1", "-o", "yaml")
		edited := strings.Replace(yamlText, "\nsuffix: DR\n", "\nsuffix: Dalereckoning\n", 1)
		if edited == yamlText {
			t.Fatalf("get -o yaml has no suffix: DR line:\n%s", yamlText)
		}
		file := writeFile(t, t.TempDir(), "f.yaml", edited)

		mark := srv.mark()
		k.ok(t, "calendar", "update", "1", "-f", file, "-o", "id")
		wantRequests(t, srv.since(mark), "GET calendars/1", "PUT calendars/1")

		mark = srv.mark()
		r := k.run(t, "calendar", "update", "1", "-f", file, "-o", "id")
		if r.code != 0 || r.stdout != "1\n" || r.stderr != "calendar 1 already has these values; nothing was sent\n" {
			t.Errorf("the same update again: want exit 0, id 1 and the note; got %s", r)
		}
		wantRequests(t, srv.since(mark), "GET calendars/1")

		k.ok(t, "calendar", "update", "1", "--type", "Changed elsewhere", "-o", "id")
		mark = srv.mark()
		r = k.run(t, "calendar", "update", "1", "-f", file)
		if r.code != 8 || r.stdout != "" || !strings.HasPrefix(r.stderr, `error: calendar 1 "Calendar of Harptos" changed on the server since `+file+" was written from it") {
			t.Errorf("after a change elsewhere: want exit 8; got %s", r)
		}
		wantRequests(t, srv.since(mark), "GET calendars/1")
		if typ := decodeObject(t, k.ok(t, "calendar", "get", "1", "-o", "json"))["type"]; typ != "Changed elsewhere" {
			t.Errorf("the change made elsewhere was put back: type %v", typ)
		}
	})
}
