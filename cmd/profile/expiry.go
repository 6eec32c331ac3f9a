package profile

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"time"
)

// Kanka's personal access tokens are JWTs that last a year: the middle part
// of the token, its payload, says when it expires (`exp`, seconds since
// 1970, with a fraction in the tokens Kanka makes). kanka reads it to warn
// before the token stops working; it does not check the signature (the
// server does), and never shows any part of the token.

// maxPayloadBytes bounds the payload decoded: a Kanka token is about a
// thousand characters.
const maxPayloadBytes = 16 << 10

// TokenExpiry is when token expires, if it is a JWT that says so; ok is
// false for any other token.
func TokenExpiry(token string) (expires time.Time, ok bool) {
	parts := strings.Split(token, ".")
	if len(parts) != 3 || len(parts[1]) > maxPayloadBytes {
		return time.Time{}, false
	}
	payload, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(parts[1], "="))
	if err != nil {
		return time.Time{}, false
	}
	var claims struct {
		Exp json.Number `json:"exp"`
	}
	dec := json.NewDecoder(bytes.NewReader(payload))
	dec.UseNumber()
	if err := dec.Decode(&claims); err != nil || claims.Exp == "" {
		return time.Time{}, false
	}
	seconds, err := claims.Exp.Float64()
	if err != nil || seconds <= 0 || seconds > math.MaxInt32*4 {
		return time.Time{}, false
	}
	whole, frac := math.Modf(seconds)
	return time.Unix(int64(whole), int64(frac*1e9)).UTC(), true
}

// ExpiryDate is the moment a token expires as kanka shows it: the local
// date and time, to the minute.
func ExpiryDate(expires time.Time) string {
	return expires.Local().Format("2006-01-02 15:04 MST")
}

// ExpiresIn says how far expires is from now, in whole days: "in 12
// days", "in less than a day", "1 day ago", "less than a day ago".
func ExpiresIn(expires, now time.Time) string {
	d := expires.Sub(now)
	past := d <= 0
	if past {
		d = -d
	}
	days := int(d / (24 * time.Hour))
	span := fmt.Sprintf("%d days", days)
	switch days {
	case 0:
		span = "less than a day"
	case 1:
		span = "1 day"
	}
	if past {
		return span + " ago"
	}
	return "in " + span
}
