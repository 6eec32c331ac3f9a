package calendar

import "strings"

// splitFields splits a flag value such as "Hammer:30" at its colons. A colon
// that belongs to a name is written `\:` and a backslash that ends up before
// a colon is written `\\`; any other backslash is kept as typed, so a name
// like `C:\Maps` stays readable when it needs no escape at all.
func splitFields(s string) []string {
	var parts []string
	var cur strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && (s[i+1] == ':' || s[i+1] == '\\'):
			cur.WriteByte(s[i+1])
			i++
		case s[i] == ':':
			parts = append(parts, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(s[i])
		}
	}
	return append(parts, cur.String())
}
