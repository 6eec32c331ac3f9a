// Package docs is kanka's manual: Markdown pages by topic, read on GitHub
// and in the release archive (docs/README.md is the index). The pages of
// the reference that a terminal needs are also help topics: they are
// embedded in the binary and `kanka help TOPIC` prints them, so that the
// manual and the terminal read one text. A topic page keeps to what the
// terminal renders (see Topics); a test holds every one to it.
package docs

import "embed"

// Topic is a page of the manual that `kanka help Name` prints.
type Topic struct {
	Name  string // the word after `kanka help`
	File  string // the page, in this folder
	Short string // its line in the list of help topics
}

// Topics are the help topics, in the order `kanka --help` lists them. Their
// pages are written in the Markdown a terminal can show: paragraphs, "##"
// headings, "- " lists (one level), tables of two columns, fenced code,
// `code`, [links](page.md) and **bold**, and <!-- comments --> for editors.
var Topics = []Topic{
	{"calendar-fields", "calendar-fields.md", "The fields of a calendar: its flags and file keys"},
	{"dates", "dates.md", "How to write a date, and today, +N and -N"},
	{"environment", "environment.md", "The environment variables kanka reads"},
	{"exit-codes", "exit-codes.md", "The exit codes of kanka and what each means"},
	{"formats", "output-formats.md", "The output formats, --jq and --template"},
	{"requests", "requests.md", "What each command sends, and how long the cache is trusted"},
}

// Pages holds the topics' pages.
//
//go:embed calendar-fields.md dates.md environment.md exit-codes.md output-formats.md requests.md
var Pages embed.FS
