package client

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"
)

// measureByTokens is how answers were measured before scanAnswer: token by
// token with encoding/json's Decoder.Token. It is kept here as the
// reference scanAnswer must agree with, on every text, JSON or not.
func measureByTokens(b []byte, shape answerShape) error {
	type shapeFrame struct {
		object  bool
		wantKey bool
		key     string
		items   int
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var stack []shapeFrame
	values, id := 0, ""
	bound := func(what string, count, limit int) *AnswerBoundError {
		e := &AnswerBoundError{What: what, Count: count, Limit: limit}
		switch {
		case shape.record == "":
			e.Per = shape.per
		case id != "":
			e.Record = shape.record + " " + id
		default:
			e.Record = "a " + shape.record
		}
		return e
	}
	length := func(s, under, what string) error {
		if len(s) <= MaxAnswerTextBytes || (under != "" && shape.freeTexts[under]) {
			return nil
		}
		e := bound(under, len(s), MaxAnswerTextBytes)
		e.Length = what
		return e
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		n := len(stack)
		under := ""
		if n > 0 {
			under = stack[0].key
		}
		if n > 0 && stack[n-1].wantKey {
			if key, ok := tok.(string); ok {
				stack[n-1].key, stack[n-1].wantKey = key, false
				if n == 1 {
					under = ""
				}
				if err := length(key, under, "key"); err != nil {
					return err
				}
				continue
			}
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:n-1]
			continue
		}
		if values++; values > shape.values {
			return bound("values", values, shape.values)
		}
		if n > 0 {
			in := &stack[n-1]
			in.items++
			in.wantKey = in.object
			if limit, ok := shape.lists[under]; ok && n == 2 && in.items > limit {
				if shape.record == "" {
					return bound("records", in.items, limit)
				}
				return bound(under, in.items, limit)
			}
		}
		switch tok := tok.(type) {
		case json.Delim:
			if n+1 > shape.depth {
				return bound("levels of nesting", n+1, shape.depth)
			}
			stack = append(stack, shapeFrame{object: tok == '{', wantKey: tok == '{'})
		case string:
			err = length(tok, under, "text")
			if n == 1 && under == "id" && len(tok) <= 20 {
				id = tok
			}
		case json.Number:
			err = length(string(tok), under, "number")
			if n == 1 && under == "id" && len(tok) <= 20 {
				id = string(tok)
			}
		}
		if err != nil {
			return err
		}
	}
	if shape.bytes > 0 && len(b) > shape.bytes {
		e := bound("", len(b), shape.bytes)
		e.Whole = true
		return e
	}
	return nil
}

// testShapes are the shapes answers are measured against, and small ones
// whose bounds short texts pass.
var testShapes = []answerShape{
	calendarShape, weatherShape, pageShape, errorShape,
	{record: "calendar", lists: map[string]int{"months": 2, "years": 1, "data": 1}, values: 40, depth: 3, bytes: 200, freeTexts: entryKeys},
	{per: "in one page", lists: map[string]int{"data": 2}, values: 25, depth: 4, freeTexts: map[string]bool{"data": true}},
	{record: "weather entry", values: 8, depth: 2, bytes: 60},
}

// sameMeasure fails unless scanAnswer measures b as measureByTokens does,
// against every test shape.
func sameMeasure(t *testing.T, b []byte) {
	t.Helper()
	for i, shape := range testShapes {
		want := measureByTokens(b, shape)
		_, got := scanAnswer(b, &shape, nil)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("shape %d, %q:\n got %v\nwant %v", i, cutForLog(b), got, want)
		}
	}
}

func cutForLog(b []byte) string {
	if len(b) > 300 {
		return string(b[:150]) + "..." + string(b[len(b)-150:])
	}
	return string(b)
}

// answerSeeds are answers, hostile and not, that the agreement is tried
// on, each whole, cut short at every byte, and with bytes changed.
func answerSeeds(t testing.TB) [][]byte {
	seeds := [][]byte{}
	for _, name := range []string{"live_calendar.json", "live_calendar_list.json", "live_weather.json"} {
		b, err := os.ReadFile("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		seeds = append(seeds, b)
	}
	for _, s := range []string{
		``, ` `, `null`, `{}`, `[]`, `{} {}`, `1 2`, `truefalse`, `"a""b"`, `01`, `[01]`, `[1.]`, `[1.5.3]`, `-`, `[-]`, `[1e]`, `[1e+]`, `[1E-7]`,
		`[tru]`, `[truex]`, `[nul`, `[null`, `{"a" 1}`, `{"a":1,}`, `[1,]`, `[1 2]`, `{"a":1 "b":2}`, `{1:2}`, `{"a":}`, `]`, `}`, `[}`, `{]`,
		`{"id":"12","months":[1,2,3]}`, `{"id":12,"years":{"1":"a","2":"b"}}`, `{"id":"\u00e9t\u00e9","months":[1,2,3]}`,
		`{"id":"` + strings.Repeat("9", 21) + `","months":[1,2,3]}`, `{"id":` + strings.Repeat("9", 21) + `,"months":[1,2,3]}`,
		`{"id":` + strings.Repeat("9", 20) + `,"months":[1,2,3]}`, `{"months":[]} [[1,2,3]]`, `{"id":"\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9","months":[1,2,3]}`, `{"id":1,"id":"x","months":[1,2,3]}`, `{"i\u0064":"7","years":{"a":1,"b":2}}`,
		`{"data":[{"id":1},{"id":2},{"id":3}]}`, `{"data":[[[[[[1]]]]]]}`, `[[[[[[[]]]]]]]`, `{"a":{"b":{"c":{"d":{}}}}}`,
		`{"months":[{"name":"\ud83d\ude00"},{"name":"\ud83d"},{"name":"\udc00\ud83d"}]}`, "{\"a\":\"\x01\"}", `{"a":"\x"}`, `{"a":"\u12"}`,
		"{\"a\":\"\xff\xfe\"}", `{"entry":"` + strings.Repeat("x", 50) + `","id":3}`, `[{"id":1}, {"id":2}] [3]`, `{"data":{"a":1,"b":2,"c":3}}`,
	} {
		seeds = append(seeds, []byte(s))
	}
	return seeds
}

// mutations are the bytes a seed's bytes are changed to.
const mutations = `{}[]:,"\ 0123456789-+.eEtrufalsnu` + "\x00\x1f\xff\t"

// The scan measures every answer as the decoder of tokens did: the same
// bound passed, at the same place, with the same counts and record, or
// none; whatever comes of text that is not JSON.
func TestScanAgreesWithTokens(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, seed := range answerSeeds(t) {
		sameMeasure(t, seed)
		for cut := range len(seed) {
			sameMeasure(t, seed[:cut])
		}
		for range 200 {
			b := bytes.Clone(seed)
			if len(b) == 0 {
				break
			}
			for range 1 + rng.IntN(3) {
				b[rng.IntN(len(b))] = mutations[rng.IntN(len(mutations))]
			}
			sameMeasure(t, b)
		}
	}
}

// Texts and keys near MaxAnswerTextBytes, counted decoded: escapes shorter
// than what they stand for, bytes that are not UTF-8 and lone surrogates
// longer.
func TestScanCountsLongTextsDecoded(t *testing.T) {
	half := MaxAnswerTextBytes / 2
	for _, text := range []string{
		strings.Repeat("a", MaxAnswerTextBytes), strings.Repeat("a", MaxAnswerTextBytes+1),
		strings.Repeat(`\n`, MaxAnswerTextBytes), strings.Repeat(`\n`, MaxAnswerTextBytes+1),
		strings.Repeat(`\u00e9`, half), strings.Repeat(`\u00e9`, half+1), strings.Repeat(`\ud83d\ude00`, MaxAnswerTextBytes/4+1),
		strings.Repeat(`\ud83d`, MaxAnswerTextBytes/3+1), strings.Repeat("\xff", MaxAnswerTextBytes/3+1), strings.Repeat("é", half+1),
		strings.Repeat("\xff", MaxAnswerTextBytes/3), strings.Repeat(`\ude00\ud83d`, MaxAnswerTextBytes/6+1),
	} {
		for _, answer := range []string{`{"name":"` + text + `"}`, `{"entry":"` + text + `"}`, `{"months":[{"name":"` + text + `"}]}`,
			`{"months":[{"` + text + `":1}]}`, `{"` + text + `":1}`, `"` + text + `"`, `{"data":[{"` + text + `":1}],"links":"` + text + `"}`} {
			sameMeasure(t, []byte(answer))
		}
	}
	sameMeasure(t, []byte(`{"id":1,"n":`+strings.Repeat("1", MaxAnswerTextBytes+1)+`}`))
	sameMeasure(t, []byte(`{"id":1,"n":-0.`+strings.Repeat("1", MaxAnswerTextBytes)+`e+7}`))
}

func FuzzScanAgreesWithTokens(f *testing.F) {
	for _, seed := range answerSeeds(f) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, b []byte) { sameMeasure(t, b) })
}
