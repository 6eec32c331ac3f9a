package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// An assistant's side of kanka mcp: the binary started with pipes on its
// stdin and stdout, JSON-RPC messages written and read a line each, as
// the Model Context Protocol's stdio transport has them. Every line kanka
// writes on stdout must be a JSON-RPC message: nothing else may reach it.

// mcpSession is one run of kanka mcp.
type mcpSession struct {
	t      *testing.T
	cmd    *exec.Cmd
	in     io.WriteCloser
	lines  chan string
	stderr *bytes.Buffer
	nextID int
	// notes are the notifications read while waiting for answers.
	notes []map[string]any
}

// startMCP starts kanka with args (mcp among them) in k's environment.
func (k *kanka) startMCP(t *testing.T, args ...string) *mcpSession {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Env = k.env
	cmd.Dir = k.home
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	s := &mcpSession{t: t, cmd: cmd, in: in, lines: make(chan string, 64), stderr: &bytes.Buffer{}}
	cmd.Stderr = s.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 16<<20)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	return s
}

// send writes one message.
func (s *mcpSession) send(msg map[string]any) {
	s.t.Helper()
	msg["jsonrpc"] = "2.0"
	b, err := json.Marshal(msg)
	if err != nil {
		s.t.Fatal(err)
	}
	if _, err := s.in.Write(append(b, '\n')); err != nil {
		s.t.Fatalf("writing to kanka mcp: %v", err)
	}
}

// request sends method with params and returns the answer's result; an
// error answer fails the test.
func (s *mcpSession) request(method string, params any) map[string]any {
	s.t.Helper()
	answer := s.ask(method, params)
	if answer["error"] != nil {
		s.t.Fatalf("%s: %v", method, answer["error"])
	}
	result, _ := answer["result"].(map[string]any)
	return result
}

// ask sends a request and returns the whole answer.
func (s *mcpSession) ask(method string, params any) map[string]any {
	s.t.Helper()
	s.nextID++
	id := s.nextID
	s.send(map[string]any{"id": id, "method": method, "params": params})
	deadline := time.After(hostileBound)
	for {
		select {
		case line, ok := <-s.lines:
			if !ok {
				s.t.Fatalf("kanka mcp closed stdout before answering %s; stderr:\n%s", method, s.stderr)
			}
			var msg map[string]any
			if err := json.Unmarshal([]byte(line), &msg); err != nil || msg["jsonrpc"] != "2.0" {
				s.t.Fatalf("kanka mcp wrote a line that is no JSON-RPC message on stdout: %q", line)
			}
			if msg["id"] == float64(id) {
				return msg
			}
			if msg["id"] == nil {
				s.notes = append(s.notes, msg)
			}
		case <-deadline:
			s.t.Fatalf("no answer to %s within %s; stderr:\n%s", method, hostileBound, s.stderr)
		}
	}
}

// initialize opens the session as a client does, and returns the
// server's answer.
func (s *mcpSession) initialize() map[string]any {
	s.t.Helper()
	result := s.request("initialize", map[string]any{
		"protocolVersion": "2025-06-18",
		"capabilities":    map[string]any{},
		"clientInfo":      map[string]any{"name": "kanka-e2e", "version": "1"},
	})
	s.send(map[string]any{"method": "notifications/initialized"})
	return result
}

// toolNames are the names tools/list answers.
func (s *mcpSession) toolNames() []string {
	s.t.Helper()
	var names []string
	tools, _ := s.request("tools/list", map[string]any{})["tools"].([]any)
	for _, tool := range tools {
		names = append(names, tool.(map[string]any)["name"].(string))
	}
	return names
}

// call calls a tool and returns its result.
func (s *mcpSession) call(name string, args map[string]any) mcpResult {
	s.t.Helper()
	result := s.request("tools/call", map[string]any{"name": name, "arguments": args, "_meta": map[string]any{"progressToken": name}})
	r := mcpResult{isError: result["isError"] == true}
	r.structured, _ = result["structuredContent"].(map[string]any)
	content, _ := result["content"].([]any)
	for _, c := range content {
		if text, ok := c.(map[string]any)["text"].(string); ok {
			r.texts = append(r.texts, text)
		}
	}
	return r
}

// ok calls a tool and fails the test unless it succeeds.
func (s *mcpSession) ok(name string, args map[string]any) mcpResult {
	s.t.Helper()
	r := s.call(name, args)
	if r.isError || r.structured == nil {
		s.t.Fatalf("%s %v: %v", name, args, r.texts)
	}
	return r
}

// close closes stdin, as a client that is done, and returns the exit
// code and stderr.
func (s *mcpSession) close() (int, string) {
	s.t.Helper()
	_ = s.in.Close()
	for line := range s.lines {
		s.t.Errorf("kanka mcp wrote after stdin closed: %q", line)
	}
	done := make(chan error, 1)
	go func() { done <- s.cmd.Wait() }()
	select {
	case err := <-done:
		return exitCode(s.t, err), s.stderr.String()
	case <-time.After(hostileBound):
		s.t.Fatalf("kanka mcp did not end once stdin closed")
	}
	return -1, ""
}

// mcpResult is a tool's result as the client reads it.
type mcpResult struct {
	isError    bool
	structured map[string]any
	texts      []string
}

func (r mcpResult) summary() string {
	if len(r.texts) == 0 {
		return ""
	}
	return r.texts[0]
}

// progressOf are the progress messages of the calls made with token.
func (s *mcpSession) progressOf(token string) []string {
	var out []string
	for _, n := range s.notes {
		params, _ := n["params"].(map[string]any)
		if n["method"] == "notifications/progress" && params["progressToken"] == token {
			out = append(out, strings.TrimSpace(params["message"].(string)))
		}
	}
	return out
}
