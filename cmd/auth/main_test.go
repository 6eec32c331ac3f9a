package auth

import (
	"os"
	"testing"

	"github.com/zalando/go-keyring"
)

// TestMain keeps the tests off the developer's own keyring: the keyring is
// the library's mock, and KANKA_NO_KEYRING=1 has logins save to the file,
// as they did before kanka knew keyrings. The keyring's own tests turn it
// back on (withMockKeyring).
func TestMain(m *testing.M) {
	keyring.MockInit()
	os.Setenv("KANKA_NO_KEYRING", "1")
	os.Exit(m.Run())
}
