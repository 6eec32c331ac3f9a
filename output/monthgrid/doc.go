// Package monthgrid writes a month of a Kanka calendar for `kanka calendar
// show`: as a grid like cal(1), or as the JSON value of -o json. It is pure:
// an Input (the almanac's Reckoning, the month, today, the weather) and
// Options in, text or a value out; no Cobra, no client, no terminal
// detection.
//
//	g, err := monthgrid.New(monthgrid.Input{Reckoning: r, CalendarID: 7,
//		CalendarName: "Calendar of Harptos", Year: 1492, Month: 4,
//		Today: &today, Weather: entries})
//	text := g.Text(monthgrid.Options{Terminal: isTTY, Unicode: utf8, Width: 80})
//	value := g.Value() // a Month, or a []Month with WholeYear
//
// # The grid
//
// A title (month name, alias in parentheses, year, suffix, year name), the
// weekdays abbreviated to the shortest prefix of at least 2 letters that
// tells them apart, and the days in their weekday columns by the service's
// rule (almanac.MonthView). Each day's number is followed by one-column
// marks, in fixed slots that exist only when a day shown uses them:
//
//	weather   the day's weather (its first entry's), by kind:
//	          ☀ sun  ☼ sun and cloud  ☁ cloud  ☂ rain, showers, heavy rain
//	          ↯ thunderstorm  ❄ snow  ≈ wind  ≡ fog  ☄ meteors  ? other
//	          (ASCII s p c r z x ~ = m ?)
//	reminder  • a reminder falls on the day (ASCII !; "*" is today's)
//	moon      ○ full, ● new, ◐ first quarter, ◑ last quarter (ASCII O @ ) ()
//	season    ✦ a season starts (ASCII +)
//
// The weather's marks are of Kanka's codes (client.WeatherCodes); any other
// text is "?". They are one column wide in x/text/width and go-runewidth
// and in every terminal that draws East Asian ambiguous characters narrow
// (as the moon's marks need too), drawn in their text style.
//
// Today is in reverse video on a terminal and in brackets ([12]) otherwise.
// A legend under the grid explains the marks used, and only those, then
// lists each day's reminders (the mark and the reminder in words: its
// comment, "day 2 of 3" of a span, whose it is unless the calendar's own),
// then each day with weather: its mark, its weather in words and its
// temperature, in aligned columns (as many as the width holds, read down),
// a day never apart from its weather, an entry too wide cut with "...".
// Which days a reminder falls on is the caller's to count (the service's
// rules, almanac.Reckoning.Days): the grid shows each day it is given.
// With several moons a cell shows the most notable phase of the day (full,
// new, first quarter, last quarter) and the legend lists each moon's days;
// crescent and gibbous phases are only in the JSON and the day view.
//
// An intercalary month stands outside the week: no weekday row, "(outside
// the week)" under its title, its days in rows of their own, centred.
//
// # What gives way in a narrow cell
//
// The number never does, and the weather and the reminder stay as long as
// the grid does: they are what a game master glances at the month for. A
// 10-day week (Harptos) with every mark but a reminder fits 79 columns: a
// cell is a space, the number, a space (today's brackets), the weather,
// the moon, the season; a reminder's slot makes it 89. On a narrower
// terminal the cells narrow, the weekday names cut to them, giving way in
// this order:
//
//  1. the season's start shares the moon's slot (the phase first): 69
//     columns for Harptos, 79 with a reminder ("19 ☂•✦");
//  2. the frame keeps only its space before the number: 59 columns (69),
//     the ~five columns a cell has on a 60-column terminal ("12☂○");
//  3. the frame goes: 49 columns (59: "12☂•○");
//  4. the moons and seasons leave the cell (the legend then names their
//     days): the number, its weather and its reminder, 39 columns (49);
//  5. with a reminder, the reminder and the weather share a slot, the
//     reminder's mark first: the number and one mark, 39 columns;
//  6. only when the week does not fit even so is the month written one day
//     per line, each with its weekday.
//
// Without a frame, today is in reverse video on a terminal; piped, its
// cell's moon or season slot (else its weather's, else its reminder's)
// shows "*" and the legend says which day it is.
//
// A whole year is each month in turn under one line naming the year, with
// one legend at the end (naming moons, and for the weather each kind's mark
// and words with the number of days it was recorded).
//
// # One day
//
// Day and DayFields give one day in full (`calendar show --day`): its
// date, weekday, season, the moon phases falling on it, every text of each
// weather entry, and its reminders, a line each; the JSON is the month's
// context and the day as in a month's days.
//
// Names from the server (months, weekdays, moons, seasons, years, weather)
// are printed with control characters in caret notation, as output.Sanitize
// does, and on one line.
//
// # The JSON
//
// Month, in the field order of the issue. kanka's choices: "today" is the
// calendar's current date even when it is in another month (null when the
// calendar has none); --whole-year is an array of months; weather entries
// keep the server's fields and order (encoding/json compacts them); a
// day's reminders are Reminder values (id, comment, owner, span), which an
// agenda may print too.
package monthgrid
