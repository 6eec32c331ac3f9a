package profile

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/internal/suggest"
)

// Keys are the settings a profile holds, in the order `config list` shows
// them.
var Keys = []string{"url", "token", "campaign", "sandbox", "max_wait"}

// fileKeys are the keys a profile holds in the file, in the order a save
// writes them: Keys, and the keyring entry of the token beside the token
// (written by `auth login` only, so not a key of `config set`).
var fileKeys = []string{"url", "token", "keyring", "campaign", "sandbox", "max_wait"}

// InvalidValueError is a key or value that a profile cannot hold.
type InvalidValueError struct{ Err error }

func (e *InvalidValueError) Error() string { return e.Err.Error() }
func (e *InvalidValueError) Unwrap() error { return e.Err }

func invalid(format string, args ...any) error {
	return &InvalidValueError{Err: fmt.Errorf(format, args...)}
}

// Get returns the value of key as text; an unset value is "".
func (p *Profile) Get(key string) (string, error) {
	switch key {
	case "url":
		return p.URL, nil
	case "token":
		return p.Token, nil
	case "campaign":
		if p.Campaign == 0 {
			return "", nil
		}
		return strconv.Itoa(p.Campaign), nil
	case "sandbox":
		return strconv.FormatBool(p.Sandbox), nil
	case "max_wait":
		return p.MaxWait, nil
	}
	return "", unknownKey(key)
}

// setValues are the keys p sets, with their values as the file holds them
// (the campaign a number, sandbox only when true); a key left out is unset.
func (p *Profile) setValues() map[string]any {
	values := map[string]any{}
	if p.URL != "" {
		values["url"] = p.URL
	}
	if p.Token != "" {
		values["token"] = p.Token
	}
	if p.Keyring != "" {
		values["keyring"] = p.Keyring
	}
	if p.Campaign != 0 {
		values["campaign"] = p.Campaign
	}
	if p.Sandbox {
		values["sandbox"] = true
	}
	if p.MaxWait != "" {
		values["max_wait"] = p.MaxWait
	}
	return values
}

// Set checks value and stores it under key; an empty value unsets the key.
func (p *Profile) Set(key, value string) error {
	value = strings.TrimSpace(value)
	switch key {
	case "url":
		if value != "" {
			if err := CheckURL(value); err != nil {
				return err
			}
		}
		p.URL = value
	case "token":
		// A token given (or cleared) here replaces the one kept in the
		// system keyring: the save forgets that entry (Update).
		p.Token, p.Keyring = value, ""
	case "campaign":
		if value == "" {
			p.Campaign = 0
			return nil
		}
		id, err := ParseCampaign(value)
		if err != nil {
			return err
		}
		p.Campaign = id
	case "sandbox":
		b, err := strconv.ParseBool(value)
		if err != nil {
			return invalid("sandbox must be true or false, not %q", value)
		}
		p.Sandbox = b
	case "max_wait":
		if value != "" {
			if _, err := ParseMaxWait(value); err != nil {
				return invalid("max_wait %s", err)
			}
		}
		p.MaxWait = value
	default:
		return unknownKey(key)
	}
	return nil
}

// unknownKey names the keys, and the one meant when key is a typo of it.
func unknownKey(key string) error {
	if near, ok := suggest.Nearest(key, Keys); ok {
		return invalid("unknown key %q: the keys are %s; did you mean %q?", key, strings.Join(Keys, ", "), near)
	}
	return invalid("unknown key %q: the keys are %s", key, strings.Join(Keys, ", "))
}

// ParseCampaign reads a campaign id: a positive number.
func ParseCampaign(s string) (int, error) {
	id, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || id <= 0 {
		return 0, invalid("campaign must be a positive number (the id in the campaign's URL), not %q", s)
	}
	return id, nil
}

// DefaultMaxWait is the longest wait for the rate limit when neither
// --max-wait, KANKA_MAX_WAIT nor the profile's max_wait says otherwise.
const DefaultMaxWait = "2m"

// ParseMaxWait reads a longest wait for the rate limit: a duration such as
// 2m or 90s, 0 for never waiting. The error completes a sentence that
// starts with where the value came from ("--max-wait must be ...").
func ParseMaxWait(s string) (time.Duration, error) {
	d, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil || d < 0 {
		return 0, fmt.Errorf("must be a duration such as 2m or 90s (0 never waits), not %q", s)
	}
	return d, nil
}

// CheckURL accepts an http or https URL with a host.
func CheckURL(s string) error {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return invalid("url must be an http or https URL such as https://api.kanka.io/1.0, not %q", client.RedactURL(s))
	}
	return nil
}

// IsInvalidValue reports an InvalidValueError.
func IsInvalidValue(err error) bool {
	var e *InvalidValueError
	return errors.As(err, &e)
}

// MaskToken shows enough of a token to recognise it and no more: its first
// four characters, or "none".
func MaskToken(token string) string {
	switch {
	case token == "":
		return "none"
	case len(token) <= 8:
		// Four characters of a short token would be half of it.
		return "…"
	}
	return token[:4] + "…"
}
