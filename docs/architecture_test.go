package docs

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// ARCHITECTURE.md's table of every package and its arrows says what each
// package it lists imports of the project (its files that are not tests),
// no more and no less: an import added or taken away fails here, not in a
// reader's head.
func TestTheArchitectureTableSaysEachPackagesImports(t *testing.T) {
	b, err := os.ReadFile("../ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(b), "## Every package and its arrows")
	if !ok {
		t.Fatal("ARCHITECTURE.md has no section \"Every package and its arrows\"")
	}
	rows := 0
	var listed []string
	for _, line := range strings.Split(table, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) != 4 || strings.TrimSpace(cells[1]) == "package" || strings.HasPrefix(strings.TrimSpace(cells[1]), "---") {
			if rows > 0 && !strings.HasPrefix(line, "|") {
				break // the table's end
			}
			continue
		}
		rows++
		listed = append(listed, packagesNamed(cells[1])...)
		said := packagesNamed(cells[2])
		for _, pkg := range packagesNamed(cells[1]) {
			imported := projectImports(t, pkg)
			for _, p := range imported {
				if !slices.Contains(said, p) {
					t.Errorf("%s imports %s; the table does not say so", pkg, p)
				}
			}
			for _, p := range said {
				if !slices.Contains(imported, p) {
					t.Errorf("the table says %s imports %s; it does not", pkg, p)
				}
			}
		}
	}
	if rows < 20 {
		t.Fatalf("%d rows: the table was not found", rows)
	}
	// Every package has its row: a new one is not left out of the table.
	for _, pkg := range projectPackages(t) {
		if !slices.Contains(listed, pkg) {
			t.Errorf("package %s has no row in the table", pkg)
		}
	}
}

// projectPackages are the directories of the project that hold Go files
// that are not tests (testdata and hidden directories aside).
func projectPackages(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != ".." && (name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		dir := filepath.ToSlash(filepath.Dir(path))
		if strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") && dir != ".." && !slices.Contains(out, dir) {
			out = append(out, dir)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, dir := range out {
		out[i] = strings.TrimPrefix(dir, "../")
	}
	return out
}

// notes are a cell's words in parentheses ("(a test harness)").
var notes = regexp.MustCompile(`\([^)]*\)`)

// packagesNamed are the project's packages a cell of the table names;
// notes, "a test harness:" and "nothing of the project" name none.
func packagesNamed(cell string) []string {
	cell = strings.ReplaceAll(notes.ReplaceAllString(cell, ""), "a test harness:", "")
	var out []string
	for _, p := range strings.Split(cell, ",") {
		if p = strings.TrimSpace(p); p != "" && !strings.Contains(p, " ") {
			out = append(out, p)
		}
	}
	return out
}

// projectImports are the project's packages the files of pkg that are not
// tests import.
func projectImports(t *testing.T, pkg string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", pkg, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("package %s: no Go files (%v)", pkg, err)
	}
	const module = "github.com/kanka-cli/kanka/"
	var out []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, spec := range f.Imports {
			if p, ok := strings.CutPrefix(strings.Trim(spec.Path.Value, `"`), module); ok && !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}
