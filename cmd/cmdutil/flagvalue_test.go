package cmdutil

import (
	"errors"
	"io"
	"testing"

	"github.com/spf13/pflag"
)

func TestFlagValueError(t *testing.T) {
	for _, tt := range []struct {
		define func(fs *pflag.FlagSet)
		arg    string
		want   string
	}{
		{func(fs *pflag.FlagSet) { fs.Int("n", 0, "") }, "--n=x", `--n "x": not a whole number`},
		{func(fs *pflag.FlagSet) { fs.Int64("n", 0, "") }, "--n=1e3", `--n "1e3": not a whole number`},
		{func(fs *pflag.FlagSet) { fs.Uint64("n", 0, "") }, "--n=-1", `--n "-1": not a whole number from 0 up`},
		{func(fs *pflag.FlagSet) { fs.Float64("n", 0, "") }, "--n=1.2.3", `--n "1.2.3": not a number`},
		{func(fs *pflag.FlagSet) { fs.Bool("n", false, "") }, "--n=maybe", `--n "maybe": not true or false`},
		{func(fs *pflag.FlagSet) { fs.Int8("n", 0, "") }, "--n=300", `--n "300": out of range`},
		// Not a number: pflag's own message stands.
		{func(fs *pflag.FlagSet) { fs.Duration("n", 0, "") }, "--n=soon", `invalid argument "soon" for "--n" flag: time: invalid duration "soon"`},
	} {
		fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
		fs.SetOutput(io.Discard)
		tt.define(fs)
		err := FlagValueError(fs.Parse([]string{tt.arg}))
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: %v, want %q", tt.arg, err, tt.want)
		}
	}
	if err := errors.New("other"); FlagValueError(err) != err {
		t.Error("an error that is no flag value's is not returned as it is")
	}
}
