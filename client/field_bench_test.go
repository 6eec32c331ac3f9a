package client_test

import (
	"encoding/json"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// The field table's cost on the live service's largest record (the
// Calendar of Harptos as testdata/live_calendar.json holds it): reading an
// answer, building the update from it, and the wire payload.

func liveCalendarBytes(b *testing.B) []byte {
	b.Helper()
	return dataBytes(b, readTestdata(b, "live_calendar.json"))
}

func BenchmarkDecodeCalendar(b *testing.B) {
	raw := liveCalendarBytes(b)
	b.ReportAllocs()
	for b.Loop() {
		var c client.Calendar
		if err := json.Unmarshal(raw, &c); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkUpdateFromRecord(b *testing.B) {
	var c client.Calendar
	if err := json.Unmarshal(liveCalendarBytes(b), &c); err != nil {
		b.Fatal(err)
	}
	change := client.CalendarInput{Suffix: ptr("Dalereckoning")}
	b.ReportAllocs()
	for b.Loop() {
		in := client.FromCalendar(&c)
		client.CalendarFields.Merge(&in, &change)
		if len(client.CalendarFields.Unread(&in)) != 0 {
			b.Fatal("unread")
		}
		if _, err := json.Marshal(in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkChanges(b *testing.B) {
	var c client.Calendar
	if err := json.Unmarshal(liveCalendarBytes(b), &c); err != nil {
		b.Fatal(err)
	}
	want := client.FromCalendar(&c)
	want.Suffix = ptr("Dalereckoning")
	b.ReportAllocs()
	for b.Loop() {
		if len(client.CalendarFields.Changes(&want, &c.CalendarInput)) != 1 {
			b.Fatal("changes")
		}
	}
}
