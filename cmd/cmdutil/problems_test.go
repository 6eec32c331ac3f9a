package cmdutil

import (
	"errors"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

// Every check's problems print one way: under the subject one a line,
// each at its place; a file's problems each name the file.
func TestProblemsPrintOneWay(t *testing.T) {
	ps := &Problems{Subject: "the input is not valid"}
	if ps.Err() != nil {
		t.Fatal("no problem is an error")
	}
	ps.Add(Place("seed.yaml: line 4", "", `calendar "Harptos"`), "a calendar needs %s", "months")
	ps.AddInput("entry 2", &client.InputError{Problems: []client.Problem{{Field: "weather", Message: "is required"}}})
	ps.AddInput("entry 3", nil)
	ps.AddInput("", errors.New("the server said no"))
	err := ps.Err()
	var usage *UsageError
	if !errors.As(err, &usage) {
		t.Fatalf("%v is not a usage error", err)
	}
	want := "the input is not valid, nothing was sent:\n" +
		"  seed.yaml: line 4: calendar \"Harptos\": a calendar needs months\n" +
		"  entry 2: weather: is required\n" +
		"  the server said no"
	if err.Error() != want {
		t.Errorf("got\n%s\nwant\n%s", err, want)
	}

	file := &Problems{}
	file.AddFile("cal.yaml", &client.FileError{Problems: []client.FileProblem{{Line: 4, Path: "months[1].length", Message: "must be a whole number"}}})
	file.AddFile("cal.yaml", errors.New("first\nsecond"))
	if want := "cal.yaml: line 4: months[1].length: must be a whole number\ncal.yaml: first\ncal.yaml: second"; file.Error() != want {
		t.Errorf("got\n%s\nwant\n%s", file.Error(), want)
	}
	// A file's problems are of what it holds, not of the command line:
	// the root adds no "Run --help" line.
	var fileUsage *UsageError
	if err := file.Err(); !errors.As(err, &fileUsage) || fileUsage.UsageHint() {
		t.Errorf("problems: %#v, want a usage error without the hint", err)
	}
}

// A check with no file to place its problems in (a nil place) says them
// under where, as AddInput does: it used to dereference nil, which the
// root printed as an internal error.
func TestProblemsAtANilPlace(t *testing.T) {
	ps := &Problems{Subject: "the reminder is not valid"}
	ps.AddInputAt("", &client.InputError{Problems: []client.Problem{{Field: "comment", Message: "has 192 characters; at most 191 are allowed"}}}, nil)
	ps.AddInputAt("entry 2", &client.InputError{Problems: []client.Problem{{Field: "date", Message: "is required"}}}, nil)
	want := "the reminder is not valid, nothing was sent:\n" +
		"  comment: has 192 characters; at most 191 are allowed\n" +
		"  entry 2: date: is required"
	if err := ps.Err(); err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}
