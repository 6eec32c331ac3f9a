package cmdutil

import (
	"errors"
	"fmt"
)

// Exit codes, as the README lists them.
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
// (exit 2).
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// UsageErrorf builds a UsageError.
func UsageErrorf(format string, args ...any) error {
	return &UsageError{Err: fmt.Errorf(format, args...)}
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
