package output

import (
	"strings"
	"testing"
)

func TestDetailGolden(t *testing.T) {
	tests := []struct {
		golden string
		format Format
		rec    fakeCalendar
	}{
		{"detail-wide", Wide, harptos},
		{"detail-one-month", Table, galifar},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			p, out := newPrinter(t, Options{Format: tt.format})
			if err := p.PrintOne(tt.rec, fakeKind); err != nil {
				t.Fatal(err)
			}
			assertGolden(t, tt.golden, out.String())
		})
	}
}

// The exact layout, spelled out once beside the golden files: labels
// padded to the longest ("Private:"), months as a block, no trailing space
// after an empty value.
func TestDetailLayout(t *testing.T) {
	p, out := newPrinter(t, Options{})
	if err := p.PrintOne(harptos, fakeKind); err != nil {
		t.Fatal(err)
	}
	want := `ID:      1
Name:    Harptos
Type:    Forgotten Realms
Private: false
Months:
  Hammer
  Alturiak
  Ches
Suffix:
`
	if out.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
}

func TestDetailColor(t *testing.T) {
	p, out := newPrinter(t, Options{Color: true, Width: 80})
	if err := p.PrintOne(galifar, fakeKind); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "\x1b[1mName:\x1b[0m    Galifar") {
		t.Errorf("labels not bold, or values misaligned:\n%q", out)
	}
	p, out = newPrinter(t, Options{Width: 80})
	if err := p.PrintOne(galifar, fakeKind); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "\x1b") {
		t.Errorf("escape codes without Color:\n%q", out)
	}
}

// A kind without Detail shows its columns, wide ones included.
func TestDetailFromColumns(t *testing.T) {
	kind := fakeKind
	kind.Detail = nil
	p, out := newPrinter(t, Options{})
	if err := p.PrintOne(harptos, kind); err != nil {
		t.Fatal(err)
	}
	want := "ID:      1\nNAME:    Harptos\nTYPE:    Forgotten Realms\nMONTHS:  3\nUPDATED: 2026-01-02T03:04:05Z\n"
	if out.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
}

// ColumnsDetail shows a Kind's columns as its detail view: every column,
// the wide ones too, its header in words as the label, and on a terminal
// a column's readable form.
func TestColumnsDetail(t *testing.T) {
	cols := append([]Column{{Header: "WHEN", Value: func(Record) string { return "1492-1-1" },
		Readable: func(Record) string { return "1 Hammer 1492" }}}, fakeKind.Columns...)
	kind := Kind{Columns: cols, Detail: ColumnsDetail(cols)}
	for _, tt := range []struct {
		width int
		want  string
	}{
		{0, "When:    1492-1-1\nId:      1\nName:    Harptos\nType:    Forgotten Realms\nMonths:  3\nUpdated: 2026-01-02T03:04:05Z\n"},
		{80, "When:    1 Hammer 1492\nId:      1\nName:    Harptos\nType:    Forgotten Realms\nMonths:  3\nUpdated: 2026-01-02T03:04:05Z\n"},
	} {
		p, out := newPrinter(t, Options{Width: tt.width})
		if err := p.PrintOne(harptos, kind); err != nil {
			t.Fatal(err)
		}
		if out.String() != tt.want {
			t.Errorf("width %d:\n%s\nwant:\n%s", tt.width, out, tt.want)
		}
	}
}
