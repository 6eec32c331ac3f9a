package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/sandbox"
)

// Calendar time end to end: `calendar show`, `advance` and `retreat` of the
// built binary against the sandbox in both modes. Advance and retreat must
// keep the whole structure (the live service wipes what an update leaves
// out) and cost two requests; show costs one plus the weather pages.

// chesWeather is the weather the show scenario records: two entries on 3
// Ches 1492, one on 19 Ches 1492, and two outside the month shown.
const chesWeather = `- {date: 1492-4-3, weather: sun}
- {date: 1492-1-1, weather: snowflake}
- {date: 1492-4-3, weather: cloud}
- {date: 1491-4-5, weather: wind}
- {date: 1492-4-19, weather: cloud-rain}
`

// ches1492Text is Ches 1492 as show writes it piped, in the C locale (the
// harness sets no LANG), with chesWeather recorded.
const ches1492Text = `      Ches (The Claw of the Sunsets) 1492 DR, Year of Three Ships Sailing
 Fir     Sec     Thi     Fou     Fif     Six     Sev     Eig     Nin     Ten
 [1] O    2       3 s     4       5       6       7       8       9  (   10
 11      12      13      14      15      16      17  @   18      19 r +  20
 21      22      23      24  )   25      26      27      28      29      30

[1]  today: 1 Ches, Year of Three Ships Sailing DR
O    full moon: Selûne
@    new moon: Selûne
)    first quarter: Selûne
(    last quarter: Selûne
+    season starts: Spring on 19 Ches

 3 s sun, cloud    19 r rain
`

// structure is what an update must never lose: every part of the
// calendar's definition as the server returns it.
func structure(t *testing.T, k *kanka, id string) map[string]any {
	t.Helper()
	obj := decodeObject(t, k.ok(t, "calendar", "get", id, "-o", "json"))
	keep := map[string]any{}
	for _, key := range []string{"months", "weekdays", "moons", "seasons", "years", "start_offset",
		"suffix", "has_leap_year", "leap_year_amount", "leap_year_month", "leap_year_offset", "leap_year_start", "name", "type", "entry"} {
		keep[key] = obj[key]
	}
	if months, _ := keep["months"].([]any); len(months) != 17 {
		t.Fatalf("the calendar has %d months, want 17: %v", len(months), keep["months"])
	}
	return keep
}

// weatherPaths are the weather requests of one walk of pages pages: in live
// mode the document's path first meets a 404 that teaches the live one.
func weatherPaths(live bool, id string, pages int) []string {
	path := "GET calendars/" + id + "/calendar_weathers"
	var out []string
	if live {
		out = append(out, path)
		path = "GET calendars/" + id + "/calendar_weather"
	}
	out = append(out, path)
	for p := 2; p <= pages; p++ {
		out = append(out, path+"?page="+strconv.Itoa(p))
	}
	return out
}

func TestE2ECalendarTime(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		// Weather pages of 2 entries: 5 entries are 3 pages.
		srv := startServer(t, sandbox.Options{Live: live, WeatherPageSize: 2}, nil)
		k := newKanka(t, srv)
		id := createHarptos(t, k)
		before := structure(t, k, id)

		weatherFile := filepath.Join(t.TempDir(), "ches.yaml")
		if err := os.WriteFile(weatherFile, []byte(chesWeather), 0o600); err != nil {
			t.Fatal(err)
		}
		// Two entries share 3 Ches: --allow-duplicate creates both.
		k.ok(t, "weather", "create", "--calendar", id, "-f", weatherFile, "-o", "id", "--allow-duplicate")

		t.Run("show the current month", func(t *testing.T) {
			mark := srv.mark()
			out := k.ok(t, "calendar", "show", id)
			if out != ches1492Text {
				t.Errorf("calendar show:\n%s\nwant:\n%s", out, ches1492Text)
			}
			// The weather and the reminders, read at once.
			wantRequestSet(t, srv.since(mark), append([]string{"GET calendars/" + id, "GET calendars/" + id + "/reminders"}, weatherPaths(live, id, 3)...)...)
		})
		t.Run("show by name, another month, no weather", func(t *testing.T) {
			mark := srv.mark()
			out := k.ok(t, "calendar", "show", "Calendar of Harptos", "--year", "1492", "--month", "midwinter", "--no-weather")
			want := " Midwinter 1492 DR, Year of Three Ships Sailing\n               (outside the week)\n                        1\n"
			if out != want {
				t.Errorf("calendar show Midwinter:\n%q\nwant:\n%q", out, want)
			}
			wantRequests(t, srv.since(mark), "GET calendars?name=Calendar+of+Harptos", "GET calendars/"+id+"/reminders")
		})
		t.Run("show -o json", func(t *testing.T) {
			mark := srv.mark()
			out := k.ok(t, "calendar", "show", id, "--date", "3 Ches 1492", "-o", "json")
			wantRequestSet(t, srv.since(mark), append([]string{"GET calendars/" + id, "GET calendars/" + id + "/reminders"}, weatherPaths(live, id, 3)...)...)
			wantChesJSON(t, k, id, out)
		})
		t.Run("a bad month costs the read only", func(t *testing.T) {
			mark := srv.mark()
			r := k.fails(t, 2, "calendar", "show", id, "--year", "1492", "--month", "Thaw")
			if !strings.HasPrefix(r.stderr, "error: --month: month \"Thaw\" does not exist in this calendar\n") || r.stdout != "" {
				t.Errorf("stderr %q, stdout %q", r.stderr, r.stdout)
			}
			wantRequests(t, srv.since(mark), "GET calendars/"+id)
		})

		// Each move: its arguments, the line it prints, whether it goes by
		// name (the lookup returns the calendar: no GET follows), and what
		// the live service's step route does: a one-day move is that route
		// alone (verb), a longer one a full update (with a note that it
		// clears named weeks), then leap steps onto a leap day the update
		// could not set.
		moves := []struct {
			name   string
			setTo  string // the date set first with calendar update, "" for none
			args   []string
			out    string
			byName bool
			verb   string // "advance" or "retreat" for a one-day move
			leap   int
			days   int // the length of a longer move, which the note names
		}{
			{"from cron, by name", "", []string{"advance", "Calendar of Harptos", "--days", "1"},
				"1492-4-1 -> 1492-4-2 (2 Ches, Year of Three Ships Sailing DR)\n", true, "advance", 0, 1},
			{"across Midwinter", "1492-1-30", []string{"advance", id, "--days", "2"},
				"1492-1-30 -> 1492-3-1 (1 Alturiak, Year of Three Ships Sailing DR)\n", false, "", 0, 2},
			{"across the year end", "1491-17-30", []string{"advance", id},
				"1491-17-30 -> 1492-1-1 (1 Hammer, Year of Three Ships Sailing DR)\nThe days passed held:\n  1 Hammer 1492: weather: snow\n", false, "advance", 0, 1},
			{"retreat across the year start", "", []string{"retreat", id},
				"1492-1-1 -> 1491-17-30 (30 Nightal, Year of the Scarlet Witch DR)\n", false, "retreat", 0, 1},
			{"to Midwinter", "", []string{"advance", id, "--to", "1 Midwinter 1492"},
				"1491-17-30 -> 1492-2-1 (1 Midwinter, Year of Three Ships Sailing DR)\nThe days passed held:\n  1 Hammer 1492: weather: snow\n", false, "", 0, 31},
			{"onto Shieldmeet", "1492-9-30", []string{"advance", id, "--days", "2"},
				"1492-9-30 -> 1492-10-2 (2 Midsummer, Year of Three Ships Sailing DR)\n", false, "", 1, 2},
			{"a year from Shieldmeet", "", []string{"advance", "Calendar of Harptos", "--years", "1"},
				"1492-10-2 -> 1493-10-1 (1 Midsummer, 1493 DR)\n", true, "", 0, 365},
			{"retreat a month", "", []string{"retreat", id, "--months", "1"},
				"1493-10-1 -> 1493-9-1 (1 Flamerule, 1493 DR)\n", false, "", 0, 30},
		}
		for _, m := range moves {
			t.Run(m.name, func(t *testing.T) {
				if m.setTo != "" {
					k.ok(t, "calendar", "update", id, "--date", m.setTo)
				}
				mark := srv.mark()
				// As under cron: no terminal, nothing on stdin.
				r := k.runIn(t, "", append([]string{"calendar"}, m.args...)...)
				wantErr := ""
				if live && m.verb == "" {
					wantErr = "note: a move of " + strconv.Itoa(m.days) + " days is one full update of the calendar, which clears named weeks set in the web interface (kanka cannot read them); --keep-weeks moves one day at a time instead\n"
				}
				if r.code != 0 || r.stdout != m.out || r.stderr != wantErr {
					t.Fatalf("want exit 0, stdout %q and stderr %q; %s", m.out, wantErr, r)
				}
				read := "GET calendars/" + id
				if m.byName {
					read = "GET calendars?name=Calendar+of+Harptos"
				}
				want := []string{read, "PUT calendars/" + id}
				switch {
				case live && m.verb != "":
					want = []string{read, "POST calendars/" + id + "/" + m.verb}
				case live:
					for range m.leap {
						want = append(want, "POST calendars/"+id+"/advance")
					}
				}
				// Then what the days passed held: every page of the
				// reminders and of the weather (no cache here; the pages
				// after the first come at once).
				sent := srv.since(mark)
				if len(sent) < len(want) {
					t.Fatalf("requests %v, want %v first", sent, want)
				}
				wantRequests(t, sent[:len(want)], want...)
				wantRequestSet(t, sent[len(want):], append([]string{"GET calendars/" + id + "/reminders"}, weatherPaths(live, id, 3)...)...)
				if after := structure(t, k, id); !reflect.DeepEqual(after, before) {
					t.Errorf("the structure changed:\nbefore %v\nafter  %v", before, after)
				}
				to := strings.Fields(m.out)[2]
				if got := decodeObject(t, k.ok(t, "calendar", "get", id, "-o", "json"))["date"]; got != to {
					t.Errorf("the server's date is %v, want %s", got, to)
				}
			})
		}

		t.Run("-o json is the server's record", func(t *testing.T) {
			mark := srv.mark()
			obj := decodeObject(t, k.ok(t, "calendar", "advance", id, "--days", "3", "-o", "json"))
			sent := srv.since(mark)
			wantRequests(t, sent[:min(2, len(sent))], "GET calendars/"+id, "PUT calendars/"+id)
			wantRequestSet(t, sent[min(2, len(sent)):], append([]string{"GET calendars/" + id + "/reminders"}, weatherPaths(live, id, 3)...)...)
			if obj["date"] != "1493-9-4" || obj["id"] != 1.0 {
				t.Errorf("advance -o json: date %v, id %v", obj["date"], obj["id"])
			}
			if months, _ := obj["months"].([]any); len(months) != 17 {
				t.Errorf("advance -o json has %d months", len(months))
			}
			if passed, ok := obj["days_passed"].([]any); !ok || len(passed) != 0 {
				t.Errorf("advance -o json: days_passed %v, want [] (no reminder, no weather in 1493)", obj["days_passed"])
			}
		})
		t.Run("a negative count sends nothing", func(t *testing.T) {
			mark := srv.mark()
			r := k.fails(t, 2, "calendar", "advance", id, "--days", "-1")
			if !strings.HasPrefix(r.stderr, "error: --days must be positive, not -1: to move the other way use `kanka calendar retreat`\n") {
				t.Errorf("stderr %q", r.stderr)
			}
			wantNoRequests(t, srv, mark)
		})
	})
}

// wantRequestSet is wantRequests for requests sent concurrently: the same
// requests, in any order.
func wantRequestSet(t *testing.T, got []request, want ...string) {
	t.Helper()
	gotShort := make([]string, len(got))
	for i, r := range got {
		r.Path = strings.TrimPrefix(r.Path, campaignPath)
		gotShort[i] = canonical(r.String())
	}
	wanted := make([]string, len(want))
	for i, w := range want {
		wanted[i] = canonical(w)
	}
	sort.Strings(gotShort)
	sort.Strings(wanted)
	if strings.Join(gotShort, "\n") != strings.Join(wanted, "\n") {
		t.Errorf("requests (any order):\n  %s\nwant:\n  %s", strings.Join(gotShort, "\n  "), strings.Join(wanted, "\n  "))
	}
}

// wantChesJSON checks show -o json of Ches 1492: the documented shape, in
// its order, and the weather entries exactly as the server lists them.
func wantChesJSON(t *testing.T, k *kanka, id, out string) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(out))
	var keys []string
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not a JSON object: %s", out)
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	if want := "calendar year year_name month month_name intercalary today days"; strings.Join(keys, " ") != want {
		t.Errorf("keys %v, want %s", keys, want)
	}
	var month struct {
		Calendar    map[string]any `json:"calendar"`
		Year        int            `json:"year"`
		YearName    string         `json:"year_name"`
		Month       int            `json:"month"`
		MonthName   string         `json:"month_name"`
		Intercalary bool           `json:"intercalary"`
		Today       string         `json:"today"`
		Days        []struct {
			Day          int               `json:"day"`
			Date         string            `json:"date"`
			Weekday      *string           `json:"weekday"`
			Moons        []map[string]any  `json:"moons"`
			Season       *string           `json:"season"`
			SeasonStarts bool              `json:"season_starts"`
			Weather      []json.RawMessage `json:"weather"`
		} `json:"days"`
	}
	if err := json.Unmarshal([]byte(out), &month); err != nil {
		t.Fatal(err)
	}
	if month.Calendar["name"] != "Calendar of Harptos" || month.Year != 1492 || month.YearName != "Year of Three Ships Sailing" ||
		month.Month != 4 || month.MonthName != "Ches" || month.Intercalary || month.Today != "1492-4-1" || len(month.Days) != 30 {
		t.Fatalf("show -o json head: %+v", month)
	}
	first := month.Days[0]
	if first.Date != "1492-4-1" || *first.Weekday != "First-day" || len(first.Moons) != 1 || first.Moons[0]["phase"] != "full" ||
		*first.Season != "Winter" || first.SeasonStarts {
		t.Errorf("1 Ches: %+v", first)
	}
	if d := month.Days[18]; !d.SeasonStarts || *d.Season != "Spring" {
		t.Errorf("19 Ches: season %v, starts %v", *d.Season, d.SeasonStarts)
	}
	// The entries as `weather list -o json` prints them (the server's objects).
	var all []json.RawMessage
	if err := json.Unmarshal([]byte(k.ok(t, "weather", "list", "--calendar", id, "-o", "json")), &all); err != nil {
		t.Fatal(err)
	}
	byDay := map[int][]any{}
	for _, raw := range all {
		var w map[string]any
		if err := json.Unmarshal(raw, &w); err != nil {
			t.Fatal(err)
		}
		if w["year"] == 1492.0 && w["month"] == 4.0 {
			byDay[int(w["day"].(float64))] = append(byDay[int(w["day"].(float64))], w)
		}
	}
	for _, d := range month.Days {
		var got []any
		for _, raw := range d.Weather {
			var w any
			if err := json.Unmarshal(raw, &w); err != nil {
				t.Fatal(err)
			}
			got = append(got, w)
		}
		if !reflect.DeepEqual(got, byDay[d.Day]) {
			t.Errorf("%s weather %v, want %v", d.Date, got, byDay[d.Day])
		}
	}
	if len(byDay[3]) != 2 || len(byDay[19]) != 1 {
		t.Errorf("the sandbox lists weather %v", byDay)
	}
}
