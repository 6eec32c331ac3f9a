package calendar

import "testing"

// A create says on stderr what it made, its id and name, whatever -o
// prints on stdout (as weather set does); -q silences it.
func TestCreateSaysWhatItCreatedOnStderr(t *testing.T) {
	for _, tc := range []struct {
		format  string
		quiet   bool
		wantErr string
	}{
		{"id", false, "created calendar 20 \"Harptos\"\n"},
		{"json", false, "created calendar 20 \"Harptos\"\n"},
		{"", false, "created calendar 20 \"Harptos\"\n"},
		{"id", true, ""},
	} {
		env := newTestEnv(t, tc.format, noneNamed("Harptos"), exchange{"POST", "calendars", simpleBody, 201, data(small(20, "Harptos"))})
		env.F.Globals.Quiet = tc.quiet
		if err := env.run(simpleFlags...); err != nil {
			t.Fatal(err)
		}
		if got := env.ErrOut.String(); got != tc.wantErr {
			t.Errorf("-o %q, quiet %v: stderr %q, want %q", tc.format, tc.quiet, got, tc.wantErr)
		}
		if tc.format == "id" && env.Out.String() != "20\n" {
			t.Errorf("-o id: stdout %q", env.Out.String())
		}
	}
}
