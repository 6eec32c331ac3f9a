package filekind

import (
	"io/fs"
	"testing"
)

func TestOfNamesEachKind(t *testing.T) {
	for mode, want := range map[fs.FileMode]string{
		0o644:                             "a regular file",
		fs.ModeDir | 0o755:                "a directory",
		fs.ModeNamedPipe | 0o600:          "a named pipe",
		fs.ModeSymlink | 0o777:            "a symbolic link",
		fs.ModeDevice | fs.ModeCharDevice: "a character device",
		fs.ModeDevice:                     "a block device",
		fs.ModeSocket:                     "a socket",
		fs.ModeIrregular:                  "a special file",
	} {
		if got := Of(mode); got != want {
			t.Errorf("Of(%v) = %q, want %q", mode, got, want)
		}
	}
}
