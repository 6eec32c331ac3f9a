package sandbox

import (
	"fmt"
	"testing"
	"time"
)

// Every write shows a new updated_at, in both modes, even when the clock
// has not moved: calendars step a microsecond (their answers show
// microseconds), weather a second (theirs show seconds).
func TestEveryWriteMovesUpdatedAt(t *testing.T) {
	for _, live := range []bool{false, true} {
		t.Run(fmt.Sprintf("live=%v", live), func(t *testing.T) {
			now := clock
			s := newServer(t, Options{Live: live, Now: func() time.Time { return now }})
			mustCreate(t, s, calendarForWeather)
			stamps := func(path string) string {
				d := dataOf(t, send(t, s, "GET", base+path, ""))
				return fmt.Sprint(d["created_at"], " ", d["updated_at"])
			}
			for _, want := range []string{"2026-11-22T10:00:00.000001Z", "2026-11-22T10:00:00.000002Z"} {
				expect(t, send(t, s, "PUT", base+"calendars/1", calendarForWeather), 200, "")
				if got := stamps("calendars/1"); got != "2026-11-22T10:00:00.000000Z "+want {
					t.Fatalf("calendar after a write at the same time: %s, want updated_at %s", got, want)
				}
			}
			// The clock moves on: its time, not one more step.
			now = clock.Add(time.Second)
			expect(t, send(t, s, "PATCH", base+"calendars/1", calendarForWeather), 200, "")
			if got := stamps("calendars/1"); got != "2026-11-22T10:00:00.000000Z 2026-11-22T10:00:01.000000Z" {
				t.Fatalf("calendar after the clock moved: %s", got)
			}
			// lastSync sees a write made at the time it names.
			list := decode(t, send(t, s, "GET", base+"calendars?lastSync=2026-11-22T10:00:01.000000Z", ""))["data"].([]any)
			if len(list) != 0 {
				t.Fatalf("lastSync at the last write's time lists %d", len(list))
			}
			expect(t, send(t, s, "PATCH", base+"calendars/1", calendarForWeather), 200, "")
			list = decode(t, send(t, s, "GET", base+"calendars?lastSync=2026-11-22T10:00:01.000000Z", ""))["data"].([]any)
			if len(list) != 1 {
				t.Fatalf("lastSync misses a write made in the same microsecond: %d listed", len(list))
			}

			now = clock
			weather := base + "calendars/1/calendar_weather"
			body := `{"year":1,"month":1,"day":1,"weather":"sun"}`
			expect(t, send(t, s, "POST", weather, body), s.created(), "")
			for _, want := range []string{"2026-11-22 10:00:01", "2026-11-22 10:00:02"} {
				expect(t, send(t, s, "PUT", weather+"/1", body), 200, "")
				if got := stamps("calendars/1/calendar_weather/1"); got != "2026-11-22 10:00:00 "+want {
					t.Fatalf("weather after a write within the same second: %s, want updated_at %s", got, want)
				}
			}
			// A clock still behind the last time steps past it.
			now = clock.Add(1500 * time.Millisecond)
			expect(t, send(t, s, "PATCH", weather+"/1", body), 200, "")
			if got := stamps("calendars/1/calendar_weather/1"); got != "2026-11-22 10:00:00 2026-11-22 10:00:03" {
				t.Fatalf("weather with the clock behind: %s", got)
			}
			now = clock.Add(time.Minute)
			expect(t, send(t, s, "PATCH", weather+"/1", body), 200, "")
			if got := stamps("calendars/1/calendar_weather/1"); got != "2026-11-22 10:00:00 2026-11-22 10:01:00" {
				t.Fatalf("weather after the clock moved: %s", got)
			}
			// A new record starts at the clock's time.
			now = clock
			expect(t, send(t, s, "POST", weather, body), s.created(), "")
			if got := stamps("calendars/1/calendar_weather/2"); got != "2026-11-22 10:00:00 2026-11-22 10:00:00" {
				t.Fatalf("new weather: %s", got)
			}
		})
	}
}
