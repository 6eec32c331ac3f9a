// Package calexport writes a Kanka calendar as the file another tool
// imports: a Fantasy-Calendar export, a Simple Calendar export (the
// Foundry VTT module) or a Calendarium calendar (the Obsidian plugin). It
// is pure: no I/O, no client requests, no command code; `kanka calendar
// export --format` reads the calendar and writes what Export returns.
//
// Each file is the shape the tool's own importer reads (docs/formats.md,
// sections 1.7, 2.5 and 4.4, from the tools' source), one file per format
// here. The tool counts days, weeks, leap years and moon phases its own
// way: the weekday and each moon's phases are set so that the tool shows
// what Kanka shows on the current date, as kanka's import anchors them
// (internal/calimport), so that exporting and importing back gives the
// same days. What the tool cannot hold (named years, a leap rule that
// starts on a given year, year 0, a week or moon it counts differently)
// is named in Result.Losses, one a line, with the day nearest the current
// date that the tool shows differently, within Years years either side.
//
// Reminders become the tools' events and notes (fantasy_events.go,
// simple_notes.go, calendarium_events.go, calendarium_notes.go), in date
// order. Where the tool's own rule for an event may show other days than
// Kanka's occurrences (Simple Calendar repeats a note in every year,
// Fantasy-Calendar marks a band of days for a moon's phase), the days are
// compared year by year from the current date (reminder_days.go) and the
// nearest that differs is named in a loss; what a tool cannot hold at all
// (a moon repeat in Simple Calendar or Calendarium) is a loss too, and the
// reminder is not written. What many reminders lose alike (a colour, a
// visibility) is one loss naming them.
package calexport
