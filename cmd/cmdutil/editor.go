package cmdutil

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
)

// RunEditor runs the editor command on path and waits for it to close. The
// command goes through the shell, as git runs it, so that an editor with
// arguments ("code --wait") or quoting works; the editor gets the
// process's own terminal, not the guarded streams, whose escaping would
// garble its screen.
func RunEditor(editor, path string) error {
	var cmd *exec.Cmd
	if runtime.GOOS == "windows" {
		words := strings.Fields(editor)
		cmd = exec.Command(words[0], append(words[1:], path)...)
	} else {
		cmd = exec.Command("sh", "-c", editor+` "$@"`, "kanka-editor", path)
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("the editor (%s) failed: %v; nothing was sent", editor, err)
	}
	return nil
}
