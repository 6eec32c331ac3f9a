package root

import "testing"

func TestFieldLabel(t *testing.T) {
	tests := map[string]string{
		"month_name.1":     "month 2 name",
		"month_length.0":   "month 1 length",
		"month_type.3":     "month 4 type",
		"weekday.2":        "weekday 3",
		"season_day.0":     "season 1 day",
		"season_month.4":   "season 5 month",
		"moon_fullmoon.1":  "moon 2 full moon",
		"moon_offset.0":    "moon 1 offset",
		"moon_colour.2":    "moon 3 colour",
		"year_name.0":      "year 1 name",
		"year_number.1":    "year 2 number",
		"epoch_name.0":     "epoch 1 name",
		"tags.1":           "tag 2",
		"current_month":    "date (month)",
		"current_year":     "date (year)",
		"current_day":      "date (day)",
		"name":             "name",
		"leap_year_amount": "leap year amount",
		"leap_year_start":  "leap year start",
		"leap_year_offset": "leap year every",
		"visibility_id":    "visibility",
		"is_private":       "private",
		"month_name":       "month names",
		"weekday":          "weekdays",
		"temperature":      "temperature",
		"month_name.x":     "month name.x",
	}
	for wire, want := range tests {
		if got := FieldLabel(wire); got != want {
			t.Errorf("FieldLabel(%q) = %q, want %q", wire, got, want)
		}
	}
}

func TestFieldMessage(t *testing.T) {
	tests := []struct{ wire, message, want string }{
		{"month_name.1", "The month_name.1 field is required.", "The month 2 name field is required."},
		{"month_length.0", "The month length.0 must be at least 1.", "The month 1 length must be at least 1."},
		{"name", "The name field is required.", "The name field is required."},
		{"current_month", "The current month must be an integer.", "The date (month) must be an integer."},
		{"weekday", "The weekday must have at least 2 items.", "The weekday must have at least 2 items."},
	}
	for _, tt := range tests {
		if got := fieldMessage(tt.wire, tt.message); got != tt.want {
			t.Errorf("fieldMessage(%q, %q) = %q, want %q", tt.wire, tt.message, got, tt.want)
		}
	}
}
