package output

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/pkg/twwidth"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
)

// Tables were drawn with tablewriter and its widths; kanka now lays them
// out and counts widths itself (it started tablewriter's width tables on
// every run). These tests hold the new code to the library on random
// cells: texts of every width, spaces at the ends, escapes.

// renderTableBefore is renderTable as it was, with tablewriter.
func renderTableBefore(t *testing.T, header []string, rows [][]string) string {
	t.Helper()
	var buf bytes.Buffer
	cell := tw.CellConfig{
		Formatting: tw.CellFormatting{AutoFormat: tw.Off, AutoWrap: tw.WrapNone},
		Alignment:  tw.CellAlignment{Global: tw.AlignLeft},
		Padding:    tw.CellPadding{Global: tw.Padding{Left: "", Right: columnGap, Overwrite: true}},
	}
	table := tablewriter.NewTable(&buf,
		tablewriter.WithRenderer(renderer.NewBlueprint(tw.Rendition{
			Borders: tw.BorderNone,
			Symbols: tw.NewSymbols(tw.StyleNone),
			Settings: tw.Settings{
				Separators: tw.Separators{ShowHeader: tw.Off, ShowFooter: tw.Off, BetweenRows: tw.Off, BetweenColumns: tw.Off},
				Lines:      tw.Lines{ShowTop: tw.Off, ShowBottom: tw.Off, ShowHeaderLine: tw.Off, ShowFooterLine: tw.Off},
			},
		})),
		tablewriter.WithConfig(tablewriter.Config{Header: cell, Row: cell}),
	)
	if header != nil {
		table.Header(header)
	}
	if err := table.Bulk(rows); err != nil {
		t.Fatal(err)
	}
	if err := table.Render(); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// cellTexts are texts of every width a cell can hold once sanitized.
var cellTexts = []string{
	"", "1", "Harptos", "Galifar Calendar of the Five Nations", "Shire Reckoning (日本語 edition)", "Selûne", "20°C ±2",
	"Ωμέγα", "e\u0301t\u0301e\u0301", "👍", "👨‍👩‍👧", "🇫🇷", "한국어", "ｆｕｌｌ", " padded ", "two  spaces", "\u00a0nbsp\u00a0",
	"^[[31m", "<U+200B>", "4 months ago", "1492-3-12", strings.Repeat("long ", 12),
}

func TestRenderTableLaysOutAsTablewriter(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 4))
	for range 2000 {
		cols := 1 + r.IntN(5)
		var header []string
		if r.IntN(4) > 0 {
			for range cols {
				header = append(header, []string{"ID", "NAME", "TYPE", "DATE", "MONTHS"}[r.IntN(5)])
			}
		}
		rows := make([][]string, 1+r.IntN(4))
		for i := range rows {
			for range cols {
				rows[i] = append(rows[i], cellTexts[r.IntN(len(cellTexts))])
			}
		}
		if got, want := renderTable(header, rows), renderTableBefore(t, header, rows); got != want {
			t.Fatalf("header %q rows %q:\nnow\n%q\nbefore\n%q", header, rows, got, want)
		}
	}
}

// A tab counts 8 columns, as a terminal's tab stops are. (twwidth guessed
// the width of a tab from the environment and an .editorconfig in the
// working directory; kanka's tables turn a tab into a space before any
// width is counted, and nothing else it measures holds one.)
func TestWidthCountsATabAsEight(t *testing.T) {
	if got := Width("tab\tin"); got != 13 {
		t.Errorf("Width(\"tab\\tin\") = %d, want 13", got)
	}
	if got := Truncate("tab\tin", 10); got != "tab" {
		t.Errorf("Truncate(\"tab\\tin\", 10) = %q, want \"tab\"", got)
	}
}

func TestWidthCountsAsTwwidth(t *testing.T) {
	texts := append([]string{"\x1b[31mred\x1b[0m", "\x1b]8;;https://x\x07link\x1b]8;;\x07", "half \x1b[1", "a\x1b[0m"}, cellTexts...)
	for _, eastAsian := range []bool{false, true} {
		twwidth.SetEastAsian(eastAsian)
		t.Setenv("RUNEWIDTH_EASTASIAN", map[bool]string{false: "0", true: "1"}[eastAsian])
		widthOptions = sync.OnceValue(readWidthOptions)
		for _, s := range texts {
			if got, want := Width(s), twwidth.Width(s); got != want {
				t.Errorf("east asian %v: Width(%q) = %d, twwidth says %d", eastAsian, s, got, want)
			}
			for w := -1; w <= Width(s)+1; w++ {
				if got, want := Truncate(s, w), twwidth.Truncate(s, w); got != want {
					t.Errorf("east asian %v: Truncate(%q, %d) = %q, twwidth says %q", eastAsian, s, w, got, want)
				}
			}
		}
	}
	twwidth.SetEastAsian(false)
	t.Setenv("RUNEWIDTH_EASTASIAN", "")
	widthOptions = sync.OnceValue(readWidthOptions)
}
