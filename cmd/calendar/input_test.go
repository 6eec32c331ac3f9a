package calendar

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// Input that is not what it seems: a fraction where a whole number is
// wanted, text that is not UTF-8, an entry too large. Each is refused with
// exit 2 before any request (newTestEnv fails on any request not listed).

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

const twoMonths = "name: X\nmonths:\n  - {name: A, length: 30}\n  - {name: B, length: 30}\nweekdays: [a, b]\n"

func TestFileFractionsAreRefused(t *testing.T) {
	tests := []struct{ name, file, want string }{
		{"month length", "name: X\nmonths:\n  - name: A\n    length: 30.9\n  - {name: B, length: 30}\nweekdays: [a, b]\n",
			"cal.yaml: line 4: months[1].length: must be a whole number, not 30.9"},
		{"tags, leap year start, season day, start offset", twoMonths + "tags: [3.99]\nleap_year_start: 4.7\nseasons:\n  - {name: S, month: 1, day: 2.5}\nstart_offset: 1.0\n",
			"cal.yaml: line 6: tags[1]: must be a whole number, not 3.99\n" +
				"cal.yaml: line 7: leap_year_start: must be a whole number, not 4.7\n" +
				"cal.yaml: line 9: seasons[1].day: must be a whole number, not 2.5\n" +
				"cal.yaml: line 10: start_offset: must be a whole number, not 1.0"},
		{"the server's JSON", "{\n  \"name\": \"X\",\n  \"months\": [{\"name\": \"A\", \"length\": \"30\"}, {\"name\": \"B\", \"length\": 30.5}],\n  \"leap_year_amount\": -1.5\n}\n",
			"cal.yaml: line 3: months[2].length: must be a whole number, not 30.5\n" +
				"cal.yaml: line 4: leap_year_amount: must be a whole number, not -1.5"},
		{"a moon offset", twoMonths + "moons:\n  - {name: M, fullmoon: 29.5, offset: 1.5}\n",
			"cal.yaml: line 7: moons[1].offset: must be a whole number, not 1.5"},
	}
	for _, tt := range tests {
		for _, command := range [][]string{{"create"}, {"update", "12"}} {
			t.Run(tt.name+"/"+command[0], func(t *testing.T) {
				env := newTestEnv(t, "id")
				path := writeFile(t, "cal.yaml", tt.file)
				err := env.run(append(command, "-f", path)...)
				wantUsage(t, err, strings.ReplaceAll(tt.want, "cal.yaml: ", path+": "))
			})
		}
	}
}

func TestFileFractionsOnStandardInput(t *testing.T) {
	env := newTestEnv(t, "id")
	env.In.WriteString(`{"name": "X", "tags": [3.99]}`)
	wantUsage(t, env.run("update", "12", "-f", "-"), "standard input: line 1: tags[1]: must be a whole number, not 3.99")
}

func TestTextThatIsNotUTF8IsRefused(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		stdin string
		want  string
	}{
		{"--name", []string{"create", "--name", "Harp\xfftos", "--month", "A:1", "--month", "B:1", "--weekday", "a", "--weekday", "b"}, "",
			"--name: is not valid UTF-8 text"},
		{"--month on update", []string{"update", "12", "--month", "A:1", "--month", "B\xc3:1"}, "", "--month: is not valid UTF-8 text"},
		{"--entry", []string{"update", "12", "--entry", "<p>\xff</p>"}, "", "--entry: is not valid UTF-8 text"},
		{"--suffix", []string{"update", "12", "--suffix", "\xe2\x82"}, "", "--suffix: is not valid UTF-8 text"},
		{"--entry-file", []string{"update", "12", "--entry-file", "-"}, "<p>one</p>\n<p>tw\xf0</p>\n",
			"--entry-file: standard input: line 2: is not valid UTF-8 text; save the file as UTF-8"},
		{"a weekday in a file", []string{"update", "12", "-f", "-"}, "weekdays:\n  - First\n  - Sec\xffond\n",
			"standard input: line 3: weekdays[2]: is not valid UTF-8 text (byte 0xff); save the file as UTF-8"},
		{"a moon in a file", []string{"create", "-f", "-"}, twoMonths + "moons:\n  - name: Sel\xfbne\n    fullmoon: 30\n",
			"standard input: line 7: moons[1].name: is not valid UTF-8 text (byte 0xfb); save the file as UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := newTestEnv(t, "id")
			env.In.WriteString(tt.stdin)
			wantUsage(t, env.run(tt.args...), tt.want)
		})
	}
}

func TestEntryAboveTheLimitIsRefused(t *testing.T) {
	big := strings.Repeat("x", client.MaxEntryBytes+1)
	want := "has 1048577 bytes; at most 1048576 (1 MiB) are allowed"

	env := newTestEnv(t, "id")
	wantUsage(t, env.run("update", "12", "--entry", big), "--entry: "+want)

	env = newTestEnv(t, "id")
	path := writeFile(t, "entry.html", big)
	wantUsage(t, env.run("update", "12", "--entry-file", path), "--entry-file: "+path+": "+want)

	env = newTestEnv(t, "id")
	env.In.WriteString("entry: " + big + "\n")
	wantUsage(t, env.run("update", "12", "-f", "-"), "standard input: entry: "+want)

	// 1 MiB itself is sent.
	fits := strings.Repeat("x", client.MaxEntryBytes)
	record := small(12, "Harptos")
	env = newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(record)},
		exchange{"PUT", "calendars/12", sentBack(t, record, map[string]any{"entry": fits}), 200, data(record)})
	if err := env.run("update", "12", "--entry", fits); err != nil {
		t.Fatal(err)
	}
}

// fullmoon is required: written as null or as an empty text, it is 0, and
// the moon is refused before anything is sent.
func TestFileMoonWithoutFullmoon(t *testing.T) {
	for _, value := range []string{"~", `""`, "null", ""} {
		t.Run(value, func(t *testing.T) {
			env := newTestEnv(t, "id")
			env.In.WriteString(twoMonths + "moons:\n  - name: Selûne\n    fullmoon: " + value + "\n")
			wantUsage(t, env.run("create", "-f", "-"), "the calendar is not valid, nothing was sent:\n  standard input: line 8: moons[1].fullmoon: must be a number of days above 0")
		})
	}
}

// A list key with no value (`years:`, `years: null`) is an empty list: on
// update it removes them all, as deleting every line under it means. (yaml
// leaves a null as nil, which would have kept the current ones.)
func TestFileNullListsAreEmpty(t *testing.T) {
	for _, value := range []string{"null", "~", ""} {
		t.Run("years "+value, func(t *testing.T) {
			record := readTestdata(t, "record.json")
			env := newTestEnv(t, "id",
				exchange{"GET", "calendars/12", "", 200, data(record)},
				exchange{"PUT", "calendars/12", putBody(t, map[string]any{"year_number": []int{}, "year_name": []string{}}), 200, data(record)},
			)
			env.In.WriteString("years: " + value + "\n")
			if err := env.run("update", "12", "-f", "-"); err != nil {
				t.Fatal(err)
			}
		})
	}
	t.Run("seasons and tags", func(t *testing.T) {
		record := readTestdata(t, "record.json")
		env := newTestEnv(t, "id",
			exchange{"GET", "calendars/12", "", 200, data(record)},
			exchange{"PUT", "calendars/12", putBody(t, map[string]any{"season_name": []string{}, "season_month": []int{}, "season_day": []int{}, "tags": []int{}}), 200, data(record)},
		)
		env.In.WriteString("seasons:\ntags: ~\n")
		if err := env.run("update", "12", "-f", "-"); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("create sends no years", func(t *testing.T) {
		env := newTestEnv(t, "id", noneNamed("X"), exchange{"POST", "calendars",
			`{"name":"X","month_name":["A","B"],"month_length":[30,30],"month_type":["standard","standard"],"month_alias":["",""],
			  "weekday":["a","b"],"year_number":[],"year_name":[]}`, 201, data(small(3, "X"))})
		env.In.WriteString(twoMonths + "years: null\n")
		if err := env.run("create", "-f", "-"); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("null months are refused", func(t *testing.T) {
		env := newTestEnv(t, "id")
		env.In.WriteString("months: ~\n")
		wantUsage(t, env.run("update", "12", "-f", "-"), "the calendar is not valid, nothing was sent:\n  standard input: line 1: months: at least 2 are required, 0 given")
	})
}

// A file whose problems are all in its values (the keys read, the checks of
// the calendar refuse it) says every one in one run, each at its line, on
// create and on update (where the record read is checked with the file
// over it), and sends nothing.
func TestFileValueProblemsAtTheirLines(t *testing.T) {
	file := twoMonths + "seasons:\n  - {name: Spring, month: 3, day: 1}\nmoons:\n  - {name: Luna, fullmoon: 0}\n"
	want := "the calendar is not valid, nothing was sent:\n" +
		"  standard input: line 7: seasons[1]: month 3 does not exist: the calendar has 2 months\n" +
		"  standard input: line 9: moons[1].fullmoon: must be a number of days above 0"
	env := newTestEnv(t, "id")
	env.In.WriteString(file)
	wantUsage(t, env.run("create", "-f", "-", "--allow-duplicate"), want)
	env = newTestEnv(t, "id", exchange{"GET", "calendars/12", "", 200, data(small(12, "X"))})
	env.In.WriteString(file)
	wantUsage(t, env.run("update", "12", "-f", "-"), want)
}
