package generate

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// The command's tests run `kanka weather generate` and `kanka weather
// climates` as a user does, on the shared harness (cmdtest): a fake API
// that answers only the requests a test expects, each request's method,
// path and body compared with one written out here, and the output
// compared whole. The climate of the exact tests is testdata/mild.yaml, a
// file of the tests' own, so that their entries do not move when the
// built-in climates are refined.

const mildFile = "testdata/mild.yaml"

// runGenerate runs `kanka weather generate args...` on env.
func runGenerate(env *cmdtest.Env, args ...string) error {
	return env.Run(NewCmdGenerate(env.F, nil), args...)
}

// The list answers and the check before the first write (cmdtest's).
const (
	listSync  = cmdtest.ListSync
	lastSync  = cmdtest.LastSync
	lastSyncQ = cmdtest.LastSyncQuery
)

var (
	listOf  = cmdtest.List
	one     = cmdtest.One
	okWith  = cmdtest.OK
	created = cmdtest.Created
)

// ok is an expected request with no body, answered 200 with answer.
func ok(request, answer string) cmdtest.Exchange { return cmdtest.OK(request, "", answer) }

// months are the twelve months of calendar 5, thirty days each.
var months = []string{"Frost", "Thaw", "Seed", "Rain", "Bloom", "Sun", "Heat", "Harvest", "Leaf", "Mist", "Wind", "Snow"}

// westmarch is calendar 5 as the server sends it: twelve months of thirty
// days, no leap years, seasons where ours fall (seasons, when given, is
// their JSON list).
func westmarch(seasons string) string {
	ms := make([]string, len(months))
	for i, m := range months {
		ms[i] = fmt.Sprintf(`{"name":%q,"length":30,"type":"standard"}`, m)
	}
	return fmt.Sprintf(`{"id":5,"name":"Westmarch","date":"1000-1-1","is_private":false,"tags":[],"months":[%s],`+
		`"weekdays":["One","Two","Three","Four","Five","Six","Seven"],"years":[],"seasons":%s,"moons":[],`+
		`"has_leap_year":false,"updated_at":"2026-01-02T03:04:05.000000Z"}`, strings.Join(ms, ","), seasons)
}

// fourSeasons are westmarch's seasons: spring on 20 Seed, summer on 21
// Sun, autumn on 22 Leaf, winter on 21 Snow.
const fourSeasons = `[{"name":"Spring","month":3,"day":20},{"name":"Summer","month":6,"day":21},` +
	`{"name":"Autumn","month":9,"day":22},{"name":"Winter","month":12,"day":21}]`

// entry is a weather entry of calendar 5 as the server sends it.
func entry(id, year, month, day int, weather, temperature, precipitation, wind, effect string) string {
	eff := "null"
	if effect != "" {
		eff = fmt.Sprintf("%q", effect)
	}
	return fmt.Sprintf(`{"id":%d,"calendar_id":5,"name":null,"weather":%q,"temperature":%q,"precipitation":%q,"wind":%q,"effect":%s,`+
		`"day":%d,"month":%d,"year":%d,"visibility_id":1}`, id, weather, temperature, precipitation, wind, eff, day, month, year)
}

// wantOutput fails unless the command printed exactly out on stdout and
// errOut on stderr.
func wantOutput(t *testing.T, env *cmdtest.Env, out, errOut string) {
	t.Helper()
	if env.Out.String() != out {
		t.Errorf("stdout:\n%s\nwant:\n%s", env.Out, out)
	}
	if env.ErrOut.String() != errOut {
		t.Errorf("stderr:\n%q\nwant:\n%q", env.ErrOut, errOut)
	}
}

// writeTemp writes text to name in a new temporary directory, and returns
// its path.
func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func asChanged(err error, target *cmdutil.ChangedErrors) bool { return errors.As(err, target) }
