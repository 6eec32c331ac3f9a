package root

import (
	"runtime/debug"
	"testing"
)

// What a build says of itself comes from what Go recorded: a release's
// flags, else the module's version, the commit and its time (a checkout
// with version control stamps a pseudo-version, v0.0.0-TIME-COMMIT, and
// the vcs settings; a module download by a pseudo-version has only the
// version, which holds both); null for what nobody recorded.
func TestBuildDescription(t *testing.T) {
	vcs := func(version string, settings ...string) *debug.BuildInfo {
		info := &debug.BuildInfo{Main: debug.Module{Path: "github.com/kanka-cli/kanka", Version: version}}
		for i := 0; i+1 < len(settings); i += 2 {
			info.Settings = append(info.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
		}
		return info
	}
	str := func(s string) *string { return &s }
	for _, tc := range []struct {
		name         string
		info         *debug.BuildInfo
		line         string
		version      string
		commit, date *string
	}{
		{"a checkout, as go install ./cmd/kanka stamps it",
			vcs("v0.0.0-20261206080238-eca2788c0aa5", "vcs", "git", "vcs.revision", "eca2788c0aa527d57535029febc178f88285056a",
				"vcs.time", "2026-12-06T08:02:38Z", "vcs.modified", "false"),
			"kanka v0.0.0-20261206080238-eca2788c0aa5 (no release: a build of commit eca2788c0aa5 of 2026-12-06T08:02:38Z)",
			"v0.0.0-20261206080238-eca2788c0aa5", str("eca2788c0aa527d57535029febc178f88285056a"), str("2026-12-06T08:02:38Z")},
		{"a checkout with changes",
			vcs("v0.0.0-20261206080238-eca2788c0aa5+dirty", "vcs.revision", "eca2788c0aa527d57535029febc178f88285056a",
				"vcs.time", "2026-12-06T08:02:38Z", "vcs.modified", "true"),
			"kanka v0.0.0-20261206080238-eca2788c0aa5+dirty (no release: a build of commit eca2788c0aa5 of 2026-12-06T08:02:38Z, with changes)",
			"v0.0.0-20261206080238-eca2788c0aa5+dirty", str("eca2788c0aa527d57535029febc178f88285056a-dirty"), str("2026-12-06T08:02:38Z")},
		{"a module download of a commit: the version holds it",
			vcs("v1.2.4-0.20261206080238-eca2788c0aa5"),
			"kanka v1.2.4-0.20261206080238-eca2788c0aa5 (no release: a build of commit eca2788c0aa5 of 2026-12-06T08:02:38Z)",
			"v1.2.4-0.20261206080238-eca2788c0aa5", str("eca2788c0aa5"), str("2026-12-06T08:02:38Z")},
		{"a module download of a release", vcs("v1.2.3"), "kanka v1.2.3", "v1.2.3", nil, nil},
		{"a build without version control", vcs("(devel)"), "kanka (devel)", "(devel)", nil, nil},
		{"no build information", nil, "kanka (devel)", "(devel)", nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := describeBuild(tc.info)
			if got := b.line(); got != tc.line {
				t.Errorf("line %q\nwant %q", got, tc.line)
			}
			v := b.info()
			if v.Version != tc.version || !sameText(v.Commit, tc.commit) || !sameText(v.Date, tc.date) {
				t.Errorf("version %q, commit %v, date %v; want %q, %v, %v", v.Version, deref(v.Commit), deref(v.Date), tc.version, deref(tc.commit), deref(tc.date))
			}
		})
	}
}

func sameText(a, b *string) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

func deref(s *string) string {
	if s == nil {
		return "null"
	}
	return *s
}
