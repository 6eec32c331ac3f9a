// Package sandbox implements the calendar interface of calendar-api.md, in
// process (`kanka --sandbox`, see InProcess) or on a port (`kanka sandbox
// serve`). By default it serves the document's behaviour; Options.Live copies
// the live service's deviations (live-service.md), traps included, so that a
// client can rehearse against both. It also serves, in both modes as the
// live service does, what the document does not describe: the reminders
// (reminders.md) and the entity endpoint that says whose they are.
//
// It deliberately shares no code with package client: its JSON is written
// and read here, from the documents, so that a mistake in the client's codec
// is not hidden by the same mistake on the server side.
package sandbox

import (
	"net/http"
	"time"
)

// DefaultToken is the bearer token the sandbox accepts unless told otherwise.
const DefaultToken = "sandbox-token"

// DefaultCampaign is the campaign id the sandbox serves unless told otherwise.
const DefaultCampaign = 1

// Options configure a sandbox Server. The zero value serves the document's
// behaviour in memory, with no limit and no faults.
type Options struct {
	// Live copies the live service: 201 with {"data":...} on create, an empty
	// 204 on delete, only the singular calendar_weather path, a 429 as a bare
	// array without headers, updates that wipe absent arrays, moon_offset,
	// moon_colour and moon_id required with moon_name, page sizes 45 and 15,
	// the live resource's extra keys and `sync` in list envelopes. Also: the
	// POST calendars/{id}/advance and .../retreat routes (one day, {"date":
	// "Y-M-D"}; the answered updated_at stays, lastSync sees the change);
	// named weeks (week_number[], week_name[]) stored, never answered, and
	// rebuilt by every calendar write; request bodies trimmed with empty
	// strings made null; null for fields never set or set to null; an
	// `alias` on every month; one month enough; related=1 adding the related
	// lists (empty); a tags[] filter value that is no id ignored; new moons
	// numbered from the highest moon id a write sends.
	//
	// In both modes every calendar or weather write moves the answered
	// updated_at, two writes within the same second (weather) or
	// microsecond (calendars) too: the time steps past the last one.
	Live bool
	// Token is the accepted bearer token; "" means DefaultToken.
	Token string
	// Campaign is the served campaign id; 0 means DefaultCampaign.
	Campaign int
	// CalendarPageSize is the calendar list's page size; 0 means 100, or 45
	// in live mode.
	CalendarPageSize int
	// WeatherPageSize is the weather list's page size; 0 means 15.
	WeatherPageSize int
	// RateLimit is the number of requests allowed in a window; 0 means no
	// limit, in live mode too (`kanka sandbox serve --live` asks for the live
	// service's 30 a minute itself). Windows are fixed and start with the first request after the
	// previous window ended. The count lives in the Server, not in the state
	// file: separate processes count separately.
	RateLimit int
	// RateWindow is the rate limit's window; 0 means one minute.
	RateWindow time.Duration
	// Latency is added before every answer.
	Latency time.Duration
	// FailRate is the share (0..1) of requests answered 500 without
	// applying anything.
	FailRate float64
	// DropRate is the share (0..1) of successful writes (POST, PUT, PATCH,
	// DELETE) that are applied and then answered by dropping the connection.
	DropRate float64
	// Seed seeds the fault dice, so that a sequence of requests meets the
	// same faults on every run; 0 picks a random seed.
	Seed uint64
	// DataPath is the JSON state file; "" keeps the state in memory. A write
	// locks the file (a .lock file beside it), reads it and replaces it
	// atomically, so that several processes can share it; a symlink is
	// followed and stays a symlink. A missing or empty file is an empty
	// state; a file that is not a sandbox state file, or a damaged one, is
	// never written: New, and then any request, fails with a
	// *StateFileError.
	DataPath string
	// Now is the clock for timestamps and rate windows; nil means time.Now.
	Now func() time.Time
	// OmitKeys are top-level keys left out of every calendar, weather and
	// reminder object the sandbox answers (get, list, create, update), in either
	// mode: a fault for testing how a client copes with a key the server
	// did not send ("updated_at", "months", "date"...). A key that is not
	// in the object changes nothing.
	OmitKeys []string
}

// Server serves the interface under /api/1.0/campaigns/{campaign}/. It is
// safe for concurrent use.
type Server struct {
	live             bool
	token            string
	campaign         int
	calendarPageSize int
	weatherPageSize  int
	latency          time.Duration
	now              func() time.Time
	store            store
	limiter          *limiter
	faults           *faults
	omitKeys         map[string]bool
	table            []route
}

var _ http.Handler = (*Server)(nil)

// New builds a Server from opts, filling in the defaults. It reads the state
// file, if any, so that one the sandbox will not use is refused before any
// request (a *StateFileError).
func New(opts Options) (*Server, error) {
	if err := opts.check(); err != nil {
		return nil, err
	}
	if opts.DataPath != "" {
		if err := checkStateFile(opts.DataPath); err != nil {
			return nil, err
		}
	}
	s := &Server{
		live:             opts.Live,
		token:            opts.Token,
		campaign:         opts.Campaign,
		calendarPageSize: opts.CalendarPageSize,
		weatherPageSize:  opts.WeatherPageSize,
		latency:          opts.Latency,
		now:              opts.Now,
	}
	if s.token == "" {
		s.token = DefaultToken
	}
	if s.campaign == 0 {
		s.campaign = DefaultCampaign
	}
	if s.calendarPageSize == 0 {
		s.calendarPageSize = 100
		if s.live {
			s.calendarPageSize = 45
		}
	}
	if s.weatherPageSize == 0 {
		s.weatherPageSize = 15
	}
	if s.now == nil {
		s.now = time.Now
	}
	if opts.DataPath == "" {
		s.store = newMemStore()
	} else {
		s.store = newFileStore(opts.DataPath)
	}
	window := opts.RateWindow
	if window == 0 {
		window = time.Minute
	}
	s.table = s.routes()
	s.limiter = newLimiter(opts.RateLimit, window, s.now)
	s.faults = newFaults(opts.FailRate, opts.DropRate, opts.Seed)
	if len(opts.OmitKeys) > 0 {
		s.omitKeys = map[string]bool{}
		for _, k := range opts.OmitKeys {
			s.omitKeys[k] = true
		}
	}
	return s, nil
}
