package output

import (
	"strings"
	"testing"
	"time"
)

// shire has cells that would break a naive table: wide runes, a newline,
// and a name long enough to be truncated on a narrow terminal.
var shire = fakeCalendar{
	ID: 333, Name: "Shire Reckoning\n(日本語 edition)", Type: "Hobbit", Months: []string{"Afteryule", "Solmath"},
	Updated: "2026-03-04T05:06:07Z", Raw: `{"id":333}`,
}

func printTable(t *testing.T, opts Options, recs ...Record) string {
	t.Helper()
	p, out := newPrinter(t, opts)
	if err := p.PrintList(listOf(nil, recs...), fakeKind); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

func TestTableGolden(t *testing.T) {
	tests := []struct {
		golden string
		opts   Options
	}{
		{"table", Options{}},
		{"table-wide", Options{Format: Wide}},
		{"table-no-headers", Options{NoHeaders: true}},
		{"table-wide-no-headers", Options{Format: Wide, NoHeaders: true}},
		{"table-width-40", Options{Width: 40}},
		// Wide on a narrow terminal keeps every column whole, past the
		// edge; its timestamps read relative to a fixed clock.
		{"table-wide-width-60", Options{Format: Wide, Width: 60, Now: func() time.Time { return time.Date(2026, 5, 4, 12, 0, 0, 0, time.UTC) }}},
		{"table-width-40-no-headers", Options{Width: 40, NoHeaders: true}},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			got := printTable(t, tt.opts, harptos, galifar, shire)
			assertGolden(t, tt.golden, got)
			width := tt.opts.Width
			if tt.opts.Format == Wide {
				width = 0 // wide is never cut to the terminal
			}
			checkTableShape(t, got, width)
		})
	}
}

// checkTableShape asserts what every table must be: no trailing spaces, no
// escape codes without colour, and, on a terminal, lines that fit.
func checkTableShape(t *testing.T, got string, width int) {
	t.Helper()
	for _, line := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
		if strings.TrimRight(line, " ") != line {
			t.Errorf("trailing spaces in %q", line)
		}
		if strings.Contains(line, "\x1b") {
			t.Errorf("escape code without colour in %q", line)
		}
		if n := displayWidth(line); width > 0 && n > width {
			t.Errorf("line of width %d does not fit in %d: %q", n, width, line)
		}
	}
}

func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x2E80 { // the CJK runes of the test data are two cells wide
			n += 2
		} else {
			n++
		}
	}
	return n
}

func TestTableColumns(t *testing.T) {
	table := printTable(t, Options{}, harptos)
	wide := printTable(t, Options{Format: Wide}, harptos)
	wantTable := "ID  NAME     TYPE              MONTHS\n1   Harptos  Forgotten Realms  3\n"
	wantWide := "ID  NAME     TYPE              MONTHS  UPDATED\n1   Harptos  Forgotten Realms  3       2026-01-02T03:04:05Z\n"
	if table != wantTable {
		t.Errorf("table:\n%s\nwant:\n%s", table, wantTable)
	}
	if wide != wantWide {
		t.Errorf("wide:\n%s\nwant:\n%s", wide, wantWide)
	}
}

// Headers are printed as the Kind spells them, never rewritten.
func TestTableHeadersAsGiven(t *testing.T) {
	kind := Kind{Columns: []Column{
		{Header: "is_private", Value: func(r Record) string { return "x" }},
		{Header: "Name", Value: func(r Record) string { return cal(r).Name }},
	}}
	p, out := newPrinter(t, Options{})
	if err := p.PrintList(listOf(nil, harptos), kind); err != nil {
		t.Fatal(err)
	}
	want := "is_private  Name\nx           Harptos\n"
	if out.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
}

func TestTableNoTruncationWhenPiped(t *testing.T) {
	long := galifar
	long.Name = strings.Repeat("Very long calendar name ", 20)
	got := printTable(t, Options{Width: 0}, long)
	if !strings.Contains(got, strings.TrimSpace(long.Name)) || strings.Contains(got, "...") {
		t.Errorf("the name was cut when piped:\n%s", got)
	}
	narrow := printTable(t, Options{Width: 50}, long)
	if !strings.Contains(narrow, "...") {
		t.Errorf("the name was not cut on a 50-column terminal:\n%s", narrow)
	}
	checkTableShape(t, narrow, 50)
}

func TestTableColor(t *testing.T) {
	plain := printTable(t, Options{Width: 80}, harptos)
	colored := printTable(t, Options{Width: 80, Color: true}, harptos)
	if strings.Contains(plain, "\x1b[") {
		t.Errorf("escape codes without Color:\n%q", plain)
	}
	want := "\x1b[1mID  NAME     TYPE              MONTHS\x1b[0m\n1   Harptos  Forgotten Realms  3\n"
	if colored != want {
		t.Errorf("got %q; want %q", colored, want)
	}
	noHeaders := printTable(t, Options{Color: true, NoHeaders: true}, harptos)
	if strings.Contains(noHeaders, "\x1b[") {
		t.Errorf("escape codes without a header to make bold: %q", noHeaders)
	}
}
