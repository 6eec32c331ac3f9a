package sandbox

import (
	"fmt"
	"strings"
)

// problems collects validation messages per field, in the order they were
// found, with Laravel-style keys (`month_length.1` for the second item).
type problems struct {
	keys     []string
	messages map[string][]string
}

func (p *problems) add(key, message string) {
	if p.messages == nil {
		p.messages = map[string][]string{}
	}
	if _, seen := p.messages[key]; !seen {
		p.keys = append(p.keys, key)
	}
	p.messages[key] = append(p.messages[key], message)
}

func (p *problems) any() bool { return len(p.keys) > 0 }

func (p *problems) has(key string) bool { _, ok := p.messages[key]; return ok }

// reply is the live service's 422: the first message, how many more, and
// every message by field.
func (p *problems) reply() reply {
	total := 0
	for _, k := range p.keys {
		total += len(p.messages[k])
	}
	msg := p.messages[p.keys[0]][0]
	switch more := total - 1; {
	case more == 1:
		msg += " (and 1 more error)"
	case more > 1:
		msg += fmt.Sprintf(" (and %d more errors)", more)
	}
	return reply{status: 422, body: object{
		{"code", 422},
		{"error", msg},
		{"fields", p.messages},
	}}
}

// label is how Laravel names a field in its messages: underscores become
// spaces, item indexes stay (`month length.1`).
func label(key string) string { return strings.ReplaceAll(key, "_", " ") }

// The messages, worded like Laravel's.
func msgRequired(key string) string { return fmt.Sprintf("The %s field is required.", label(key)) }
func msgRequiredWith(key, with string) string {
	return fmt.Sprintf("The %s field is required when %s is present.", label(key), label(with))
}
func msgString(key string) string  { return fmt.Sprintf("The %s must be a string.", label(key)) }
func msgInteger(key string) string { return fmt.Sprintf("The %s must be an integer.", label(key)) }
func msgNumeric(key string) string { return fmt.Sprintf("The %s must be a number.", label(key)) }
func msgBoolean(key string) string {
	return fmt.Sprintf("The %s field must be true or false.", label(key))
}
func msgArray(key string) string { return fmt.Sprintf("The %s must be an array.", label(key)) }
func msgMaxChars(key string, n int) string {
	return fmt.Sprintf("The %s must not be greater than %d characters.", label(key), n)
}
func msgMinItems(key string, n int) string {
	return fmt.Sprintf("The %s must have at least %d items.", label(key), n)
}
func msgBetween(key string, lo, hi int) string {
	return fmt.Sprintf("The %s must be between %d and %d.", label(key), lo, hi)
}
func msgAtLeast(key string, n int) string {
	return fmt.Sprintf("The %s must be at least %d.", label(key), n)
}
func msgInvalid(key string) string { return fmt.Sprintf("The selected %s is invalid.", label(key)) }
func msgSameCount(key, as string) string {
	return fmt.Sprintf("The %s must have as many items as %s.", label(key), label(as))
}
