package cmdutil

import (
	"io"
	"sort"
	"sync"

	"github.com/kanka-cli/kanka/client"
	"github.com/kanka-cli/kanka/output"
)

// A hostile or broken server can echo the request's Authorization header in
// any text it sends back: an error body, a field message, a calendar's name.
// Rather than trust every place that prints to remember it, the process's
// stdout and stderr are guarded: every secret the run learns (the token, a
// URL's password) is replaced with [redacted] in whatever is written, server
// data included, spelt with JSON escapes too (client.SecretSpans). What
// reaches a terminal or a shell is also made safe by the one
// output.TerminalWriter: stderr always (it carries text for people), stdout
// on a terminal or to a shell (completion); piped elsewhere, stdout carries
// data (JSON, --jq, templates) and only its secrets change.

// secretSet is the secrets the guarded streams hide, shared by both.
type secretSet struct {
	mu sync.Mutex
	// list is sorted longest first, so that a secret holding another is
	// replaced whole.
	list [][]byte
}

// add hides secret from now on; one shorter than client.MinSecretLen is
// ignored (see there).
func (s *secretSet) add(secret string) {
	if len(secret) < client.MinSecretLen {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, known := range s.list {
		if string(known) == secret {
			return
		}
	}
	// A new list, never changed after: writers may be reading the old one.
	list := append(append([][]byte(nil), s.list...), []byte(secret))
	sort.SliceStable(list, func(i, j int) bool { return len(list[i]) > len(list[j]) })
	s.list = list
}

// snapshot is the list of secrets now, to read without the lock.
func (s *secretSet) snapshot() [][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.list
}

// guardedWriter replaces secrets in what goes through it. A secret may be
// split across two writes, so the end of a write that could be the start of
// a secret is held back until the next write, Flush, or the end of the run;
// nothing else is held, so streamed lines (ndjson) appear as they are
// written.
type guardedWriter struct {
	mu sync.Mutex
	// w is the stream, or an output.TerminalWriter on it.
	w       io.Writer
	secrets *secretSet
	// pending is the held back end of the last write, and what is known of
	// its start.
	pending []byte
	carry   carry
}

// carry is what the held back end of a write brings to the next: its first
// covered bytes are part of a secret; when continued, that secret's
// [redacted] was already written.
type carry struct {
	covered   int
	continued bool
}

func (g *guardedWriter) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	secrets := g.secrets.snapshot()
	if len(g.pending) == 0 && len(secrets) == 0 {
		return g.w.Write(p) // nothing to hide yet
	}
	text := p // read only: what is held back is copied below
	if len(g.pending) > 0 {
		text = append(g.pending, p...)
	}
	h := hide(text, g.carry, secrets, false)
	g.pending, g.carry = append([]byte(nil), h.rest...), h.carry
	if err := g.emit(h.done); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes what was held back: the end of a write is no longer the
// start of a secret once nothing follows it.
func (g *guardedWriter) Flush() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.flushLocked()
}

// flushLocked writes what was held back, through the terminal writer too.
func (g *guardedWriter) flushLocked() error {
	h := hide(g.pending, g.carry, g.secrets.snapshot(), true)
	g.pending, g.carry = nil, carry{}
	if err := g.emit(h.done); err != nil {
		return err
	}
	if t, ok := g.w.(*output.TerminalWriter); ok {
		return t.Flush()
	}
	return nil
}

func (g *guardedWriter) emit(b []byte) error {
	if len(b) == 0 {
		return nil
	}
	_, err := g.w.Write(b)
	return err
}

// hidden is text with its secrets replaced.
type hidden struct {
	// done may be written; rest must wait for the next write.
	done, rest []byte
	carry      carry
}

// hide replaces each run of text that spells a secret (client.SecretSpans:
// as written or with JSON escapes decoded; overlapping and touching ones
// together) with one client.Redacted; c tells what is known of text's
// start. Unless atEnd, it holds back the end of text from where it may be
// the start of a secret ("tok-SEC" of "tok-SECRET", "\u0074\u006f", or
// "tok-SECRET" when "tok-SECRET-2" is a secret too): that is decided with
// the next write.
func hide(text []byte, c carry, secrets [][]byte, atEnd bool) hidden {
	if len(secrets) == 0 {
		return hidden{done: text}
	}
	spans := client.SecretSpans(text, secrets)
	if n := min(c.covered, len(text)); n > 0 {
		spans = append([]client.Span{{From: 0, To: n}}, spans...)
	}
	hold := len(text)
	if !atEnd {
		hold = client.SecretMayStart(text, secrets)
	}
	if len(spans) == 0 {
		return hidden{done: text[:hold], rest: text[hold:]}
	}
	done := make([]byte, 0, hold)
	at := 0 // text before at is done
	var next carry
	for i := 0; i < len(spans); {
		// A run: this span and those that overlap or touch it.
		from, to := spans[i].From, spans[i].To
		for i++; i < len(spans) && spans[i].From <= to; i++ {
			to = max(to, spans[i].To)
		}
		if from >= hold {
			if from == hold {
				next = carry{covered: to - hold, continued: hold == 0 && c.continued}
			}
			break
		}
		done = append(done, text[at:from]...)
		if from > 0 || !c.continued {
			done = append(done, client.Redacted...)
		}
		at = min(to, hold)
		if to > hold {
			// The run goes on past what is written now: its [redacted]
			// is out.
			next = carry{covered: to - hold, continued: true}
			break
		}
	}
	done = append(done, text[at:max(at, hold)]...)
	return hidden{done: done, rest: text[hold:], carry: next}
}

// WriteControl writes a terminal control sequence as it is, after what was
// held back: the progress line's on stderr, bold and reverse video on
// stdout (output.WriteStyled). The sequence holds no secret and no server
// text.
func (g *guardedWriter) WriteControl(seq string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := g.flushLocked(); err != nil {
		return err
	}
	if t, ok := g.w.(*output.TerminalWriter); ok {
		return t.WriteControl(seq)
	}
	_, err := io.WriteString(g.w, seq)
	return err
}
