package root

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
	"golang.org/x/mod/module"
)

// Set by the release build with -ldflags "-X github.com/kanka-cli/kanka/cmd/root.Version=..."
// (and Commit, Date the same way).
var (
	// Version is the release's; "" for a build without release flags,
	// which says its module's version instead (thisBuild).
	Version = ""
	Commit  = ""
	// Date is when the release was built, as the build wrote it.
	Date = ""
)

// build is what this binary says of itself, from the release's flags and
// what the go command recorded (runtime/debug.BuildInfo).
type build struct {
	// version is the release's, else the module's version Go recorded:
	// v1.2.3 for `go install ...@v1.2.3`, a pseudo-version
	// (v0.0.0-20261206080238-eca2788c0aa5) for a checkout with version
	// control or a download of a commit, "(devel)" for neither.
	version string
	// pseudo: version is Go's pseudo-version of a commit, no release.
	pseudo bool
	// commit and date are the revision and its time ("" when unknown), a
	// release's own when its flags set them; dirty, the checkout had
	// changes.
	commit, date string
	dirty        bool
}

// thisBuild is the description of the running binary.
func thisBuild() build {
	info, _ := debug.ReadBuildInfo()
	return describeBuild(info)
}

// describeBuild reads info (nil when the binary has none) under the
// release's flags.
func describeBuild(info *debug.BuildInfo) build {
	b := build{version: "(devel)"}
	if info != nil && info.Main.Version != "" {
		b.version = info.Main.Version
	}
	if info != nil {
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				b.commit = s.Value
			case "vcs.time":
				b.date = s.Value
			case "vcs.modified":
				b.dirty = s.Value == "true"
			}
		}
	}
	if module.IsPseudoVersion(b.version) {
		b.pseudo = true
		// A module download records no vcs settings: the version holds
		// the commit and its time.
		if rev, err := module.PseudoVersionRev(b.version); err == nil && b.commit == "" {
			b.commit = rev
		}
		if t, err := module.PseudoVersionTime(b.version); err == nil && b.date == "" {
			b.date = t.UTC().Format(time.RFC3339)
		}
	}
	if Version != "" {
		b.version, b.pseudo = Version, false
	}
	if Commit != "" {
		b.commit, b.dirty = Commit, false
	}
	if Date != "" {
		b.date = Date
	}
	return b
}

// line is what `kanka version` prints: the version, the release's commit
// when its flags set it, and for a pseudo-version what it is.
func (b build) line() string {
	s := "kanka " + b.version
	switch {
	case Commit != "":
		s += " (" + Commit + ")"
	case b.pseudo:
		s += " (no release: a build of commit " + short(b.commit)
		if b.date != "" {
			s += " of " + b.date
		}
		if b.dirty {
			s += ", with changes"
		}
		s += ")"
	}
	return s
}

// short is a commit's first 12 hex digits, as pseudo-versions write it.
func short(commit string) string {
	if len(commit) > 12 {
		return commit[:12]
	}
	return commit
}

// userAgent names kanka and its version to the server: "kanka/1.4.0", or
// "kanka/devel" for a build from a checkout without version control.
func userAgent() string { return "kanka/" + strings.Trim(thisBuild().version, "()") }

func newCmdVersion(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version",
		Long: `Print the version. A release says its number; a build from a checkout says
the pseudo-version Go made of its commit (v0.0.0-TIME-COMMIT) and that it
is no release; a build without version control information says "(devel)".
-o json and -o yaml print version, commit, date (the release's build time,
else the commit's), go_version, os and arch; null for what the build did
not record.`,
		Example: `  kanka version
  kanka --version
  kanka version -o json`,
		Args:        cobra.NoArgs,
		Annotations: versionOutputs.Annotations(),
		RunE: func(*cobra.Command, []string) error {
			p, err := f.Printer()
			if err != nil {
				return err
			}
			if p.PrintsText() {
				fmt.Fprintln(f.IO.Out, thisBuild().line())
				return nil
			}
			return output.PrintValue(p, thisBuild().info())
		},
	}
}

// versionOutputs are what version prints; the root refuses any other -o.
var versionOutputs = output.Supports{
	Says:    "version prints a line, or -o json or yaml",
	Formats: []output.Format{output.Table, output.JSON, output.YAML},
}

// versionInfo is what `version -o json` prints: what the build set, and
// what Go knows of the binary; null for what nobody recorded.
type versionInfo struct {
	Version string  `json:"version" yaml:"version"`
	Commit  *string `json:"commit" yaml:"commit"`
	Date    *string `json:"date" yaml:"date"`
	Go      string  `json:"go_version" yaml:"go_version"`
	OS      string  `json:"os" yaml:"os"`
	Arch    string  `json:"arch" yaml:"arch"`
}

// info is what version -o json prints of b.
func (b build) info() versionInfo {
	v := versionInfo{Version: b.version, Go: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH}
	if b.commit != "" {
		commit := b.commit
		if b.dirty {
			commit += "-dirty"
		}
		v.Commit = &commit
	}
	if b.date != "" {
		date := b.date
		v.Date = &date
	}
	return v
}
