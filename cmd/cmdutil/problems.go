package cmdutil

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kanka-cli/kanka/client"
)

// Problem is one thing wrong with what a command was given, at its place:
// a file and line ("cal.yaml: line 4: months[1].length"), an entry
// ("entry 2 (1492-1-3)"), a field ("moon 1 full moon"); "" when the
// message says where itself.
type Problem struct {
	Where   string
	Message string
}

func (p Problem) String() string {
	if p.Where == "" {
		return p.Message
	}
	return p.Where + ": " + p.Message
}

// Problems is every problem found before anything was sent, so that one
// run names them all. Every check (flags, files, apply, edit) reports
// them through it, printed one way: under Subject's line ("the calendar
// is not valid, nothing was sent:") one problem a line, indented; without
// a Subject (a file's problems, each naming the file) one a line.
type Problems struct {
	// Subject says what is not valid: "the calendar is not valid", "2
	// weather entries are not valid".
	Subject string
	List    []Problem
}

// Add adds a problem at where.
func (ps *Problems) Add(where, format string, args ...any) {
	ps.List = append(ps.List, Problem{Where: where, Message: fmt.Sprintf(format, args...)})
}

// AddInput adds each problem of a client check (*client.InputError: its
// field is the place) under where, or err itself when it is of another
// kind; nothing for nil.
func (ps *Problems) AddInput(where string, err error) {
	var in *client.InputError
	if err == nil {
		return
	}
	if !errors.As(err, &in) {
		ps.Add(where, "%s", err)
		return
	}
	for _, p := range in.Problems {
		ps.Add(Place(where, p.Field), "%s", p.Message)
	}
}

// AddInputAt is AddInput, with each problem said where place says its
// field is (a file's line) when it knows, else under where; a nil place
// knows none.
func (ps *Problems) AddInputAt(where string, err error, place func(field string) string) {
	var in *client.InputError
	if err == nil || place == nil || !errors.As(err, &in) {
		ps.AddInput(where, err)
		return
	}
	for _, p := range in.Problems {
		at := place(p.Field)
		if at == "" {
			at = Place(where, p.Field)
		}
		ps.Add(at, "%s", p.Message)
	}
}

// AddFile adds the problems of a file decoder (*client.FileError: each at
// its line), the file named first; of another error, each of its lines;
// nothing for nil.
func (ps *Problems) AddFile(source string, err error) {
	var in *client.FileError
	if err == nil {
		return
	}
	if !errors.As(err, &in) {
		for _, line := range strings.Split(err.Error(), "\n") {
			ps.Add(source, "%s", line)
		}
		return
	}
	for _, p := range in.Problems {
		ps.Add(source, "%s", p)
	}
}

// Err is nil when there is no problem, else the problems as a UsageError
// (exit 2).
func (ps *Problems) Err() error {
	if ps == nil || len(ps.List) == 0 {
		return nil
	}
	return &UsageError{Err: ps}
}

func (ps *Problems) Error() string {
	lines := make([]string, len(ps.List))
	for i, p := range ps.List {
		lines[i] = p.String()
	}
	if ps.Subject == "" {
		return strings.Join(lines, "\n")
	}
	return ps.Subject + ", nothing was sent:\n  " + strings.Join(lines, "\n  ")
}

// Place is the parts of a problem's place that are known, outermost
// first: "seed.yaml: line 4: calendar \"Harptos\": weather 1492-1-3".
func Place(parts ...string) string {
	known := parts[:0:0]
	for _, p := range parts {
		if p != "" {
			known = append(known, p)
		}
	}
	return strings.Join(known, ": ")
}
