package client_test

import (
	"context"
	"fmt"
	"log"

	"go.yaml.in/yaml/v3"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/sandbox"
)

// The examples run against the project's sandbox, started in process in
// the interface document's behaviour: nothing leaves the machine, and every
// example starts from an empty campaign, so its ids and output are the same
// on every run.

// The calendars of a campaign, every page of them.
func ExampleClient_AllCalendars() {
	c := exampleClient() // a client of the sandbox, which serves two calendars a page
	exampleCalendars(c, "Harptos", "Greyhawk", "Barovia")
	ctx := context.Background()

	// AllCalendars asks for page 1, learns from it how many pages there
	// are, and fetches the others as the loop reaches them. Breaking out of
	// the loop stops the walk; ListOptions filters every page the same way.
	for cal, err := range c.AllCalendars(ctx, nil) {
		if err != nil {
			log.Fatal(client.InWords(err))
		}
		fmt.Println(cal.ID, cal.Name, cal.DateText())
	}

	// ListCalendars reads one page, with the list's meta.
	page, err := c.ListCalendars(ctx, &client.ListOptions{Page: 2})
	if err != nil {
		log.Fatal(client.InWords(err))
	}
	fmt.Printf("page %d of %d: %d calendar(s)\n", page.Meta.CurrentPage, page.Meta.LastPage, len(page.Items))
	// Output:
	// 1 Harptos 1492-1-1
	// 2 Greyhawk 1492-1-1
	// 3 Barovia 1492-1-1
	// page 2 of 2: 1 calendar(s)
}

// A calendar found by its name.
func ExampleClient_CalendarsNamed() {
	c := exampleClient() // client.New, against the sandbox
	exampleCalendars(c, "Calendar of Harptos", "Harptos", "Greyhawk")
	ctx := context.Background()

	// CalendarsNamed keeps the calendars named exactly so, as the service
	// stores names (trimmed): "Calendar of Harptos" contains the name, but
	// is not named so. A name is not unique in a campaign: several may
	// come back.
	found, err := c.CalendarsNamed(ctx, "Harptos ")
	if err != nil {
		log.Fatal(client.InWords(err))
	}
	for _, cal := range found {
		fmt.Println(cal.ID, cal.Name)
	}

	// A name a user typed: the commands list the calendars whose names
	// contain it and keep those named so, or else those named so but for
	// case.
	var near []*client.Calendar
	for cal, err := range c.AllCalendars(ctx, &client.ListOptions{Name: "greyhawk"}) {
		if err != nil {
			log.Fatal(client.InWords(err))
		}
		near = append(near, cal)
	}
	found = client.NamedAs(near, "greyhawk")
	if len(found) == 0 {
		found = client.NamedIgnoringCase(near, "greyhawk")
	}
	for _, cal := range found {
		fmt.Println(cal.ID, cal.Name)
	}
	// Output:
	// 2 Harptos
	// 3 Greyhawk
}

// A calendar created from a file in the shape `kanka calendar get -o yaml`
// prints (JSON, as `-o json` prints it, reads the same way).
func ExampleDecodeCalendar() {
	c := exampleClient() // client.New, against the sandbox
	ctx := context.Background()

	// What os.ReadFile would return. Months may be given by name.
	data := []byte(`
name: Harptos
type: Dalereckoning
date: 1492-Ches-12
months:
  - {name: Hammer, length: 30}
  - {name: Midwinter, length: 1, type: intercalary}
  - {name: Alturiak, length: 30}
  - {name: Ches, length: 30}
weekdays: [First-day, Second-day, Third-day]
seasons:
  - {name: Spring, month: Ches, day: 19}
suffix: DR
`)
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		log.Fatal(err)
	}
	// DecodeCalendar reads the file strictly: every problem of it, each
	// with its line, is in one *client.FileError.
	in, err := client.DecodeCalendar(&doc)
	if err != nil {
		log.Fatal(err)
	}
	// Months by name become numbers; then the calendar is checked before
	// anything is sent.
	if err := in.ResolveMonths(); err != nil {
		log.Fatal(err)
	}
	in.CompleteForCreate()
	if err := in.Validate(); err != nil {
		log.Fatal(err)
	}
	// (`kanka calendar create` also refuses a name a calendar has already:
	// CalendarsNamed.)
	cal, err := c.CreateCalendar(ctx, in)
	if err != nil {
		log.Fatal(client.InWords(err))
	}
	date, _ := cal.CurrentDate()
	fmt.Println(cal.ID, cal.Name, cal.DateText(), client.ReadableDate(cal.Months, date))
	fmt.Println(len(cal.Months), "months; spring starts on day", cal.Seasons[0].Day, "of month", cal.Seasons[0].Month)
	// Output:
	// 1 Harptos 1492-4-12 12 Ches 1492
	// 4 months; spring starts on day 19 of month 4
}

// A whole update: two fields of a calendar changed, every other one kept.
func ExampleClient_UpdateCalendar() {
	c := exampleClient() // client.New, against the sandbox
	exampleCalendars(c, "Harptos")
	ctx := context.Background()

	current, err := c.GetCalendar(ctx, 1)
	if err != nil {
		log.Fatal(client.InWords(err))
	}
	// The changes: a field left nil (or a nil list) is not changed.
	calendarType := "Dalereckoning"
	changes := client.CalendarInput{Type: &calendarType, Date: &client.Date{Year: 1492, Month: 2, Day: 1}}

	// An update sends the whole record: the service rebuilds months,
	// weekdays, years, seasons, moons and the date from every write. So the
	// changes go over the record as read, and an update that would wipe a
	// field the answer lacked is not sent.
	in := client.FromCalendar(current)
	client.CalendarFields.Merge(&in, &changes)
	if keys := client.CalendarFields.Unread(&in); len(keys) > 0 {
		log.Fatalf("not sent: the answer lacked %v", keys)
	}
	// Moons given without ids (from a file) update the moons of their
	// names, rather than replace them.
	client.KeepMoonIDs(in.Moons, current.Moons)
	if err := in.ValidateUpdate(); err != nil {
		log.Fatal(err)
	}
	updated, err := c.UpdateCalendar(ctx, current.ID, in)
	if err != nil {
		log.Fatal(client.InWords(err))
	}
	fmt.Println("changed:", client.CalendarFields.Differing(&current.CalendarInput, &updated.CalendarInput))
	fmt.Println(updated.Name, updated.DateText(), len(updated.Months), "months", updated.Weekdays)
	// Output:
	// changed: [type date]
	// Harptos 1492-2-1 3 months [First-day Second-day Third-day]
}

// The weather of a day set, as `kanka weather set` sets it: the day's entry
// is created when the calendar has none, and updated when it has one.
func Example_setWeather() {
	c := exampleClient() // client.New, against the sandbox
	cal := exampleCalendars(c, "Harptos")[0]
	ctx := context.Background()

	setWeather := func(day client.Date, changes client.WeatherInput) (*client.Weather, error) {
		changes.SetDate(day)
		// The interface has no weather filters: the day's entry is looked
		// for in every page.
		for w, err := range c.AllWeather(ctx, cal.ID, nil) {
			if err != nil {
				return nil, err
			}
			if w.Misplaced(cal.ID) != "" || w.Date() != day {
				continue
			}
			// Over puts the changes over the entry as read; UpdateOf sends
			// the date and the weather (required on every write) and what
			// changes, so that another field changed meanwhile stays.
			have := client.FromWeather(w)
			want := client.WeatherFields.Over(&have, &changes)
			if err := want.Validate(cal); err != nil {
				return nil, err
			}
			return c.UpdateWeather(ctx, cal.ID, w.ID, client.WeatherFields.UpdateOf(&want, &have))
		}
		if err := changes.Validate(cal); err != nil {
			return nil, err
		}
		return c.CreateWeather(ctx, cal.ID, changes)
	}

	day := client.Date{Year: 1492, Month: 1, Day: 3}
	snow, cold, wind := "snowflake", "-5°C", "north, strong"
	created, err := setWeather(day, client.WeatherInput{Weather: &snow, Temperature: &cold})
	if err != nil {
		log.Fatal(client.InWords(err))
	}
	updated, err := setWeather(day, client.WeatherInput{Wind: &wind})
	if err != nil {
		log.Fatal(client.InWords(err))
	}
	fmt.Println(created.ID, created.Date(), created.Code())
	fmt.Println(updated.ID, updated.Date(), updated.Code())
	for _, change := range client.WeatherFields.Changes(&updated.WeatherInput, &created.WeatherInput) {
		fmt.Printf("%s: %s -> %s\n", change.Field, change.Old, change.New)
	}
	// Output:
	// 1 1492-1-3 snowflake
	// 1 1492-1-3 snowflake
	// wind: "" -> "north, strong"
}

// exampleClient starts a sandbox in process, in the interface document's
// behaviour, serving two records a page so that the walks above turn pages,
// and returns a client of it. Its transport is the sandbox itself; the URL
// is a loopback one, where the client sends a token over plain http.
func exampleClient() *client.Client {
	transport, err := sandbox.InProcess(sandbox.Options{CalendarPageSize: 2, WeatherPageSize: 2})
	if err != nil {
		log.Fatal(err)
	}
	c, err := client.New(client.Config{
		BaseURL:   "http://127.0.0.1/api/1.0",
		Token:     sandbox.DefaultToken,
		Campaign:  sandbox.DefaultCampaign,
		Transport: transport,
	})
	if err != nil {
		log.Fatal(err)
	}
	return c
}

// exampleCalendars creates a small calendar of each name, in order (ids
// from 1), all on 1492-1-1.
func exampleCalendars(c *client.Client, names ...string) []*client.Calendar {
	var made []*client.Calendar
	for _, name := range names {
		cal, err := c.CreateCalendar(context.Background(), client.CalendarInput{
			Name:     name,
			Date:     &client.Date{Year: 1492, Month: 1, Day: 1},
			Months:   []client.Month{{Name: "Hammer", Length: 30}, {Name: "Midwinter", Length: 1, Type: "intercalary"}, {Name: "Alturiak", Length: 30}},
			Weekdays: []string{"First-day", "Second-day", "Third-day"},
		})
		if err != nil {
			log.Fatal(client.InWords(err))
		}
		made = append(made, cal)
	}
	return made
}
