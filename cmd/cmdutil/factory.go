// Package cmdutil holds what every command shares: the Factory of lazy
// constructors (streams, client, printer), the global options and the error
// kinds that Main turns into exit codes.
package cmdutil

import (
	"context"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/cache"
	"github.com/kanka-cli/kanka/output"
)

// Globals are the values of the root command's persistent flags.
type Globals struct {
	URL        string
	Token      string
	Campaign   string
	Profile    string
	ConfigPath string
	Output     string
	JQ         string
	Template   string
	NoHeaders  bool
	Sandbox    bool
	Debug      bool
	NoColor    bool
	Timeout    string
	MaxWait    string
	// MaxListSize is the most one walk of a list reads, as written:
	// client.ParseByteSize reads it.
	MaxListSize string
	Quiet       bool
	Yes         bool
	// NoCache is --no-cache: the local cache is neither read nor written.
	NoCache bool
	// SandboxData is where the in-process sandbox keeps its state.
	SandboxData string
	// LockWait is --lock-wait as written: the longest wait for another
	// kanka writing to the same campaign.
	LockWait string
}

// Factory hands commands what they need, built on first use, so that tests
// can swap any piece (gh's cmdutil.Factory).
type Factory struct {
	IO      *IOStreams
	Globals *Globals
	// Client returns the API client for the resolved URL, token and campaign.
	Client func() (*client.Client, error)
	// CompletionClient is Client for shell completion: it never waits for
	// the rate limit and never retries. Nil: Client.
	CompletionClient func() (*client.Client, error)
	// Cache returns the local cache of the run's profile, host and
	// campaign (internal/cache), once Client was built; nil when it is off
	// (--no-cache, KANKA_NO_CACHE=1) or Cache itself is nil (tests). The
	// client built by Client keeps it up to date.
	Cache func() *cache.Cache
	// Printer returns the printer for -o, --jq, --template and --no-headers.
	Printer func() (*output.Printer, error)
	// Confirm asks a yes/no question on the terminal; it is only called when
	// IO.CanPrompt() is true.
	Confirm func(question string) (bool, error)
	// CampaignLock takes the lock of the run's campaign on this machine
	// (internal/campaignlock), held until the command returns; taken
	// again in the same run, it is already held. Nil: none (tests).
	CampaignLock func(ctx context.Context) error
}

// LockCampaign is called by every command that writes to the campaign,
// after its input is checked and before its first read that decides what
// to write (the plan, "is there weather on that day"), so that two kankas
// of one machine never both find a calendar missing and both create it.
// Reads never lock. It waits for another kanka's lock up to --lock-wait;
// Ctrl-C ends the wait.
func (f *Factory) LockCampaign(ctx context.Context) error {
	if f == nil || f.CampaignLock == nil {
		return nil
	}
	return f.CampaignLock(ctx)
}

// LocalCache is f's cache, nil when it has none or it is off.
func (f *Factory) LocalCache() *cache.Cache {
	if f == nil || f.Cache == nil {
		return nil
	}
	return f.Cache()
}
