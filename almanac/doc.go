// Package almanac counts the days of a Kanka calendar the way the live
// service does (its chronology rewrite on the develop branch, described in
// calendar-time.md): day numbers, leap years, weekdays on the month grid,
// moon phases and seasons, reading and writing dates. It is pure: no I/O,
// no client, no terminal. The command layer converts a client.Calendar to
// Calendar, calls New once, and asks the Reckoning.
//
// # The service's rules
//
//   - Dates are Y-M-D; M counts every month of the list, intercalary ones
//     included. With skip_year_zero year 0 does not exist.
//   - Day 0 is day 1 of month 1 of year 0 (of year 1 with skip_year_zero);
//     every day counts, intercalary and leap days included.
//   - A leap year is y >= leap_year_start with (y - leap_year_start) a
//     multiple of leap_year_offset (an offset below 1 counts as 1); no year
//     before the start is one. It adds leap_year_amount days at the end of
//     month leap_year_month; a negative amount removes days; no month drops
//     below 1 day (a length below 1 counts as 1).
//   - Weekdays: intercalary months stand outside the week. Day 1 of a
//     standard month falls in column (floormod(N, W) + start_offset) mod W,
//     N the standard-month days (leap days included) since day 0.
//   - Moons: phase i (0 full, 1 waning gibbous, 2 last quarter, 3 waning
//     crescent, 4 new, 5 waxing crescent, 6 first quarter, 7 waxing gibbous)
//     falls on floor(offset + (k + i/8) * fullmoon) for every whole k,
//     computed in fixed point at 1e-10 day in integers: exact at year
//     100,000 as at year 1. When two phases of a moon share a day the lower
//     number shows.
//   - Seasons start on their month and day every year.
//   - Dates for people: "{day} {month name}, {year name, else year} {suffix}".
//   - Reminders fall on days by the occurrence engine's rules (a one-off,
//     year, month or a moon's phase, a length in days, an end year; see
//     occurrence.go): Recurrence holds a reminder's fields as stored,
//     Occurrences lists its runs meeting a window of days and Days the days
//     it covers. Kanka's calendar page draws some reminders differently
//     (reminders.md, "What the calendar page draws instead"); kanka follows
//     the engine.
//
// # Where the service is silent, kanka chose
//
//   - Years lie in -MaxYear..MaxYear (10^12) and a year has at most
//     MaxYearLength (10^6) days, so every day number fits an int64; New
//     refuses a longer year, a leap amount beyond it, or a leap start outside
//     the years. Every call is O(1) in the years (leap years are counted, a
//     day number finds its year by a 41-step binary search) and O(months).
//   - A leap rule naming no month of the list adds no days, though its
//     years are still leap years.
//   - Reminders: a moon repeat names Moon.ID; years of repeats are jumped
//     over, never walked, so a reminder two billion years from its window
//     costs what a near one does, and Days costs O(days of the window)
//     whatever the length. A recurring_until beyond the years is no end.
//   - A day that exists only in leap years (Shieldmeet, day 2 of Midsummer
//     in the Calendar of Harptos) is refused in other years with
//     "day 2 of Midsummer exists only in leap years"; a day a negative
//     amount removes, with "day 30 of Hammer does not exist in leap years".
//   - fullmoon is a plain decimal ("30.4375"); digits past the tenth
//     decimal are truncated, as fixed point does. A moon whose fullmoon is
//     not above 0 after that (or is no plain decimal: "1e-9", "NaN") has no
//     phases. A period far below a day puts all eight phases on every day:
//     full shows. Each day costs O(1) whatever the period.
//   - Days of an intercalary month fill their own rows from column 0 and
//     have no weekday. A grid needs at least 2 weekdays (ErrFewWeekdays),
//     as the service's advance needs; dates count without any.
//   - A season whose day does not exist in a year (a leap day, a month
//     that is not in the list) does not start that year. The season of a
//     date (kanka's extension) is the one with the latest start on or
//     before it, reaching back to earlier years; of two seasons starting on
//     one day the later in the list wins.
//   - Adding months counts every month of the list; adding months or years
//     clamps the day to the length of the month reached (Shieldmeet plus
//     a year is day 1 of Midsummer).
//   - Reading dates: "1492-4-3", "1492-Ches-3", "-12-3-1", "3 Ches 1492",
//     "3 Ches, 1492 DR", "3 Ches, Year of Three Ships Sailing DR". A month
//     is a number or a name or alias in any case, exact names first, then
//     exact aliases, then prefixes of either; a prefix two months share is
//     an error that lists them. A month named only by digits is read as a
//     number. A date that does not exist is an error saying why; one that
//     looks written day first (6-Ches-1492) names the order and the date
//     meant.
//   - Dates a person says: "today" (Calendar.Today, the calendar's current
//     date), "tomorrow", "yesterday", "+N" and "-N" days from it, counted
//     with AddDays; N is bounded by MaxRelativeDays, and the date reached
//     by the years.
//
// # Where the service's branches differ (kanka follows develop)
//
//   - main draws leap days in years before leap_year_start that line up
//     with the cycle, and its advance and retreat ignore leap days
//     (4-2-28 advances to 4-3-1 in a leap year).
//   - main computes moon positions with two-decimal rounding and shows only
//     full, new and (for periods over 10 days) the quarters; it can show a
//     full moon on two neighbouring days.
//   - The service's dashboard widget counts weekdays with intercalary days
//     included; the month grid does not, and kanka follows the grid.
package almanac
