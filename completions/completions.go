// Package completions computes shell completion candidates: from records
// the caller holds (the local cache's), or from the API, through package
// client, with at most one request a completion: a shell waits on it at
// every Tab.
package completions

import (
	"context"
	"strconv"
	"strings"

	"github.com/kanka-cli/kanka/client"
)

// Calendars returns the candidates for a calendar argument (ID|NAME) that
// start with prefix, from one page of the campaign's calendars, never a walk.
//
// A shell keeps only the candidates that start with what was typed, so the
// candidate is an id when the prefix is empty or a number ("12\tHarptos"),
// and a name otherwise ("Harptos\t12"); the part after the tab is the
// description the shell shows beside it.
func Calendars(ctx context.Context, c *client.Client, prefix string) ([]string, error) {
	byID := prefix == "" || isDigits(prefix)
	opts := &client.ListOptions{Page: 1}
	if !byID {
		// The server's name filter matches anywhere in the name: it narrows
		// the page to likely names; the prefix is checked below.
		opts.Name = prefix
	}
	page, err := c.ListCalendars(ctx, opts)
	if err != nil {
		return nil, err
	}
	return CalendarsOf(page.Items, prefix), nil
}

// CalendarsOf are the candidates among calendars (the local cache's) for a
// calendar argument that start with prefix, as Calendars makes them.
func CalendarsOf(calendars []*client.Calendar, prefix string) []string {
	byID := prefix == "" || isDigits(prefix)
	var out []string
	for _, cal := range calendars {
		id := strconv.Itoa(cal.ID)
		switch {
		case byID && strings.HasPrefix(id, prefix):
			out = append(out, id+"\t"+cal.Name)
		case !byID && hasPrefixFold(cal.Name, prefix):
			out = append(out, cal.Name+"\t"+id)
		}
	}
	return out
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// MonthsOf are the candidates among a calendar's months for a month
// argument (a number, a name or an alias) that start with prefix: by number
// when the prefix is one ("3\tChes"), else by name, described by the
// number ("Ches\t3"), or by alias ("Deepwinter\t1, alias of Hammer").
// Names are matched but for case; the shell quotes a name with spaces.
func MonthsOf(months []client.Month, prefix string) []string {
	byNumber := prefix != "" && isDigits(prefix)
	var out []string
	for i, m := range months {
		number := strconv.Itoa(i + 1)
		about := number
		if strings.EqualFold(strings.TrimSpace(m.Type), "intercalary") {
			about += ", intercalary"
		}
		switch {
		case byNumber && strings.HasPrefix(number, prefix):
			out = append(out, number+"\t"+m.Name)
		case byNumber:
		case hasPrefixFold(m.Name, prefix):
			out = append(out, m.Name+"\t"+about)
		case m.Alias != "" && hasPrefixFold(m.Alias, prefix):
			out = append(out, m.Alias+"\t"+about+", alias of "+m.Name)
		}
	}
	return out
}

func hasPrefixFold(s, prefix string) bool {
	return strings.HasPrefix(strings.ToLower(s), strings.ToLower(prefix))
}
