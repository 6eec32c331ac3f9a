package sandbox

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
)

func TestInProcessRoundTrips(t *testing.T) {
	rt, err := InProcess(Options{Now: fixedNow})
	if err != nil {
		t.Fatal(err)
	}
	c := &http.Client{Transport: rt}
	do := func(method, url, body string) (*http.Response, string) {
		t.Helper()
		var r io.Reader
		if body != "" {
			r = strings.NewReader(body)
		}
		req, _ := http.NewRequest(method, url, r)
		req.Header.Set("Authorization", "Bearer "+DefaultToken)
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	// Any host will do; the answer's URLs name the host that was asked.
	resp, body := do("POST", "https://kanka.sandbox/api/1.0/campaigns/1/calendars", calendarForWeather)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/json" || resp.ContentLength != int64(len(body)) {
		t.Fatalf("create: %d %q %d %s", resp.StatusCode, resp.Header.Get("Content-Type"), resp.ContentLength, body)
	}
	resp, body = do("GET", "https://kanka.sandbox/api/1.0/campaigns/1/calendars?name=harp", "")
	if resp.StatusCode != 200 || !strings.Contains(body, `"path":"https://kanka.sandbox/api/1.0/campaigns/1/calendars"`) || !strings.Contains(body, `"name":"Harptos"`) {
		t.Fatalf("list: %d %s", resp.StatusCode, body)
	}
	resp, body = do("HEAD", "http://other/api/1.0/campaigns/1/calendars/1", "")
	if resp.StatusCode != 200 || body != "" || resp.ContentLength <= 0 {
		t.Fatalf("HEAD: %d %q length %d", resp.StatusCode, body, resp.ContentLength)
	}
	resp, body = do("GET", "http://other/api/1.0/campaigns/1/calendars/5", "")
	if resp.StatusCode != 404 || body != `{"code":404,"error":"No query results for model [App\\Models\\Calendar] 5"}` {
		t.Fatalf("404: %d %s", resp.StatusCode, body)
	}
	resp, body = do("DELETE", "http://other/api/1.0/campaigns/1/calendars/1", "")
	if resp.StatusCode != 200 || body != `{"message":"Deleted."}` {
		t.Fatalf("delete: %d %s", resp.StatusCode, body)
	}
}

func TestInProcessLiveDeleteIsEmpty204(t *testing.T) {
	rt, err := InProcess(Options{Live: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []struct {
		method, body string
		status       int
	}{{"POST", calendarForWeather, 201}, {"DELETE", "", 204}} {
		url := "http://x/api/1.0/campaigns/1/calendars"
		if step.method == "DELETE" {
			url += "/1"
		}
		req, _ := http.NewRequest(step.method, url, strings.NewReader(step.body))
		req.Header.Set("Authorization", "Bearer "+DefaultToken)
		resp, err := rt.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != step.status {
			t.Fatalf("%s: %d %s", step.method, resp.StatusCode, b)
		}
		if step.method == "DELETE" && (len(b) != 0 || resp.Header.Get("Content-Type") != "") {
			t.Fatalf("live delete body %q type %q", b, resp.Header.Get("Content-Type"))
		}
	}
}

func TestInProcessDropIsAnErrorAfterApplying(t *testing.T) {
	rt, err := InProcess(Options{DropRate: 1})
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest("POST", "http://x/api/1.0/campaigns/1/calendars", strings.NewReader(calendarForWeather))
	req.Header.Set("Authorization", "Bearer "+DefaultToken)
	if _, err := rt.RoundTrip(req); !errors.Is(err, errDropped) {
		t.Fatalf("err %v", err)
	}
	req, _ = http.NewRequest("GET", "http://x/api/1.0/campaigns/1/calendars/1", nil)
	req.Header.Set("Authorization", "Bearer "+DefaultToken)
	resp, err := rt.RoundTrip(req)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("after a drop: %v %v", resp, err)
	}
}

func TestInProcessRejectsBadOptions(t *testing.T) {
	if _, err := InProcess(Options{FailRate: 2}); err == nil {
		t.Fatal("accepted a fail rate of 2")
	}
}
