package cmdutil

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestReadInterruptiblyReturnsTheLine(t *testing.T) {
	line, err := ReadInterruptibly(context.Background(), func() (string, error) { return "yes\n", nil }, nil)
	if line != "yes\n" || err != nil {
		t.Errorf("got %q, %v", line, err)
	}
}

func TestReadInterruptiblyStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	blocked := make(chan struct{})
	defer close(blocked)
	cleaned := false
	go func() { time.Sleep(10 * time.Millisecond); cancel() }()
	_, err := ReadInterruptibly(ctx, func() (string, error) { <-blocked; return "", nil }, func() { cleaned = true })
	if !errors.Is(err, context.Canceled) || !cleaned {
		t.Errorf("err %v, cleaned %v; want context.Canceled after the clean-up", err, cleaned)
	}
}
