package root_test

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/root"
)

func BenchmarkTmpHelp(b *testing.B) {
	b.Setenv("HOME", b.TempDir())
	b.ReportAllocs()
	for b.Loop() {
		s := &cmdutil.IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: io.Discard}
		root.Run(context.Background(), s, []string{"--help"})
	}
}

func BenchmarkTmpTree(b *testing.B) {
	b.Setenv("HOME", b.TempDir())
	b.ReportAllocs()
	for b.Loop() {
		s := &cmdutil.IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: io.Discard}
		root.NewCmdRoot(s)
	}
}
