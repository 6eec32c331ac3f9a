package client

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"reflect"
	"strings"
	"testing"
)

// samePage fails unless fetchPage reads body, as a page of calendars, of
// weather and of reminders, into what it read with json.Unmarshal
// (decodeWhole), or fails as it did.
func samePage(t *testing.T, body string) {
	t.Helper()
	comparePages[*Calendar](t, body)
	comparePages[*Weather](t, body)
	comparePages[*Reminder](t, body)
}

func comparePages[T listItem](t *testing.T, body string) {
	t.Helper()
	get := func(context.Context, url.Values) (*answer, error) {
		return &answer{status: 200, body: []byte(body)}, nil
	}
	got, gotErr := fetchPage[T](context.Background(), get, nil, 2)
	decodeWhole = true
	want, wantErr := fetchPage[T](context.Background(), get, nil, 2)
	decodeWhole = false
	if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || gotErr == nil && !reflect.DeepEqual(got, want) {
		t.Fatalf("%T, %s:\n got %v %s\nwant %v %s", got, cutForLog([]byte(body)), gotErr, showPage(got), wantErr, showPage(want))
	}
}

func showPage[T any](p *Page[T]) string {
	if p == nil {
		return "no page"
	}
	items := make([]string, len(p.Items))
	for i, it := range p.Items {
		items[i] = fmt.Sprintf("%+v", it)
	}
	return fmt.Sprintf("%+v %+v [%s]", p.Meta, p.Links, strings.Join(items, ", "))
}

// The parts a test page is made of, each in its usual and odd forms.
var (
	pageDatas = []string{``, `null`, `[]`, `{}`, `"x"`, `[null]`, `[1]`, `["x"]`, `[[]]`, `[{}]`, `[{"id":1,"name":"A"},null,{"id":"2","name":"B"}]`,
		`[{"id":1,"name":"A","months":{}}]`, `[{"id":3,"created_by":{}}]`, `[{"id":4,"weather":"rain","day":"2"},{"id":5,"calendar_id":null}]`,
		`[{"ID":"6","n\u0061me":"C","name":"D","Months":[{"name":"M","length":"3"}],"years":{"1":"a","1":"b"}}, {"id":7} ]`,
		`[{"id":8,"entry":"` + strings.Repeat("x", 25_000) + `","name":"Long"},{"id":9,"name":"After"}]`,
		`[{"id":10,"name":"Many"},{"id":11,"months":[` + strings.Repeat("1,", 10_000) + `1]},{"id":12,"created_by":{}}]`,
		`[{"id":13,"created_by":{}},{"id":14,"months":[` + strings.Repeat("1,", 10_000) + `1]}]`,
		`[{"id":15,"x":` + strings.Repeat("[", 31) + strings.Repeat("]", 31) + `}]`, `[{"id":16,"x":` + strings.Repeat("[", 32) + strings.Repeat("]", 32) + `}]`,
		`[{"id":17,"name":"` + strings.Repeat("\\u00e9", 3_400) + `"},{"id":18,"months":[{"name":"N","length":{}}]}]`}
	pageLinks = []string{``, `null`, `5`, `"x"`, `[]`, `{}`, `{"next":7,"prev":null}`, `{"NEXT":"x","first":"f"}`, `{"next":"a","next":"b"}`, `{"last":{}}`, `{"next":{"a":1,"b":{"c":2}},"prev":null}`}
	pageMetas = []string{``, `null`, `[]`, `{}`, `{"last_page":"x"}`, `{"total":{}}`, `{"current_page":"2","Current_Page":3,"per_page":"15"}`,
		`{"last_page":2,"total":30,"per_page":15,"path":"p","from":16,"to":30}`, `{"to":1.5,"from":"1e2"}`, `{"path":{"x":[1,{"y":2}]},"total":"3"}`}
	pageKeys = []string{"data", "data", "data", "Data", "DATA", `d\u0061ta`, "links", "links", "LINKS", "meta", "meta", "Meta", "sync"}
)

// A page is read from the scan that measured it as json.Unmarshal read
// it: its records, links and meta, and the first error in the page's
// order; keys in another case, twice or with escapes included.
func TestReadPageAgreesWithUnmarshal(t *testing.T) {
	live, err := os.ReadFile("testdata/live_calendar_list.json")
	if err != nil {
		t.Fatal(err)
	}
	samePage(t, string(live))
	weather, err := os.ReadFile("testdata/live_weather.json")
	if err != nil {
		t.Fatal(err)
	}
	var env struct{ Data json.RawMessage }
	if err := json.Unmarshal(weather, &env); err != nil {
		t.Fatal(err)
	}
	samePage(t, `{"data":[`+string(env.Data)+`,`+string(env.Data)+`]}`)
	listed := `{"id":7,"remindable_id":50,"remindable_type":"App\\Models\\Entity","calendar_id":5,"date":"-1-12-9","day":9,"month":12,"year":-1,` +
		`"length":null,"comment":"Feast","is_recurring":true,"recurring_until":2,"recurring_periodicity":"1_f","colour":"red","type_id":4,"visibility_id":5,` +
		`"created_at":"2026-08-20T10:00:00.000000Z","created_by":1,"updated_at":"2026-08-20T10:00:00.000000Z","updated_by":null}`
	samePage(t, `{"data":[`+listed+`,`+listed+`],"meta":{"per_page":15}}`)
	samePage(t, `{"data":[`+listed+`,{"id":2,"length":{}},{"id":3,"type_id":[]}]}`)
	// Past the length that proves a record within its bounds: measured on
	// its own, within them and not.
	samePage(t, `{"data":[`+listed+`,{"id":5,"comment":"`+strings.Repeat("x", 90_000)+`"}]}`)
	samePage(t, `{"data":[`+listed+`,{"id":6,"comment":"`+strings.Repeat("x", 300_000)+`"}]}`)
	samePage(t, `{"data":[{"ID":"4","remindable_ID":"50","remindable_type":"App\\Models\\Post","is_recurring":1,"d\u0061y":"9","Comment":null,"comment":"x"}]}`)
	rng := rand.New(rand.NewPCG(5, 6))
	pick := func(list []string) string { return list[rng.IntN(len(list))] }
	for range 3000 {
		var parts []string
		for range rng.IntN(5) {
			key := pick(pageKeys)
			var value string
			switch strings.ToLower(strings.ReplaceAll(key, `\u0061`, "a")) {
			case "data":
				value = pick(pageDatas)
			case "links":
				value = pick(pageLinks)
			case "meta":
				value = pick(pageMetas)
			default:
				value = `"2026-11-22T12:00:00.000000Z"`
			}
			if value != "" {
				parts = append(parts, fmt.Sprintf(`"%s":%s`, key, value))
			}
		}
		body := "{" + strings.Join(parts, ",") + "}"
		switch rng.IntN(8) {
		case 0:
			body = " \n" + body + " \t"
		case 1:
			body += " {}"
		case 2:
			body = "[" + body + "]"
		}
		samePage(t, body)
	}
}
