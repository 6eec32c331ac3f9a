package cmdutil

// RunOr is run, or runF when a test gives one. It is the seam of every
// command constructor (NewCmdX(f, runF)), as in gh: a test of the flags and
// arguments passes a runF that keeps the parsed options, and nothing runs.
func RunOr[O any](runF, run func(O) error) func(O) error {
	if runF != nil {
		return runF
	}
	return run
}
