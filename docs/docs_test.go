package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// The README is read in a few minutes: at most 300 lines, opening with a
// table of contents that links to each of its sections, in order; the
// rest is in the manual.
func TestTheReadmeIsShortWithContents(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	if n := strings.Count(readme, "\n"); n > 300 {
		t.Errorf("README.md has %d lines, at most 300: move the detail to a page of docs/", n)
	}
	headings := sectionHeadings(readme)
	if len(headings) < 5 || headings[0] != "Contents" {
		t.Fatalf("README.md's sections are %q: the first should be its Contents", headings)
	}
	_, contents, _ := strings.Cut(readme, "\n## Contents\n")
	contents, _, _ = strings.Cut(contents, "\n## ")
	var listed []string
	for _, m := range regexp.MustCompile(`(?m)^- \[[^\]]+\]\(#([^)]+)\)`).FindAllStringSubmatch(contents, -1) {
		listed = append(listed, m[1])
	}
	var want []string
	for _, h := range headings[1:] {
		want = append(want, slug(h))
	}
	if !slices.Equal(listed, want) {
		t.Errorf("README.md's Contents link to %q; its sections are %q", listed, want)
	}
}

// sectionHeadings are the "## " headings of markdown, outside code.
func sectionHeadings(markdown string) []string {
	var headings []string
	for _, h := range headingsOf(markdown) {
		if h.level == 2 {
			headings = append(headings, h.text)
		}
	}
	return headings
}

// Every link between the README, ARCHITECTURE.md and the pages of the
// manual reaches a file that is there, and an anchor a heading of it
// makes (as GitHub makes them): a page moved or a heading renamed fails
// here, not in a reader's browser.
func TestEveryLinkOfTheManualReachesItsPlace(t *testing.T) {
	pages := []string{"../README.md", "../ARCHITECTURE.md"}
	for _, glob := range []string{"*.md", "reference/*.md"} {
		found, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, found...)
	}
	if len(pages) < 60 {
		t.Fatalf("%d pages: the manual was not found", len(pages))
	}
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	links := 0
	for _, page := range pages {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(withoutCode(string(b)), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			links++
			file, anchor, _ := strings.Cut(target, "#")
			path := page
			if file != "" {
				path = filepath.Join(filepath.Dir(page), file)
			}
			info, err := os.Stat(path)
			if err != nil {
				t.Errorf("%s links to %s, which is not there", page, target)
				continue
			}
			if anchor == "" || info.IsDir() {
				continue
			}
			body, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(anchors(string(body)), anchor) {
				t.Errorf("%s links to %s: %s has no heading whose anchor is #%s", page, target, path, anchor)
			}
		}
	}
	if links < 100 {
		t.Errorf("%d links: the reading of links is broken", links)
	}
}

type heading struct {
	level int
	text  string
}

// headingsOf are the ATX headings of markdown, outside fenced code.
func headingsOf(markdown string) []heading {
	var hs []heading
	fenced := false
	for _, line := range strings.Split(markdown, "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			continue
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		level := len(line) - len(strings.TrimLeft(line, "#"))
		if level <= 6 && strings.HasPrefix(line[level:], " ") {
			hs = append(hs, heading{level, strings.TrimSpace(line[level:])})
		}
	}
	return hs
}

// anchors are the anchors GitHub gives the headings of markdown: the
// slug, and for the second heading of one slug "-1", then "-2".
func anchors(markdown string) []string {
	var out []string
	seen := map[string]int{}
	for _, h := range headingsOf(markdown) {
		s := slug(h.text)
		if n := seen[s]; n > 0 {
			out = append(out, s+"-"+string(rune('0'+n)))
		} else {
			out = append(out, s)
		}
		seen[s]++
	}
	return out
}

// slug is a heading's anchor as GitHub makes it: lower case, the marks of
// Markdown and punctuation dropped but for hyphens and underscores, each
// space a hyphen.
func slug(text string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// withoutCode is markdown with its fenced blocks and code spans blanked,
// whose brackets are no links.
func withoutCode(markdown string) string {
	var out []string
	fenced := false
	for _, line := range strings.Split(markdown, "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			out = append(out, "")
			continue
		}
		if fenced {
			out = append(out, "")
			continue
		}
		parts := strings.Split(line, "`")
		for i := 1; i < len(parts); i += 2 {
			parts[i] = ""
		}
		out = append(out, strings.Join(parts, "`"))
	}
	return strings.Join(out, "\n")
}
