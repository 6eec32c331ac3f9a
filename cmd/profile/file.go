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
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/kanka-cli/kanka/internal/filekind"
	"github.com/kanka-cli/kanka/internal/suggest"
	"github.com/kanka-cli/kanka/internal/yamlcheck"
	"go.yaml.in/yaml/v3"
)

// DefaultName is the profile used when none is chosen or active.
const DefaultName = "default"

// Profile is one named set of connection settings.
type Profile struct {
	URL   string `yaml:"url,omitempty"`
	Token string `yaml:"token,omitempty"`
	// Keyring is the system keyring's entry that holds the token
	// (KeyringUser), set by `auth login` in place of Token.
	Keyring  string `yaml:"keyring,omitempty"`
	Campaign int    `yaml:"campaign,omitempty"`
	Sandbox  bool   `yaml:"sandbox,omitempty"`
	MaxWait  string `yaml:"max_wait,omitempty"`
}

// File is the configuration file.
type File struct {
	Active   string              `yaml:"active,omitempty"`
	Profiles map[string]*Profile `yaml:"profiles,omitempty"`

	path string
	// doc is the file as read, comments and key order included: a save
	// edits it rather than writing the settings anew (see node.go). Nil
	// for a missing or empty file.
	doc *yaml.Node
	// indent is the indentation of the file as read (4 for a new file).
	indent int
	// info is what Load found at path: nil for a missing file.
	info fs.FileInfo
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
// that the first `auth login` or `config set` creates it; so is /dev/null,
// and a named pipe nobody writes to. A directory is refused (see
// readConfig).
func Load(path string) (*File, error) {
	data, info, err := readConfig(path)
	if err != nil {
		return nil, err
	}
	if info != nil && info.IsDir() {
		return nil, &InvalidValueError{Err: &notRegularError{named: named(path), what: filekind.Of(info.Mode())}}
	}
	f, err := decode(path, data)
	if err != nil {
		return nil, err
	}
	f.info = info
	return f, nil
}

// decode reads the settings in data, the content of the file at path.
func decode(path string, data []byte) (*File, error) {
	f := &File{path: path}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	// Strict, so that a mistyped key (`campain:`) is reported, not ignored.
	dec.KnownFields(true)
	// io.EOF is an empty file: an empty configuration.
	if err := dec.Decode(f); err != nil && !errors.Is(err, io.EOF) {
		return nil, &InvalidValueError{Err: fmt.Errorf("reading %s: %s", path, decodeMessage(err))}
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, &InvalidValueError{Err: fmt.Errorf("reading %s: %s", path, decodeMessage(err))}
	}
	// yaml cuts `campaign: 12345.6` to 12345 without a word: refuse it.
	if ps := yamlcheck.Fractions(&root, f); len(ps) > 0 {
		return nil, &InvalidValueError{Err: fmt.Errorf("reading %s: %s", path, ps[0])}
	}
	switch {
	case root.Kind == yaml.DocumentNode:
		f.doc = &root
	case len(bytes.TrimSpace(data)) > 0:
		// yaml drops a document of comments only: keep them by hand.
		f.doc = &yaml.Node{Kind: yaml.DocumentNode, HeadComment: commentLines(data)}
	}
	f.indent = indentOf(data)
	return f, nil
}

// commentLines are the lines of data that are comments.
func commentLines(data []byte) string {
	var lines []string
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); strings.HasPrefix(line, "#") {
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, "\n")
}

// indentOf is the indentation of the first indented key in data, so that a
// file written with two spaces stays so; 4 (yaml's own) when there is none.
func indentOf(data []byte) int {
	for _, line := range strings.Split(string(data), "\n") {
		rest := strings.TrimLeft(line, " ")
		n := len(line) - len(rest)
		if n > 0 && rest != "" && !strings.HasPrefix(rest, "#") {
			if n >= 2 && n <= 8 {
				return n
			}
			break
		}
	}
	return 4
}

// goTypeName is the Go type that yaml's messages name, of no use to a user.
// Compiled when first used, not when kanka starts.
var goTypeName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(` in type \S+`) })

// decodeMessage says what is wrong in the file with its line, in words a
// user can act on: "line 3: field campain not found" and so on.
func decodeMessage(err error) string {
	var te *yaml.TypeError
	if errors.As(err, &te) {
		return goTypeName().ReplaceAllString(strings.Join(te.Errors, "; "), "")
	}
	return err.Error()
}

// Path is where the file is read from and written to.
func (f *File) Path() string { return f.path }

// Get returns the named profile, or nil when the file has none of that name.
func (f *File) Get(name string) *Profile {
	return f.Profiles[name]
}

// Has reports whether the file holds a profile of that name, an empty one
// (`work:` with nothing under it) included.
func (f *File) Has(name string) bool {
	_, ok := f.Profiles[name]
	return ok
}

// Ensure returns the named profile, adding an empty one when missing; a
// file with no active profile makes it the active one (auth login: the
// profile just logged in to). `config set` uses Put, which does not.
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

// Put stores p as the named profile, adding it (last) when missing. It
// never makes another profile the active one: -p and KANKA_PROFILE choose
// a profile for one run, and `config use` is the one way to change what
// later runs use. In a file with no active profile, DefaultName is written
// down as active when it is the one stored: such a file's runs use it
// already.
func (f *File) Put(name string, p Profile) {
	if f.Profiles == nil {
		f.Profiles = map[string]*Profile{}
	}
	f.Profiles[name] = &p
	if f.Active == "" && name == DefaultName {
		f.Active = name
	}
}

// Names are the names of the file's profiles, sorted.
func (f *File) Names() []string {
	return slices.Sorted(maps.Keys(f.Profiles))
}

// ActiveName is the profile the file marks active, or DefaultName.
func (f *File) ActiveName() string {
	if f.Active != "" {
		return f.Active
	}
	return DefaultName
}

// Use makes the named profile the active one. An unknown name is refused
// (with the near one when it looks like a typo): a misspelt `active:` would
// quietly make every later command use an empty profile.
func (f *File) Use(name string) error {
	if !f.Has(name) {
		return f.UnknownProfile(name)
	}
	f.Active = name
	return nil
}

// UnknownProfile is the refusal of a profile name the file does not hold,
// for a command that would use it: the names it has, and the one meant
// when name looks like a typo of it ("rehersal" for "rehearsal"), else how
// to create it.
func (f *File) UnknownProfile(name string) error {
	return f.noProfile(name, fmt.Sprintf("create it with `kanka -p %s auth login`", name))
}

// noProfile says that the file holds no profile named name, and the names
// it has; then the near one when name looks like a typo of it, else
// orElse (when not empty).
func (f *File) noProfile(name, orElse string) error {
	names := f.Names()
	known := "it has none"
	if len(names) > 0 {
		known = "it has " + strings.Join(names, ", ")
	}
	if near, ok := suggest.Nearest(name, names); ok {
		return invalid("%s holds no profile named %q (%s); did you mean %q?", f.path, name, known, near)
	}
	if orElse == "" {
		return invalid("%s holds no profile named %q (%s)", f.path, name, known)
	}
	return invalid("%s holds no profile named %q (%s); %s", f.path, name, known, orElse)
}

// CheckKnown refuses the first name the file holds no profile of, with
// the one meant when it looks like a typo.
func (f *File) CheckKnown(names ...string) error {
	for _, name := range names {
		if !f.Has(name) {
			return f.noProfile(name, "")
		}
	}
	return nil
}

// Delete removes the named profiles. A name the file does not hold is
// refused and nothing is removed. When the active profile is among them,
// the file is left with none active (clearedActive), so that later runs
// use DefaultName rather than a profile that is gone.
func (f *File) Delete(names ...string) (clearedActive bool, err error) {
	if err := f.CheckKnown(names...); err != nil {
		return false, err
	}
	for _, name := range names {
		delete(f.Profiles, name)
		if f.Active == name {
			f.Active, clearedActive = "", true
		}
	}
	return clearedActive, nil
}
