// Package filekind names, in words, what a path is when it is not a
// regular file, for the messages that refuse to read or replace it.
package filekind

import "io/fs"

// Of says what a file of mode is: "a directory", "a named pipe", ...
func Of(mode fs.FileMode) string {
	switch {
	case mode.IsRegular():
		return "a regular file"
	case mode.IsDir():
		return "a directory"
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
