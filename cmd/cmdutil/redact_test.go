package cmdutil

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
)

// guarded returns guarded streams on buffers that hide secrets.
func guarded(secrets ...string) (s *IOStreams, out, errOut *bytes.Buffer) {
	s, _, out, errOut = Test()
	s.Guard()
	for _, secret := range secrets {
		s.Redact(secret)
	}
	return s, out, errOut
}

const secret = "tok-SECRET-4f9a2c"

// A secret cut in two by the writes, wherever the cut, is still hidden.
func TestGuardHidesASecretSplitAcrossWrites(t *testing.T) {
	text := "a 401 said: Bearer " + secret + " is bad\n"
	for cut := 0; cut <= len(text); cut++ {
		s, out, errOut := guarded(secret)
		s.Out.Write([]byte(text[:cut]))
		s.Out.Write([]byte(text[cut:]))
		s.ErrOut.Write([]byte(text[:cut]))
		s.ErrOut.Write([]byte(text[cut:]))
		want := "a 401 said: Bearer [redacted] is bad\n"
		if out.String() != want || errOut.String() != want {
			t.Errorf("cut at %d: stdout %q, stderr %q; want %q", cut, out, errOut, want)
		}
	}
}

// One byte at a time, with two secrets, one holding the start of the other.
func TestGuardHidesSeveralSecretsWrittenByteByByte(t *testing.T) {
	s, out, _ := guarded(secret, "s3cret-pass", "tok-SECRET")
	text := "url http://u:s3cret-pass@h, tokens " + secret + " and tok-SECRET, tok-SECR and s3cret-pas\n"
	for i := range len(text) {
		s.Out.Write([]byte{text[i]})
	}
	want := "url http://u:[redacted]@h, tokens [redacted] and [redacted], tok-SECR and s3cret-pas\n"
	if out.String() != want {
		t.Errorf("got %q, want %q", out, want)
	}
}

// Only what may be the start of a secret waits: a streamed line is written
// at once, and the held end comes out on Flush.
func TestGuardHoldsBackOnlyThePossibleStartOfASecret(t *testing.T) {
	s, out, _ := guarded(secret)
	s.Out.Write([]byte(`{"id":1}` + "\n"))
	if out.String() != `{"id":1}`+"\n" {
		t.Fatalf("a streamed line was held back: %q", out)
	}
	s.Out.Write([]byte("Answer [y/N] tok-SEC"))
	if out.String() != `{"id":1}`+"\nAnswer [y/N] " {
		t.Fatalf("got %q, want the text before the possible secret", out)
	}
	s.Flush()
	if out.String() != `{"id":1}`+"\nAnswer [y/N] tok-SEC" {
		t.Errorf("after Flush: %q", out)
	}
	s.Flush() // nothing twice
	if out.String() != `{"id":1}`+"\nAnswer [y/N] tok-SEC" {
		t.Errorf("after a second Flush: %q", out)
	}
}

// A secret learnt after a write still hides what was held back... and what
// comes next; a secret too short to be worth hiding is not hidden.
func TestGuardSecretsLearntLaterAndTooShort(t *testing.T) {
	s, out, _ := guarded("abc")
	s.Out.Write([]byte("abcdef "))
	s.Redact(secret)
	s.Out.Write([]byte(secret + "\n"))
	s.Redact("")
	if want := "abcdef [redacted]\n"; out.String() != want {
		t.Errorf("got %q, want %q", out, want)
	}
	if got := s.RedactString("x " + secret + " y"); got != "x [redacted] y" {
		t.Errorf("RedactString: %q", got)
	}
}

// stderr shows control characters escaped, even a C1 control whose two
// UTF-8 bytes come in two writes; stdout too on a terminal or to a shell,
// and piped elsewhere it is left as it is.
func TestGuardEscapesControlCharactersForPeopleOnly(t *testing.T) {
	text := "error: \x1b]0;PWNED\a name \u009b31m \u202eé\ttab\n"
	escaped := "error: ^[]0;PWNED^G name ^[[31m <U+202E>é\ttab\n"
	cut := strings.Index(text, "\u009b") + 1 // between 0xC2 and 0x9B
	for _, tc := range []struct {
		name   string
		setup  func(*IOStreams)
		stdout string
	}{
		{"piped", func(*IOStreams) {}, text},
		{"terminal", func(s *IOStreams) { s.OutTTY = true }, escaped},
		{"shell", func(s *IOStreams) { s.ForShell() }, escaped},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _, out, errOut := Test()
			tc.setup(s)
			s.Guard()
			for _, w := range []io.Writer{s.ErrOut, s.Out} {
				w.Write([]byte(text[:cut]))
				w.Write([]byte(text[cut:]))
			}
			controlOn(s.Out, "\x1b[1m")
			controlOn(s.ErrOut, "\r\x1b[K")
			s.Flush()
			if want := escaped + "\r\x1b[K"; errOut.String() != want {
				t.Errorf("stderr %q, want %q", errOut, want)
			}
			if want := tc.stdout + "\x1b[1m"; out.String() != want {
				t.Errorf("stdout %q, want %q", out, want)
			}
		})
	}
}

// Without Guard, Redact and Flush do nothing and the streams are the buffers.
func TestUnguardedStreams(t *testing.T) {
	s, _, out, _ := Test()
	s.Redact(secret)
	s.Out.Write([]byte(secret))
	s.Flush()
	if out.String() != secret || s.RedactString(secret) != secret {
		t.Errorf("unguarded streams changed the text: %q", out)
	}
}

// Overlapping secrets, in any text cut anywhere into any number of writes,
// come out as the text written at once would: no secret, nor any part of
// one that overlaps another. (Two secrets side by side may show as one
// [redacted] or two, depending on where the writes were cut.)
func TestGuardOverlappingSecretsInRandomWrites(t *testing.T) {
	secrets := []string{"x0x0", "0x0y1", "zz1z", "y1zz"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		var text []byte
		for range rng.IntN(40) {
			if rng.IntN(3) == 0 {
				s := secrets[rng.IntN(len(secrets))]
				text = append(text, s[:1+rng.IntN(len(s))]...)
			} else {
				text = append(text, "xyz01\n"[rng.IntN(6)])
			}
		}
		whole := writeInPieces(text, secrets, []int{len(text)})
		var cuts []int
		for i := 0; i < len(text); i += 1 + rng.IntN(5) {
			cuts = append(cuts, i)
		}
		cuts = append(cuts, len(text))
		pieces := writeInPieces(text, secrets, cuts)
		if pieces != whole {
			t.Fatalf("%q cut at %v: %q; written at once: %q", text, cuts, pieces, whole)
		}
		for _, s := range secrets {
			if strings.Contains(whole, s) {
				t.Fatalf("%q: %q shows %q", text, whole, s)
			}
		}
	}
}

// writeInPieces writes text cut at cuts to guarded stdout, then flushes.
func writeInPieces(text []byte, secrets []string, cuts []int) string {
	s, out, _ := guarded(secrets...)
	from := 0
	for _, to := range cuts {
		s.Out.Write(text[from:to])
		from = to
	}
	s.Flush()
	got := out.String()
	for strings.Contains(got, "[redacted][redacted]") {
		got = strings.ReplaceAll(got, "[redacted][redacted]", "[redacted]")
	}
	return got
}

// A secret spelt with JSON escapes ("\u0074ok-..."), cut anywhere into
// two writes, is hidden as when written at once; the other escapes stay.
func TestGuardHidesAnEscapedSecretSplitAcrossWrites(t *testing.T) {
	text := `{"name":"t\u006f\u006B-SECRET-4f9a2\u0063","url":"https:\/\/x"}` + "\n"
	want := `{"name":"[redacted]","url":"https:\/\/x"}` + "\n"
	for cut := 0; cut <= len(text); cut++ {
		s, out, errOut := guarded(secret)
		s.Out.Write([]byte(text[:cut]))
		s.Out.Write([]byte(text[cut:]))
		s.ErrOut.Write([]byte(text[:cut]))
		s.ErrOut.Write([]byte(text[cut:]))
		s.Flush()
		if out.String() != want || errOut.String() != want {
			t.Errorf("cut at %d: stdout %q, stderr %q; want %q", cut, out, errOut, want)
		}
	}
	s, _, _ := guarded(secret)
	if got := s.RedactString(`a \u0074ok-SECRET-4f9a2c`); got != "a [redacted]" {
		t.Errorf("RedactString: %q", got)
	}
}

// JSON strings holding secrets, some of their characters escaped, cut
// anywhere into any number of writes, come out as written at once, and
// read as JSON they hold no secret.
func TestGuardEscapedSecretsInRandomWrites(t *testing.T) {
	secrets := []string{"x0x0", "0x0y1", "zz1z", "y1zz"}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		var text []byte
		for range rng.IntN(30) {
			var piece string
			if rng.IntN(3) == 0 {
				s := secrets[rng.IntN(len(secrets))]
				piece = s[:1+rng.IntN(len(s))]
			} else {
				piece = string("xyz01 "[rng.IntN(6)])
			}
			for _, c := range []byte(piece) {
				switch rng.IntN(6) {
				case 0:
					text = fmt.Appendf(text, `\u%04x`, c)
				case 1:
					text = append(text, `\\`...)
				default:
					text = append(text, c)
				}
			}
		}
		whole := writeInPieces(text, secrets, []int{len(text)})
		var cuts []int
		for i := 0; i < len(text); i += 1 + rng.IntN(5) {
			cuts = append(cuts, i)
		}
		cuts = append(cuts, len(text))
		if pieces := writeInPieces(text, secrets, cuts); pieces != whole {
			t.Fatalf("%q cut at %v: %q; written at once: %q", text, cuts, pieces, whole)
		}
		var read string
		if err := json.Unmarshal([]byte(`"`+whole+`"`), &read); err != nil {
			t.Fatalf("%q came out as %q, no JSON string: %v", text, whole, err)
		}
		for _, s := range secrets {
			if strings.Contains(read, s) {
				t.Fatalf("%q came out as %q, which reads %q: %q shows", text, whole, read, s)
			}
		}
	}
}

// Writers on both streams and a secret learnt meanwhile do not race (run
// with -race), and every line comes out whole.
func TestGuardConcurrentWritesAndSecrets(t *testing.T) {
	s, out, errOut := guarded()
	var wg sync.WaitGroup
	for _, w := range []io.Writer{s.Out, s.ErrOut, s.Out} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 200 {
				w.Write([]byte("line " + secret + "\n"))
			}
		}()
	}
	s.Redact(secret)
	s.Redact("other-secret")
	wg.Wait()
	s.Flush()
	for _, got := range []string{out.String(), errOut.String()} {
		for _, line := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
			if line != "line "+secret && line != "line [redacted]" {
				t.Fatalf("a line came out broken: %q", line)
			}
		}
	}
}
