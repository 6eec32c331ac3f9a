package calendar

import "testing"

// An answer to the POST that names no calendar (no id: a proxy's or a
// broken server's {"data":{...}}) is not reported as the calendar made:
// exit 1, saying it may have been created, and nothing printed.
func TestCreateRefusesAnAnswerWithoutAnID(t *testing.T) {
	noID := `{"name":"Harptos","date":null,"months":[{"name":"A","length":1,"type":"standard"},{"name":"B","length":1,"type":"standard"}],"weekdays":["X","Y"]}`
	env := newTestEnv(t, "id", noneNamed("Harptos"), exchange{"POST", "calendars", simpleBody, 201, data(noID)})
	err := env.run(simpleFlags...)
	want := `the server's answer to creating calendar "Harptos" describes calendar 0 "Harptos": it may have been created; check the campaign before trying again`
	if err == nil || err.Error() != want {
		t.Errorf("error %v\nwant %s", err, want)
	}
	env.WantSent("GET "+namedQuery("Harptos"), "POST calendars")
	if env.Out.String() != "" || env.ErrOut.String() != "" {
		t.Errorf("stdout %q, stderr %q; want nothing", env.Out, env.ErrOut)
	}
}
