package sandbox

import (
	"fmt"
	"path/filepath"
	"testing"
)

// BenchmarkFileStoreYearOfWeather is what `kanka weather generate --days
// 365` asks of `kanka --sandbox`: a calendar, then 365 weather entries
// written one request each into the state file.
func BenchmarkFileStoreYearOfWeather(b *testing.B) {
	for b.Loop() {
		b.StopTimer()
		s, err := New(Options{Now: fixedNow, DataPath: filepath.Join(b.TempDir(), "sandbox.json")})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		writeYearOfWeather(b, s)
	}
}

// writeYearOfWeather writes a calendar and 365 weather entries to s, one
// request each.
func writeYearOfWeather(b *testing.B, s *Server) {
	b.Helper()
	if w := send(b, s, "POST", base+"calendars", calendarForWeather); w.Code != 200 {
		b.Fatalf("calendar: %d %s", w.Code, w.Body)
	}
	for day := range 365 {
		body := fmt.Sprintf(`{"year":1492,"month":%d,"day":%d,"weather":"sun","temperature":"12°C"}`, 1+day%2, 1+day%28)
		if w := send(b, s, "POST", base+"calendars/1/calendar_weather", body); w.Code != 200 {
			b.Fatalf("weather %d: %d %s", day, w.Code, w.Body)
		}
	}
}
