package weather

import (
	"strconv"
	"strings"
	"testing"
)

// Visibility names mean what the service shows: --visibility self sends
// 4 (the author alone), admin 2 (the admins), not the interface
// document's numbers; and a stored 2, 3 or 4 is shown by the service's
// name.

func TestCreateSendsTheServicesVisibilityID(t *testing.T) {
	for name, id := range map[string]int{"all": 1, "admin": 2, "admin-self": 3, "self-admin": 3, "self": 4, "members": 5} {
		t.Run(name, func(t *testing.T) {
			env := newTestEnv(t, "id")
			env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
			env.expect("GET "+weathersRoute, "", 200, page(1, 1))
			env.expect("POST "+weathersRoute, `{"day":3,"month":1,"visibility_id":`+strconv.Itoa(id)+`,"weather":"sun","year":1492}`,
				201, one(weatherJSON(41, 1492, 1, 3, "sun")))
			if err := env.run("create", "--calendar", "5", "--date", "1492-1-3", "--weather", "sun", "--visibility", name); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// storedWith is an entry as the server sends it, with visibility id.
func storedWith(id, day, visibility int) string {
	return strings.Replace(weatherJSON(id, 1492, 1, day, "sun"), `"visibility_id":1`, `"visibility_id":`+strconv.Itoa(visibility), 1)
}

func TestListShowsStoredVisibilitiesByTheServicesNames(t *testing.T) {
	env := newTestEnv(t, "table")
	env.expect("GET "+weathersRoute, "", 200, page(1, 1, storedWith(41, 1, 2), storedWith(42, 2, 3), storedWith(43, 3, 4)))
	if err := env.run("list", "--calendar", "5"); err != nil {
		t.Fatal(err)
	}
	want := `ID  DATE      WEATHER  TEMPERATURE  PRECIPITATION  WIND  EFFECT  VISIBILITY
41  1492-1-1  sun                                                admin
42  1492-1-2  sun                                                admin-self
43  1492-1-3  sun                                                self
`
	if got := env.Out.String(); got != want {
		t.Errorf("stdout\n%s\nwant\n%s", got, want)
	}
}

func TestGetShowsAStoredVisibilityByTheServicesName(t *testing.T) {
	for visibility, name := range map[int]string{2: "admin", 3: "admin-self", 4: "self"} {
		env := newTestEnv(t, "table")
		env.expect("GET "+weathersRoute+"/41", "", 200, one(storedWith(41, 1, visibility)))
		if err := env.run("get", "--calendar", "5", "41"); err != nil {
			t.Fatal(err)
		}
		if got := env.Out.String(); !strings.Contains(got, "\nVisibility:    "+name+"\n") {
			t.Errorf("visibility_id %d:\n%s\nwant Visibility: %s", visibility, got, name)
		}
	}
}
