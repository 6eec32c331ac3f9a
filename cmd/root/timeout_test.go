package root_test

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/cmd/root/roottest"
)

// --timeout bounds each request: a first answer that takes too long is cut
// off and the GET retried, instead of being waited for.
func TestTimeoutBoundsEachRequest(t *testing.T) {
	roottest.Isolate(t)
	var mu sync.Mutex
	requests := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		requests++
		first := requests == 1
		mu.Unlock()
		if first {
			select { // far longer than --timeout
			case <-time.After(5 * time.Second):
			case <-r.Context().Done():
			}
			return
		}
		_, _ = w.Write([]byte(`{"data":{"id":1,"name":"Harptos"}}`))
	}))
	defer srv.Close()

	r := roottest.Run(t, "", "--url", srv.URL+"/api/1.0", "--token", "tok", "-c", "3", "--timeout", "100ms", "calendar", "get", "1", "-o", "id")
	if r.Code != 0 || r.Stdout != "1\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.Code, r.Stdout, r.Stderr)
	}
	mu.Lock()
	defer mu.Unlock()
	if requests != 2 {
		t.Errorf("%d requests, want 2: the first cut off by --timeout, then the retry", requests)
	}
}
