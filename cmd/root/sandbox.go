package root

import (
	"net/http"

	"github.com/kanka-cli/kanka/cmd/cmdutil"

	"github.com/kanka-cli/kanka/sandbox"
)

const (
	sandboxToken    = sandbox.DefaultToken
	sandboxCampaign = sandbox.DefaultCampaign
)

// sandboxTransport answers requests with the in-process sandbox, whose state
// lives in dataPath (--sandbox-data), else in sandbox.DefaultDataPath
// (KANKA_SANDBOX_DATA, else under XDG_DATA_HOME). A state file the sandbox
// will not use is refused here, before any request: a
// *sandbox.StateFileError (see sandboxStateExit).
func sandboxTransport(dataPath string) (http.RoundTripper, error) {
	return sandbox.InProcess(sandbox.Options{DataPath: sandboxDataPath(dataPath)})
}

// sandboxDataPath is the state file of the in-process sandbox: --sandbox-data
// (given), else sandbox.DefaultDataPath.
func sandboxDataPath(given string) string {
	if given == "" {
		return sandbox.DefaultDataPath()
	}
	return given
}

// sandboxStateExit is the exit code and message of a state file the sandbox
// would not use (it wrote nothing to it). A file that is not a sandbox state
// file was named by mistake: bad input, 2. A damaged state file is a
// failure, 1; its message says how to empty it.
func sandboxStateExit(err *sandbox.StateFileError) (int, []string) {
	if err.Damaged {
		return cmdutil.ExitError, []string{"error: " + err.Error()}
	}
	return cmdutil.ExitUsage, []string{"error: " + err.Error()}
}
