//go:build linux

package main

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil/ptytest"
	"golang.org/x/sys/unix"
)

// The built binary with its stdout on a terminal of a given width: what
// the weather table keeps at 80 columns, -o wide at 60, the month grid
// of a 10-day week at 60 and 40.

// onTerminal runs the binary with stdout on a pseudo-terminal cols
// columns wide (stderr stays a pipe) and returns what the terminal showed,
// its line ends as written ("\n").
func (k *kanka) onTerminal(t *testing.T, cols int, args ...string) result {
	t.Helper()
	return k.terminalRun(t, cols, false, args...)
}

// onTerminalWithMessages is onTerminal with stderr on the terminal too: its
// stdout holds both streams as the terminal showed them.
func (k *kanka) onTerminalWithMessages(t *testing.T, cols int, args ...string) result {
	t.Helper()
	return k.terminalRun(t, cols, true, args...)
}

func (k *kanka) terminalRun(t *testing.T, cols int, messages bool, args ...string) result {
	t.Helper()
	master, tty := openTerminal(t, cols)
	cmd, _, stderr := k.command("", args...)
	cmd.Stdout = tty
	if messages {
		cmd.Stderr = tty
	}
	var shown bytes.Buffer
	read := make(chan struct{})
	go func() {
		defer close(read)
		// Once every copy of the terminal is closed, the read ends (EIO)
		// with all that was written.
		_, _ = io.Copy(&shown, master)
	}()
	err := cmd.Run()
	tty.Close()
	<-read
	master.Close()
	stdout := strings.ReplaceAll(shown.String(), "\r\n", "\n")
	return result{args: args, stdout: stdout, stderr: stderr.String(), code: exitCode(t, err)}
}

// openTerminal opens a pseudo-terminal of cols columns and 24 rows; it
// skips the test where there is none.
func openTerminal(t *testing.T, cols int) (master, tty *os.File) {
	t.Helper()
	master, tty = ptytest.OpenPair(t)
	if err := unix.IoctlSetWinsize(int(tty.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 24, Col: uint16(cols)}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		tty.Close()
		master.Close()
	})
	return master, tty
}

// At 80 columns the weather table keeps the date, the weather, the
// temperature and the wind whole; the precipitation and the effect go,
// and stderr says so once.
func TestE2EWidthWeatherTableAt80Columns(t *testing.T) {
	t.Parallel()
	k := newKanka(t, startSandbox(t, false))
	cal := createHarptos(t, k)
	k.ok(t, "weather", "create", "--calendar", cal, "-f", hammerFile)

	r := k.onTerminal(t, 80, "weather", "list", "--calendar", cal)
	want := "" +
		"ID  DATE           WEATHER    TEMPERATURE  WIND              VISIBILITY\n" +
		"1   1 Hammer 1492  snowflake  -8°C         north, strong     all\n" +
		"2   2 Hammer 1492  cloud      -10°C        north, light      all\n" +
		"3   3 Hammer 1492  sun        -14°C        calm              all\n" +
		"4   4 Hammer 1492  wind       -6°C         north-east, gale  all\n" +
		"5   5 Hammer 1492  smog       -3°C         calm              members\n"
	if r.code != 0 || r.stdout != want {
		t.Fatalf("%s\nwant stdout:\n%s", r, want)
	}
	t.Run("note", func(t *testing.T) {
		// Wrapped at a space to the terminal's 80 columns, not mid-word.
		want := "note: 2 columns left out to fit 80 columns (PRECIPITATION, EFFECT): use -o wide\n      or a wider terminal\n"
		if r.stderr != want {
			t.Errorf("stderr %q, want %q", r.stderr, want)
		}
		if q := k.onTerminal(t, 80, "-q", "weather", "list", "--calendar", cal); q.code != 0 || q.stderr != "" {
			t.Errorf("with -q: %s", q)
		}
	})

	// Piped, nothing is cut and nothing is said.
	if piped := k.run(t, "weather", "list", "--calendar", cal); piped.code != 0 || piped.stderr != "" ||
		!strings.HasPrefix(piped.stdout, "ID  DATE      WEATHER    TEMPERATURE  PRECIPITATION  WIND              EFFECT") {
		t.Errorf("piped: %s", piped)
	}
}

// -o wide on a 60-column terminal keeps every column, whole, past the
// edge, rather than print the plain table cut down.
func TestE2EWidthWideKeepsItsColumnsOnANarrowTerminal(t *testing.T) {
	t.Parallel()
	k := newKanka(t, startSandbox(t, false))
	cal := createHarptos(t, k)
	k.ok(t, "weather", "create", "--calendar", cal, "-f", hammerFile)

	r := k.onTerminal(t, 60, "weather", "list", "--calendar", cal, "-o", "wide")
	lines := strings.Split(r.stdout, "\n")
	wantHeader := "ID  DATE           WEATHER    TEMPERATURE  PRECIPITATION  WIND              EFFECT                             VISIBILITY  NAME                 UPDATED"
	if r.code != 0 || lines[0] != wantHeader || !strings.Contains(lines[1], "  roads closed, travel at half pace  all         The Hammer blizzard  ") {
		t.Errorf("%s\nwant the header %q and whole cells", r, wantHeader)
	}
	if r.stderr != "" {
		t.Errorf("wide left nothing out, yet stderr %q", r.stderr)
	}
}

// A 10-day week stays a grid at 60 columns (one mark a cell) and at 40
// (no frame around the numbers), rather than a list of days.
func TestE2EWidthTendayStaysAGrid(t *testing.T) {
	t.Parallel()
	k := newKanka(t, startSandbox(t, false))
	cal := createHarptos(t, k)
	for _, tc := range []struct {
		cols     int
		weekdays string
	}{
		{60, " Fir   Sec   Thi   Fou   Fif   Six   Sev   Eig   Nin   Ten\n"},
		{40, "Fir Sec Thi Fou Fif Six Sev Eig Nin Ten\n"},
	} {
		r := k.onTerminal(t, tc.cols, "calendar", "show", cal, "--no-weather")
		if r.code != 0 || !strings.Contains(r.stdout, tc.weekdays) || strings.Contains(r.stdout, "First-day") {
			t.Errorf("at %d columns: %s\nwant the weekday row %q", tc.cols, r, tc.weekdays)
		}
		for _, line := range strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n") {
			plain := strings.NewReplacer("\x1b[7m", "", "\x1b[0m", "").Replace(line)
			if n := len([]rune(plain)); n > tc.cols {
				t.Errorf("at %d columns a line of %d: %q", tc.cols, n, line)
			}
		}
	}
}
