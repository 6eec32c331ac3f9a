package weathergen

// Every random number of the model is drawn from the seed and the day's
// number alone (a counter-based generator): no state is carried from day
// to day but what the model carries on purpose, and no random number
// depends on where a span starts. The arithmetic is integer throughout, so
// the same seed gives the same weather on every machine.

// Streams keep the draws of one purpose apart from another's.
const (
	streamTemperature uint64 = iota + 1
	streamRange
	streamWind
	streamDirection
	streamDay
)

// mix is splitmix64's finaliser: a bijection of uint64 that scatters
// neighbouring inputs.
func mix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// draws is a splitmix64 sequence started at one day of one stream.
type draws struct{ state uint64 }

// drawsFor is the sequence of day ord in stream s under seed.
func drawsFor(seed, s uint64, ord int64) draws {
	return draws{state: mix(mix(seed^(s*0x9e3779b97f4a7c15)) ^ uint64(ord))}
}

func (d *draws) next() uint64 {
	d.state += 0x9e3779b97f4a7c15
	return mix(d.state)
}

// below says whether a uniform draw falls below p, a probability in
// units of probOne.
func (d *draws) below(p int64) bool { return int64(d.next()>>(64-probBits)) < p }

// gaussian is a normal deviate with standard deviation gaussOne: the sum
// of twelve uniform 16-bit numbers, centred (Irwin and Hall). Its tails end
// at six deviations, which weather does not miss.
func (d *draws) gaussian() int64 {
	var sum int64
	for range 3 {
		v := d.next()
		for range 4 {
			sum += int64(v & 0xffff)
			v >>= 16
		}
	}
	return sum - 12*65535/2
}

// probBits is the precision of probabilities: probOne is certainty.
const (
	probBits       = 20
	probOne  int64 = 1 << probBits
)

// gaussOne is the standard deviation of gaussian and of smoothed noise.
const gaussOne int64 = 1 << 16

// kernel smooths daily noise into noise that persists: today's value is a
// weighted sum of the deviates of the last days, with weights falling
// geometrically, so that neighbouring days share most of their value
// (their correlation is the ratio of the weights) and the sum keeps the
// standard deviation gaussOne.
type kernel []int64

// newKernel is a kernel of n weights, each ratio num/den of the one before.
func newKernel(n int, num, den int64) kernel {
	raw := make([]int64, n)
	w := int64(1 << 20)
	var squares int64
	for i := range raw {
		raw[i] = w
		squares += w * w
		w = w * num / den
	}
	norm := isqrt(squares)
	k := make(kernel, n)
	for i, r := range raw {
		k[i] = r * gaussOne / norm
	}
	return k
}

// isqrt is the integer square root of n (n >= 0): the largest r with r*r <= n.
func isqrt(n int64) int64 {
	if n < 2 {
		return n
	}
	r := n
	for x := (r + n/r) / 2; x < r; x = (r + n/r) / 2 {
		r = x
	}
	return r
}

// smoothed is the smoothed value at index i of deviates, which hold the
// kernel's length minus one deviates before the first day.
func (k kernel) smoothed(deviates []int64, i int) int64 {
	var sum int64
	for j, w := range k {
		sum += w * deviates[i+len(k)-1-j]
	}
	return sum / gaussOne
}

// deviates are the gaussian deviates of stream s for the days first-pad ..
// first+n-1, pad being what a kernel looks back.
func deviates(seed, s uint64, first int64, n, pad int) []int64 {
	out := make([]int64, n+pad)
	for i := range out {
		d := drawsFor(seed, s, first-int64(pad)+int64(i))
		out[i] = d.gaussian()
	}
	return out
}
