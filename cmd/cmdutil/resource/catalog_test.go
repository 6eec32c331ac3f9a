package resource

import (
	"errors"
	"slices"
	"testing"

	"github.com/spf13/cobra"
)

// A catalog completes its names with what each is; without About, the
// names alone; when its list cannot be read, nothing.
func TestCatalogCompletes(t *testing.T) {
	type thing struct{ name, about string }
	c := Catalog[thing]{
		All:   func() ([]thing, error) { return []thing{{"a", "first"}, {"b", "second"}}, nil },
		Name:  func(x thing) string { return x.name },
		About: func(x thing) string { return x.about },
	}
	for _, tc := range []struct {
		name string
		c    Catalog[thing]
		want []cobra.Completion
	}{
		{"with what each is", c, []cobra.Completion{"a\tfirst", "b\tsecond"}},
		{"without About", func() Catalog[thing] { c := c; c.About = nil; return c }(), []cobra.Completion{"a", "b"}},
		{"a list that fails", func() Catalog[thing] {
			c := c
			c.All = func() ([]thing, error) { return nil, errors.New("broken") }
			return c
		}(), nil},
	} {
		got, dir := tc.c.Complete(nil, nil, "")
		if !slices.Equal(got, tc.want) || dir != cobra.ShellCompDirectiveNoFileComp {
			t.Errorf("%s: %q, %v; want %q, no files", tc.name, got, dir, tc.want)
		}
	}
}
