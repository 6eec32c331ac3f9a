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
// rule (almanac.MonthView). Each day's number is followed by up to three
// one-column marks, in fixed slots that exist only when a day shown uses
// them:
//
//	moon      ○ full, ● new, ◐ first quarter, ◑ last quarter (ASCII O @ ) ()
//	season    ✦ a season starts (ASCII +)
//	weather   ≈ weather recorded (ASCII ~)
//
// Today is in reverse video on a terminal and in brackets ([12]) otherwise.
// A legend under the grid explains the marks used, and only those. With
// several moons a cell shows the most notable phase of the day (full, new,
// first quarter, last quarter) and the legend lists each moon's days;
// crescent and gibbous phases are only in the JSON.
//
// An intercalary month stands outside the week: no weekday row, "(outside
// the week)" under its title, its days in rows of their own, centred. A
// 10-day week (Harptos) with every mark fits 79 columns. On a narrower
// terminal the cells narrow before the grid is given up, the weekday names
// cut to them: first a cell shows only the day's most notable mark (a
// moon's phase, a season's start, then weather: 59 columns for Harptos),
// then its number loses the frame of spaces or brackets (39 columns; today
// is then marked * piped). Only when the week does not fit even so is the
// month written one day per line, each with its weekday. A whole year is each month in turn under one line naming the
// year, with one legend at the end (naming moons and counting weather days
// rather than listing days).
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
// keep the server's fields and order (encoding/json compacts them).
package monthgrid
