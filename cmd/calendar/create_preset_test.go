package calendar

import (
	"os"
	"path/filepath"
	"testing"
)

// greyhawkPresetBody is what `create --preset greyhawk` sends with the name
// Oerth, the date Richfest 4 and --private over the preset.
const greyhawkPresetBody = `{"name":"Oerth","type":"Greyhawk",
 "entry":"<p>The Common Year of the Flanaess: twelve months of 28 days and four\nfestival weeks, one before every three months.</p>\n",
 "current_year":591,"current_month":9,"current_day":4,
 "month_name":["Needfest","Fireseek","Readying","Coldeven","Growfest","Planting","Flocktime","Wealsun","Richfest","Reaping","Goodmonth","Harvester","Brewfest","Patchwall","Ready'reat","Sunsebb"],
 "month_length":[7,28,28,28,7,28,28,28,7,28,28,28,7,28,28,28],
 "month_type":["standard","standard","standard","standard","standard","standard","standard","standard","standard","standard","standard","standard","standard","standard","standard","standard"],
 "month_alias":["","","","","","","","","","","","","","","",""],
 "weekday":["Starday","Sunday","Moonday","Godsday","Waterday","Earthday","Freeday"],
 "season_name":["Spring","Low Summer","High Summer","Autumn","Winter"],"season_month":[3,6,10,14,16],"season_day":[1,1,1,1,1],
 "moon_name":["Luna","Celene"],"moon_fullmoon":[28,91],"moon_offset":[17,3],"moon_colour":["white","blue"],"moon_id":[null,null],
 "suffix":"CY","is_private":true}`

// eberronPresetBody is what `create --preset eberron` sends: the preset
// whole, and nothing else.
const eberronPresetBody = `{"name":"Galifar Calendar","type":"Eberron",
 "entry":"<p>The calendar of the Kingdom of Galifar: twelve months of four weeks,\neach named for one of the twelve moons.</p>\n",
 "current_year":998,"current_month":1,"current_day":1,
 "month_name":["Zarantyr","Olarune","Therendor","Eyre","Dravago","Nymm","Lharvion","Barrakas","Rhaan","Sypheros","Aryth","Vult"],
 "month_length":[28,28,28,28,28,28,28,28,28,28,28,28],
 "month_type":["standard","standard","standard","standard","standard","standard","standard","standard","standard","standard","standard","standard"],
 "month_alias":["","","","","","","","","","","",""],
 "weekday":["Sul","Mol","Zol","Wir","Zor","Far","Sar"],
 "season_name":["Spring","Summer","Autumn","Winter"],"season_month":[3,6,9,12],"season_day":[1,1,1,1],
 "moon_name":["Zarantyr","Olarune","Therendor","Eyre","Dravago","Nymm","Lharvion","Barrakas","Rhaan","Sypheros","Aryth","Vult"],
 "moon_fullmoon":[28,35,42,49,56,63,70,77,84,91,98,105],"moon_offset":[0,0,0,0,0,0,0,0,0,0,0,0],
 "moon_colour":["white","orange","grey","red","purple","yellow","white","grey","blue","grey","orange","grey"],
 "moon_id":[null,null,null,null,null,null,null,null,null,null,null,null],
 "suffix":"YK"}`

// The preset is the record; the field flags go over it (a date by its
// month's name, read with the preset's months).
func TestCreateFromPresetWithFlagsOverIt(t *testing.T) {
	env := newTestEnv(t, "id", noneNamed("Oerth"),
		exchange{"POST", "calendars", greyhawkPresetBody, 201, data(withDate(small(30, "Oerth"), "591-9-4"))})
	if err := env.run("create", "--preset", "greyhawk", "--name", "Oerth", "--date", "591-Richfest-4", "--private"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET "+namedQuery("Oerth"), "POST calendars")
	if env.Out.String() != "30\n" {
		t.Errorf("stdout %q", env.Out.String())
	}
}

// The preset alone is something to create: its own name, its usual date.
func TestCreateFromPresetAlone(t *testing.T) {
	env := newTestEnv(t, "id", noneNamed("Galifar Calendar"),
		exchange{"POST", "calendars", eberronPresetBody, 201, data(withDate(small(31, "Galifar Calendar"), "998-1-1"))})
	if err := env.run("create", "--preset", "Eberron"); err != nil {
		t.Fatal(err)
	}
	env.WantSent("GET "+namedQuery("Galifar Calendar"), "POST calendars")
}

// The duplicate check applies to the preset's name as to any.
func TestCreateFromPresetRefusesItsNameTwice(t *testing.T) {
	env := newTestEnv(t, "id", exchange{"GET", namedQuery("Calendar of Harptos"), "", 200, page(1, 1, 45, small(1, "Calendar of Harptos"))})
	err := env.run("create", "--preset", "harptos")
	if err == nil || err.Error() != `a calendar named "Calendar of Harptos" already exists (id 1): update it, or pass --allow-duplicate` {
		t.Errorf("err = %v", err)
	}
	env.WantSent("GET " + namedQuery("Calendar of Harptos"))
}

func TestCreateFromAnUnknownPresetSendsNothing(t *testing.T) {
	env := newTestEnv(t, "id")
	wantUsage(t, env.run("create", "--preset", "greyhwak", "--name", "X"),
		`unknown preset "greyhwak"; did you mean "greyhawk"? (one of eberron, exandria, golarion, gregorian, greyhawk, harptos)`)
	wantUsage(t, env.run("create", "--preset", ""), `unknown preset "": use one of eberron, exandria, golarion, gregorian, greyhawk, harptos`)
	env.WantSent()
}

// A preset is a file already: --preset and -f do not go together, and
// nothing is read or sent.
func TestCreatePresetAndFileDoNotGoTogether(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cal.yaml")
	if err := os.WriteFile(path, []byte("name: X\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := newTestEnv(t, "id")
	wantUsage(t, env.run("create", "--preset", "harptos", "-f", path),
		"--preset and -f cannot be used together: a preset is a file already (calendar presets harptos -o yaml writes it, to edit)")
	env.WantSent()
}

// What the flags put over the preset is checked with it, before any
// request.
func TestCreateFromPresetChecksTheFlagsOverIt(t *testing.T) {
	env := newTestEnv(t, "id")
	wantUsage(t, env.run("create", "--preset", "eberron", "--date", "998-13-1"), "")
	wantUsage(t, env.run("create", "--preset", "eberron", "--date", "998-Nope-1"), "")
	env.WantSent()
	// Without --preset, a create given nothing is still refused.
	wantUsage(t, env.run("create"), "nothing to create: give -f FILE or field flags such as --name and --month")
}
