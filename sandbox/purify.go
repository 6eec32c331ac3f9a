package sandbox

import (
	"html"
	"strings"
)

// purify is what the service's HTML purifier does to a reminder's comment
// (its ReminderObserver cleans every save), as far as plain text goes: the
// entities it holds are read, then its &, < and > are written as entities
// ("Tom & Jerry" is kept as "Tom &amp; Jerry"). A comment holding markup
// is kept as sent: which tags the purifier keeps is not modelled.
func purify(s string) string {
	if hasMarkup(s) {
		return s
	}
	return entities.Replace(html.UnescapeString(s))
}

// hasMarkup reports the start of a tag or of a comment: < and then a
// letter, /, ! or ?.
func hasMarkup(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if c := s[i+1]; s[i] == '<' && (c == '/' || c == '!' || c == '?' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return true
		}
	}
	return false
}

var entities = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
