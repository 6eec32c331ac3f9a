package root

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// Set by the release build with -ldflags "-X github.com/kanka-cli/kanka/cmd/root.Version=..."
// (and Commit, Date the same way).
var (
	// Version is the release's; "" for a build without release flags,
	// which says its module's version instead (buildVersion).
	Version = ""
	Commit  = ""
	// Date is when the release was built, as the build wrote it.
	Date = ""
)

// buildVersion is Version, else the module version the go command
// recorded (v1.2.3 for `go install ...@v1.2.3`), else "(devel)", as Go
// says of a build from a checkout.
func buildVersion() string {
	if Version != "" {
		return Version
	}
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}

// userAgent names kanka and its version to the server: "kanka/1.4.0", or
// "kanka/devel" for a build from a checkout.
func userAgent() string { return "kanka/" + strings.Trim(buildVersion(), "()") }

// versionString is "kanka <version>", with the commit when the build set it.
func versionString() string {
	s := "kanka " + buildVersion()
	if Commit != "" {
		s += " (" + Commit + ")"
	}
	return s
}

func newCmdVersion(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version",
		Long: `Print the version. -o json and -o yaml print what the build knows of itself:
version (without release flags, the module's version from the build, or
"(devel)"), commit, date, go_version, os and arch; what it does not know is
null.`,
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
				fmt.Fprintln(f.IO.Out, versionString())
				return nil
			}
			return output.PrintValue(p, currentVersion())
		},
	}
}

// versionOutputs are what version prints; the root refuses any other -o.
var versionOutputs = output.Supports{
	Says:    "version prints a line, or -o json or yaml",
	Formats: []output.Format{output.Table, output.JSON, output.YAML},
}

// versionInfo is what `version -o json` prints: what the build set, and
// what Go knows of the binary; null for what nobody said.
type versionInfo struct {
	Version string  `json:"version" yaml:"version"`
	Commit  *string `json:"commit" yaml:"commit"`
	Date    *string `json:"date" yaml:"date"`
	Go      string  `json:"go_version" yaml:"go_version"`
	OS      string  `json:"os" yaml:"os"`
	Arch    string  `json:"arch" yaml:"arch"`
}

func currentVersion() versionInfo {
	v := versionInfo{Version: buildVersion(), Go: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH}
	commit := Commit
	if commit == "" {
		commit = builtFrom()
	}
	if commit != "" {
		v.Commit = &commit
	}
	if Date != "" {
		date := Date
		v.Date = &date
	}
	return v
}

// builtFrom is the git revision the go command recorded when it built
// kanka from a checkout, with "-dirty" when the checkout had changes; ""
// when it recorded none (go test, -buildvcs=false, a module download).
func builtFrom() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	var revision, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if revision != "" && modified == "true" {
		revision += "-dirty"
	}
	return revision
}
