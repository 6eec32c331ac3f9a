package sandbox

import (
	"fmt"
	"slices"
)

// check rejects option values that cannot mean anything.
func (o Options) check() error {
	switch {
	case o.Campaign < 0:
		return fmt.Errorf("sandbox: campaign %d is not a positive id", o.Campaign)
	case o.CalendarPageSize < 0 || o.WeatherPageSize < 0:
		return fmt.Errorf("sandbox: page sizes must be positive")
	case o.RateLimit < 0:
		return fmt.Errorf("sandbox: rate limit %d is negative", o.RateLimit)
	case o.RateWindow < 0 || o.Latency < 0:
		return fmt.Errorf("sandbox: durations must not be negative")
	case o.FailRate < 0 || o.FailRate > 1:
		return fmt.Errorf("sandbox: fail rate %v is not between 0 and 1", o.FailRate)
	case o.DropRate < 0 || o.DropRate > 1:
		return fmt.Errorf("sandbox: drop rate %v is not between 0 and 1", o.DropRate)
	case slices.Contains(o.OmitKeys, ""):
		return fmt.Errorf("sandbox: an omitted key must not be empty")
	}
	return nil
}
