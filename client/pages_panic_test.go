package client

import (
	"context"
	"net/url"
	"testing"
)

// A panic while fetching a page ahead, on a goroutine of the walk, reaches
// the consumer, where a caller can recover it, instead of ending the process.
func TestWalkHandsAPanicToTheConsumer(t *testing.T) {
	get := func(_ context.Context, q url.Values) (*answer, error) {
		if q.Get("page") == "3" {
			panic("boom on page 3")
		}
		return &answer{status: 200, body: []byte(`{"data":[{"id":` + q.Get("page") + `0}],"meta":{"last_page":4,"per_page":1,"total":4}}`)}, nil
	}
	var got []int
	recovered := func() (p any) {
		defer func() { p = recover() }()
		for cal, err := range walk[*Calendar](context.Background(), get, walkLimits{concurrency: 4, maxPages: MaxPages}, nil, 0) {
			if err != nil {
				t.Errorf("err = %v", err)
				return nil
			}
			got = append(got, cal.ID)
		}
		return nil
	}()
	if recovered != "boom on page 3" {
		t.Errorf("recovered %v, want the panic of page 3", recovered)
	}
	if len(got) != 2 || got[0] != 0 || got[1] != 20 {
		t.Errorf("yielded %v before the panic, want [0 20]", got)
	}
}
