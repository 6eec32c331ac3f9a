// Command kanka manages the calendars and calendar weather of a Kanka campaign.
package main

import (
	"os"

	"github.com/kanka-cli/kanka/cmd/root"
)

func main() {
	os.Exit(root.Main(os.Args[1:]))
}
