package cmdutil

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kanka-cli/kanka/client"
)

// BatchError is a batch (a create of several entries, a delete of several
// records) that stopped part way. Its summary, what was done and what
// failed, is said on stderr by Report when it happens; the error itself
// keeps the words and the kind of its cause, so that the exit code and the
// lines Main prints (a 422's field list) are those of the failure.
type BatchError struct {
	// Verb is the past tense of the batch: "created", "deleted".
	Verb string
	// Done are the labels of what was done, in order ("41", "12 (Harptos)").
	Done []string
	// Total is the size of the batch.
	Total int
	// Failed names the one that failed: "deleting calendar 14", "entry 3 (1492-1-3)".
	Failed string
	Err    error
}

func (e *BatchError) Error() string { return e.Err.Error() }
func (e *BatchError) Unwrap() error { return e.Err }

// Summary is "deleted 2 of 4 (ids 41, 42); deleting weather 43 failed:", or
// "... may have been created:" when the failure left it unknown whether
// the write landed.
func (e *BatchError) Summary() string {
	done := fmt.Sprintf("%s %d of %d", e.Verb, len(e.Done), e.Total)
	if len(e.Done) > 0 {
		ids := "ids"
		if len(e.Done) == 1 {
			ids = "id"
		}
		done += " (" + ids + " " + strings.Join(e.Done, ", ") + ")"
	}
	outcome := "failed"
	var unknown *client.NotAppliedUnknownError
	if errors.As(e.Err, &unknown) {
		outcome = "may have been " + e.Verb
	}
	return fmt.Sprintf("%s; %s %s:", done, e.Failed, outcome)
}

// Report says the summary on stderr (the line before Main's "error: ...")
// and returns e, for `return batchErr.Report(f)`.
func (e *BatchError) Report(f *Factory) error {
	fmt.Fprintln(f.IO.ErrOut, e.Summary())
	return e
}
