package sandbox

import (
	"encoding/json"
	"fmt"
	"testing"
)

// yearOfWeather is a server with a calendar and 365 weather entries, one
// write each, and its store: a memory one unless dataPath is set.
func yearOfWeather(b *testing.B, opts Options) *Server {
	b.Helper()
	opts.Now = fixedNow
	s, err := New(opts)
	if err != nil {
		b.Fatal(err)
	}
	if w := send(b, s, "POST", base+"calendars", calendarForWeather); w.Code != 200 {
		b.Fatalf("calendar: %d %s", w.Code, w.Body)
	}
	for day := range 365 {
		body := fmt.Sprintf(`{"year":1492,"month":%d,"day":%d,"weather":"sun","temperature":"12°C"}`, 1+day%2, 1+day%28)
		if w := send(b, s, "POST", base+"calendars/1/calendar_weather", body); w.Code != 200 {
			b.Fatalf("weather %d: %d %s", day, w.Code, w.Body)
		}
	}
	return s
}

// BenchmarkReadStateYearOfWeather is one read of a state file that holds a
// calendar and a year of weather: what every write of the memory store
// does to copy its state, and the file store when another process wrote.
func BenchmarkReadStateYearOfWeather(b *testing.B) {
	var file []byte
	err := yearOfWeather(b, Options{}).store.view(func(st *state) {
		var err error
		file, err = st.encode()
		if err != nil {
			b.Fatal(err)
		}
	})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(file)))
	for b.Loop() {
		var st state
		if err := json.Unmarshal(file, &st); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMemStoreYearOfWeather is 365 weather writes to a server that
// keeps its state in memory (each write works on a copy of the state).
func BenchmarkMemStoreYearOfWeather(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		yearOfWeather(b, Options{})
	}
}
