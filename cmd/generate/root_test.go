package generate_test

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
	"github.com/kanka-cli/kanka/internal/weathergen"
)

// Through the whole tree: the climates need no token, no campaign and no
// configuration file.
func TestClimatesThroughTheRootNeedNoToken(t *testing.T) {
	roottest.Isolate(t)
	r := roottest.Run(t, "", "weather", "climates", "-o", "id")
	if want := strings.Join(weathergen.ClimateNames(), "\n") + "\n"; r.Code != 0 || r.Stdout != want || r.Stderr != "" {
		t.Errorf("exit %d, stdout %q, stderr %q", r.Code, r.Stdout, r.Stderr)
	}
	r = roottest.Run(t, "", "weather", "climates", "tundra")
	if r.Code != 0 || !strings.HasPrefix(r.Stdout, "Climate:      tundra\n") || r.Stderr != "" {
		t.Errorf("exit %d, stdout %q, stderr %q", r.Code, r.Stdout, r.Stderr)
	}
}

// A bad climate exits 2 before the token is needed, and sends nothing.
func TestGenerateUnknownClimateThroughTheRootSendsNothing(t *testing.T) {
	roottest.Isolate(t)
	srv := roottest.NewServer(t, "tok", 3)
	r := roottest.Run(t, "", "--url", srv.APIRoot(), "--token", "tok", "-c", "3",
		"weather", "generate", "--calendar", "1", "--from", "1492-1-1", "--days", "30", "--climate", "savana")
	want := `error: unknown climate "savana": the climates are ` + strings.Join(weathergen.ClimateNames(), ", ") +
		"; did you mean \"savanna\"?\n"
	if r.Code != 2 || r.Stdout != "" || r.Stderr != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and\n%s", r.Code, r.Stdout, r.Stderr, want)
	}
	if got := srv.Requests(); len(got) != 0 {
		t.Errorf("sent %v", got)
	}
}

// --climate completes the climates, each with its place, --units c and
// f, and the climates' argument the climates: no request, no token.
func TestClimateAndUnitsComplete(t *testing.T) {
	roottest.Isolate(t)
	var names string
	for _, c := range weathergen.Climates() {
		names += c.Name + "\t" + c.Place + "\n"
	}
	names += ":4\n"
	if !strings.Contains(names, "\ntemperate\tLondon (Greenwich), United Kingdom\n") {
		t.Fatalf("the climates lack London's: %q", names)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"weather", "generate", "--climate", ""}, names},
		{[]string{"weather", "climates", ""}, names},
		{[]string{"weather", "climates", "polar", ""}, ":4\n"},
		{[]string{"weather", "generate", "--units", ""}, "c\tCelsius\nf\tFahrenheit\n:4\n"},
	} {
		r := roottest.Run(t, "", append([]string{"__complete"}, tc.args...)...)
		if r.Code != 0 || r.Stdout != tc.want {
			t.Errorf("__complete %q: exit %d, stdout %q; want %q", tc.args, r.Code, r.Stdout, tc.want)
		}
	}
}
