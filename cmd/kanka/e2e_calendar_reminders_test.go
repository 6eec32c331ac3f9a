package main

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/sandbox"
)

// Reminders made with `kanka reminder create`, where a game master looks:
// the month grid, the agenda, and what advance and retreat say the days
// passed held; in both modes of the sandbox, with the local cache on.

// remindersOfHarptos makes the Calendar of Harptos (1), dated 1492-3-28,
// with: a fair of three days from 29 Alturiak (across the month's end), a
// repeat on Selûne's full moons from 1490, a feast every year on 5 Ches
// from 1400, Elminster's (entity 50) birthday every year on 12 Ches, and
// rain recorded on 30 Alturiak 1492.
func remindersOfHarptos(t *testing.T, k *kanka) {
	t.Helper()
	createHarptos(t, k)
	k.ok(t, "calendar", "update", "1", "--date", "1492-3-28")
	k.ok(t, "reminder", "create", "--calendar", "1", "--date", "1492-Alturiak-29", "--length", "3", "--comment", "The fair")
	k.ok(t, "reminder", "create", "--calendar", "1", "--date", "1490-1-1", "--repeat", "Selûne:full", "--comment", "Selûne is full")
	k.ok(t, "reminder", "create", "--calendar", "1", "--date", "1400-4-5", "--repeat", "year", "--comment", "Feast of the Claw")
	k.ok(t, "reminder", "create", "--calendar", "1", "--date", "1350-Ches-12", "--repeat", "year", "--comment", "Born", "--entity", "50")
	k.ok(t, "weather", "set", "--calendar", "1", "--date", "1492-3-30", "--weather", "cloud-rain", "--temperature", "3°C")
}

// The grid marks each day a reminder falls on (the fair on each of its
// three days, across the end of Alturiak) and names them in its legend.
func TestE2EGridMarksReminderDays(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startServer(t, sandbox.Options{Live: live, DataPath: writeStateWithElminster(t)}, nil)
		k := newKanka(t, srv).withCache()
		remindersOfHarptos(t, k)

		alturiak := k.ok(t, "calendar", "show", "1", "--date", "1492-3-1")
		for _, want := range []string{
			" 21      22      23      24   )  25      26      27     [28]     29  !   30 r!\n",
			"\n 1 !  Selûne is full           30 !  The fair (day 2 of 3)\n29 !  The fair (day 1 of 3)\n",
		} {
			if !strings.Contains(alturiak, want) {
				t.Errorf("Alturiak 1492 lacks %q:\n%s", want, alturiak)
			}
		}
		ches := k.ok(t, "calendar", "show", "1", "--date", "1492-4-1")
		for _, want := range []string{
			"  1 !O    2       3       4       5 !     6",
			"\n 1 !  The fair (day 3 of 3)     5 !  Feast of the Claw\n 1 !  Selûne is full           12 !  Born (entity 50)\n",
		} {
			if !strings.Contains(ches, want) {
				t.Errorf("Ches 1492 lacks %q:\n%s", want, ches)
			}
		}
		// -o json: each day's reminders, the fair with its day of three.
		got := k.ok(t, "calendar", "show", "1", "--year", "1492", "--whole-year", "-o", "json", "--jq",
			`.[].days[] | select(.reminders != []) | "\(.date) \([.reminders[] | "\(.reminder_id):\(.span.day)/\(.span.days)"] | join(","))"`)
		if !strings.HasPrefix(got, "1492-1-2 2:1/1\n1492-3-1 2:1/1\n1492-3-29 1:1/3\n1492-3-30 1:2/3\n1492-4-1 1:3/3,2:1/1\n1492-4-5 3:1/1\n1492-4-12 4:1/1\n1492-5-2 2:1/1\n") {
			t.Errorf("the year's reminder days:\n%s", got)
		}
		// --day names them in full.
		if day := k.ok(t, "calendar", "show", "1", "--day", "1492-3-30"); !strings.Contains(day, "\nReminder:    The fair (day 2 of 3: 1492-3-29 to 1492-4-1)\n") {
			t.Errorf("--day 1492-3-30:\n%s", day)
		}

		// Warm, the month costs the page of each list's tail: 2 requests
		// (the calendar is the cache's). Cold, the calendar and every
		// page of both (one each here).
		mark := srv.mark()
		k.ok(t, "calendar", "show", "1")
		wantRequestsAnyOrder(t, srv.since(mark), "GET calendars/1/"+weatherPath(live), "GET calendars/1/reminders")
		cold := newKanka(t, srv).withCache()
		mark = srv.mark()
		cold.ok(t, "calendar", "show", "1")
		want := []string{"GET calendars/1", "GET calendars/1/calendar_weathers", "GET calendars/1/reminders"}
		if live { // the live service's weather path is found first
			want = append(want, "GET calendars/1/calendar_weather")
		}
		wantRequestsAnyOrder(t, srv.since(mark), want...)
	})
}

// The agenda: the days the reminders fall on, from the current date, in
// date order and then by reminder id; whose each is read once.
func TestE2EAgenda(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startServer(t, sandbox.Options{Live: live, DataPath: writeStateWithElminster(t)}, nil)
		k := newKanka(t, srv).withCache()
		remindersOfHarptos(t, k)

		mark := srv.mark()
		got := k.ok(t, "calendar", "agenda", "Calendar of Harptos", "--to", "1492-Ches-12")
		want := `DATE       WEEKDAY     REMINDER               WHOSE                          MOONS                  SEASON  ID
1492-3-29  Ninth-day   The fair (day 1 of 3)  Calendar of Harptos, calendar                                 1
1492-3-30  Tenth-day   The fair (day 2 of 3)  Calendar of Harptos, calendar                                 1
1492-4-1   First-day   The fair (day 3 of 3)  Calendar of Harptos, calendar  Selûne full                    1
1492-4-1   First-day   Selûne is full         Calendar of Harptos, calendar  Selûne full                    2
1492-4-5   Fifth-day   Feast of the Claw      Calendar of Harptos, calendar  Selûne waning gibbous          3
1492-4-12  Second-day  Born                   Elminster, character                                          4
`
		if got != want {
			t.Errorf("agenda:\n%s\nwant:\n%s", got, want)
		}
		// The name's lookup (the calendars, which the update took out of
		// the cache), every page of the reminders (the cache has not read
		// them whole yet), and Elminster, once.
		wantRequests(t, srv.since(mark), "GET calendars", "GET calendars/1/reminders", "GET entities/50")
		// Warm: the page of the reminders' tail; Elminster is known.
		mark = srv.mark()
		if again := k.ok(t, "calendar", "agenda", "Calendar of Harptos", "--to", "1492-Ches-12"); again != want {
			t.Errorf("agenda again:\n%s", again)
		}
		wantRequests(t, srv.since(mark), "GET calendars/1/reminders")

		// -o json: a day and reminder an object; --days from --from.
		got = k.ok(t, "calendar", "agenda", "1", "--from", "1492-3-30", "--days", "7", "-o", "json", "--jq",
			`.[] | "\(.date) \(.weekday) \(.reminder_id) \(.comment) \(.owner.kind):\(.owner.id) \(.span.start)..\(.span.end)"`)
		if want := "1492-3-30 Tenth-day 1 The fair entity:1 1492-3-29..1492-4-1\n" +
			"1492-4-1 First-day 1 The fair entity:1 1492-3-29..1492-4-1\n" +
			"1492-4-1 First-day 2 Selûne is full entity:1 1492-4-1..1492-4-1\n" +
			"1492-4-5 Fifth-day 3 Feast of the Claw entity:1 1492-4-5..1492-4-5\n"; got != want {
			t.Errorf("agenda -o json:\n%s\nwant:\n%s", got, want)
		}
		// An empty window says so, exit 0; --to with --days is refused.
		if r := k.run(t, "calendar", "agenda", "1", "--from", "1492-4-14", "--days", "3"); r.code != 0 || r.stdout != "" ||
			r.stderr != "no reminder falls on the days from 14 Ches 1492 to 16 Ches 1492\n" {
			t.Errorf("an empty agenda: %v", r)
		}
		mark = srv.mark()
		k.fails(t, 2, "calendar", "agenda", "1", "--to", "1492-5-1", "--days", "3")
		wantRequests(t, srv.since(mark))
	})
}

// advance says what the days passed held; retreat what the days it went
// back over held; -o json adds days_passed to the server's record.
func TestE2EAdvanceSaysWhatTheDaysPassedHeld(t *testing.T) {
	t.Parallel()
	eachMode(t, func(t *testing.T, live bool) {
		srv := startServer(t, sandbox.Options{Live: live, DataPath: writeStateWithElminster(t)}, nil)
		k := newKanka(t, srv).withCache()
		remindersOfHarptos(t, k)
		k.ok(t, "calendar", "show", "1") // the cache holds both lists

		mark := srv.mark()
		r := k.run(t, "calendar", "advance", "1", "--days", "4")
		want := `1492-3-28 -> 1492-4-2 (2 Ches, Year of Three Ships Sailing DR)
The days passed held:
  29 Alturiak 1492: The fair (day 1 of 3)
  30 Alturiak 1492: The fair (day 2 of 3); weather: rain, 3°C
  1 Ches 1492: The fair (day 3 of 3); Selûne is full
`
		if r.code != 0 || r.stdout != want {
			t.Errorf("advance: %v\nwant stdout:\n%s", r, want)
		}
		// The read and the update, then the page of each list's tail:
		// nothing else is written.
		wantRequests(t, srv.since(mark), "GET calendars/1", "PUT calendars/1", "GET calendars/1/reminders", "GET calendars/1/"+weatherPath(live))
		if got := k.ok(t, "calendar", "get", "1", "--jq", ".date"); got != "1492-4-2\n" {
			t.Errorf("the date stored: %q", got)
		}

		// retreat over the same days, -o json: from 1492-3-29 (the new
		// date) up to 1492-4-1 (the day before the old).
		mark = srv.mark()
		out := k.ok(t, "calendar", "retreat", "1", "--to", "1492-3-29", "-o", "json")
		obj := decodeObject(t, out)
		if obj["date"] != "1492-3-29" || obj["name"] != "Calendar of Harptos" {
			t.Errorf("retreat -o json: %s", out)
		}
		got := k.ok(t, "calendar", "retreat", "1", "--to", "1492-3-29", "-o", "json", "--jq", ".days_passed")
		if got != "[]\n" {
			t.Errorf("a retreat to the current date passes no day: %q", got)
		}
		passed, _ := obj["days_passed"].([]any)
		var days []string
		for _, d := range passed {
			day := d.(map[string]any)
			days = append(days, day["date"].(string))
			if day["date"] == "1492-3-30" {
				w := day["weather"].([]any)
				if len(w) != 1 || w[0].(map[string]any)["weather"] != "cloud-rain" {
					t.Errorf("1492-3-30's weather: %v", day["weather"])
				}
			}
		}
		if strings.Join(days, " ") != "1492-3-29 1492-3-30 1492-4-1" {
			t.Errorf("days_passed: %v", days)
		}
		// The record is the server's (the keys of calendar get -o json), and
		// one key more.
		record := decodeObject(t, k.ok(t, "calendar", "get", "1", "-o", "json"))
		if len(obj) != len(record)+1 {
			t.Errorf("retreat -o json has %d keys, calendar get %d: %s", len(obj), len(record), out)
		}
		sent := srv.since(mark)
		if len(sent) < 2 || sent[0].Method != "GET" || sent[1].Method != "PUT" {
			t.Errorf("retreat sent %v", sent)
		}
	})
}
