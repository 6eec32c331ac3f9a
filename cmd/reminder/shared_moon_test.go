package reminder

import (
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// twin is a calendar whose two moons are both named Luna.
var twin = strings.Replace(harptos,
	`"moons":[{"name":"Selûne","fullmoon":"30.4375","offset":0,"colour":"grey","id":3},{"name":"Shard","fullmoon":"10","offset":2,"colour":"red","id":4}]`,
	`"moons":[{"name":"Luna","fullmoon":"10","offset":0,"colour":"grey","id":1},{"name":"Luna","fullmoon":"7","offset":3,"colour":"grey","id":2}]`, 1)

// A repeat by a moon's name that two moons of the calendar have is
// refused, exit 2, after the one read of the calendar and before anything
// is sent, saying to give the moon's id; by its id, it is sent.
func TestCreateAndUpdateRefuseAMoonNameTwoMoonsShare(t *testing.T) {
	if twin == harptos {
		t.Fatal("the twin calendar is Harptos: the test data changed")
	}
	const want = `--repeat: calendar 5 has 2 moons named "Luna" (ids 1, 2): give the one meant by its id and the phase, {id}_{phase}, such as 2_f`
	env := newTestEnv(t, "id", ok("GET calendars/5", "", cmdtest.One(twin)))
	err := env.run("create", "--calendar", "5", "--date", "1492-1-3", "--comment", "Second luna full", "--repeat", "Luna:full")
	if !cmdtest.IsUsage(err) || err.Error() != want {
		t.Errorf("create: %v\nwant a usage error: %s", err, want)
	}

	env = newTestEnv(t, "id",
		ok("GET entities/50/reminders/7", "", cmdtest.One(reminderJSON(7, 1492, 1, 3, "Feast"))),
		ok("GET calendars/5", "", cmdtest.One(twin)))
	err = env.run("update", "7", "--entity", "50", "--repeat", "luna:full")
	if want := strings.Replace(want, `named "Luna"`, `named "luna"`, 1); !cmdtest.IsUsage(err) || err.Error() != want {
		t.Errorf("update: %v\nwant a usage error: %s", err, want)
	}

	env = newTestEnv(t, "id",
		ok("GET entities/50/reminders/7", "", cmdtest.One(reminderJSON(7, 1492, 1, 3, "Feast"))),
		ok("GET calendars/5", "", cmdtest.One(twin)),
		ok("PATCH entities/50/reminders/7", `{"year":1492,"month":1,"day":3,"recurring_periodicity":"2_f"}`,
			cmdtest.One(reminderJSON(7, 1492, 1, 3, "Feast", `"is_recurring":true`, `"recurring_periodicity":"2_f"`))))
	if err := env.run("update", "7", "--entity", "50", "--repeat", "2_f"); err != nil {
		t.Errorf("update by the id: %v", err)
	}
}
