package cmdutil

import (
	"fmt"
	"io"
	"strings"
	"testing"
)

// What hiding the token costs a large list printed with -o json: 2,000
// calendars of about 1 KiB each, one write each, as the printer streams
// them, through the guarded stdout with a token to hide:
//
//	go test ./cmd/cmdutil -run '^$' -bench GuardedList -benchmem
//
// "written" has no backslash (the sandbox's answers): the bytes are searched
// as written only. "live" has the live service's escaped slashes
// ("https:\/\/kanka.io\/..."), which stand for no character of a token: no
// decoding either. "escaped" has an escape that could (a name with
// "\u0061", an "a"): every record is decoded and searched again.

func BenchmarkGuardedList(b *testing.B) {
	for _, tc := range []struct{ name, escapes string }{
		{"written", ""},
		{"live", `https:\/\/kanka.io\/en\/campaign\/1\/calendars\/`},
		{"escaped", `\u0061 name `},
	} {
		records := listRecords(2000, tc.escapes)
		size := 0
		for _, r := range records {
			size += len(r)
		}
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				s := &IOStreams{Out: io.Discard, ErrOut: io.Discard}
				s.Guard()
				s.Redact("hostile-secret-token-0123456789abcdef")
				for _, r := range records {
					_, _ = s.Out.Write(r)
				}
				s.Flush()
			}
		})
	}
}

// listRecords are n calendars as -o json prints them, each with text in
// its name and url.
func listRecords(n int, text string) [][]byte {
	months := strings.Repeat(`{"name":"Hammer","length":30,"type":"standard"},`, 12)
	out := make([][]byte, n)
	for i := range out {
		out[i] = fmt.Appendf(nil, `  {"id":%d,"name":"Calendar %s%d","type":"","date":"1492-4-3","months":[%s{}],`+
			`"weekdays":["I","II","III","IV","V","VI","VII","VIII","IX","X"],"urls":{"view":"%s%d"},"is_private":false},`+"\n",
			i, text, i, months, text, i)
	}
	return out
}
