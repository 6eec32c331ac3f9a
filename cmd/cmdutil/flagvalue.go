package cmdutil

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/spf13/pflag"
)

// numberWords are what a flag's parser wanted, by the strconv function
// pflag called.
var numberWords = map[string]string{
	"Atoi":       "a whole number",
	"ParseInt":   "a whole number",
	"ParseUint":  "a whole number from 0 up",
	"ParseFloat": "a number",
	"ParseBool":  "true or false",
}

// FlagValueError says a flag value that did not parse in the user's words,
// naming the flag as the house's own checks do: `--year "abc": not a whole
// number`. pflag's own
// message shows Go's parser (`invalid argument "abc" for "--year" flag:
// strconv.ParseInt: parsing "abc": invalid syntax`). Any other error is
// returned as it is.
func FlagValueError(err error) error {
	var bad *pflag.InvalidValueError
	var num *strconv.NumError
	if !errors.As(err, &bad) || !errors.As(err, &num) {
		return err
	}
	want, ok := numberWords[num.Func]
	if !ok {
		return err
	}
	name := "--" + bad.GetFlag().Name
	if errors.Is(num.Err, strconv.ErrRange) {
		return fmt.Errorf("%s %q: out of range", name, bad.GetValue())
	}
	return fmt.Errorf("%s %q: not %s", name, bad.GetValue(), want)
}
