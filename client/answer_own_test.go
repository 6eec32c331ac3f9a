package client

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"
)

// decodeByWhole is how a record was decoded before decodeAnswer read it
// from the pairs its scan found: measured, then split into a map of its
// keys, then read again whole into its own struct, and each value of the
// map read with json.Unmarshal. It is the reference decodeAnswer must
// agree with.
func decodeByWhole[Own, In any](b []byte, shape answerShape, noun string, own *Own, fields Fields[In], in *In) error {
	if err := measureAnswer(b, shape); err != nil {
		return err
	}
	decodeWhole = true
	defer func() { decodeWhole = false }()
	obj, err := answerObject(b)
	if err == nil {
		err = json.Unmarshal(b, own)
	}
	if err == nil {
		err = fields.readAnswer(func(key string) (json.RawMessage, bool) { v, ok := obj[key]; return v, ok }, in)
	}
	if err != nil {
		return fmt.Errorf("decoding %s: %w", noun, err)
	}
	return nil
}

// sameDecoding fails unless decodeAnswer reads b, as a calendar and as a
// weather entry, into what decodeByWhole does, or fails as it does.
func sameDecoding(t *testing.T, b []byte) {
	t.Helper()
	var gotCal, wantCal calendarRecord
	var gotIn, wantIn CalendarInput
	gotErr := decodeAnswer(b, calendarShape, "calendar", &gotCal, CalendarFields, &gotIn)
	wantErr := decodeByWhole(b, calendarShape, "calendar", &wantCal, CalendarFields, &wantIn)
	if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || gotErr == nil && (!reflect.DeepEqual(gotCal, wantCal) || !reflect.DeepEqual(gotIn, wantIn)) {
		t.Fatalf("as a calendar, %s:\n got %v %+v %+v\nwant %v %+v %+v", cutForLog(b), gotErr, gotCal, gotIn, wantErr, wantCal, wantIn)
	}
	var gotW, wantW weatherRecord
	var gotWIn, wantWIn WeatherInput
	gotErr = decodeAnswer(b, weatherShape, "weather", &gotW, WeatherFields, &gotWIn)
	wantErr = decodeByWhole(b, weatherShape, "weather", &wantW, WeatherFields, &wantWIn)
	if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || gotErr == nil && (!reflect.DeepEqual(gotW, wantW) || !reflect.DeepEqual(gotWIn, wantWIn)) {
		t.Fatalf("as a weather entry, %s:\n got %v %+v %+v\nwant %v %+v %+v", cutForLog(b), gotErr, gotW, gotWIn, wantErr, wantW, wantWIn)
	}
}

// oddValues are values a hostile or odd answer gives a key.
var oddValues = []string{`null`, `"x"`, `""`, `1`, `"12"`, `-3`, `1.5`, `"1.5"`, `1e400`, `true`, `"true"`, `"1"`, `{}`, `[]`, `{"id":3}`,
	`[1,"2",{"id":4}]`, `"\u00e9t\u00e9"`, `"a\"b"`, `"\ud83d"`, "\"\xff\"", `[{"name":"A","length":"30"}]`, `{"1":"a","-2":"b"}`,
	`[{"number":3,"name":"c"}]`, `{" 4 ":"d"}`, `{"x":"e"}`, `[{"name":"S","month":"2","day":1}]`, `[{"name":"L","fullmoon":"29.5","id":"9"}]`,
	`"1492-3-12"`, `"-12-1-1"`, `99999999999999999999`, `"  7 "`, `false`, `0`,
	`[{"name":"A","LENGTH":"3","Type":"intercalary"}]`, `[null,{"name":"B","length":2}]`, `["x",{"name":"C"}]`, `[{"name":"D","length":{}}]`,
	`[{"id":"7"},"8",{"ID":9}, null , true]`, `[{"id":"x"}]`, `[ 1 , "2" ]`, `[[1]]`, `{"1":null,"2":"b","2":"c"}`, `{"x1":"a"}`, `{"\u0031":"a","3":7}`,
	`{"5":{"a":1}}`, `[{"name":"M","fullmoon":"x"}]`, `[{"name":"M","fullmoon":1,"id":null},{"name":"N","fullmoon":2,"id":"3","id":null}]`,
	`[{"name":"\u00e9","month":"1","day":"2","name":"E"}]`, `["a",null,"\u00e9",7,true,{"x":1}]`, "[\"\xff\"]",
	`{"007":"a","-0":"b","+5":"c"}`, `{"99999999999999999999":"d"}`, `{"999999999999999999":"e","-999999999999999999":"f"}`, `{"-":"x"}`, `{"":"y"}`,
	`[{"n\u0061me":"F","LENGTH":1,"\u006cength":2}]`, "[{\"name\":\"G\",\"len\xffgth\":3}]"}

// variant is the object of record with one to three keys changed at
// random: a key in another case or with an escape, a key given twice, a
// value made odd.
func variant(rng *rand.Rand, record map[string]json.RawMessage, keys []string) []byte {
	var b strings.Builder
	b.WriteByte('{')
	changed := map[int]bool{}
	for range 1 + rng.IntN(3) {
		changed[rng.IntN(len(keys))] = true
	}
	for i, k := range keys {
		v := string(record[k])
		change := -1
		if changed[i] {
			change = rng.IntN(7)
		}
		switch change {
		case 0:
			k = strings.ToUpper(k)
		case 1:
			k = strings.ToUpper(k[:1]) + k[1:]
		case 2:
			k = fmt.Sprintf(`\u%04x`, k[0]) + k[1:]
		case 3:
			k = strings.ReplaceAll(k, "s", "\u017f") // a long s folds with s
		case 4:
			v = oddValues[rng.IntN(len(oddValues))]
		case 5:
			fmt.Fprintf(&b, "%q:%s,", k, oddValues[rng.IntN(len(oddValues))])
		case 6:
			k = strings.ReplaceAll(k, "k", "\u212a") // the Kelvin sign folds with k
		}
		if i > 0 {
			b.WriteByte(',')
		}
		if strings.Contains(k, `\u`) {
			fmt.Fprintf(&b, `"%s": %s`, k, v)
		} else {
			fmt.Fprintf(&b, "%q:%s", k, v)
		}
	}
	b.WriteByte('}')
	return []byte(b.String())
}

// A record is read from the pairs its scan found as it was read whole:
// the same own keys matched regardless of case as encoding/json matches
// them, the last of a key given twice, the same values and errors.
func TestDecodeAnswerAgreesWithWholeDecoding(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, name := range []string{"live_calendar.json", "live_weather.json", "live_calendar_list.json"} {
		var env struct{ Data json.RawMessage }
		b, err := os.ReadFile("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &env); err != nil {
			t.Fatal(err)
		}
		records := []json.RawMessage{env.Data}
		if env.Data[0] == '[' {
			records = nil
			if err := json.Unmarshal(env.Data, &records); err != nil {
				t.Fatal(err)
			}
		}
		for _, rec := range records {
			sameDecoding(t, rec)
			var obj map[string]json.RawMessage
			if err := json.Unmarshal(rec, &obj); err != nil {
				t.Fatal(err)
			}
			var keys []string
			for _, kv := range orderedKeys(rec) {
				keys = append(keys, kv.Key)
			}
			for range 500 {
				sameDecoding(t, variant(rng, obj, keys))
			}
		}
	}
	for _, s := range []string{`null`, `[]`, `"x"`, `1`, `{}`, ` {"id":1} `, `{"id":1} {}`, `{"id":1`, `{"ID":"2","Id":3}`, `{"created_by":{}}`,
		`{"name":"a","name":"b"}`, `{"calendar_id":null}`, `{"calendar_id":3,"calendar_id":null}`, `{"calendar_id":null,"calendar_id":"4"}`,
		`{"Calendar_ID":"5","name":"N\u0061me","n\u0061me":"x"}`, `{"parameters":null}`, `{"parameters":{"a":[1]}}`,
		`{"i":"3","nam":"x","Calendar":"4","created":"5"}`, `{"idx":"3","namex":"x","calendar_idx":"4"}`} {
		sameDecoding(t, []byte(s))
	}
}
