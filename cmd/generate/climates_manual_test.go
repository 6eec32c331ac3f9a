package generate

import (
	"os"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/internal/weathergen"
)

// The manual's table of climates (docs/generating.md) says what `kanka
// weather climates` says: a climate refined (its place, its normals) is
// refined there too. The failure gives the row to write.
func TestTheManualListsEveryClimateAsItIs(t *testing.T) {
	page, err := os.ReadFile("../../docs/generating.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(page), "\n## The climates\n")
	if !ok {
		t.Fatal(`docs/generating.md has no "## The climates" section`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	rows := map[string]string{}
	for _, line := range strings.Split(section, "\n") {
		if strings.HasPrefix(line, "| `") {
			name, _, _ := strings.Cut(strings.TrimPrefix(line, "| `"), "`")
			rows[name] = line
		}
	}
	for _, c := range weathergen.Climates() {
		s := c.Seasons()
		want := "| `" + c.Name + "` | " + c.Place + " | " + whole(s[0].High) + "/" + whole(s[0].Low) + " °C | " +
			whole(s[2].High) + "/" + whole(s[2].Low) + " °C | " + whole(yearWetDays(c)) + " |"
		if rows[c.Name] != want {
			t.Errorf("docs/generating.md's row of climate %s:\n%s\nwant:\n%s", c.Name, rows[c.Name], want)
		}
		delete(rows, c.Name)
	}
	for name := range rows {
		t.Errorf("docs/generating.md lists climate %s, which kanka does not have", name)
	}
}
