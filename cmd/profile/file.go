// Package profile reads and writes kanka's configuration file, which holds
// named profiles (url, token, campaign, sandbox) and the active one, and
// resolves the settings of a run: flag > environment > profile > default.
package profile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/kanka-cli/kanka/internal/yamlcheck"
	"go.yaml.in/yaml/v3"
)

// DefaultName is the profile used when none is chosen or active.
const DefaultName = "default"

// Profile is one named set of connection settings.
type Profile struct {
	URL      string `yaml:"url,omitempty"`
	Token    string `yaml:"token,omitempty"`
	Campaign int    `yaml:"campaign,omitempty"`
	Sandbox  bool   `yaml:"sandbox,omitempty"`
	MaxWait  string `yaml:"max_wait,omitempty"`
}

// File is the configuration file.
type File struct {
	Active   string              `yaml:"active,omitempty"`
	Profiles map[string]*Profile `yaml:"profiles,omitempty"`

	path string
}

// DefaultPath is $KANKA_CONFIG, else $XDG_CONFIG_HOME/kanka/config.yaml,
// with XDG_CONFIG_HOME defaulting to ~/.config.
func DefaultPath() (string, error) {
	if p := os.Getenv("KANKA_CONFIG"); p != "" {
		return p, nil
	}
	dir, err := ownDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "config.yaml"), nil
}

// ownDir is kanka's own configuration directory,
// $XDG_CONFIG_HOME/kanka (~/.config/kanka).
func ownDir() (string, error) {
	dir := os.Getenv("XDG_CONFIG_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("cannot find the configuration file: %w (set KANKA_CONFIG)", err)
		}
		dir = filepath.Join(home, ".config")
	}
	return filepath.Join(dir, "kanka"), nil
}

// Load reads the file at path. A missing file is an empty configuration, so
// that the first `auth login` or `config set` creates it.
func Load(path string) (*File, error) {
	f := &File{path: path}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return f, nil
	}
	if err != nil {
		return nil, err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	// Strict, so that a mistyped key (`campain:`) is reported, not ignored.
	dec.KnownFields(true)
	// io.EOF is an empty file: an empty configuration.
	if err := dec.Decode(f); err != nil && !errors.Is(err, io.EOF) {
		return nil, &InvalidValueError{Err: fmt.Errorf("reading %s: %s", path, decodeMessage(err))}
	}
	// yaml cuts `campaign: 12345.6` to 12345 without a word: refuse it.
	var root yaml.Node
	if yaml.Unmarshal(data, &root) == nil {
		if ps := yamlcheck.Fractions(&root, f); len(ps) > 0 {
			return nil, &InvalidValueError{Err: fmt.Errorf("reading %s: %s", path, ps[0])}
		}
	}
	return f, nil
}

// goTypeName is the Go type that yaml's messages name, of no use to a user.
var goTypeName = regexp.MustCompile(` in type \S+`)

// decodeMessage says what is wrong in the file with its line, in words a
// user can act on: "line 3: field campain not found" and so on.
func decodeMessage(err error) string {
	var te *yaml.TypeError
	if errors.As(err, &te) {
		return goTypeName.ReplaceAllString(strings.Join(te.Errors, "; "), "")
	}
	return err.Error()
}

// Path is where the file is read from and written to.
func (f *File) Path() string { return f.path }

// Get returns the named profile, or nil when the file has none of that name.
func (f *File) Get(name string) *Profile {
	return f.Profiles[name]
}

// Ensure returns the named profile, adding an empty one when missing; a
// file with no active profile makes it the active one.
func (f *File) Ensure(name string) *Profile {
	if f.Profiles == nil {
		f.Profiles = map[string]*Profile{}
	}
	p := f.Profiles[name]
	if p == nil {
		p = &Profile{}
		f.Profiles[name] = p
	}
	if f.Active == "" {
		f.Active = name
	}
	return p
}

// ActiveName is the profile the file marks active, or DefaultName.
func (f *File) ActiveName() string {
	if f.Active != "" {
		return f.Active
	}
	return DefaultName
}

// Save writes the file atomically (a temporary file renamed over it), 0600
// in a directory created 0700: the file holds tokens. Renaming also fixes the
// mode of an existing file that was more open.
func (f *File) Save() error {
	data, err := yaml.Marshal(f)
	if err != nil {
		return err
	}
	path := f.path
	// Replace the file a symbolic link points to, not the link.
	if resolved, err := filepath.EvalSymlinks(path); err == nil {
		path = resolved
	}
	dir := filepath.Dir(path)
	// The directories created here get 0700, and so does kanka's own
	// (~/.config/kanka) if it was more open; any other existing directory
	// (say /tmp, for KANKA_CONFIG=/tmp/kanka.yaml) is not ours to change.
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("creating %s: %w", dir, err)
	}
	if own, err := ownDir(); err == nil && filepath.Clean(own) == filepath.Clean(dir) {
		if err := os.Chmod(dir, 0o700); err != nil {
			return fmt.Errorf("securing %s: %w", dir, err)
		}
	}
	tmp, err := os.CreateTemp(dir, ".config-*.yaml") // created 0600
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
