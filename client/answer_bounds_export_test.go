package client

import "encoding/json"

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
