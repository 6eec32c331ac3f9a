package calendar

import "github.com/kanka-cli/kanka/client"

// ReadableDate is d with its month named from months, "3 Ches 1492"; the
// numeric "1492-4-3" when months has no month d.Month (client.ReadableDate).
func ReadableDate(months []client.Month, d client.Date) string { return client.ReadableDate(months, d) }
