package root

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/cmd/profile"
)

// expiringToken is a test JWT that expires at exp; never a real token.
func expiringToken(exp time.Time) string {
	enc := base64.RawURLEncoding.EncodeToString
	return enc([]byte(`{"typ":"JWT","alg":"RS256"}`)) + "." +
		enc([]byte(fmt.Sprintf(`{"aud":"1","exp":%d}`, exp.Unix()))) + "." + enc([]byte("test signature"))
}

// profileToken is a run whose token is profile work's, in the file.
func profileToken(token string) *profile.Resolved {
	return &profile.Resolved{ProfileName: "work", ProfileSource: profile.FromProfile, Token: token,
		Sources: map[string]profile.Source{"token": profile.FromProfile}}
}

// The warning comes once a day in the last 14 days: not twice the same
// day, again the next day, remembered in the state folder (with nothing of
// the token in it).
func TestTheExpiryWarningComesOnceADay(t *testing.T) {
	dir := t.TempDir()
	stateAt := func() (string, error) { return dir, nil }
	now := time.Date(2026, 5, 20, 9, 0, 0, 0, time.Local)
	exp := now.Add(10*24*time.Hour + 2*time.Hour)
	token := expiringToken(exp)
	r := profileToken(token)

	var out bytes.Buffer
	warnIfExpiring(&out, r, now, stateAt)
	want := fmt.Sprintf("warning: the API token of profile \"work\" expires in 10 days (%s): "+
		"create a new one in Kanka (Settings > API) and save it with 'kanka auth login'\n", profile.ExpiryDate(exp))
	if out.String() != want {
		t.Errorf("first run:\n%s\nwant:\n%s", out.String(), want)
	}

	out.Reset()
	warnIfExpiring(&out, r, now.Add(14*time.Hour), stateAt) // 23:00, the same day
	if out.Len() != 0 {
		t.Errorf("a second warning the same day: %s", out.String())
	}

	warnIfExpiring(&out, r, now.Add(24*time.Hour), stateAt)
	if !strings.HasPrefix(out.String(), "warning: the API token of profile \"work\" expires in 9 days (") {
		t.Errorf("the next day: %q, want the warning again", out.String())
	}

	state, err := os.ReadFile(filepath.Join(dir, "token-expiry.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, part := range strings.Split(token, ".") {
		if strings.Contains(string(state), part) {
			t.Errorf("the state file holds a part of the token: %s", state)
		}
	}
}

// 15 days or more before the expiry, nothing is said or written; a token
// with no expiry says nothing ever.
func TestNoExpiryWarningBeforeTheLast14Days(t *testing.T) {
	dir := t.TempDir()
	stateAt := func() (string, error) { return dir, nil }
	now := time.Date(2026, 5, 20, 9, 0, 0, 0, time.Local)
	var out bytes.Buffer
	for _, token := range []string{
		expiringToken(now.Add(15 * 24 * time.Hour)),
		expiringToken(now.Add(300 * 24 * time.Hour)),
		"not-a-jwt-token",
	} {
		warnIfExpiring(&out, profileToken(token), now, stateAt)
	}
	if out.Len() != 0 {
		t.Errorf("warned: %s", out.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "token-expiry.json")); !os.IsNotExist(err) {
		t.Errorf("a state file was written (%v)", err)
	}
	warnIfExpiring(&out, profileToken(expiringToken(now.Add(14*24*time.Hour))), now, stateAt)
	if !strings.Contains(out.String(), "expires in 14 days") {
		t.Errorf("14 days before: %q, want the warning", out.String())
	}
}

// After the expiry the warning says it has expired; a token of the
// environment or of --token is named as such, with its own way forward.
func TestTheExpiryWarningNamesWhereTheTokenIs(t *testing.T) {
	now := time.Date(2026, 5, 20, 9, 0, 0, 0, time.Local)
	exp := now.Add(-50 * time.Hour)
	for _, tt := range []struct {
		source profile.Source
		want   string
	}{
		{profile.FromEnv, "warning: the API token in KANKA_TOKEN expired 2 days ago (%s): create a new one in Kanka (Settings > API) and set KANKA_TOKEN to it\n"},
		{profile.FromFlag, "warning: the API token given with --token expired 2 days ago (%s): create a new one in Kanka (Settings > API) and pass it with --token\n"},
	} {
		dir := t.TempDir()
		r := profileToken(expiringToken(exp))
		r.Sources["token"] = tt.source
		var out bytes.Buffer
		warnIfExpiring(&out, r, now, func() (string, error) { return dir, nil })
		if want := fmt.Sprintf(tt.want, profile.ExpiryDate(exp)); out.String() != want {
			t.Errorf("%s:\n%s\nwant:\n%s", tt.source, out.String(), want)
		}
	}
}

// A named pipe at the state file neither hangs the run nor stops the
// warning: the file is opened without waiting and read only when regular.
func TestTheExpiryStateFileMayBeAPipe(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "token-expiry.json"), 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	stateAt := func() (string, error) { return dir, nil }
	now := time.Date(2026, 5, 20, 9, 0, 0, 0, time.Local)
	r := profileToken(expiringToken(now.Add(3 * 24 * time.Hour)))

	done := make(chan string, 1)
	go func() {
		var out bytes.Buffer
		warnIfExpiring(&out, r, now, stateAt)
		done <- out.String()
	}()
	select {
	case got := <-done:
		if !strings.HasPrefix(got, "warning: the API token of profile \"work\" expires in 3 days") {
			t.Errorf("warning: %q", got)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the run hung on a named pipe at the token-expiry state file")
	}
}
