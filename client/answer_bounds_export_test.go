package client

import (
	"context"
	"encoding/json"
	"net/url"
)

// DecodePageForBench decodes a page of calendars as fetchPage does, its
// records measured one by one as they are decoded, the page itself not.
func DecodePageForBench(page []byte) error {
	var w wirePage[*Calendar]
	return json.Unmarshal(page, &w)
}

// MeasureForBench measures b as a page, or as a calendar when record.
func MeasureForBench(b []byte, record bool) error {
	if record {
		return measureAnswer(b, calendarShape)
	}
	return measureAnswer(b, pageShape)
}

// FetchPageForBench reads page as fetchPage reads an answer of a list of
// calendars (its bounds, its records decoded), and says how many it held.
func FetchPageForBench(page []byte) (int, error) {
	get := func(context.Context, url.Values) (*answer, error) { return &answer{status: 200, body: page}, nil }
	p, err := fetchPage[*Calendar](context.Background(), get, nil, 1)
	if err != nil {
		return 0, err
	}
	return len(p.Items), nil
}
