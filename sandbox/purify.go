package sandbox

import (
	"html"
	"regexp"
	"strings"
)

// purify is what the service's HTML purifier does to a reminder's comment
// (its ReminderObserver cleans every save), as far as plain text goes: the
// entities it holds are read, then its &, < and > are written as entities
// ("Tom & Jerry" is kept as "Tom &amp; Jerry"). A comment holding markup
// is kept as sent: which tags the purifier keeps is not modelled.
func purify(s string) string {
	if markup.MatchString(s) {
		return s
	}
	return entities.Replace(html.UnescapeString(s))
}

// markup is the start of a tag or of a comment.
var markup = regexp.MustCompile(`<[A-Za-z/!?]`)

var entities = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
