package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A file of a few kilobytes whose aliases and merge keys name billions of
// values, or a mapping that merges itself, through the built binary: every
// command that reads -f exits 2 at once, naming the file and the line,
// and sends nothing (issue 17).

// bombBound is how long a refusal may take, the start of the process
// included; before the bounds, these runs hung or crashed.
func bombBound() time.Duration {
	if raceEnabled {
		return 10 * time.Second
	}
	return 2 * time.Second
}

// laughsSource ends with a merge of 10^9 mappings: ten anchors under an
// ignored key, each merging the one before ten times.
func laughsSource() string {
	var b strings.Builder
	b.WriteString("name: Bomb\nattributes:\n  l0: &l0 {weekdays: [a, b]}\n")
	for i := 1; i < 10; i++ {
		prev := strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*l%d, ", i-1), 10), ", ")
		fmt.Fprintf(&b, "  l%d: &l%d {<<: [%s]}\n", i, i, prev)
	}
	b.WriteString("<<: *l9\n")
	return b.String()
}

func TestE2EYAMLBombsAreRefusedAtOnce(t *testing.T) {
	srv := startRefusing(t)
	k := newHostileKanka(t, srv)
	files := []struct {
		name, content, want string
	}{
		{"bomb.yaml", laughsSource(),
			"bomb.yaml: line 13: *l9 expands past 300000 values through aliases and merge keys: more than any file kanka reads"},
		{"loop.yaml", "&a {name: A, <<: {<<: *a}}\n",
			"loop.yaml: line 1: *a is inside the mapping or list it names: a loop with no end"},
	}
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(k.home, f.name), []byte(f.content), 0o600); err != nil {
			t.Fatal(err)
		}
		for _, run := range []struct {
			verb string
			args []string
		}{
			{"calendar create", []string{"calendar", "create", "-f", f.name}},
			{"apply", []string{"apply", "-f", f.name, "--dry-run"}},
			{"weather create", []string{"weather", "create", "--calendar", "5", "-f", f.name}},
		} {
			t.Run(strings.Join(run.args, " "), func(t *testing.T) {
				mark := srv.mark()
				r := k.runWithin(t, bombBound(), "", run.args...)
				want := "error: " + f.want + "\n"
				if r.code != 2 || r.stdout != "" || r.stderr != want {
					t.Errorf("want exit 2 and stderr\n%s\ngot %s", want, r)
				}
				wantNoRequests(t, srv, mark)
			})
		}
	}
}
