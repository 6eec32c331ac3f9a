package main

import "testing"

// gregorianWarnings are what importing the Gregorian Fantasy-Calendar
// example approximates or leaves out, one warning a line.
const gregorianWarnings = "warning: leap years: Fantasy-Calendar's rule 400,!100,4 (97 leap years in 400) became one every 4 years from year 4; the first year where they differ is 2100\n" +
	"warning: seasons: Fantasy-Calendar's periodic seasons (a cycle of 365.2425 days) became the days they start on in 2020\n" +
	"warning: eras: 2 eras (Before Christ, Anno Domini) are not carried\n"

// The manual's Fantasy-Calendar example imported three times: its three
// events become reminders; the second and third runs read the list and the
// calendar's reminders and write nothing (exit 0). The document's
// calendar has no skip_year_zero, so the document-mode sandbox never
// returns it: those runs say once that it is not compared. The live
// service returns it, and there is nothing to say.
func TestE2EImportThreeTimesWritesOnce(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startSandbox(t, live)
		k := newKanka(t, srv)
		r := k.run(t, "calendar", "import", gregorianFantasyFile)
		if r.code != 0 || r.stdout != `calendar "Gregorian Calendar": create
  reminders: 3 to create, 0 to update, 0 to delete, 0 unchanged
Plan: 1 calendar to create, 0 to update, 0 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged; 3 reminders to create, 0 to update, 0 to delete, 0 unchanged.
Applied: 4 of 4 writes done, 0 failed, 0 may have been applied, 0 not tried.
` || r.stderr != gregorianWarnings+"created calendar 1 \"Gregorian Calendar\"\n" {
			t.Fatalf("first import: %s", r)
		}
		note := "  note: skip_year_zero is not compared (the server does not return it); it is sent with any other change of the calendar\n"
		if live {
			note = ""
		}
		want := `calendar "Gregorian Calendar" (id 1): unchanged
` + note + `  reminders: 0 to create, 0 to update, 0 to delete, 3 unchanged
Plan: 0 calendars to create, 0 to update, 1 unchanged; 0 weather entries to create, 0 to update, 0 to delete, 0 unchanged; 0 reminders to create, 0 to update, 0 to delete, 3 unchanged.
Nothing to change.
`
		for _, run := range []string{"second", "third"} {
			mark := srv.mark()
			r := k.run(t, "calendar", "import", gregorianFantasyFile)
			if r.code != 0 || r.stdout != want || r.stderr != gregorianWarnings {
				t.Errorf("%s import: want exit 0 and\n%s\ngot %s", run, want, r)
			}
			wantRequests(t, srv.since(mark), "GET calendars", "GET calendars/1/reminders")
		}
	})
}
