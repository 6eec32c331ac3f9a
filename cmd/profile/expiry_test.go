package profile

import (
	"encoding/base64"
	"testing"
	"time"
)

// testJWT is a token shaped as Kanka's: a header, a payload, a signature
// (never checked by kanka).
func testJWT(payload string) string {
	enc := base64.RawURLEncoding.EncodeToString
	return enc([]byte(`{"typ":"JWT","alg":"RS256"}`)) + "." + enc([]byte(payload)) + "." + enc([]byte("not a signature"))
}

func TestTokenExpiryReadsAJWTsExp(t *testing.T) {
	for _, tt := range []struct {
		name, token string
		want        time.Time
		ok          bool
	}{
		{"whole seconds", testJWT(`{"aud":"1","exp":1798761600}`), time.Unix(1798761600, 0), true},
		{"a fraction, as Kanka writes it", testJWT(`{"exp":1798761600.25,"sub":"7"}`), time.Unix(1798761600, 250_000_000), true},
		{"padded base64", "e30." + base64.URLEncoding.EncodeToString([]byte(`{"exp": 1798761600}`)) + ".c2ln", time.Unix(1798761600, 0), true},
		{"no exp", testJWT(`{"sub":"7"}`), time.Time{}, false},
		{"exp not a number", testJWT(`{"exp":"soon"}`), time.Time{}, false},
		{"a negative exp", testJWT(`{"exp":-5}`), time.Time{}, false},
		{"a payload that is not JSON", testJWT(`exp`), time.Time{}, false},
		{"not base64", "a.b!c.d", time.Time{}, false},
		{"not a JWT", "sandbox-token", time.Time{}, false},
		{"two parts", "a.b", time.Time{}, false},
		{"empty", "", time.Time{}, false},
	} {
		got, ok := TokenExpiry(tt.token)
		if ok != tt.ok || !got.Equal(tt.want) {
			t.Errorf("%s: TokenExpiry = %v, %v; want %v, %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
}

func TestExpiresInSaysWholeDays(t *testing.T) {
	now := time.Date(2026, 5, 20, 10, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		expires time.Time
		want    string
	}{
		{now.Add(40*24*time.Hour + time.Hour), "in 40 days"},
		{now.Add(36 * time.Hour), "in 1 day"},
		{now.Add(time.Hour), "in less than a day"},
		{now.Add(-time.Hour), "less than a day ago"},
		{now.Add(-50 * time.Hour), "2 days ago"},
	} {
		if got := ExpiresIn(tt.expires, now); got != tt.want {
			t.Errorf("ExpiresIn(now%+v) = %q, want %q", tt.expires.Sub(now), got, tt.want)
		}
	}
}
