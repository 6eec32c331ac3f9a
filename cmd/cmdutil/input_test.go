package cmdutil

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"
)

func wantUsageMessage(t *testing.T, err error, want string) {
	t.Helper()
	var usage *UsageError
	if !errors.As(err, &usage) {
		t.Fatalf("error %v is not a UsageError", err)
	}
	if err.Error() != want {
		t.Errorf("got  %q\nwant %q", err.Error(), want)
	}
}

func TestParseYAMLNamesTheLineAndKeyOfTextThatIsNotUTF8(t *testing.T) {
	_, err := ParseYAML([]byte("months:\n  - name: x\n    length: 3\nname: Ca\xfflendar\n"), "cal.yaml")
	wantUsageMessage(t, err, "cal.yaml: line 4: name: is not valid UTF-8 text (byte 0xff); save the file as UTF-8")
	_, err = ParseYAML([]byte("name: |\n  first\n  se\xc3cond\n"), "cal.yaml")
	wantUsageMessage(t, err, "cal.yaml: line 3: is not valid UTF-8 text (byte 0xc3); save the file as UTF-8")
}

// A file saved as UTF-16 (PowerShell's > does that) is still read.
func TestParseYAMLReadsUTF16(t *testing.T) {
	data := []byte{0xff, 0xfe}
	for _, r := range "name: Harptos\n" {
		data = append(data, byte(r), 0)
	}
	root, err := ParseYAML(data, "cal.yaml")
	var v struct{ Name string }
	if err == nil {
		err = root.Decode(&v)
	}
	if err != nil || v.Name != "Harptos" {
		t.Errorf("decoded %+v, %v", v, err)
	}
}

// zeros is a never-ending input, as /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func TestReadInputRefusesMoreThan16MiB(t *testing.T) {
	s, _, _, _ := Test()
	s.In = zeros{}
	_, err := ReadInput(context.Background(), s, "-")
	wantUsageMessage(t, err, "standard input: larger than 16 MiB; is it the right input?")

	// A regular file is refused on its size, without being read.
	big := filepath.Join(t.TempDir(), "cal.yaml")
	if err := os.WriteFile(big, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, MaxInputBytes+1); err != nil {
		t.Fatal(err)
	}
	_, err = ReadInput(context.Background(), s, big)
	wantUsageMessage(t, err, big+": larger than 16 MiB; is it the right file?")

	// 16 MiB itself is read.
	if err := os.Truncate(big, MaxInputBytes); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadInput(context.Background(), s, big); err != nil || len(data) != MaxInputBytes {
		t.Errorf("read %d bytes, %v", len(data), err)
	}
}

func TestReadInputOfDevZeroEnds(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	s, _, _, _ := Test()
	_, err := ReadInput(context.Background(), s, "/dev/zero")
	wantUsageMessage(t, err, "/dev/zero: larger than 16 MiB; is it the right file?")
}

// A read of a pipe that is never closed ends when the command's context is
// cancelled (Ctrl-C, SIGTERM).
func TestReadInputStopsWhenCancelled(t *testing.T) {
	r, w := io.Pipe()
	t.Cleanup(func() { w.Close() })
	s, _, _, _ := Test()
	s.In = r
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	_, err := ReadInput(ctx, s, "-")
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("took %s", took)
	}
}

func TestReadLine(t *testing.T) {
	line, err := ReadLine(context.Background(), strings.NewReader("  a-token \r\nrest"), 10)
	if line != "  a-token " || err != nil {
		t.Errorf("got %q, %v", line, err)
	}
	if line, err := ReadLine(context.Background(), strings.NewReader(strings.Repeat("x", 10)+"\n"), 10); err != nil || len(line) != 10 {
		t.Errorf("a line of the limit: %q, %v", line, err)
	}
	if _, err := ReadLine(context.Background(), zeros{}, 10); !errors.Is(err, ErrLineTooLong) {
		t.Errorf("endless input: %v, want ErrLineTooLong", err)
	}
	r, w := io.Pipe()
	t.Cleanup(func() { w.Close() })
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	if _, err := ReadLine(ctx, r, 10); !errors.Is(err, context.Canceled) {
		t.Errorf("blocked read: %v, want context.Canceled", err)
	}
}

func TestRefuseNonUTF8Flags(t *testing.T) {
	fs := pflag.NewFlagSet("x", pflag.ContinueOnError)
	fs.String("name", "", "")
	fs.StringArray("month", nil, "")
	if err := fs.Parse([]string{"--name", "Harptos", "--month", "A:1", "--month", "B\xff:2"}); err != nil {
		t.Fatal(err)
	}
	wantUsageMessage(t, RefuseNonUTF8Flags(fs), "--month: is not valid UTF-8 text")
	fs = pflag.NewFlagSet("x", pflag.ContinueOnError)
	fs.String("name", "", "")
	if err := fs.Parse([]string{"--name", "Selûne"}); err != nil {
		t.Fatal(err)
	}
	if err := RefuseNonUTF8Flags(fs); err != nil {
		t.Error(err)
	}
}
