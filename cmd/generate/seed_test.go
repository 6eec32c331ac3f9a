package generate

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
	"github.com/kanka-cli/kanka/internal/weathergen"
)

// dryRunJSON runs a dry run of the three days with extra flags and -o
// json, and returns its record.
func dryRunJSON(t *testing.T, extra ...string) string {
	t.Helper()
	env := cmdtest.New(t, "json", reads()...)
	args := append([]string{"--calendar", "5", "--from", "1000-1-1", "--days", "3", "--climate-file", mildFile, "--dry-run"}, extra...)
	if err := runGenerate(env, args...); err != nil {
		t.Fatal(err)
	}
	return env.Out.String()
}

// The seed -o json prints, read as jq reads a number (a double) and given
// back with --seed, makes the same entries: the seed made from the names
// is below 2^53, where a double holds every whole number.
func TestGenerateTheSeedOfJSONGivenBackMakesTheSameEntries(t *testing.T) {
	record := dryRunJSON(t)
	var asJQ struct {
		Seed    float64         `json:"seed"`
		Entries json.RawMessage `json:"entries"`
	}
	if err := json.Unmarshal([]byte(record), &asJQ); err != nil {
		t.Fatal(err)
	}
	seed := strconv.FormatFloat(asJQ.Seed, 'f', -1, 64)
	if want := strconv.FormatUint(weathergen.SeedFrom("Westmarch", "mild"), 10); seed != want {
		t.Fatalf("the seed read back is %s; the seed made from the names is %s", seed, want)
	}
	var again struct {
		Seed    json.Number     `json:"seed"`
		Entries json.RawMessage `json:"entries"`
	}
	if err := json.Unmarshal([]byte(dryRunJSON(t, "--seed", seed)), &again); err != nil {
		t.Fatal(err)
	}
	if again.Seed.String() != seed || string(again.Entries) != string(asJQ.Entries) {
		t.Errorf("with --seed %s: seed %s, entries\n%s\nwant the entries made without --seed:\n%s", seed, again.Seed, again.Entries, asJQ.Entries)
	}
	// --seed is read: another seed makes other weather.
	var other struct {
		Entries json.RawMessage `json:"entries"`
	}
	if err := json.Unmarshal([]byte(dryRunJSON(t, "--seed", "1")), &other); err != nil {
		t.Fatal(err)
	}
	if string(other.Entries) == string(asJQ.Entries) {
		t.Error("--seed 1 made the entries of the seed made from the names: --seed was not read")
	}
}

// --seed takes every whole number a JSON reader keeps exactly, 0 to
// 2^53 - 1, and refuses anything else in its own words (exit 2, nothing
// sent), not in strconv's.
func TestGenerateSeedIsAWholeNumberJSONKeeps(t *testing.T) {
	for _, seed := range []string{"0", "9007199254740991"} {
		var got struct {
			Seed json.Number `json:"seed"`
		}
		if err := json.Unmarshal([]byte(dryRunJSON(t, "--seed", seed)), &got); err != nil || got.Seed.String() != seed {
			t.Errorf("--seed %s: the record's seed is %s (%v)", seed, got.Seed, err)
		}
	}
	for _, seed := range []string{"-1", "9007199254740992", "18446744073709551615", "abc", "", "1e3", "7.5"} {
		t.Run(seed, func(t *testing.T) {
			env := cmdtest.New(t, "")
			err := runGenerate(env, append(threeDays[:len(threeDays)-2:len(threeDays)-2], "--seed", seed)...)
			want := `--seed "` + seed + `": not a whole number from 0 to 9007199254740991 (what JSON readers such as jq keep exactly)`
			if !cmdtest.IsUsage(err) || err.Error() != want {
				t.Errorf("error %v; want a usage error:\n%s", err, want)
			}
			env.WantSent()
		})
	}
}
