package calendar

import (
	"errors"
	"testing"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/cmd/cmdutil/cmdtest"
)

// stepRefused is the live service refusing a step of calendar 12's date.
func stepRefused(verb string) cmdtest.Exchange {
	return cmdtest.Exchange{Request: "POST calendars/12/" + verb, Body: `{}`, Status: 403, Answer: `{"code":403,"error":"This action is unauthorized."}`}
}

// refusedAdvance and refusedRetreat are the messages of stepRefused.
const (
	refusedAdvance = "POST http://localhost/api/1.0/campaigns/1/calendars/12/advance: 403 This action is unauthorized."
	refusedRetreat = "POST http://localhost/api/1.0/campaigns/1/calendars/12/retreat: 403 This action is unauthorized."
)

// wantRefusedStep checks err is the service's 403 to a step, with the
// message want.
func wantRefusedStep(t *testing.T, err error, want string) {
	t.Helper()
	var apiErr *client.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != 403 {
		t.Errorf("error %v, want the service's 403", err)
	}
	if err == nil || err.Error() != want {
		t.Errorf("error\n%v\nwant\n%s", err, want)
	}
}

// --keep-weeks walks up to 10000 days (one request each): 10000 is
// allowed, its cost said first; here the service refuses the first step,
// and the error is the service's alone (nothing was moved).
func TestKeepWeeksWalksTenThousandDays(t *testing.T) {
	env := newCTEnv(t, "", answer("GET calendars/12", harptosLive("1492-4-1")), stepRefused("advance"))
	err := env.run("advance", "12", "--days", "10000", "--keep-weeks")
	wantRefusedStep(t, err, refusedAdvance)
	env.WantSent("GET calendars/12", "POST calendars/12/advance")
	if want := "Moving 10000 days one day at a time: 10000 requests (about 334 minutes at 30 requests a minute).\n"; env.ErrOut.String() != want {
		t.Errorf("stderr %q, want %q", env.ErrOut, want)
	}
	if env.Out.Len() != 0 {
		t.Errorf("stdout %q, want nothing", env.Out)
	}
}

// One day more than 10000 is refused before any step (exit 2).
func TestKeepWeeksRefusesMoreThanTenThousandDays(t *testing.T) {
	env := newCTEnv(t, "", answer("GET calendars/12", harptosLive("1492-4-1")))
	wantUsage(t, env.run("retreat", "12", "--days", "10001", "--keep-weeks"),
		"--keep-weeks: 10001 days is more than 10000 requests; move in smaller steps, or without --keep-weeks (one update, which clears named weeks)")
	env.WantSent("GET calendars/12")
	if env.Out.Len() != 0 || env.ErrOut.Len() != 0 {
		t.Errorf("stdout %q, stderr %q; want nothing", env.Out, env.ErrOut)
	}
}

// A walk the service stops half way says how far it got: the days moved
// and the date the calendar is left on, then the service's error. Stopped
// on its first step, it is the service's error alone.
func TestKeepWeeksWalkStoppedHalfWaySaysWhereTheDateIs(t *testing.T) {
	env := newCTEnv(t, "", answer("GET calendars/12", harptosLive("1492-4-1")),
		stepAnswer("advance", "1492-4-2"), stepAnswer("advance", "1492-4-3"), stepRefused("advance"))
	err := env.run("advance", "12", "--days", "5", "--keep-weeks")
	wantRefusedStep(t, err, "calendar 12: moved 2 days, to 1492-4-3, then: "+refusedAdvance)
	env.WantSent("GET calendars/12", "POST calendars/12/advance", "POST calendars/12/advance", "POST calendars/12/advance")
	if want := "Moving 5 days one day at a time: 5 requests (about 1 minute at 30 requests a minute).\n"; env.ErrOut.String() != want || env.Out.Len() != 0 {
		t.Errorf("stdout %q, stderr %q; want stderr %q", env.Out, env.ErrOut, want)
	}

	env = newCTEnv(t, "", answer("GET calendars/12", harptosLive("1492-4-1")), stepRefused("retreat"))
	err = env.run("retreat", "12", "--days", "3", "--keep-weeks", "-q")
	wantRefusedStep(t, err, refusedRetreat)
	env.WantSent("GET calendars/12", "POST calendars/12/retreat")
	if env.Out.Len() != 0 || env.ErrOut.Len() != 0 {
		t.Errorf("stdout %q, stderr %q; want nothing", env.Out, env.ErrOut)
	}

	// One day moved: "1 day".
	env = newCTEnv(t, "", answer("GET calendars/12", harptosLive("1492-1-1")),
		stepAnswer("retreat", "1491-17-30"), stepRefused("retreat"))
	err = env.run("retreat", "12", "--days", "2", "--keep-weeks", "-q")
	wantRefusedStep(t, err, "calendar 12: moved 1 day, to 1491-17-30, then: "+refusedRetreat)
}
