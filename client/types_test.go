package client_test

import (
	"encoding/json"
	"testing"

	"github.com/kanka-cli/kanka/client"
)

func TestParseDate(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want client.Date
		ok   bool
	}{
		{"1492-3-12", client.Date{Year: 1492, Month: 3, Day: 12}, true},
		{"-12-3-1", client.Date{Year: -12, Month: 3, Day: 1}, true},
		{" 0-01-02 ", client.Date{Year: 0, Month: 1, Day: 2}, true},
		{"1492/3/12", client.Date{}, false},
		{"1492-3", client.Date{}, false},
		{"1492-x-1", client.Date{}, false},
		{"1-0-99999999999999999999", client.Date{}, false},
	} {
		got, err := client.ParseDate(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseDate(%q) = %v, %v", tc.in, got, err)
		}
	}
}

// A date is one "Y-M-D" string in JSON (and YAML), both ways.
func TestDateText(t *testing.T) {
	in := struct{ When client.Date }{client.Date{Year: -5, Month: 2, Day: 29}}
	b, err := json.Marshal(in)
	if err != nil || string(b) != `{"When":"-5-2-29"}` {
		t.Fatalf("marshal: %s, %v", b, err)
	}
	var back struct{ When client.Date }
	if err := json.Unmarshal(b, &back); err != nil || back != in {
		t.Errorf("unmarshal: %+v, %v", back, err)
	}
	if err := json.Unmarshal([]byte(`{"When":"soon"}`), &back); err == nil {
		t.Error("a date that is not Y-M-D was accepted")
	}
}
