package calexport_test

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/almanac"
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/calexport"
	"github.com/kanka-cli/kanka/internal/calimport"
	"github.com/kanka-cli/kanka/internal/presets"
)

// Reminders out to each tool's file and back through kanka's own import,
// on every sample calendar, many at random: a reminder the export names in
// no loss comes back with its date, comment, repeat, length, until, colour
// and visibility, as far as the tool holds each (roundTripKeeps); none
// comes back that was not sent, and nothing comes back with a value its
// reminder did not have. Where the tool's leap years are not Kanka's (a
// leap rule that starts on a year, or takes days off), the calendar's own
// line says the first day that differs, from which the imported calendar
// counts other days: its reminders are checked for that last point only.

// roundTripKeeps are, by format, the fields its file holds of a reminder
// the export names in no loss.
var roundTripKeeps = map[calexport.Format]struct{ colour, visibility bool }{
	calexport.FantasyCalendar: {colour: true, visibility: true},
	calexport.SimpleCalendar:  {colour: true, visibility: true},
	calexport.Calendarium:     {colour: true},
}

// randomReminders are n reminders of every kind near the current date of
// the calendar r counts, on days that exist, commented "R<id>".
func randomReminders(rng *rand.Rand, r *almanac.Reckoning, cur client.Date, moons, n int) []calexport.Reminder {
	colours := []string{"", "", "#2e7d32", "#9b2c2c", "#123456", "#000000", "red"}
	var out []calexport.Reminder
	for id := 1; len(out) < n && id < 20*n; id++ {
		d := almanac.Date{Year: cur.Year + rng.IntN(21) - 10, Month: 1 + rng.IntN(r.MonthCount())}
		length, err := r.MonthLength(d.Year, d.Month)
		if err != nil || length < 1 {
			continue
		}
		d.Day = 1 + rng.IntN(length)
		if r.Check(d) != nil {
			continue
		}
		rec := almanac.Recurrence{Date: d, Length: 1}
		if rng.IntN(3) == 0 {
			rec.Length = 2 + rng.IntN(4)
		}
		switch kind := rng.IntN(5); {
		case kind == 1:
			rec.IsRecurring, rec.Periodicity = true, "year"
		case kind == 2:
			rec.IsRecurring, rec.Periodicity = true, "month"
		case kind == 3 && moons > 0:
			rec.IsRecurring, rec.Periodicity, rec.Length = true, []string{"1_f", "1_n"}[rng.IntN(2)], 1
		}
		if rec.IsRecurring && rng.IntN(3) == 0 {
			rec.Until = strconv.Itoa(d.Year + rng.IntN(6))
		}
		out = append(out, calexport.Reminder{ID: id, Recurrence: rec, Comment: "R" + strconv.Itoa(id),
			Colour: colours[rng.IntN(len(colours))], Visibility: 1 + rng.IntN(2)})
	}
	return out
}

// namedReminders are the reminders a loss names: "reminder 4",
// "reminders 3, 5 and 9".
var namedReminders = regexp.MustCompile(`\breminders? (\d+(?:(?:, | and )\d+)*)\b`)

func lossesNaming(losses []calexport.Loss) map[string]bool {
	named := map[string]bool{}
	for _, l := range losses {
		for _, m := range namedReminders.FindAllStringSubmatch(l.Text, -1) {
			for _, id := range strings.FieldsFunc(m[1], func(r rune) bool { return r < '0' || r > '9' }) {
				named[id] = true
			}
		}
	}
	return named
}

// sentLine is a reminder as the round trip compares it: its moon repeat by
// the moon's name, its colour as hex.
func sentLine(rem calexport.Reminder, moons []client.Moon, keepColour, keepVisibility bool) string {
	rec := rem.Recurrence
	repeat := "-"
	if rec.IsRecurring {
		repeat = rec.Periodicity
		if id, phase, ok := strings.Cut(repeat, "_"); ok {
			n, _ := strconv.Atoi(id)
			repeat = moons[n-1].Name + ":" + map[string]string{"f": "full", "n": "new"}[phase]
		}
	}
	until := "-"
	if rec.IsRecurring && rec.Until != "" {
		until = rec.Until
	}
	colour, visibility := "-", "-"
	if keepColour && rem.Colour != "" {
		colour = map[string]string{"red": "#ff0000"}[rem.Colour]
		if colour == "" {
			colour = rem.Colour
		}
	}
	if keepVisibility {
		visibility = strconv.Itoa(rem.Visibility)
	}
	return fmt.Sprintf("%s %s %s length %d until %s %s %s", rec.Date, rem.Comment, repeat, max(rec.Length, 1), until, colour, visibility)
}

func backLine(in client.ReminderInput, keepColour, keepVisibility bool) string {
	deref := func(s *string) string {
		if s == nil {
			return "-"
		}
		return *s
	}
	colour, visibility := "-", "-"
	if keepColour {
		colour = deref(in.Colour)
	}
	if keepVisibility {
		visibility = "1"
		if in.VisibilityID != nil {
			visibility = strconv.Itoa(*in.VisibilityID)
		}
	}
	length := 1
	if in.Length != nil {
		length = *in.Length
	}
	d := in.Date()
	return fmt.Sprintf("%d-%d-%d %s %s length %d until %s %s %s", d.Year, d.Month, d.Day, deref(in.Comment), deref(in.Repeat), length,
		deref(in.Until), colour, visibility)
}

func TestRemindersRoundTripThroughEachTool(t *testing.T) {
	compared, sentAll := map[calexport.Format]int{}, 0
	for _, s := range samples(t) {
		in := withMoonIDs(s.cal)
		r, err := in.Reckoning()
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []calexport.Format{calexport.FantasyCalendar, calexport.SimpleCalendar, calexport.Calendarium} {
			h := fnv.New64a()
			fmt.Fprint(h, s.name, f)
			rng := rand.New(rand.NewPCG(h.Sum64(), 34))
			sent := randomReminders(rng, r, *in.Date, len(in.Moons), 100)
			if f == calexport.FantasyCalendar {
				sentAll += len(sent)
			}
			res, err := calexport.Export(&client.Calendar{ID: 12, CalendarInput: in}, sent, f)
			if err != nil {
				t.Fatalf("%s, %s: %v", s.name, f, err)
			}
			back, err := calimport.Convert(res.Data, calimport.Auto)
			if err != nil {
				t.Fatalf("%s, %s: the import refuses the export: %v", s.name, f, err)
			}
			named := lossesNaming(res.Losses)
			leapDiffers := slices.ContainsFunc(res.Losses, func(l calexport.Loss) bool {
				return l.Differs != nil && strings.HasPrefix(l.Text, "leap years: ")
			})
			keeps := roundTripKeeps[f]
			got := map[string]string{}
			for _, b := range back.Reminders {
				if b.Comment == nil || got[*b.Comment] != "" {
					t.Errorf("%s, %s: a reminder back twice or without a comment: %s", s.name, f, backLine(b, true, true))
					continue
				}
				got[*b.Comment] = backLine(b, keeps.colour, keeps.visibility)
			}
			for _, rem := range sent {
				if named[strconv.Itoa(rem.ID)] || leapDiffers {
					delete(got, rem.Comment)
					continue
				}
				compared[f]++
				want := sentLine(rem, in.Moons, keeps.colour, keeps.visibility)
				if got[rem.Comment] != want {
					t.Errorf("%s, %s: reminder %d, named in no loss, came back\n  %s\nwant\n  %s", s.name, f, rem.ID, got[rem.Comment], want)
				}
				delete(got, rem.Comment)
			}
			for comment, line := range got {
				t.Errorf("%s, %s: %s came back, which was not sent: %s", s.name, f, comment, line)
			}
		}
	}
	// A loss that named every reminder would leave nothing compared: each
	// tool must carry, unnamed, at least a quarter of what was sent (today
	// 595 to 784 of 1,900).
	for _, f := range []calexport.Format{calexport.FantasyCalendar, calexport.SimpleCalendar, calexport.Calendarium} {
		if compared[f] < sentAll/4 {
			t.Errorf("%s: only %d of %d reminders compared; the rest were named in losses", f, compared[f], sentAll)
		}
	}
}

// Dark-Solid is Fantasy-Calendar's colour for an event nobody coloured, and
// kanka's import reads it as none: a reminder without a colour is written
// so, and one whose nearest is Dark-Solid is too, said in a line for each
// colour, since it comes back without one.
func TestFantasyCalendarsDefaultColourIsSaid(t *testing.T) {
	p, err := presets.Get("harptos")
	if err != nil {
		t.Fatal(err)
	}
	cal := &client.Calendar{ID: 3, CalendarInput: withMoonIDs(p.Input)}
	var rm []calexport.Reminder
	for i, colour := range []string{"", "#000000", "black", "#101010", "#2e7d32"} {
		rm = append(rm, calexport.Reminder{ID: i + 1, Recurrence: almanac.Recurrence{Date: almanac.Date{Year: 1492, Month: 3, Day: 1 + i}, Length: 1},
			Comment: "R" + strconv.Itoa(i+1), Colour: colour, Visibility: 1})
	}
	res, err := calexport.Export(cal, rm, calexport.FantasyCalendar)
	if err != nil {
		t.Fatal(err)
	}
	var colours []string
	for _, e := range decode(t, res.Data)["events"].([]any) {
		colours = append(colours, e.(map[string]any)["settings"].(map[string]any)["color"].(string))
	}
	if want := []string{"Dark-Solid", "Dark-Solid", "Dark-Solid", "Dark-Solid", "Green"}; !slices.Equal(colours, want) {
		t.Errorf("colours %q, want %q", colours, want)
	}
	want := []string{
		"colour #000000: Fantasy-Calendar's nearest is Dark-Solid, its colour for an uncoloured event (kanka's import reads it as none): reminders 2 and 3 written Dark-Solid",
		"colour #101010: Fantasy-Calendar's nearest is Dark-Solid, its colour for an uncoloured event (kanka's import reads it as none): reminder 4 written Dark-Solid",
	}
	if got := texts(res.Losses); !slices.Equal(got[len(got)-2:], want) {
		t.Errorf("losses:\n  %s\nwant them to end\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}
