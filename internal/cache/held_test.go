package cache

import (
	"fmt"
	"testing"
	"unsafe"

	"github.com/kanka-cli/kanka/client"
)

// A completion reads every entry of the file (weatherList.load, keeping all):
// each entry's answer is then held once, as the entry's own, not once
// more beside it for the file's next writing.
func TestLoadWeatherHoldsEachAnswerOnce(t *testing.T) {
	k := Open(Options{Root: t.TempDir(), Profile: "p", Host: "h", Campaign: 7, Token: "tok-123456"})
	set := &weatherSet{meta: meta{Total: 3, PerPage: 100}}
	for id := 1; id <= 3; id++ {
		set.ids = append(set.ids, id)
		set.raws = append(set.raws, []byte(fmt.Sprintf(`{"id":%d,"calendar_id":1,"day":%d,"month":1,"year":1,"weather":"sun"}`, id, id)))
	}
	if err := weatherList.write(k, 1, set, -1); err != nil {
		t.Fatal(err)
	}
	for _, keep := range []func(*client.Weather) bool{nil, func(w *client.Weather) bool { return w.ID != 2 }, keepNone[*client.Weather]} {
		got := weatherList.load(k, 1, keep)
		if got == nil || len(got.raws) != 3 {
			t.Fatalf("loaded %+v", got)
		}
		for i, raw := range got.raws {
			if string(raw) != string(set.raws[i]) {
				t.Errorf("line %d is %s, want %s", i+1, raw, set.raws[i])
			}
			w, kept := got.kept[i]
			if want := keep == nil || keep(&client.Weather{ID: i + 1}); kept != want {
				t.Errorf("entry %d kept: %v, want %v", i+1, kept, want)
			}
			if kept && unsafe.SliceData(w.Raw) != unsafe.SliceData(raw) {
				t.Errorf("entry %d's answer is held twice: once as the entry's, once for the file", i+1)
			}
		}
	}
}
