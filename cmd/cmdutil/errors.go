package cmdutil

import (
	"errors"
	"fmt"
)

// Exit codes, as the README lists them.
const (
	ExitOK          = 0
	ExitError       = 1
	ExitUsage       = 2
	ExitAuth        = 3
	ExitNotFound    = 4
	ExitValidation  = 5
	ExitRateLimit   = 6
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

// ErrSilent ends a command with exit 1 after it has already said why.
var ErrSilent = errors.New("silent error")

// NotFoundError is a lookup that found nothing (exit 4), such as a calendar
// name with no match.
type NotFoundError struct{ Err error }

func (e *NotFoundError) Error() string { return e.Err.Error() }
func (e *NotFoundError) Unwrap() error { return e.Err }
