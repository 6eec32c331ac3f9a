package root

import (
	"fmt"
	"net/url"
	"os"
	"strings"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/profile"
	"github.com/kanka-cli/kanka/internal/cache"
)

// openCache is the cache of the run's profile, host and campaign (cfg as
// the client will have it), nil when --no-cache or KANKA_NO_CACHE turn it
// off or there is no cache folder. The in-process sandbox's host is its
// state file: two state files are two servers. A cache whose lock file is
// not a regular file is an error, before any request: --no-cache is the
// way past it.
func openCache(g *cmdutil.Globals, r *profile.Resolved, cfg client.Config) (*cache.Cache, error) {
	if g.NoCache || cacheOffByEnv() {
		return nil, nil
	}
	root, err := cache.Root()
	if err != nil {
		return nil, nil
	}
	host := ""
	if u, err := url.Parse(cfg.BaseURL); err == nil {
		host = u.Host + strings.TrimRight(u.Path, "/")
	}
	if r.Sandbox {
		host = cache.SandboxHost(sandboxDataPath(g.SandboxData))
	}
	k := cache.Open(cache.Options{Root: root, Profile: r.ProfileName, Host: host, Campaign: cfg.Campaign, Token: cfg.Token})
	if err := k.CheckLock(); err != nil {
		return nil, fmt.Errorf("%w (or run with --no-cache)", err)
	}
	return k, nil
}

// cacheOffByEnv reports KANKA_NO_CACHE set to anything but "", 0 or false.
func cacheOffByEnv() bool {
	switch strings.ToLower(strings.TrimSpace(os.Getenv("KANKA_NO_CACHE"))) {
	case "", "0", "false", "no":
		return false
	}
	return true
}
