package root

import (
	"fmt"
	"strings"
)

// A help topic is a page of the manual (docs/*.md) shown in the terminal:
// the Markdown of docs.Topics, laid out to the terminal's width. It reads
// only that subset, and says which line is outside it, so that a page
// cannot print as a mess: a test renders every topic.

// renderTopic lays the Markdown page out in lines of at most width columns
// (a word too long for a line aside, and code, which is kept as written):
// the title is left out (the topic's name stands for it); a heading is its
// text and a colon; paragraphs and list items are wrapped, with a hanging
// indent; a table of two columns is a list of names and meanings; code is
// indented two columns, a shell line too wide broken with a backslash.
func renderTopic(page string, width int) (string, error) {
	lines := strings.Split(strings.ReplaceAll(page, "\r\n", "\n"), "\n")
	var blocks [][]string
	add := func(b []string) {
		if len(b) > 0 {
			blocks = append(blocks, b)
		}
	}
	// A heading waits for the block under it: indented (a table, code,
	// a list) right under it, as "Flags:" is; prose after a blank line.
	var heading string
	put := func(b []string) {
		switch {
		case heading == "":
		case len(b) > 0 && strings.HasPrefix(b[0], " "):
			b = append(strings.Split(heading, "\n"), b...)
		default:
			add(strings.Split(heading, "\n"))
		}
		heading = ""
		add(b)
	}
	for i := 0; i < len(lines); {
		l := lines[i]
		switch {
		case strings.TrimSpace(l) == "":
			i++
		case strings.HasPrefix(l, "<!--"):
			for i < len(lines) && !strings.Contains(lines[i], "-->") {
				i++
			}
			i++
		case strings.HasPrefix(l, "# "):
			i++
		case strings.HasPrefix(l, "## ") || strings.HasPrefix(l, "### "):
			if heading != "" {
				add(strings.Split(heading, "\n"))
			}
			heading = strings.Join(wrapWords(strings.Fields(inline(strings.TrimLeft(l, "# "))+":"), width, "", ""), "\n")
			i++
		case strings.HasPrefix(l, "```"):
			lang := strings.TrimPrefix(l, "```")
			i++
			var code []string
			for ; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
				if lang == "sh" {
					code = append(code, wrapCommandLine("  "+lines[i], width)...)
				} else {
					code = append(code, strings.TrimRight("  "+lines[i], " "))
				}
			}
			if i == len(lines) {
				return "", fmt.Errorf("line %d: a code block that does not end", len(lines))
			}
			i++
			put(code)
		case strings.HasPrefix(l, "|"):
			var rows []topicRow
			for n := 0; i < len(lines) && strings.HasPrefix(lines[i], "|"); i, n = i+1, n+1 {
				cells := tableCells(lines[i])
				if len(cells) != 2 {
					return "", fmt.Errorf("line %d: a table of %d columns: a topic's tables have 2", i+1, len(cells))
				}
				if n == 0 || n == 1 && strings.Trim(cells[0], "-: ") == "" {
					continue // the header and its rule
				}
				rows = append(rows, topicRow{name: inlineText(cells[0], false), meaning: inline(cells[1])})
			}
			put(strings.Split(topicTable(rows, width), "\n"))
		case strings.HasPrefix(l, "- "):
			var items []string
			for i < len(lines) && (strings.HasPrefix(lines[i], "- ") || strings.HasPrefix(lines[i], "  ") && strings.TrimSpace(lines[i]) != "") {
				if t := strings.TrimSpace(lines[i]); strings.HasPrefix(lines[i], "- ") {
					items = append(items, strings.TrimPrefix(t, "- "))
				} else if strings.HasPrefix(t, "- ") {
					return "", fmt.Errorf("line %d: a list inside a list item", i+1)
				} else {
					items[len(items)-1] += " " + t
				}
				i++
			}
			var out []string
			for _, item := range items {
				out = append(out, wrapWords(strings.Fields(inline(item)), width, "  - ", "    ")...)
			}
			put(out)
		case outsideTheSubset(l):
			return "", fmt.Errorf("line %d: %q is Markdown a help topic does not show (see docs.Topics)", i+1, l)
		default:
			var words []string
			for ; i < len(lines) && paragraphGoesOn(lines[i]); i++ {
				words = append(words, strings.Fields(lines[i])...)
			}
			put(wrapWords(strings.Fields(inline(strings.Join(words, " "))), width, "", ""))
		}
	}
	if heading != "" {
		add(strings.Split(heading, "\n"))
	}
	var out []string
	for i, b := range blocks {
		if i > 0 {
			out = append(out, "")
		}
		out = append(out, b...)
	}
	return strings.Join(out, "\n"), nil
}

// paragraphGoesOn reports whether line continues a paragraph: it is text,
// not the start of another block.
func paragraphGoesOn(line string) bool {
	t := strings.TrimSpace(line)
	return t != "" && !strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "```") &&
		!strings.HasPrefix(line, "|") && !strings.HasPrefix(line, "- ") && !strings.HasPrefix(line, "<!--")
}

// outsideTheSubset reports whether line starts a block a topic does not
// show: a quote, a numbered list, a deeper heading, an indented code block
// or HTML.
func outsideTheSubset(line string) bool {
	for _, start := range []string{">", "#### ", "    ", "\t", "<", "* ", "+ "} {
		if strings.HasPrefix(line, start) {
			return true
		}
	}
	digits := strings.TrimLeft(line, "0123456789")
	return len(digits) < len(line) && strings.HasPrefix(digits, ". ")
}

// tableCells are the cells of a table's row, trimmed; "\|" is a bar inside
// a cell.
func tableCells(row string) []string {
	row = strings.TrimSpace(row)
	row = strings.TrimSuffix(strings.TrimPrefix(row, "|"), "|")
	var cells []string
	var cell strings.Builder
	for i := 0; i < len(row); i++ {
		switch {
		case row[i] == '\\' && i+1 < len(row) && row[i+1] == '|':
			cell.WriteByte('|')
			i++
		case row[i] == '|':
			cells = append(cells, strings.TrimSpace(cell.String()))
			cell.Reset()
		default:
			cell.WriteByte(row[i])
		}
	}
	return append(cells, strings.TrimSpace(cell.String()))
}

// inline is Markdown prose as a terminal shows it: a link is its text,
// bold its words, and code its words, in single quotes when they are
// several ('kanka auth login') so that they stand out of the sentence.
func inline(s string) string { return inlineText(s, true) }

// inlineText is inline, quoting code when quoted (not in a table's name
// column, which sets names apart by itself).
func inlineText(s string, quoted bool) string {
	var out strings.Builder
	for {
		open := strings.Index(s, "[")
		if open < 0 {
			break
		}
		mid := strings.Index(s[open:], "](")
		end := -1
		if mid > 0 {
			end = strings.Index(s[open+mid:], ")")
		}
		if end < 0 {
			break
		}
		out.WriteString(s[:open])
		out.WriteString(s[open+1 : open+mid])
		s = s[open+mid+end+1:]
	}
	out.WriteString(s)
	parts := strings.Split(strings.ReplaceAll(out.String(), "**", ""), "`")
	for i := 1; i < len(parts)-1; i += 2 {
		if quoted && strings.Contains(parts[i], " ") && !strings.ContainsAny(parts[i], `'"`) {
			parts[i] = "'" + parts[i] + "'"
		}
	}
	return strings.Join(parts, "")
}
