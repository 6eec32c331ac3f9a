package cmdutil

import (
	"errors"
	"fmt"
)

// Exit codes, as docs/exit-codes.md (kanka help exit-codes) lists them.
const (
	ExitOK         = 0
	ExitError      = 1
	ExitUsage      = 2
	ExitAuth       = 3
	ExitNotFound   = 4
	ExitValidation = 5
	ExitRateLimit  = 6
	// ExitDeclined is a confirmation answered no: nothing was done.
	ExitDeclined = 7
	// ExitBusy is another kanka of this machine that kept writing to the
	// campaign for all of --lock-wait: nothing was written.
	ExitBusy        = 9
	ExitInterrupted = 130
)

// UsageError is invalid usage or input found before anything was sent
// (exit 2). Hint marks an error in how the command line is put together
// (an unknown word, an argument or a flag missing or extra, flags that do
// not go together): the root follows it with "Run 'kanka X --help' for
// usage.". A value that is wrong (a date, a file, a name) is said alone:
// the help would not say what is wrong with it.
type UsageError struct {
	Err  error
	Hint bool
}

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// UsageHint reports whether the root adds its "Run --help" line.
func (e *UsageError) UsageHint() bool { return e.Hint }

// UsageErrorf builds a UsageError of a value.
func UsageErrorf(format string, args ...any) error {
	return &UsageError{Err: fmt.Errorf(format, args...)}
}

// CommandLineErrorf builds a UsageError of how the command line is put
// together, which the root follows with the hint to read --help.
func CommandLineErrorf(format string, args ...any) error {
	return &UsageError{Err: fmt.Errorf(format, args...), Hint: true}
}

// AsCommandLine is err as a UsageError of the command line (with the
// hint), unless it is a UsageError already; nil stays nil.
func AsCommandLine(err error) error {
	var usage *UsageError
	if err == nil || errors.As(err, &usage) {
		return err
	}
	return &UsageError{Err: err, Hint: true}
}

// AsUsage is err as a UsageError (exit 2); nil stays nil.
func AsUsage(err error) error {
	if err == nil {
		return nil
	}
	return &UsageError{Err: err}
}

// ErrSilent ends a command with exit 1 after it has already said why.
var ErrSilent = errors.New("silent error")

// NotFoundError is a lookup that found nothing (exit 4), such as a calendar
// name with no match.
type NotFoundError struct{ Err error }

func (e *NotFoundError) Error() string { return e.Err.Error() }
func (e *NotFoundError) Unwrap() error { return e.Err }

// DeclinedError is a confirmation the user answered no (exit 7): nothing
// was done, and the message says so without "error:".
type DeclinedError struct {
	// Nothing says what did not happen: "nothing was deleted".
	Nothing string
}

func (e *DeclinedError) Error() string { return "cancelled: " + e.Nothing }
