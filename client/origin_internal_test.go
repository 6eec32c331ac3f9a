package client

import (
	"net/url"
	"testing"
)

// Two URLs are one origin when their scheme, host and port are, whatever
// the case of the host or whether the scheme's own port is written.
func TestOriginOf(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		same bool
	}{
		{"https://api.kanka.io/1.0", "https://API.Kanka.io:443/other", true},
		{"http://127.0.0.1/api", "http://127.0.0.1:80/x", true},
		{"http://[::1]:8080/a", "http://[::1]:8080/b", true},
		{"http://127.0.0.1:8080/", "http://127.0.0.1:8081/", false},
		{"http://127.0.0.1:8080/", "https://127.0.0.1:8080/", false},
		{"https://api.kanka.io/", "https://evil.api.kanka.io/", false},
		{"https://api.kanka.io/", "http://api.kanka.io:443/", false},
	} {
		a, _ := url.Parse(tt.a)
		b, _ := url.Parse(tt.b)
		if got := originOf(a) == originOf(b); got != tt.same {
			t.Errorf("%s and %s: one origin %v (%s, %s), want %v", tt.a, tt.b, got, originOf(a), originOf(b), tt.same)
		}
	}
}
