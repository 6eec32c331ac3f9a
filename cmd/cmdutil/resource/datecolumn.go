package resource

import (
	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/output"
)

// DateColumn is the DATE column of records dated on a calendar: the date
// in numbers (1492-4-3), and on a terminal with its month named from
// months (3 Ches 1492; the numbers when months does not name it).
func DateColumn[T any](months []client.Month, dateOf func(T) client.Date) output.Column {
	return output.Column{Header: "DATE", Priority: output.Key,
		Value:    func(r output.Record) string { return dateOf(r.(T)).String() },
		Readable: func(r output.Record) string { return client.ReadableDate(months, dateOf(r.(T))) }}
}
