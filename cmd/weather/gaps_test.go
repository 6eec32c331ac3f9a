package weather

import (
	"errors"
	"slices"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// A batch that fails says exactly what was created, prints only that on
// stdout, and sends nothing after the failed entry. The exit codes these
// errors lead to are asserted end to end, in cmd/kanka.

const (
	// rejected is the live service's 422 for an entry.
	rejected = `{"code":422,"error":"The weather may not be greater than 20 characters.","fields":{"weather":["The weather may not be greater than 20 characters."]}}`
	// crashed is a 500: the entry may have been created.
	crashed = `{"message":"Server Error"}`
)

// hammerRequests are the requests of a batch of the hammer file that stops
// at entry n (counted from 1).
func hammerRequests(n int) []string {
	requests := []string{"GET " + calendarRoute, "GET " + weathersRoute}
	for range n {
		requests = append(requests, "POST "+weathersRoute)
	}
	return requests
}

func TestGapsCreateListFirstEntryFails(t *testing.T) {
	tests := []struct {
		name   string
		status int
		answer string
		// isKind reports whether the error is of the kind that sets the
		// exit code (5 for a 422, 1 for a write that may have landed).
		isKind func(error) bool
		stderr string
	}{
		{"rejected", 422, rejected, client.IsValidation,
			"created 0 of 5; entry 1 (1492-1-1) failed:\n"},
		{"server error", 500, crashed, func(err error) bool {
			var unknown *client.NotAppliedUnknownError
			return errors.As(err, &unknown) && !client.IsValidation(err)
		}, "created 0 of 5; entry 1 (1492-1-1) may have been created:\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// JSON prints an empty list as "[]": stdout must not have it.
			env := newTestEnv(t, "json")
			env.expect("GET "+calendarRoute, "", 200, one(harptosJSON))
			env.expect("GET "+weathersRoute, "", 200, page(1, 1)) // the check that no day has weather
			env.expect("POST "+weathersRoute, hammerPosts[0], tt.status, tt.answer)
			err := env.run("create", "--calendar", "5", "-f", hammerFile)
			if err == nil || !tt.isKind(err) {
				t.Fatalf("error %v is not of the expected kind", err)
			}
			if got := env.Sent(); !slices.Equal(got, hammerRequests(1)) {
				t.Errorf("requests %q, want nothing after the first entry", got)
			}
			if got := env.ErrOut.String(); got != tt.stderr {
				t.Errorf("stderr %q, want %q", got, tt.stderr)
			}
			if got := env.Out.String(); got != "" {
				t.Errorf("stdout %q: nothing was created", got)
			}
		})
	}
}

// Entry 3 meeting a 500 may have landed: said so, with the ids of the two
// created before it (the 422 case is TestCreateListStopsAtTheFirstFailure...).
func TestGapsCreateListThirdEntryMayHaveLanded(t *testing.T) {
	env := newTestEnv(t, "id")
	expectHammer(env, 2)
	env.expect("POST "+weathersRoute, hammerPosts[2], 500, crashed)
	err := env.run("create", "--calendar", "5", "-f", hammerFile)
	var unknown *client.NotAppliedUnknownError
	if !errors.As(err, &unknown) {
		t.Fatalf("error %v does not say the write may have landed", err)
	}
	if got := env.Sent(); !slices.Equal(got, hammerRequests(3)) {
		t.Errorf("requests %q, want nothing after entry 3", got)
	}
	if got, want := env.ErrOut.String(), "created 2 of 5 (ids 101, 102); entry 3 (1492-1-3) may have been created:\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
	if got, want := env.Out.String(), "101\n102\n"; got != want {
		t.Errorf("stdout %q, want %q", got, want)
	}
}

// Two deleted before the failure are both named, and the failure keeps its
// kind (a 403 exits 3).
func TestGapsDeleteFailureInTheMiddleNamesEveryDeleted(t *testing.T) {
	env := newTestEnv(t, "table")
	env.expect("DELETE "+weathersRoute+"/41", "", 204, "")
	env.expect("DELETE "+weathersRoute+"/42", "", 204, "")
	env.expect("DELETE "+weathersRoute+"/43", "", 403, `{"code":403,"error":"This action is unauthorized."}`)
	err := env.run("delete", "--calendar", "5", "41", "42", "43", "44", "--yes")
	if !client.IsAuth(err) {
		t.Fatalf("error %v is not the server's refusal", err)
	}
	wantSent := []string{"DELETE " + weathersRoute + "/41", "DELETE " + weathersRoute + "/42", "DELETE " + weathersRoute + "/43"}
	if got := env.Sent(); !slices.Equal(got, wantSent) {
		t.Errorf("requests %q, want %q: nothing after the failure", got, wantSent)
	}
	want := "deleted weather 41\ndeleted weather 42\ndeleted 2 of 4 (ids 41, 42); deleting weather 43 failed:\n"
	if got := env.ErrOut.String(); got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
	if got := env.Out.String(); got != "" {
		t.Errorf("stdout %q", got)
	}
}

// Under --quiet the per-id lines go, but the summary of a failure stays:
// it is what the user needs to know what is left.
func TestGapsDeleteFailureQuietStillSaysWhatWasDeleted(t *testing.T) {
	env := newTestEnv(t, "table")
	env.F.Globals.Quiet = true
	env.expect("DELETE "+weathersRoute+"/41", "", 204, "")
	// A failure other than "not found" (which is skipped) stops the batch.
	env.expect("DELETE "+weathersRoute+"/42", "", 403, `{"code":403,"error":"This action is unauthorized."}`)
	err := env.run("delete", "--calendar", "5", "41", "42", "43", "--yes")
	if !client.IsAuth(err) {
		t.Fatalf("error %v is not the server's refusal", err)
	}
	if got, want := env.ErrOut.String(), "deleted 1 of 3 (id 41); deleting weather 42 failed:\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
}

// The first of several failing: nothing was deleted, and that is said.
func TestGapsDeleteFirstOfSeveralFails(t *testing.T) {
	env := newTestEnv(t, "table")
	env.expect("DELETE "+weathersRoute+"/41", "", 403, `{"code":403,"error":"This action is unauthorized."}`)
	err := env.run("delete", "--calendar", "5", "41", "42", "--yes")
	if !client.IsAuth(err) {
		t.Fatalf("error %v is not the server's refusal", err)
	}
	if got, want := env.ErrOut.String(), "deleted 0 of 2; deleting weather 41 failed:\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
}
