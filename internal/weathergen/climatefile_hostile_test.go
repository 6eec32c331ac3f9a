package weathergen

import "testing"

// A climate file's texts are printed: one holding a control character is
// refused, at its line and key, rather than run in the terminal.
func TestLoadClimateRefusesControlCharacters(t *testing.T) {
	for _, summary := range []string{`"grey \e]0;PWNED\a"`, `"\e[31mred"`} {
		file := "name: x\nsummary: " + summary + "\n" + months(-1, "")
		_, err := LoadClimate([]byte(file))
		if want := "line 2: summary: holds a control character (U+001B)"; err == nil || err.Error() != want {
			t.Errorf("summary %s: error = %v\nwant    %s", summary, err, want)
		}
	}
}

// A number past what a float holds, or not a number at all, is said so.
func TestLoadClimateHostileValues(t *testing.T) {
	for _, tc := range []struct{ name, file, want string }{
		{"1e400", "name: x\nspread: 1e400\n" + months(-1, ""), `line 2: spread: "1e400" is not a number`},
		{".nan", "name: x\nwind: .nan\n" + months(-1, ""), `line 2: wind: ".nan" is not a number`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadClimate([]byte(tc.file))
			if err == nil || err.Error() != tc.want {
				t.Fatalf("error = %v\nwant    %s", err, tc.want)
			}
		})
	}
}
