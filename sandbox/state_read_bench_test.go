package sandbox

import (
	"encoding/json"
	"testing"
)

// yearOfWeather is a server that keeps its state in memory, with a
// calendar and 365 weather entries.
func yearOfWeather(b *testing.B) *Server {
	b.Helper()
	s, err := New(Options{Now: fixedNow})
	if err != nil {
		b.Fatal(err)
	}
	writeYearOfWeather(b, s)
	return s
}

// BenchmarkReadStateYearOfWeather is one read of a state file that holds a
// calendar and a year of weather: what every write of the memory store
// does to copy its state, and the file store when another process wrote.
func BenchmarkReadStateYearOfWeather(b *testing.B) {
	var file []byte
	err := yearOfWeather(b).store.view(func(st *state) {
		var err error
		file, err = st.encode()
		if err != nil {
			b.Fatal(err)
		}
	})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(file)))
	for b.Loop() {
		var st state
		if err := json.Unmarshal(file, &st); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMemStoreYearOfWeather is 365 weather writes to a server that
// keeps its state in memory (each write works on a copy of the state).
func BenchmarkMemStoreYearOfWeather(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		yearOfWeather(b)
	}
}
