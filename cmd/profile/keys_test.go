package profile

import (
	"strings"
	"testing"
)

func TestSetChecksValues(t *testing.T) {
	tests := []struct {
		key, value string
		want       Profile
		wantErr    bool
	}{
		{key: "url", value: "https://kanka.example/api/1.0", want: Profile{URL: "https://kanka.example/api/1.0"}},
		{key: "url", value: "http://127.0.0.1:8080/api/1.0", want: Profile{URL: "http://127.0.0.1:8080/api/1.0"}},
		{key: "url", value: "ftp://kanka.example", wantErr: true},
		{key: "url", value: "kanka.example", wantErr: true},
		{key: "token", value: " abc ", want: Profile{Token: "abc"}},
		{key: "campaign", value: "42", want: Profile{Campaign: 42}},
		{key: "campaign", value: "0", wantErr: true},
		{key: "campaign", value: "-3", wantErr: true},
		{key: "campaign", value: "my campaign", wantErr: true},
		{key: "sandbox", value: "true", want: Profile{Sandbox: true}},
		{key: "sandbox", value: "maybe", wantErr: true},
		{key: "max_wait", value: "10m", want: Profile{MaxWait: "10m"}},
		{key: "max_wait", value: "0", want: Profile{MaxWait: "0"}},
		{key: "max_wait", value: "10", wantErr: true},
		{key: "max_wait", value: "-1m", wantErr: true},
		{key: "max_wait", value: "soon", wantErr: true},
		{key: "colour", value: "red", wantErr: true},
	}
	for _, tt := range tests {
		var p Profile
		err := p.Set(tt.key, tt.value)
		if tt.wantErr {
			if !IsInvalidValue(err) {
				t.Errorf("Set(%q, %q) = %v, want an InvalidValueError", tt.key, tt.value, err)
			}
			continue
		}
		if err != nil || p != tt.want {
			t.Errorf("Set(%q, %q) = %+v, %v; want %+v", tt.key, tt.value, p, err, tt.want)
		}
		got, _ := p.Get(tt.key)
		if got != tt.value && got != strings.TrimSpace(tt.value) {
			t.Errorf("Get(%q) = %q after Set(%q)", tt.key, got, tt.value)
		}
	}
}

func TestSetEmptyUnsets(t *testing.T) {
	p := Profile{URL: "https://x.example", Token: "t", Campaign: 3}
	for _, k := range []string{"url", "token", "campaign"} {
		if err := p.Set(k, ""); err != nil {
			t.Fatal(err)
		}
	}
	if p != (Profile{}) {
		t.Errorf("after unsetting: %+v", p)
	}
}

func TestMaskToken(t *testing.T) {
	for token, want := range map[string]string{
		"":                     "none",
		"short":                "…",
		"eyJ0eXAiOiJKV1QiLCJh": "eyJ0…",
	} {
		if got := MaskToken(token); got != want {
			t.Errorf("MaskToken(%q) = %q, want %q", token, got, want)
		}
	}
}
