package client

// The path segments of the API's collections. The client builds its
// request paths from them, and Action and Explain (describe.go) read a path
// back into words with the table below, so each is spelled once.
const (
	campaignsSegment = "campaigns"
	calendarsSegment = "calendars"
	// The weather collection is "calendar_weathers" in the interface
	// document and "calendar_weather" on the live service.
	weatherPathDocument = "calendar_weathers"
	weatherPathLive     = "calendar_weather"
)

// resource is one collection of the API as messages name it.
type resource struct {
	// segments spell the collection in a path (weather has two).
	segments []string
	// one names a record, before its id: "calendar 3".
	one string
	// all names the collection: "listing the calendars of campaign 7".
	all string
	// anew names a record to create: "creating a calendar in campaign 7".
	anew string
	// model is the record's class in Laravel's 404: "No query results for
	// model [App\Models\Calendar] 3".
	model string
	// in is the resource whose records hold this collection (its one);
	// "" for the campaign.
	in string
	// entry names a record in the bounds of its answer, "" when it is
	// one ("weather entry 3"); lists are the lists of a record whose
	// items are counted, with their bounds (answer_bounds.go).
	entry string
	lists map[string]int
}

// resources are the collections, each inside a record of the one it is
// in: campaigns/{id}/calendars/{id}/calendar_weathers/{id}; a new
// collection of the campaign names "campaign". The campaign comes first.
var resources = []resource{
	{segments: []string{campaignsSegment}, one: "campaign", model: "Campaign"},
	{segments: []string{calendarsSegment}, one: "calendar", all: "the calendars", anew: "a calendar", model: "Calendar", in: "campaign",
		lists: map[string]int{"months": MaxAnswerMonths, "weekdays": MaxAnswerWeekdays, "years": MaxAnswerYears,
			"seasons": MaxAnswerSeasons, "moons": MaxAnswerMoons, "tags": MaxAnswerTags}},
	{segments: []string{weatherPathDocument, weatherPathLive}, one: "weather", all: "the weather", anew: "weather", model: "CalendarWeather", in: "calendar",
		entry: "weather entry", lists: map[string]int{"tags": MaxAnswerTags}},
	{segments: []string{"entities"}, one: "entity", model: "Entity", in: "campaign", lists: map[string]int{"tags": MaxAnswerTags}},
	{segments: []string{"reminders"}, one: "reminder", all: "the reminders", anew: "a reminder", model: "Reminder", in: "entity"},
	{segments: []string{"reminders"}, one: "reminder", all: "the reminders", anew: "a reminder", model: "Reminder", in: "calendar"},
}
