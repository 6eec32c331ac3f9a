package root

import (
	"net/http"

	"github.com/kanka-cli/kanka/sandbox"
)

const (
	sandboxToken    = sandbox.DefaultToken
	sandboxCampaign = sandbox.DefaultCampaign
)

// sandboxTransport answers requests with the in-process sandbox, whose state
// lives in dataPath (--sandbox-data), else in sandbox.DefaultDataPath
// (KANKA_SANDBOX_DATA, else under XDG_DATA_HOME).
func sandboxTransport(dataPath string) (http.RoundTripper, error) {
	if dataPath == "" {
		dataPath = sandbox.DefaultDataPath()
	}
	return sandbox.InProcess(sandbox.Options{DataPath: dataPath})
}
