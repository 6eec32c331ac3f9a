package calexport

import (
	"math/rand"
	"strings"
	"testing"

	xhtml "golang.org/x/net/html"
)

// tokenizerText is a comment's plain text as golang.org/x/net/html's
// tokenizer reads it: what plainText did with it, before its 113 KB
// allocated at every start of kanka (its entity table) were too many.
func tokenizerText(comment string) string {
	z := xhtml.NewTokenizer(strings.NewReader(comment))
	var b strings.Builder
	for {
		switch z.Next() {
		case xhtml.ErrorToken:
			return strings.Join(strings.Fields(stripControls(b.String())), " ")
		case xhtml.TextToken:
			b.Write(z.Text())
		case xhtml.StartTagToken, xhtml.EndTagToken, xhtml.SelfClosingTagToken:
			b.WriteByte(' ')
		}
	}
}

// plainText reads markup as HTML's tokenizer does (but the raw text of
// <script>, <style> and the like, which purified comments never hold):
// random strings of tags, comments, quotes, entities and stray "<", one
// by one against the tokenizer.
func TestPlainTextReadsMarkupAsTheTokenizer(t *testing.T) {
	parts := []string{"\t", "<a href=x>", "<!DOCTYPE html>", "<?xml ?>", "</ x>", "<br/>", "<img alt=\"a>b\" src=c>", "&#233;", "&nbsp;", "&#x41;", "&notit;", "/>", "<A HREF='q'>", "<", ">", "/", "!", "-", "--", "a", "b", "p", " ", "=", "\"", "'", "&amp;", "&lt;", "&", ";", "?", "x", "<p>", "</p>", "<!--", "-->", "é", "\n"}
	r := rand.New(rand.NewSource(1))
	bad := 0
	for n := 0; n < 100_000; n++ {
		var b strings.Builder
		for k := r.Intn(12); k >= 0; k-- {
			b.WriteString(parts[r.Intn(len(parts))])
		}
		s := b.String()
		if o, nw := tokenizerText(s), plainText(s); o != nw {
			bad++
			if bad < 10 {
				t.Errorf("%q: the tokenizer reads %q, plainText %q", s, o, nw)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d strings read otherwise", bad)
	}
}
