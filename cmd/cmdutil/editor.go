package cmdutil

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/kanka-cli/kanka/output"
	"go.yaml.in/yaml/v3"
)

// editorGrace is how long an editor is given to end after each signal
// kanka passes on before the next, stronger one: kanka must end whatever
// the editor does with the signal (vi ignores SIGINT).
var editorGrace = 2 * time.Second

// RunEditor runs the editor command on path and waits for it to close.
//
// A plain command ("vi", "code --wait", a path) is run directly; one with
// shell syntax (quotes, variables, ";") goes through the shell, as git
// runs it. Run directly, the editor is kanka's own child, so that a signal
// kanka passes on reaches it: the shell (dash) does not exec its last
// command, and would die of the signal leaving the editor behind.
//
// The editor gets the process's own terminal, not the guarded streams,
// whose escaping would garble its screen.
//
// The first SIGINT or SIGTERM kanka gets while the editor is open is passed
// on to it (a Ctrl-C at the terminal reaches it anyway; a SIGTERM sent to
// kanka alone would not), and, should it not end, SIGTERM then SIGKILL
// follow, editorGrace apart. The error is then a cancellation (it unwraps
// to context.Canceled): the file holds whatever the editor saved.
func RunEditor(ctx context.Context, editor, path string) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if err := ctx.Err(); err != nil {
		return err // interrupted before the editor opened
	}
	cmd, err := editorCmd(editor, path)
	if err != nil {
		return err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	// Listening before the start: a signal between the two is not missed.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("the editor (%s) failed: %v; nothing was sent", editor, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()

	var sig os.Signal
	select {
	case err := <-exited:
		if ctx.Err() != nil {
			return ctx.Err() // the signal came as the editor closed
		}
		if err != nil {
			return fmt.Errorf("the editor (%s) failed: %v; nothing was sent", editor, err)
		}
		return nil
	case sig = <-sigs:
	case <-ctx.Done():
		sig = signalBehind(sigs)
	}
	stopEditor(cmd.Process, sig, exited)
	return fmt.Errorf("the editor was stopped by %v: %w", sig, context.Canceled)
}

// editorCmd is the command that runs editor on path.
func editorCmd(editor, path string) (*exec.Cmd, error) {
	if runtime.GOOS == "windows" || !hasShellSyntax(editor) {
		words := strings.Fields(editor)
		if len(words) == 0 {
			return nil, fmt.Errorf("no editor: set $VISUAL or $EDITOR; nothing was sent")
		}
		return exec.Command(words[0], append(words[1:], path)...), nil
	}
	return exec.Command("sh", "-c", editor+` "$@"`, "kanka-editor", path), nil
}

// hasShellSyntax reports whether editor needs the shell: anything but
// words of plain characters separated by blanks. (The characters are git's,
// space and tab aside.)
func hasShellSyntax(editor string) bool {
	return strings.ContainsAny(editor, "|&;<>()$`\\\"'*?[#~=%\n")
}

// signalBehind is the signal that cancelled the run's context: the root
// cancels it on the same signal sigs gets, maybe a moment after the
// context is done. A context cancelled for another reason stops the editor
// as SIGTERM would.
func signalBehind(sigs <-chan os.Signal) os.Signal {
	select {
	case sig := <-sigs:
		return sig
	case <-time.After(200 * time.Millisecond):
		return syscall.SIGTERM
	}
}

// stopEditor passes sig on to the editor and waits for it to end, sending
// SIGTERM and then SIGKILL each time editorGrace passes first.
func stopEditor(p *os.Process, sig os.Signal, exited <-chan error) {
	steps := []os.Signal{sig}
	if sig != syscall.SIGTERM {
		steps = append(steps, syscall.SIGTERM)
	}
	steps = append(steps, os.Kill)
	for _, s := range steps {
		// Where a signal cannot be sent (Windows), the next step comes at
		// once; Kill always can.
		if p.Signal(s) != nil && s != os.Kill {
			continue
		}
		select {
		case <-exited:
			return
		case <-time.After(editorGrace):
		}
	}
}

// RedactedYAML is the tree as kanka writes YAML (output.EncodeYAML), with
// redact applied to every value and key in it: what the editor shows is
// hidden as all that kanka prints is (a server that echoes the token into
// a calendar's name must not get it written into a file). The tree is
// changed value by value, not its text as a whole, so that "[redacted]"
// is quoted where YAML needs it.
func RedactedYAML(tree *yaml.Node, redact func(string) string) ([]byte, error) {
	redactNode(tree, redact)
	return output.EncodeYAML(tree)
}

// redactNode redacts the scalars under n and reports whether any changed.
func redactNode(n *yaml.Node, redact func(string) string) bool {
	changed := false
	if n.Kind == yaml.ScalarNode {
		if hidden := redact(n.Value); hidden != n.Value {
			// Now a string, whatever it was (a number made of the
			// token's digits); the encoder quotes it as needed.
			n.Value, n.Tag, n.Style = hidden, "!!str", 0
			changed = true
		}
	}
	for _, c := range n.Content {
		changed = redactNode(c, redact) || changed
	}
	return changed
}
