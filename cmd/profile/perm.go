package profile

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"sync"

	"github.com/kanka-cli/kanka/internal/shellquote"
)

// warnings is where a run's warnings go: stderr.
var warnings io.Writer = os.Stderr

// warned are the files already warned about in this run.
var warned struct {
	sync.Mutex
	paths map[string]bool
}

// warnIfOpen warns, once a run, of a configuration file that holds a token
// and that other users may read or change (mode & 077), as ssh warns of a
// private key. It is a warning, not a refusal: the next save makes the
// file 0600 anyway. Windows has no such modes.
func warnIfOpen(f *File) {
	if runtime.GOOS == "windows" || f.info == nil || !f.info.Mode().IsRegular() || !f.holdsToken() {
		return
	}
	perm := f.info.Mode().Perm()
	if perm&0o077 == 0 {
		return
	}
	warned.Lock()
	defer warned.Unlock()
	if warned.paths[f.path] {
		return
	}
	if warned.paths == nil {
		warned.paths = map[string]bool{}
	}
	warned.paths[f.path] = true
	fmt.Fprintf(warnings, "warning: %s is %s others (mode %04o); it holds your token: chmod 600 %s\n",
		f.path, openTo(perm), perm, shellquote.Quote(f.path))
}

// openTo is how perm opens a file to others: "readable by", else
// "writable by", else "open to" (execute only).
func openTo(perm fs.FileMode) string {
	switch {
	case perm&0o044 != 0:
		return "readable by"
	case perm&0o022 != 0:
		return "writable by"
	}
	return "open to"
}

// holdsToken reports a profile of f with a token.
func (f *File) holdsToken() bool {
	for _, p := range f.Profiles {
		if p != nil && p.Token != "" {
			return true
		}
	}
	return false
}
