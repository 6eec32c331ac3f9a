// Package client is a typed client for the calendars of a Kanka campaign,
// their weather and reminders. It works against both the interface
// document and the live service: lenient decoding, the weather path
// fallback, pacing from the rate-limit headers, retries that never repeat
// a write that may have landed.
//
// It is the client the kanka command is built on, and it can be used from
// any Go program:
//
//	go get github.com/kanka-cli/kanka/client
//
// # A program
//
// This one prints the campaign's calendars, walking every page of them, and
// then the weather of the first one:
//
//	package main
//
//	import (
//		"context"
//		"fmt"
//		"log"
//		"os"
//
//		"github.com/kanka-cli/kanka/client"
//	)
//
//	func main() {
//		c, err := client.New(client.Config{
//			Token:     os.Getenv("KANKA_TOKEN"),
//			Campaign:  12345, // the number in the campaign's address
//			UserAgent: "my-program/1.0",
//		})
//		if err != nil {
//			log.Fatal(err)
//		}
//		ctx := context.Background()
//		var first *client.Calendar
//		for cal, err := range c.AllCalendars(ctx, nil) {
//			if err != nil {
//				log.Fatal(client.InWords(err))
//			}
//			fmt.Println(cal.ID, cal.Name, cal.DateText())
//			if first == nil {
//				first = cal
//			}
//		}
//		if first == nil {
//			return
//		}
//		for w, err := range c.AllWeather(ctx, first.ID, nil) {
//			if err != nil {
//				log.Fatal(client.InWords(err))
//			}
//			fmt.Println(w.Date(), w.Code())
//		}
//	}
//
// The package's examples show the rest: a name looked up
// ([Client.CalendarsNamed]), a calendar created from a file
// ([DecodeCalendar]), a whole update ([Client.UpdateCalendar]) and the
// weather of a day set. They run against the project's sandbox
// (package [github.com/kanka-cli/kanka/sandbox]), which a program's own
// tests can use too: the RoundTripper its InProcess returns as
// [Config.Transport], with a loopback BaseURL such as
// http://127.0.0.1/api/1.0 and its DefaultToken and DefaultCampaign.
//
// # How it reads and writes
//
//   - A walk ([Client.AllCalendars], [Client.AllWeather]) is an iterator:
//     page 1 says how many pages there are, the others are fetched a few at
//     once as the loop reaches them, and an error ends the walk (no page is
//     skipped). Breaking out of the loop stops it. [ListOptions] filters
//     every page alike; [WithMaxListBytes] bounds what one walk reads.
//   - A record ([Calendar], [Weather]) embeds its writable part
//     ([CalendarInput], [WeatherInput]) as the server answered it: a field
//     the answer left out or sent as null is nil, unknown, and never written
//     back as a zero. In an input to send, nil is "not given".
//   - An update starts from the record as read ([FromCalendar],
//     [FromWeather]) with the changes put over it ([Fields.Merge],
//     [Fields.Over]). The live service rebuilds a calendar's months,
//     weekdays, years, seasons, moons and date from every write, so a
//     calendar update sends the whole record, and [Fields.Unread] names what
//     it would wipe; a weather update sends only what [Fields.UpdateOf]
//     picks: the date, the weather and what changed.
//   - Files in the shape `kanka ... get -o yaml` prints (or its JSON) are
//     read strictly by [DecodeCalendar], [DecodeWeather], [DecodeWeathers]
//     and [DecodeSeed], from a go.yaml.in/yaml/v3 node; every problem comes
//     in one [*FileError], with its line. [CalendarFile] and [WeatherFile]
//     write that shape.
//   - Requests are paced by the service's rate-limit headers (30 a minute on
//     the live service) and retried after a 429, a 5xx or a lost connection,
//     never a POST that may have been applied ([*NotAppliedUnknownError]).
//     [Config] bounds the waits and the retries.
//   - Errors: test them with [IsNotFound], [IsAuth], [IsValidation],
//     [IsRateLimit] and [IsNetwork], or errors.As with [*Error] (its Fields
//     are the service's field errors); [InWords] is an error's message in a
//     user's words. The token never appears in an error or in an [Exchange].
//
// # What is stable
//
// The module has no v1 release yet. These are kept from one release to the
// next; what is added comes as new names, new struct fields and new methods
// (write struct literals with field names):
//
//   - [New], [Config] (its fields, but for the hooks named below), [Client]
//     and its methods for calendars and weather: List, All, Get, Head,
//     Create, Update, Patch and Delete of each, [Client.CalendarsNamed],
//     [Client.CalendarsAsOf], [Client.CalendarsChangedSince],
//     [Client.CalendarsChangedAsOf].
//   - The records and inputs, their fields and their methods but for the
//     almanac views named below: [Calendar], [Weather], [CalendarInput],
//     [WeatherInput], [Month], [Season], [Moon], [Years], [Date], [Page],
//     [PageMeta], [ListOptions], [WeatherListOptions]; [FromCalendar],
//     [FromWeather], [KeepMoonIDs], [ReadableDate]; and the rule that nil
//     is unknown (read) or not given (sent).
//   - The file form and its readers and writers: [DecodeCalendar],
//     [DecodeWeather], [DecodeWeathers], [DecodeSeed], [CalendarFile],
//     [WeatherFile], [FileError] and [FileProblem].
//   - The merge and update API of [CalendarFields] and [WeatherFields]:
//     [Fields.Merge], [Fields.Over], [Fields.UpdateOf], [Fields.Unread],
//     [Fields.Same], [Fields.Differing], [Fields.Changes], [Fields.ChangesOf],
//     [Fields.Unanswered], [Fields.Clone].
//   - The name lookup: [NamedAs], [NamedIgnoringCase], [Named].
//   - The error predicates ([IsNotFound], [IsAuth], [IsValidation],
//     [IsRateLimit], [IsNetwork]) and error types ([Error],
//     [NetworkError], [NotAppliedUnknownError], [InterruptedWriteError],
//     [WaitTooLongError], [RedirectError], [ListTooLargeError],
//     [AnswerTooLargeError], [AnswerBoundError]).
//
// These may change in any release, as the kanka command needs:
//
//   - the words of every message: never match an error's text, use the
//     predicates and types. So what [InWords], [Explain], [Action],
//     [Detail] and [DebugDetail] return, and what [DebugLogger] writes;
//   - the command's own parts of the field tables: the flag forms
//     ([FlagForm], [FlagFormOf], [FlagKind], [Fields.FlagForms]), the
//     detail view ([DetailLine], [Fields.Detail], [Field.Show]), the labels,
//     and the [Field] struct itself;
//   - the almanac views of a calendar ([Calendar.Reckoning],
//     [CalendarInput.Reckoning], [CalendarInput.NamesReckoning],
//     [CalendarInput.AlmanacCalendar], [CalendarInput.UncountedDays],
//     [CalendarInput.WrittenNames]);
//   - the hooks of [Config] (Clock and [Clock], OnExchange and [Exchange],
//     OnWait, Observer and [Observer], LiveWeatherPath) and the live
//     service's step route ([Client.StepDate], [Client.KeepDate],
//     [Client.HasStepRoute]);
//   - the bounds ([MaxAnswerBytes], [MaxPages], [DefaultMaxListBytes], the
//     MaxAnswer and MaxRecord constants): their values move with what the
//     service sends;
//   - every other name not listed above (date and month readers,
//     redaction, validation helpers).
package client
