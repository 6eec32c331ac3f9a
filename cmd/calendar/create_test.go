package calendar

import (
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
)

func TestCreateFromFlags(t *testing.T) {
	answer := small(20, "Simple")
	env := newTestEnv(t, "id", noneNamed("Simple"), exchange{"POST", "calendars",
		`{"name":"Simple","current_year":-3,"current_month":2,"current_day":5,
		  "month_name":["Early","Ides:Late"],"month_length":[30,31],"month_type":["standard","intercalary"],"month_alias":["",""],
		  "weekday":["Work","Rest"],"year_number":[-3],"year_name":["Year of Ash"],
		  "season_name":["Thaw"],"season_month":[2],"season_day":[1],
		  "moon_name":["Pale"],"moon_fullmoon":[29.5],"moon_offset":[0],"moon_colour":["grey"],"moon_id":[null],
		  "has_leap_year":true,"leap_year_offset":4,"leap_year_month":1,"tags":[3],"is_private":false}`,
		201, data(withDate(answer, "-3-2-5"))})
	err := env.run("create", "--name", "Simple", "--date", "-3-2-5", "--month", "Early:30", "--month", `Ides\:Late:31:intercalary`,
		"--weekday", "Work", "--weekday", "Rest", "--year", "-3:Year of Ash", "--season", "Thaw:2:1", "--moon", "Pale:29.5",
		"--leap-year-every", "4", "--tag", "3", "--public")
	if err != nil {
		t.Fatal(err)
	}
	if env.Out.String() != "20\n" {
		t.Errorf("stdout %q", env.Out.String())
	}
}

// harptosBody is what examples/harptos.yaml sends.
const harptosBody = `{"name":"Calendar of Harptos","type":"Dalereckoning",
 "entry":"<p>Twelve months of thirty days, each of three tendays, with five\nfestival days between them that belong to no month. Every fourth year\nShieldmeet follows Midsummer.</p>\n",
 "current_year":1492,"current_month":4,"current_day":1,
 "month_name":["Hammer","Midwinter","Alturiak","Ches","Tarsakh","Greengrass","Mirtul","Kythorn","Flamerule","Midsummer","Eleasis","Eleint","Highharvestide","Marpenoth","Uktar","Feast of the Moon","Nightal"],
 "month_length":[30,1,30,30,30,1,30,30,30,1,30,30,1,30,30,1,30],
 "month_type":["standard","intercalary","standard","standard","standard","intercalary","standard","standard","standard","intercalary","standard","standard","intercalary","standard","standard","intercalary","standard"],
 "month_alias":["Deepwinter","","The Claw of Winter","The Claw of the Sunsets","The Claw of the Storms","","The Melting","The Time of Flowers","Summertide","","Highsun","The Fading","","Leaffall","The Rotting","","The Drawing Down"],
 "weekday":["First-day","Second-day","Third-day","Fourth-day","Fifth-day","Sixth-day","Seventh-day","Eighth-day","Ninth-day","Tenth-day"],
 "year_number":[1358,1385,1489,1490,1491,1492],
 "year_name":["Year of Shadows","Year of Blue Fire","Year of the Warrior Princess","Year of the Star Walker's Return","Year of the Scarlet Witch","Year of Three Ships Sailing"],
 "season_name":["Spring","Summer","Autumn","Winter"],"season_month":[4,8,12,17],"season_day":[19,20,21,20],
 "moon_name":["Selûne"],"moon_fullmoon":[30.4375],"moon_offset":[0],"moon_colour":["white"],"moon_id":[null],
 "suffix":"DR","has_leap_year":true,"leap_year_amount":1,"leap_year_month":10,"leap_year_offset":4,"leap_year_start":4}`

func TestCreateFromExampleFile(t *testing.T) {
	env := newTestEnv(t, "id", noneNamed("Calendar of Harptos"), exchange{"POST", "calendars", harptosBody, 201, data(withDate(small(21, "Calendar of Harptos"), "1492-4-1"))})
	if err := env.run("create", "-f", "../../examples/harptos.yaml"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET "+namedQuery("Calendar of Harptos"), "POST calendars")
	if env.Out.String() != "21\n" {
		t.Errorf("stdout %q", env.Out.String())
	}
}

func TestCreateFromStdinJSONWithFlagsOnTop(t *testing.T) {
	env := newTestEnv(t, "id", noneNamed("Override"), exchange{"POST", "calendars",
		`{"name":"Override","month_name":["A","B"],"month_length":[10,12],"month_type":["standard","standard"],"month_alias":["",""],
		  "weekday":["X","Y"],"is_private":true}`,
		200, small(22, "Override")})
	env.In.WriteString(`{
  "name": "From file",
  "months": [{"name": "A", "length": 10}, {"name": "B", "length": 12}],
  "weekdays": ["X", "Y"],
  "id": 99, "entity_id": 5, "urls": {"view": "x"}, "created_at": "2026-01-01T00:00:00Z", "entry_parsed": null
}`)
	if err := env.run("create", "-f", "-", "--name", "Override", "--private"); err != nil {
		t.Fatal(err)
	}
	if env.Out.String() != "22\n" {
		t.Errorf("stdout %q", env.Out.String())
	}
}

// The server's own JSON (numbers and flags as text, years as [], the live
// extras) is a valid file, on one line or many.
func TestCreateFromTheServersJSON(t *testing.T) {
	live := `{"id": 7, "name": "Live", "type": "Solar", "date": "-3-2-1", "entry_parsed": null, "tooltip": null,
  "months": [{"name": "A", "length": "10", "type": "standard", "alias": null}, {"name": "B", "length": 12, "type": "intercalary", "alias": "Bee"}],
  "weekdays": ["X", "Y"], "years": [], "seasons": [{"name": "S", "month": "2", "day": "1"}],
  "moons": [{"name": "M", "fullmoon": "29.5", "offset": "1", "colour": "grey", "id": "4"}],
  "start_offset": "3", "skip_year_zero": "0", "has_leap_year": 1, "leap_year_amount": "1", "leap_year_month": "2",
  "leap_year_offset": "4", "leap_year_start": "1", "is_private": "1", "tags": ["12", 31], "parameters": null,
  "urls": {"view": "v", "api": "a"}, "status_id": null, "focus_x": null, "updated_by": "55"}`
	want := `{"name":"Live","type":"Solar","current_year":-3,"current_month":2,"current_day":1,
		"month_name":["A","B"],"month_length":[10,12],"month_type":["standard","intercalary"],"month_alias":["","Bee"],
		"weekday":["X","Y"],"year_number":[],"year_name":[],
		"season_name":["S"],"season_month":[2],"season_day":[1],
		"moon_name":["M"],"moon_fullmoon":[29.5],"moon_offset":[1],"moon_colour":["grey"],"moon_id":[4],
		"start_offset":3,"skip_year_zero":false,"has_leap_year":true,"leap_year_amount":1,"leap_year_month":2,
		"leap_year_offset":4,"leap_year_start":1,"is_private":true,"tags":[12,31]}`
	for name, input := range map[string]string{"indented": live, "one line": strings.ReplaceAll(live, "\n", " ")} {
		t.Run(name, func(t *testing.T) {
			env := newTestEnv(t, "id", noneNamed("Live"), exchange{"POST", "calendars", want, 201, withDate(small(8, "Live"), "-3-2-1")})
			env.In.WriteString(input)
			if err := env.run("create", "-f", "-"); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestCreateRefusesBadFileBeforeSending(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cal.yaml")
	if err := os.WriteFile(path, []byte("name: X\nmonths:\n  - {name: A, length: 3}\n  - {name: B, length: 3}\nweekday: [a, b]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := newTestEnv(t, "json")
	wantUsage(t, env.run("create", "-f", path), path+`: line 5: unknown key "weekday"; did you mean "weekdays"?`)
	if env.Calls() != 0 {
		t.Errorf("%d requests sent", env.Calls())
	}
}

func TestCreateRefusesInvalidCalendarBeforeSending(t *testing.T) {
	env := newTestEnv(t, "json")
	err := env.run("create", "--name", "Tiny", "--month", "Only:10", "--weekday", "One", "--weekday", "Two", "--season", "Late:1:12")
	wantUsage(t, err, "the calendar is not valid, nothing was sent:\n  months: at least 2 are required, 1 given\n  season 1: day 12 does not exist: Only has 10 days")
	if env.Calls() != 0 {
		t.Errorf("%d requests sent", env.Calls())
	}
}

// Create prints the calendar the server answered as `get` does: its
// detail view.
func TestCreatePrintsTheDetailView(t *testing.T) {
	record := readTestdata(t, "record.json")
	env := newTestEnv(t, "", noneNamed("Harptos"), exchange{"POST", "calendars", simpleBody, 201, data(record)})
	if err := env.run(simpleFlags...); err != nil {
		t.Fatal(err)
	}
	if got, want := env.Out.String(), detailView(t, record); got != want {
		t.Errorf("stdout:\n%s\nwant the detail view of the answer:\n%s", got, want)
	}
}

// namedQuery is the list request of the exact name filter ("name=X!").
func namedQuery(name string) string {
	return "calendars?" + url.Values{"name": {name + "!"}}.Encode()
}

// noneNamed is the check create makes before its POST, answered with no
// calendar of that name.
func noneNamed(name string) exchange {
	return exchange{"GET", namedQuery(name), "", 200, emptyPage}
}

const emptyPage = `{"data":[],"links":{"first":"x","last":"x","prev":null,"next":null},"meta":{"current_page":1,"from":null,"last_page":1,"per_page":45,"to":null,"total":0}}`

var simpleFlags = []string{"create", "--name", "Harptos", "--month", "A:1", "--month", "B:1", "--weekday", "X", "--weekday", "Y"}

const simpleBody = `{"name":"Harptos","month_name":["A","B"],"month_length":[1,1],"month_type":["standard","standard"],"month_alias":["",""],"weekday":["X","Y"]}`

func wantConflict(t *testing.T, err error, want string) {
	t.Helper()
	var conflict *cmdutil.ConflictError
	if err == nil || !errors.As(err, &conflict) {
		t.Fatalf("error %v is not a conflict (exit 5)", err)
	}
	if err.Error() != want {
		t.Errorf("error:\n got  %q\n want %q", err.Error(), want)
	}
}

// A name the campaign has already is refused after one list request, and
// nothing is POSTed.
func TestCreateRefusesAnExistingName(t *testing.T) {
	env := newTestEnv(t, "id", exchange{"GET", namedQuery("Harptos"), "", 200, page(1, 1, 45, small(12, "Harptos"))})
	wantConflict(t, env.run(simpleFlags...), `a calendar named "Harptos" already exists (id 12): update it, or pass --allow-duplicate`)
	env.WantSent("GET " + namedQuery("Harptos"))
	if env.Out.String() != "" {
		t.Errorf("stdout %q", env.Out.String())
	}
}

func TestCreateRefusesANameSeveralHave(t *testing.T) {
	env := newTestEnv(t, "id", exchange{"GET", namedQuery("Harptos"), "", 200, page(1, 1, 45, small(12, "Harptos"), small(14, "Harptos"))})
	wantConflict(t, env.run(simpleFlags...), `2 calendars named "Harptos" already exist (ids 12, 14): update one, or pass --allow-duplicate`)
	env.WantSent("GET " + namedQuery("Harptos"))
}

// The service's name filter may answer with names that only contain the
// name, or differ in case: they are not the same name.
func TestCreateComparesNamesExactly(t *testing.T) {
	env := newTestEnv(t, "id",
		exchange{"GET", namedQuery("Harptos"), "", 200, page(1, 1, 45, small(12, "Harptos (copy)"), small(13, "harptos"), small(14, "HARPTOS"))},
		exchange{"POST", "calendars", simpleBody, 201, data(small(20, "Harptos"))})
	if err := env.run(simpleFlags...); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET "+namedQuery("Harptos"), "POST calendars")
	if env.Out.String() != "20\n" {
		t.Errorf("stdout %q", env.Out.String())
	}
}

// --allow-duplicate sends the POST alone.
func TestCreateAllowDuplicateSkipsTheCheck(t *testing.T) {
	env := newTestEnv(t, "id", exchange{"POST", "calendars", simpleBody, 201, data(small(20, "Harptos"))})
	if err := env.run(append(simpleFlags, "--allow-duplicate")...); err != nil {
		t.Fatal(err)
	}
	env.WantSent("POST calendars")
}

// An invalid calendar is refused before the check: nothing at all is sent.
func TestCreateChecksTheInputBeforeTheName(t *testing.T) {
	env := newTestEnv(t, "id")
	wantUsage(t, env.run("create", "--name", "Harptos", "--month", "A:1", "--weekday", "X", "--weekday", "Y"), "")
	if env.Calls() != 0 {
		t.Errorf("%d requests sent", env.Calls())
	}
}
