package calexport_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/calexport"
	"github.com/kanka-cli/kanka/internal/presets"
)

// A reminder's comment is what the server answered: in every tool's file
// its event's text holds no control character (but line breaks and tabs)
// nor one that reorders text, and no more than maxDescription characters,
// a longer one cut and said. The service keeps 191 characters of a
// comment, so a longer one came from no comment a person wrote.

// maxDescription is the most characters of a comment an event holds.
const maxDescription = 4000

// descriptions are the texts of the events (or notes) of a file, in order.
func descriptions(t *testing.T, f calexport.Format, res calexport.Result, notes bool) []string {
	t.Helper()
	var out []string
	if notes {
		for _, n := range res.Notes {
			_, body, _ := strings.Cut(strings.TrimPrefix(string(n.Data), "---\n"), "---\n")
			out = append(out, strings.TrimSuffix(body, "\n"))
		}
		return out
	}
	file := decode(t, res.Data)
	switch f {
	case calexport.SimpleCalendar:
		for _, list := range file["notes"].(map[string]any) {
			for _, n := range list.([]any) {
				page := n.(map[string]any)["pages"].([]any)[0].(map[string]any)
				out = append(out, page["text"].(map[string]any)["content"].(string))
			}
		}
	default:
		for _, e := range file["events"].([]any) {
			out = append(out, e.(map[string]any)["description"].(string))
		}
	}
	return out
}

func TestCommentsAreWrittenWithoutControlsAndBounded(t *testing.T) {
	p, err := presets.Get("harptos")
	if err != nil {
		t.Fatal(err)
	}
	cal := &client.Calendar{ID: 3, CalendarInput: withMoonIDs(p.Input)}
	on := func(day int) almanac.Recurrence {
		return almanac.Recurrence{Date: almanac.Date{Year: 1492, Month: 3, Day: day}, Length: 1}
	}
	long := strings.Repeat("é", 100_000)
	reminders := []calexport.Reminder{
		{ID: 1, Recurrence: on(1), Visibility: 1,
			Comment: "<p>\x1b[31mRed\u009b2J</p>\u202eevil\x7f\nline\ttab\u2028\u2066end\x00"},
		{ID: 2, Recurrence: on(2), Visibility: 1, Comment: long},
	}
	want := []string{"<p>[31mRed2J</p>evil\nline\ttabend", strings.Repeat("é", maxDescription-1) + "…"}
	cutLoss := fmt.Sprintf(`reminder 2 "%s…": its comment is 100000 characters long, more than the service keeps: the file holds its first %d`,
		strings.Repeat("é", 39), maxDescription)
	for _, c := range []struct {
		f     calexport.Format
		notes bool
	}{{calexport.FantasyCalendar, false}, {calexport.SimpleCalendar, false}, {calexport.Calendarium, false}, {calexport.Calendarium, true}} {
		var res calexport.Result
		if c.notes {
			res, err = calexport.ExportNotes(cal, reminders)
		} else {
			res, err = calexport.Export(cal, reminders, c.f)
		}
		if err != nil {
			t.Fatal(err)
		}
		if got := descriptions(t, c.f, res, c.notes); !slices.Equal(got, want) {
			t.Errorf("%s (notes %v): descriptions %q…, want %q…", c.f, c.notes, cutAll(got), cutAll(want))
		}
		if !slices.Contains(res.Texts(), cutLoss) {
			t.Errorf("%s (notes %v): losses lack\n%s\n%s", c.f, c.notes, cutLoss, strings.Join(res.Texts(), "\n"))
		}
		for _, s := range []string{"\u009b", "\u202e", "\u2066", "\x7f"} {
			if strings.Contains(string(res.Data), s) {
				t.Errorf("%s: the file holds %q", c.f, s)
			}
		}
	}
}

// cutAll is each text's first 60 bytes, for a message.
func cutAll(texts []string) []string {
	out := make([]string, len(texts))
	for i, s := range texts {
		out[i] = s[:min(len(s), 60)]
	}
	return out
}

// An event's name is the comment as plain text: its markup taken off (a
// tag parts two words), its entities read, its spaces and line breaks one
// space; a "<" that opens no tag is text.
func TestEventNamesAreTheCommentsText(t *testing.T) {
	p, err := presets.Get("harptos")
	if err != nil {
		t.Fatal(err)
	}
	cal := &client.Calendar{ID: 3, CalendarInput: withMoonIDs(p.Input)}
	for comment, want := range map[string]string{
		"<p>Ches <b>feast</b></p><p>&amp; games</p>":   "Ches feast & games",
		"a<br>b<br/>c<img src=\"x.png\" alt=\"y>z\">d": "a b c d",
		"<!-- hidden -->shown":                         "shown",
		"1 < 2 and 3 <= 4, a <3":                       "1 < 2 and 3 <= 4, a <3",
		"&lt;b&gt; is &quot;bold&quot;&nbsp;&#233;":    "<b> is \"bold\" é",
		"\n\t spaced \r\n out \t":                      "spaced out",
		"<p></p>":                                      "Reminder",
		"an unclosed <b":                               "an unclosed",
	} {
		rm := []calexport.Reminder{{ID: 1, Recurrence: almanac.Recurrence{Date: almanac.Date{Year: 1492, Month: 3, Day: 1}, Length: 1}, Comment: comment, Visibility: 1}}
		res, err := calexport.Export(cal, rm, calexport.FantasyCalendar)
		if err != nil {
			t.Fatal(err)
		}
		events := decode(t, res.Data)["events"].([]any)
		if got := events[0].(map[string]any)["name"]; got != want {
			t.Errorf("comment %q: name %q, want %q", comment, got, want)
		}
	}
}
