package output

import (
	"bytes"
	"iter"
	"strings"
	"testing"
	"time"
)

// blockingList yields first, then waits for release before yielding second:
// a second page that has not arrived yet.
func blockingList(first, second Record, release <-chan struct{}) iter.Seq2[Record, error] {
	return func(yield func(Record, error) bool) {
		if !yield(first, nil) {
			return
		}
		<-release
		yield(second, nil)
	}
}

// waitFor polls out until it holds want, or fails after a few seconds.
func waitFor(t *testing.T, out *syncBuffer, want string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for out.String() != want {
		if time.Now().After(deadline) {
			t.Fatalf("while the list is blocked, output is %q; want %q", out.String(), want)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestStreamingFormats(t *testing.T) {
	tests := []struct {
		name        string
		opts        Options
		first, full string
	}{
		{"ndjson", Options{Format: NDJSON}, harptosCompact + "\n", harptosCompact + "\n" + galifarCompact + "\n"},
		{"id", Options{Format: ID}, "1\n", "1\n22\n"},
		{"json", Options{Format: JSON}, "[\n" + indentBy2(harptosIndented), "[\n" + indentBy2(harptosIndented) + ",\n" + indentBy2(galifarIndented) + "\n]\n"},
		{"ndjson jq", Options{Format: NDJSON, JQ: ".name"}, "Harptos\n", "Harptos\nGalifar Calendar of the Five Nations\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := &syncBuffer{}
			p, err := New(out, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			release := make(chan struct{})
			done := make(chan error)
			go func() { done <- p.PrintList(blockingList(harptos, galifar, release), fakeKind) }()
			waitFor(t, out, tt.first)
			close(release)
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			if out.String() != tt.full {
				t.Errorf("got %q; want %q", out.String(), tt.full)
			}
		})
	}
}

// The collecting formats print nothing until the walk is over: when the
// printer has taken the first item (its yield returned) nothing is written
// yet, and in the end the output is the same as for a list that never
// blocked.
func TestCollectingFormatsWait(t *testing.T) {
	for _, format := range []Format{YAML, Table} {
		t.Run(string(format), func(t *testing.T) {
			var whole bytes.Buffer
			pw, err := New(&whole, Options{Format: format})
			if err != nil {
				t.Fatal(err)
			}
			if err := pw.PrintList(blockingList(harptos, galifar, closedChan()), fakeKind); err != nil {
				t.Fatal(err)
			}

			out := &syncBuffer{}
			p, err := New(out, Options{Format: format})
			if err != nil {
				t.Fatal(err)
			}
			taken, release := make(chan struct{}), make(chan struct{})
			list := func(yield func(Record, error) bool) {
				if !yield(harptos, nil) {
					return
				}
				close(taken)
				<-release
				yield(galifar, nil)
			}
			done := make(chan error)
			go func() { done <- p.PrintList(list, fakeKind) }()
			<-taken
			if got := out.String(); got != "" {
				t.Errorf("printed %q before the list ended", got)
			}
			close(release)
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			if out.String() != whole.String() || !strings.Contains(whole.String(), "Galifar") {
				t.Errorf("output %q, want %q", out.String(), whole.String())
			}
		})
	}
}

func closedChan() chan struct{} {
	c := make(chan struct{})
	close(c)
	return c
}
