package profile

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
)

// Update changes the configuration file at path: it takes the file's lock
// (waiting at most lockWait for another kanka), reads the file afresh, lets
// change edit it, and writes it back before letting go of the lock. Two
// kankas changing the file at once thus both keep their change: without
// the lock, each would write back the file as it read it plus its own
// change, and the last to write would erase the other's. An error from
// change leaves the file as it was.
//
// Every write of the file goes through here; reading needs no lock, as a
// write replaces the file whole (Load sees the old or the new one).
//
// A token the file named in the system keyring and no longer names is
// removed from the keyring once the file is written; one that cannot be
// is a KeyringLeftError (the file is saved).
//
// Only a regular file is written (or a missing one created): anything else
// (/dev/null, a named pipe, a directory) is refused before a lock file is
// made beside it, and change does not run (see regular.go).
func Update(ctx context.Context, path string, change func(*File) error) error {
	target := path
	// Write (and lock) what a symbolic link points to, not the link.
	if resolved, err := filepath.EvalSymlinks(path); err == nil {
		target = resolved
	}
	if err := writable(path, target); err != nil {
		return err
	}
	if err := makeDir(filepath.Dir(target)); err != nil {
		return err
	}
	unlock, err := lockFile(ctx, target)
	if err != nil {
		return err
	}
	defer unlock()

	data, info, err := readConfig(target)
	if err != nil {
		return err
	}
	if info != nil && !info.Mode().IsRegular() {
		return refuseWrite(path, info) // it changed since writable
	}
	f, err := decode(path, data)
	if err != nil {
		return err
	}
	inKeyring := f.keyringEntries()
	if err := change(f); err != nil {
		return err
	}
	out, err := f.render()
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := writeAtomically(target, out); err != nil {
		return err
	}
	return forgetDropped(inKeyring, f)
}

// makeDir creates dir 0700 when missing. kanka's own directory
// (~/.config/kanka) gets 0700 even if it was more open; any other existing
// directory (say /tmp, for KANKA_CONFIG=/tmp/kanka.yaml) is not ours to
// change.
func makeDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("creating %s: %w", dir, err)
	}
	if own, err := ownDir(); err == nil && filepath.Clean(own) == filepath.Clean(dir) {
		if err := os.Chmod(dir, 0o700); err != nil {
			return fmt.Errorf("securing %s: %w", dir, err)
		}
	}
	return nil
}

// writeAtomically replaces the file at path with data: a temporary file in
// the same directory (so that rename does not cross file systems), 0600 as
// the file holds tokens, synced, then renamed over it. Renaming also fixes
// the mode of an existing file that was more open.
func writeAtomically(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".config-*.yaml") // created 0600
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
