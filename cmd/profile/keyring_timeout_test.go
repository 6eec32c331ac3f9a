package profile

import (
	"errors"
	"testing"
	"time"
)

// A keyring that does not answer (a locked desktop's prompt nobody sees)
// is given up on after keyringTimeout, with an error that says so; an
// answer in time is passed on as it is.
func TestAKeyringThatDoesNotAnswerIsGivenUpOn(t *testing.T) {
	t.Setenv("KANKA_NO_KEYRING", "")
	was := keyringTimeout
	keyringTimeout = 50 * time.Millisecond
	t.Cleanup(func() { keyringTimeout = was })
	release := make(chan struct{})
	defer close(release)
	start := time.Now()
	_, err := withKeyring(func() (string, error) { <-release; return "late", nil })
	if !errors.Is(err, errKeyringTimeout) {
		t.Errorf("error %v, want errKeyringTimeout", err)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("took %v, want about 50ms", took)
	}
	got, err := withKeyring(func() (string, error) { return "token", nil })
	if got != "token" || err != nil {
		t.Errorf("an answer in time: %q, %v", got, err)
	}
}
