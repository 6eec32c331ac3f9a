package profile

import (
	"os"
	"path/filepath"
	"testing"
)

// yaml would cut `campaign: 12345.6` to 12345: the file is refused instead.
func TestLoadRefusesAFractionalCampaign(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(path, []byte("profiles:\n  default:\n    campaign: 12345.6\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := Load(path)
	want := "reading " + path + ": line 3: profiles.default.campaign: must be a whole number, not 12345.6"
	if err == nil || err.Error() != want || !IsInvalidValue(err) {
		t.Errorf("error %v, want %q", err, want)
	}
}
