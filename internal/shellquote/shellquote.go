// Package shellquote quotes a word for a POSIX shell, for the commands that
// kanka's messages suggest (`chmod 600 PATH`, `--sandbox-data PATH`).
package shellquote

import "strings"

// Quote is s as a POSIX shell reads it back: as it is when it holds only
// characters no shell treats specially, else in single quotes.
func Quote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.,:/+=@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
