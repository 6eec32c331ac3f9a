package client

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"
)

// A page of weather entries, of reminders or of calendars is measured
// once, by the scan that bounds the page: its records are decoded from
// what that scan found, not measured again one by one. Each keeps the
// bytes the server sent, for -o json.
func TestPageRecordsMeasuredOnce(t *testing.T) {
	weather := `{"id":%d,"calendar_id":5,"name":"Storm","weather":"cloud","temperature":"12°C","wind":null,"day":"3","month":4,"year":1492,"visibility_id":"1"}`
	reminder := `{"id":%d,"remindable_id":50,"remindable_type":"App\\Models\\Entity","calendar_id":5,"date":"1492-3-9","day":9,"month":3,"year":1492,` +
		`"length":null,"comment":"Feast","is_recurring":true,"recurring_until":"2","recurring_periodicity":"year","colour":"#ff0000","type_id":4,"visibility_id":1}`
	calendar := `{"id":%d,"name":"Harptos","months":[{"name":"Hammer","length":30}],"weekdays":["A","B"],"years":{"1":"a"}}`
	for _, c := range []struct {
		name, record string
		read         func(get getter) ([]string, error)
	}{
		{"weather", weather, rawOf[*Weather]},
		{"reminders", reminder, rawOf[*Reminder]},
		{"calendars", calendar, rawOf[*Calendar]},
	} {
		t.Cleanup(func() { measured = nil }) // a failed read leaves it unset too
		items := []string{fmt.Sprintf(c.record, 1), fmt.Sprintf(c.record, 2), fmt.Sprintf(c.record, 3)}
		body := `{"data":[` + strings.Join(items, ",") + `],"meta":{"current_page":1,"last_page":1}}`
		var lengths []int
		measured = func(n int) { lengths = append(lengths, n) }
		raws, err := c.read(func(context.Context, url.Values) (*answer, error) {
			return &answer{status: 200, body: []byte(body)}, nil
		})
		measured = nil
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if fmt.Sprint(lengths) != fmt.Sprint([]int{len(body)}) {
			t.Errorf("%s: measured %v bytes, want the page's %d once", c.name, lengths, len(body))
		}
		if fmt.Sprint(raws) != fmt.Sprint(items) {
			t.Errorf("%s: kept\n%s\nwant\n%s", c.name, raws, items)
		}
	}
}

// rawOf reads a page of T and says what each record kept of the answer.
func rawOf[T interface {
	listItem
	RawJSON() json.RawMessage
}](get getter) ([]string, error) {
	p, err := fetchPage[T](context.Background(), get, nil, 1)
	if err != nil {
		return nil, err
	}
	var raws []string
	for _, it := range p.Items {
		raws = append(raws, string(it.RawJSON()))
	}
	return raws, nil
}
