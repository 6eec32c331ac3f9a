package root

// Set by the release build with -ldflags "-X github.com/kanka-cli/kanka/cmd/root.Version=...".
var (
	Version = "dev"
	Commit  = ""
)
