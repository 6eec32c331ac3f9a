package mcp

import (
	"fmt"
	"strings"
)

// The weather's tools: list a span (weather list) and record a day's
// weather (weather set).

// listWeatherInput names a calendar and a span of it.
type listWeatherInput struct {
	Calendar Ref    `json:"calendar" jsonschema:"The calendar: its id (a number, as list_calendars gives it) or its exact name."`
	From     string `json:"from,omitempty" jsonschema:"The first day (default: the calendar's first entry): year-month-day with months counted from 1, intercalary months included (1492-4-3); a month by name, alias or a prefix only one month has (1492-Ches-3, or \"3 Ches 1492\"); or counted in days from the calendar's current date: today, tomorrow, yesterday, +3, -1."`
	To       string `json:"to,omitempty" jsonschema:"The last day, included (default: the last entry); written as from is."`
}

var listWeather = tool[listWeatherInput]{
	name:  "list_weather",
	title: "List the weather",
	description: "The weather entries of a calendar, in date order, from and to two days (both included; either may be " +
		"left out): each entry's id, date (year, month, day), weather, temperature, precipitation, wind, effect, name " +
		"and visibility. Reads only.",
	effect: reads,
	output: []property{{"weather", "array", "the entries in date order, every key the server sent"}},
	command: func(in listWeatherInput) (invocation, error) {
		name, err := named("calendar", in.Calendar)
		if err != nil {
			return invocation{}, err
		}
		var args flags = []string{"weather", "list", flag("calendar", name)}
		args.text("from", in.From)
		args.text("to", in.To)
		return command(args...), nil
	},
	shape: func(_ listWeatherInput, v any) (map[string]any, string) {
		entries := records(v)
		byDate(entries)
		lines := []string{plural(len(entries), "weather entry", "weather entries") + ":"}
		for _, e := range entries {
			lines = append(lines, fmt.Sprintf("%s: %s (id %s)", entryDate(e), weatherWords(e), text(e["id"])))
		}
		return map[string]any{"weather": list(entries)}, strings.Join(lines, "\n")
	},
}

// setWeatherInput is the weather of one day.
type setWeatherInput struct {
	Calendar      Ref     `json:"calendar" jsonschema:"The calendar: its id (a number, as list_calendars gives it) or its exact name."`
	Date          string  `json:"date,omitempty" jsonschema:"The day (default: the calendar's current date): year-month-day with months counted from 1, intercalary months included (1492-4-3); a month by name, alias or a prefix only one month has (1492-Ches-3, or \"3 Ches 1492\"); or counted in days from the calendar's current date: today, tomorrow, yesterday, +3, -1."`
	Weather       *string `json:"weather,omitempty" jsonschema:"The weather, up to 20 characters, required when the day has no entry yet. Kanka's web interface shows an icon for bolt, cloud, cloud-rain, cloud-showers-heavy, cloud-sun, cloud-sun-rain, meteor, smog, snowflake, sun and wind; any other text is kept as it is."`
	Temperature   *string `json:"temperature,omitempty" jsonschema:"The temperature, any text up to 45 characters (-5°C, mild); an empty string clears it."`
	Precipitation *string `json:"precipitation,omitempty" jsonschema:"The precipitation, any text up to 45 characters; an empty string clears it."`
	Wind          *string `json:"wind,omitempty" jsonschema:"The wind, any text up to 45 characters (north, strong); an empty string clears it."`
	Effect        *string `json:"effect,omitempty" jsonschema:"The weather's effect on the game, any text up to 45 characters; an empty string clears it."`
	Name          *string `json:"name,omitempty" jsonschema:"A name for the entry, up to 40 characters."`
	Visibility    string  `json:"visibility,omitempty" jsonschema:"Who sees the entry: all, admin, admin-self, self or members (default: as the entry is, all for a new one)."`
}

var setWeather = tool[setWeatherInput]{
	name:  "set_weather",
	title: "Set the weather of a day",
	description: "Record the weather of one day of a calendar: the day's entry is created when it has none, else " +
		"updated with the fields given that differ (the others are kept; when nothing differs nothing is sent). " +
		"The same call twice changes nothing the second time. Nothing else of the calendar is touched.",
	effect:     writes,
	idempotent: true,
	output:     []property{{"weather", "object", "the day's entry as the server stored it"}},
	command: func(in setWeatherInput) (invocation, error) {
		name, err := named("calendar", in.Calendar)
		if err != nil {
			return invocation{}, err
		}
		var args flags = []string{"weather", "set", flag("calendar", name)}
		args.text("date", in.Date)
		args.optional("weather", in.Weather)
		args.optional("temperature", in.Temperature)
		args.optional("precipitation", in.Precipitation)
		args.optional("wind", in.Wind)
		args.optional("effect", in.Effect)
		args.optional("name", in.Name)
		args.text("visibility", in.Visibility)
		return command(args...), nil
	},
	shape: func(_ setWeatherInput, v any) (map[string]any, string) {
		e, _ := v.(map[string]any)
		return map[string]any{"weather": e},
			fmt.Sprintf("weather of %s on calendar %s: %s (entry %s)", entryDate(e), text(e["calendar_id"]), weatherWords(e), text(e["id"]))
	},
}
