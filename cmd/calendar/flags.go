package calendar

import (
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/spf13/pflag"
)

// The field flags of create and update are the table's
// (client.CalendarFields, registered by resource.AddFieldFlags).

// exclusive refuses two flags given together (cobra's own check is not a
// usage error).
func exclusive(fs *pflag.FlagSet, a, b string) error {
	if fs.Changed(a) && fs.Changed(b) {
		return cmdutil.UsageErrorf("--%s and --%s cannot be used together", a, b)
	}
	return nil
}

func ptr[T any](v T) *T { return &v }
