package cmdutil

import "context"

// ReadInterruptibly runs read, a blocking read of the terminal, and returns
// early with ctx's error when ctx is done (Ctrl-C at a prompt), calling
// cleanup first (to restore the terminal's echo, say). The abandoned read
// ends with the process.
func ReadInterruptibly(ctx context.Context, read func() (string, error), cleanup func()) (string, error) {
	type result struct {
		line string
		err  error
	}
	done := make(chan result, 1)
	go func() {
		line, err := read()
		done <- result{line, err}
	}()
	select {
	case r := <-done:
		return r.line, r.err
	case <-ctx.Done():
		if cleanup != nil {
			cleanup()
		}
		return "", ctx.Err()
	}
}
