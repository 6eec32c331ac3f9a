package sandbox

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// An id counter at the largest int is spent: the next create is refused
// with a 507 that says so, and nothing is written, instead of a counter
// that wraps to a negative id.

// spentState is a state file holding calendar 1 (with moon 1), whose
// counter of kind is at last.
func spentState(t *testing.T, kind string, last int) string {
	t.Helper()
	st := &state{
		LastIDs:   lastIDs{Calendar: 1, Entity: 1, Moon: 1},
		Calendars: []*calendar{{ID: 1, EntityID: 1, Name: "Harptos", Months: []month{{Name: "Hammer", Length: 30, Type: "standard"}, {Name: "Alturiak", Length: 30, Type: "standard"}}, Weekdays: []string{"A", "B"}, Moons: []moon{{ID: 1, Name: "Selûne", Fullmoon: "30"}}}},
		Weather:   []*weather{},
	}
	switch kind {
	case "calendar":
		st.LastIDs.Calendar = last
	case "entity":
		st.LastIDs.Entity = last
	case "weather":
		st.LastIDs.Weather = last
	case "moon":
		st.LastIDs.Moon = last
	}
	path := filepath.Join(t.TempDir(), "sandbox.json")
	if _, err := writeState(path, st); err != nil {
		t.Fatal(err)
	}
	return path
}

// creates are the writes that take a new id of each kind.
var creates = map[string]struct{ method, path, body, idKey string }{
	"calendar": {"POST", "calendars", calendarForWeather, "id"},
	"entity":   {"POST", "calendars", calendarForWeather, "entity_id"},
	"weather":  {"POST", "calendars/1/calendar_weather", `{"year":1,"month":1,"day":1,"weather":"sun"}`, "id"},
	"moon": {"PUT", "calendars/1", `{"name":"Harptos","month_name":["Hammer","Alturiak"],"month_length":[30,30],"weekday":["A","B"],
		"moon_name":["Selûne","Other"],"moon_fullmoon":[30,28],"moon_offset":[0,0],"moon_colour":["grey","grey"],"moon_id":[1,null]}`, ""},
}

func TestTheLargestIDIsHandedOutOnce(t *testing.T) {
	for _, live := range []bool{false, true} {
		for kind, c := range creates {
			if kind == "moon" && live {
				continue // live, moon ids are the write's own (TestLiveMoonIDsAtTheLargestInt)
			}
			t.Run(kind+"/live="+strconv.FormatBool(live), func(t *testing.T) {
				path := spentState(t, kind, math.MaxInt-1)
				s := newServer(t, Options{Live: live, DataPath: path})
				w := send(t, s, c.method, base+c.path, c.body)
				if w.Code >= 300 {
					t.Fatalf("the last id: %d %s", w.Code, w.Body)
				}
				if got := newID(t, w.Body.Bytes(), kind, c.idKey); got != strconv.Itoa(math.MaxInt) {
					t.Fatalf("the last %s id handed out is %s, want %d", kind, got, math.MaxInt)
				}

				before, _ := os.ReadFile(path)
				w = send(t, s, c.method, base+c.path, c.body)
				want := "The sandbox has handed out the largest " + kind + " id, 9223372036854775807, and never hands out one twice (a reset keeps the count): nothing was written. Use another state file (--sandbox-data FILE, or sandbox serve --data FILE)."
				expect(t, w, 507, `{"code":507,"error":"`+want+`"}`)
				if after, _ := os.ReadFile(path); string(after) != string(before) {
					t.Errorf("the refused write changed the state file:\n%s\nto\n%s", before, after)
				}
			})
		}
	}
}

// Live, a new moon takes the id after the highest sent: after the largest
// int there is none, and the write is refused as a spent counter is.
func TestLiveMoonIDsAtTheLargestInt(t *testing.T) {
	path := spentState(t, "calendar", 1)
	s := newServer(t, Options{Live: true, DataPath: path})
	body := strings.Replace(creates["moon"].body, `"moon_id":[1,null]`, `"moon_id":[`+strconv.Itoa(math.MaxInt-1)+`,null]`, 1)
	w := send(t, s, "PUT", base+"calendars/1", body)
	if got := newID(t, w.Body.Bytes(), "moon", ""); w.Code != 200 || got != strconv.Itoa(math.MaxInt) {
		t.Fatalf("the last moon id: %d %s", w.Code, w.Body)
	}
	before, _ := os.ReadFile(path)
	w = send(t, s, "PUT", base+"calendars/1", strings.Replace(body, strconv.Itoa(math.MaxInt-1), strconv.Itoa(math.MaxInt), 1))
	if w.Code != 507 || !strings.Contains(w.Body.String(), "the largest moon id") {
		t.Fatalf("after the largest: %d %s", w.Code, w.Body)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Errorf("the refused write changed the state file")
	}
}

// newID is the id of kind the write answered, exactly: the record's id
// or entity_id, or its last moon's.
func newID(t *testing.T, body []byte, kind, key string) string {
	t.Helper()
	var answer struct {
		Data map[string]any `json:"data"`
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&answer); err != nil {
		t.Fatal(err)
	}
	if kind == "moon" {
		moons := answer.Data["moons"].([]any)
		return moons[len(moons)-1].(map[string]any)["id"].(json.Number).String()
	}
	return answer.Data[key].(json.Number).String()
}

// The message names the sandbox's own flags: a state file is the only way
// on, since a reset keeps the counters.
func TestASpentCounterSurvivesAReset(t *testing.T) {
	path := spentState(t, "calendar", math.MaxInt)
	if _, err := Reset(path); err != nil {
		t.Fatal(err)
	}
	s := newServer(t, Options{DataPath: path})
	w := send(t, s, "POST", base+"calendars", calendarForWeather)
	if w.Code != 507 || !strings.Contains(w.Body.String(), "largest calendar id") {
		t.Fatalf("after a reset: %d %s, want the 507", w.Code, w.Body)
	}
}
