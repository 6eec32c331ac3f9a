// Command kanka manages the calendars of a Kanka campaign: their weather and reminders.
package main

import (
	"os"

	"github.com/kanka-cli/kanka/cmd/root"
)

func main() {
	os.Exit(root.Main(os.Args[1:]))
}
