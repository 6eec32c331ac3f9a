// Package calimport converts the calendar files of other tools to Kanka
// calendars: a Fantasy-Calendar export, a Simple Calendar file (the Foundry
// VTT module: predefined, export, and its first version's settings), a
// donjon calendar saved as JSON and a Calendarium calendar (the Obsidian
// plugin's exported calendar object). It is pure: no I/O, no client
// requests, no command code; `kanka calendar import` reads the file and
// applies what Convert returns.
//
// Each tool counts days, weeks, leap years and moon phases its own way;
// each has a model here (fantasy_model.go, simple_model.go, donjon.go,
// calendarium_model.go), ported from its public source, that says what
// weekday and which moon phases the tool shows on a day. The converted
// calendar is anchored on the source's current date by that model
// (anchor.go), and the days around it are compared with Kanka's rules
// (package almanac). A moon's offset is the tool's own where its formula
// gives one that agrees, so that a calendar kanka exported (package
// calexport) comes back with the same phases on every day. What Kanka
// cannot hold (a compound leap rule, several leap days, a month only in
// leap years, weeks that start anew each month, eras, custom moon phases,
// notes and events) is approximated or dropped, and named in
// Result.Losses, one a line.
package calimport
