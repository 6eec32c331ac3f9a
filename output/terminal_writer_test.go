package output

import (
	"bytes"
	"strings"
	"testing"
)

// A terminal writer escapes what it writes, even a C1 control or an
// override whose bytes come in two writes; newlines and tabs stay, and
// WriteControl's sequence passes as it is, after what waited.
func TestTerminalWriterEscapesAcrossWrites(t *testing.T) {
	text := "a \x1b]0;PWNED\a \u009b31m \u202eevil é\ttab\n"
	want := "a ^[]0;PWNED^G ^[[31m <U+202E>evil é\ttab\n"
	for cut := 0; cut <= len(text); cut++ {
		var out bytes.Buffer
		w := NewTerminalWriter(&out)
		w.Write([]byte(text[:cut]))
		w.Write([]byte(text[cut:]))
		w.Flush()
		if out.String() != want {
			t.Errorf("cut at %d: %q, want %q", cut, out.String(), want)
		}
	}
	var out bytes.Buffer
	w := NewTerminalWriter(&out)
	w.Write([]byte("x \xe2\x80")) // the start of U+202E
	w.WriteControl(SGRBold)
	w.Write([]byte("\xae"))
	w.Flush()
	if want := "x \xe2\x80\x1b[1m\xae"; out.String() != want {
		t.Errorf("a character cut by a control sequence: %q, want %q (invalid UTF-8, shown as such)", out.String(), want)
	}
}

// WriteStyled lets kanka's own sequences through a terminal writer and
// nothing else: any other escape in the text, even the start of one of
// them, stays escaped. (The text around them is made safe before, value by
// value: what is left is kanka's.)
func TestWriteStyled(t *testing.T) {
	var out bytes.Buffer
	w := NewTerminalWriter(&out)
	text := SGRBold + "ID  NAME" + SGRReset + "\n1   \x1b[1m\x1b[2J\x1b[7" + SGRReverse + "1" + SGRReset + "\x1b\n"
	if err := WriteStyled(w, []byte(text)); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	want := SGRBold + "ID  NAME" + SGRReset + "\n1   " + SGRBold + "^[[2J^[[7" + SGRReverse + "1" + SGRReset + "^[\n"
	if out.String() != want {
		t.Errorf("got  %q\nwant %q", out.String(), want)
	}
	// A writer with no WriteControl gets the text as it is.
	var plain strings.Builder
	if err := WriteStyled(&plain, []byte(text)); err != nil || plain.String() != text {
		t.Errorf("plain writer: %q, %v", plain.String(), err)
	}
}
