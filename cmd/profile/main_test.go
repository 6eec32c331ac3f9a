package profile

import (
	"os"
	"testing"

	"github.com/zalando/go-keyring"
)

// TestMain keeps the tests off the developer's own keyring: the keyring is
// the library's mock, and KANKA_NO_KEYRING=1 keeps every test that does
// not ask for the keyring on the file alone.
func TestMain(m *testing.M) {
	keyring.MockInit()
	os.Setenv("KANKA_NO_KEYRING", "1")
	os.Exit(m.Run())
}
