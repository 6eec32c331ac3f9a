// Package filekind names, in words, what a path is when it is not a
// regular file, for the messages that refuse to read or replace it.
package filekind

import (
	"io/fs"
	"os"
	"syscall"
)

// Of says what a file of mode is: "a directory", "a named pipe", ...
func Of(mode fs.FileMode) string {
	switch {
	case mode.IsRegular():
		return "a regular file"
	case mode.IsDir():
		return "a directory"
	case mode&fs.ModeSymlink != 0:
		return "a symbolic link"
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case mode&fs.ModeCharDevice != 0:
		return "a character device"
	case mode&fs.ModeDevice != 0:
		return "a block device"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	}
	return "a special file"
}

// Open opens path for reading and says what it is, without waiting: the
// open of a named pipe would wait for a writer, deaf to Ctrl-C, and
// O_NONBLOCK makes it return at once. A caller that reads what is not a
// regular file makes it blocking first (file.Fd) or a read may fail with
// EAGAIN.
func Open(path string) (*os.File, fs.FileInfo, error) {
	file, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, err
	}
	info, err := file.Stat()
	if err != nil {
		file.Close()
		return nil, nil, err
	}
	return file, info, nil
}
