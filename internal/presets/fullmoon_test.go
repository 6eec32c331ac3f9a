package presets

import (
	"math"
	"time"
)

// The real full moons, for the gregorian preset's test: the instants of
// the full moons by the method of Meeus (Astronomical Algorithms, 2nd ed.,
// chapter 49: the mean phase and its periodic terms), good to a few
// minutes over the centuries around 2000, far within the day the test
// allows. The instants are dynamical time; its difference from UTC (about
// a minute over 1901-2099) is left out.

// fullMoonsBetween are the full moons from the start of year from to the
// end of year to, in UTC, in order.
func fullMoonsBetween(from, to int) []time.Time {
	first := math.Floor((float64(from)-2000)*12.3685) - 1
	last := math.Ceil((float64(to+1)-2000)*12.3685) + 1
	var out []time.Time
	for k := first; k <= last; k++ {
		t := fullMoon(k + 0.5)
		if t.Year() >= from && t.Year() <= to {
			out = append(out, t)
		}
	}
	return out
}

// fullMoon is the instant of lunation k (k + 0.5 for a full moon; k = 0 is
// the new moon of 6 January 2000).
func fullMoon(k float64) time.Time {
	t := k / 1236.85
	t2, t3, t4 := t*t, t*t*t, t*t*t*t
	jde := 2451550.09766 + 29.530588861*k + 0.00015437*t2 - 0.000000150*t3 + 0.00000000073*t4
	e := 1 - 0.002516*t - 0.0000074*t2
	rad := func(deg float64) float64 { return math.Mod(deg, 360) * math.Pi / 180 }
	m := rad(2.5534 + 29.10535670*k - 0.0000014*t2 - 0.00000011*t3)
	mp := rad(201.5643 + 385.81693528*k + 0.0107582*t2 + 0.00001238*t3 - 0.000000058*t4)
	f := rad(160.7108 + 390.67050284*k - 0.0016118*t2 - 0.00000227*t3 + 0.000000011*t4)
	omega := rad(124.7746 - 1.56375588*k + 0.0020672*t2 + 0.00000215*t3)
	sin := math.Sin
	jde += -0.40614*sin(mp) +
		0.17302*e*sin(m) +
		0.01614*sin(2*mp) +
		0.01043*sin(2*f) +
		0.00734*e*sin(mp-m) -
		0.00515*e*sin(mp+m) +
		0.00209*e*e*sin(2*m) -
		0.00111*sin(mp-2*f) -
		0.00057*sin(mp+2*f) +
		0.00056*e*sin(2*mp+m) -
		0.00042*sin(3*mp) +
		0.00042*e*sin(m+2*f) +
		0.00038*e*sin(m-2*f) -
		0.00024*e*sin(2*mp-m) -
		0.00017*sin(omega) -
		0.00007*sin(mp+2*m) +
		0.00004*sin(2*mp-2*f) +
		0.00004*sin(3*m) +
		0.00003*sin(mp+m-2*f) +
		0.00003*sin(2*mp+2*f) -
		0.00003*sin(mp+m+2*f) +
		0.00003*sin(mp-m+2*f) -
		0.00002*sin(mp-m-2*f) -
		0.00002*sin(3*mp+m) +
		0.00002*sin(4*mp)
	// The planetary arguments.
	for _, a := range [][3]float64{
		{0.000325, 299.77 + 0.107408*k - 0.009173*t2, 0}, {0.000165, 251.88 + 0.016321*k, 0},
		{0.000164, 251.83 + 26.651886*k, 0}, {0.000126, 349.42 + 36.412478*k, 0},
		{0.000110, 84.66 + 18.206239*k, 0}, {0.000062, 141.74 + 53.303771*k, 0},
		{0.000060, 207.14 + 2.453732*k, 0}, {0.000056, 154.84 + 7.306860*k, 0},
		{0.000047, 34.52 + 27.261239*k, 0}, {0.000042, 207.19 + 0.121824*k, 0},
		{0.000040, 291.34 + 1.844379*k, 0}, {0.000037, 161.72 + 24.198154*k, 0},
		{0.000035, 239.56 + 25.513099*k, 0}, {0.000023, 331.55 + 3.592518*k, 0},
	} {
		jde += a[0] * sin(rad(a[1]))
	}
	// Julian day 2440587.5 is 1970-01-01T00:00Z.
	return time.Unix(0, 0).UTC().Add(time.Duration((jde - 2440587.5) * 24 * float64(time.Hour))).Round(time.Minute)
}
