package cmdutil

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
)

// ReadInterruptibly runs read, a blocking read of the terminal, and returns
// early with ctx's error when ctx is done (Ctrl-C at a prompt), calling
// cleanup first (to restore the terminal's echo, say). The abandoned read
// ends with the process.
func ReadInterruptibly(ctx context.Context, read func() (string, error), cleanup func()) (string, error) {
	return interruptibly(ctx, read, cleanup)
}

// interruptibly runs read in a goroutine and returns its result, or ctx's
// error as soon as ctx is done. A read of a pipe nobody writes to (or the
// open of a FIFO nobody opened) blocks in the kernel, where ctx cannot
// reach it: Ctrl-C and SIGTERM must still end the command (exit 130), so
// the read is abandoned; it ends with the process.
func interruptibly[T any](ctx context.Context, read func() (T, error), cleanup func()) (T, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := read()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		if cleanup != nil {
			cleanup()
		}
		var zero T
		return zero, ctx.Err()
	}
}

// errTooLarge is input beyond the limit of readAtMost.
var errTooLarge = errors.New("input too large")

// readAtMost reads r to its end, failing with errTooLarge as soon as more
// than limit bytes came (a never-ending /dev/zero is refused at the limit,
// not when memory runs out), and with ctx's error at the next chunk once
// ctx is done.
func readAtMost(ctx context.Context, r io.Reader, limit int64) ([]byte, error) {
	var buf bytes.Buffer
	chunk := make([]byte, 64<<10)
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		n, err := r.Read(chunk)
		buf.Write(chunk[:n])
		if int64(buf.Len()) > limit {
			return nil, errTooLarge
		}
		if errors.Is(err, io.EOF) {
			return buf.Bytes(), nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// ErrLineTooLong is a line longer than the limit of ReadLine.
var ErrLineTooLong = errors.New("line too long")

// ReadLine reads the first line of r (without its line ending), at most
// limit bytes (a longer one is ErrLineTooLong), and returns ctx's error as
// soon as ctx is done, even while the read blocks on a pipe.
func ReadLine(ctx context.Context, r io.Reader, limit int) (string, error) {
	return interruptibly(ctx, func() (string, error) {
		line, err := bufio.NewReader(io.LimitReader(r, int64(limit)+1)).ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return "", err
		}
		line = strings.TrimRight(line, "\r\n")
		if len(line) > limit {
			return "", ErrLineTooLong
		}
		return line, nil
	}, nil)
}
