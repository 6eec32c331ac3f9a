package main

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/root"
	"github.com/spf13/cobra"
)

// The examples teach the tool, so every one of them must work as written
// on a newcomer's machine right after the README's set-up: the sandbox as
// the default profile, seeded with the Calendar of Harptos (calendar 1) and
// the weather of Ches 1492 (entries 1 to 5). These tests take the examples
// from README.md, from the pages of the manual (docs/*.md) and from the
// help of every command, so that none can drift from what kanka does;
// lists below name the few that are not run or that fail on purpose.

// readmePath is the README, from the package directory where tests run.
var readmePath = absPath("../../README.md")

// manualPages are the pages whose examples run: the README, then every
// page of the manual in docs/, by name. docs/reference/ is left out: it is
// the help of every command, whose examples run from the command tree.
func manualPages(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob(absPath("../../docs/*.md"))
	if err != nil || len(pages) < 10 {
		t.Fatalf("the manual's pages: %v %v", pages, err)
	}
	return append([]string{readmePath}, pages...)
}

// exampleSkips are the examples that are not run: those that need a real
// account, a person, or a shell other than bash. Each matches the start of
// the lines it skips, and says why.
var exampleSkips = []struct{ start, reason string }{
	{"kanka auth login ", "logs in to a real account: asks for its token and checks it with the live service"},
	{"kanka -p work auth login ", "logs in to a real account: asks for its token and checks it with the live service"},
	{`EDITOR="code --wait" `, "opens VS Code and waits for a person to close the file"},
	{"kanka sandbox serve", "serves until Ctrl-C"},
	{"kanka completion zsh ", "zsh's syntax (its fpath array), not bash's"},
	{"kanka completion powershell ", "PowerShell's syntax"},
}

// asked is what a delete without --yes says here: it asks on a terminal,
// and without one (as in these tests) refuses with exit 2, deleting nothing.
var asked = exampleFailure{code: 2, says: "needs confirmation: run it on a terminal or pass --yes"}

// exampleFailures are the examples whose exit code is not 0, as their help
// or the README says, keyed by the whole line as written, with what their
// stderr says.
var exampleFailures = map[string]exampleFailure{
	"kanka calendar delete Copy                            # asks on a terminal":    asked,
	"kanka profile delete rehearsal         # asks first; --yes without a terminal": asked,
	"kanka calendar delete 1":                                 asked,
	`kanka weather delete --calendar "Calendar of Harptos" 5`: asked,
	"kanka profile delete rehearsal":                          asked,
	// The status of a profile that holds no token: "not logged in", exit 3,
	// which is what a script checks.
	"kanka -p work auth status": {code: 3, says: `no API token for profile "work"`},
}

// exampleFailure is the exit code of an example that fails on purpose, and
// a part of its stderr that says why.
type exampleFailure struct {
	code int
	says string
}

func (f exampleFailure) String() string {
	if f.says == "" {
		return fmt.Sprintf("exit %d", f.code)
	}
	return fmt.Sprintf("exit %d, saying %q", f.code, f.says)
}

// exampleGroup is examples read in order: one ```sh block of the README, or
// the Examples section of one command's help. Each line is a command line,
// continuations joined.
type exampleGroup struct {
	name  string
	lines []string
}

func TestE2EExamples(t *testing.T) {
	shell, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal("the examples run in bash, which is not on PATH")
	}
	readme, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	var pageGroups []exampleGroup
	for _, page := range manualPages(t) {
		markdown, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		pageGroups = append(pageGroups, pageExamples(pageName(page), string(markdown))...)
	}
	helpGroups := helpExamples(t)
	if len(pageGroups) < 15 || len(helpGroups) == 0 {
		t.Fatalf("found %d groups of examples in README.md and docs/ and %d in the help: the reading of examples is broken", len(pageGroups), len(helpGroups))
	}
	groups := append(pageGroups, helpGroups...)
	checkExampleLists(t, groups)

	// The set-up, as the README writes it, in a fresh home.
	quickStart := t.TempDir()
	setUp := setUpCommand(t, string(readme))
	r := runExample(t, shell, quickStart, setUp)
	// Piped, with no locale: ASCII marks; the 1st's weather (cloud-sun) in
	// its cell and in words in the legend.
	if r.code != 0 || !strings.Contains(r.stdout, " [1]pO ") || !strings.Contains(r.stdout, "\n1 p sun and cloud   8°C ") {
		t.Fatalf("the README's set-up does not show the weather of Ches:\n%s\nexit %d\nstdout:\n%s\nstderr:\n%s", setUp, r.code, r.stdout, r.stderr)
	}
	// The home is fresh: the completion examples make the folders they
	// write into (bash-completion's and fish's), as a newcomer's home has
	// neither.

	// Each group starts from its own copy of the state the set-up left, and
	// runs its lines in order in it, as a reader would try them: a line may
	// use the file or the record an earlier line of its group made (get -o
	// yaml > entry.yaml, then update -f entry.yaml; set a day, then set it
	// again), and no group sees what another one changed or deleted.
	for _, g := range groups {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			copyTree(t, quickStart, dir)
			for _, line := range g.lines {
				if reason := skipReason(line); reason != "" {
					t.Logf("not run: %s (%s)", line, reason)
					continue
				}
				want := exampleFailures[line]
				if r := runExample(t, shell, dir, line); r.code != want.code || !strings.Contains(r.stderr, want.says) {
					t.Errorf("%s\nexit %d; want %s\nstdout:\n%s\nstderr:\n%s", line, r.code, want, r.stdout, r.stderr)
				}
			}
		})
	}
}

// setUpCommand is the README's set-up command, the first ```sh block under
// "## Set up", without the steps that install the binary and put it on PATH:
// the test's own build is on PATH.
func setUpCommand(t *testing.T, readme string) string {
	t.Helper()
	_, section, ok := strings.Cut(readme, "\n## Set up\n")
	if !ok {
		t.Fatal(`README.md has no "## Set up" section`)
	}
	blocks := shBlocks(section)
	if len(blocks) == 0 || blocks[0].section != "" || len(blocks[0].lines) != 1 {
		t.Fatal("the set-up should be one command, in the first sh block under its heading")
	}
	var steps []string
	for _, step := range strings.Split(blocks[0].lines[0], " && ") {
		if strings.HasPrefix(step, "go install ") || strings.HasPrefix(step, "export PATH=") {
			continue
		}
		steps = append(steps, step)
	}
	return strings.Join(steps, " && ")
}

// pageExamples are the kanka lines of a page's ```sh blocks, a group per
// block, named by the page, the section and the line where the block
// starts. Blocks of another language (```console, ```text) are shown, not
// run.
func pageExamples(page, markdown string) []exampleGroup {
	var groups []exampleGroup
	for _, b := range shBlocks(markdown) {
		if g := kankaLines(b.lines); len(g) > 0 {
			name := fmt.Sprintf("%s %s (line %d)", page, b.section, b.start)
			groups = append(groups, exampleGroup{name: name, lines: g})
		}
	}
	return groups
}

// pageName is a page's path in the repository: README.md, docs/dates.md.
func pageName(path string) string {
	if filepath.Base(filepath.Dir(path)) == "docs" {
		return "docs/" + filepath.Base(path)
	}
	return filepath.Base(path)
}

// shBlock is a ```sh block of markdown: its lines, continuations joined,
// the line of its fence and the heading it is under.
type shBlock struct {
	lines   []string
	start   int
	section string
}

// shBlocks are the ```sh blocks of markdown, in order.
func shBlocks(markdown string) []shBlock {
	var blocks []shBlock
	var block shBlock
	var lines []string
	section := ""
	fenced, sh := false, false
	for i, l := range strings.Split(markdown, "\n") {
		switch {
		case strings.HasPrefix(l, "```") && !fenced:
			fenced, sh = true, l == "```sh"
			lines, block = nil, shBlock{start: i + 1, section: section}
		case strings.HasPrefix(l, "```"):
			if sh {
				block.lines = joinContinuations(lines)
				blocks = append(blocks, block)
			}
			fenced, sh = false, false
		case fenced:
			lines = append(lines, l)
		case strings.HasPrefix(l, "#"):
			section = strings.TrimLeft(l, "# ")
		}
	}
	return blocks
}

// joinContinuations joins every line that ends with a backslash to the next.
func joinContinuations(lines []string) []string {
	var joined []string
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		for strings.HasSuffix(l, `\`) && i+1 < len(lines) {
			i++
			l = strings.TrimSuffix(l, `\`) + strings.TrimLeft(lines[i], " ")
		}
		joined = append(joined, strings.TrimSpace(l))
	}
	return joined
}

// kankaCommand matches a line whose command is kanka, after any variable
// assignments (EDITOR=vi kanka ...) or the folder it writes into made first
// (mkdir -p DIR && kanka ...); what follows it (pipes, redirections, && and
// a comment) runs as written. Other lines are not run: go install and go
// test, a crontab line, a comment, and a line whose first command is
// another one (source <(kanka completion bash), du -sh "$(kanka cache dir)").
var kankaCommand = regexp.MustCompile(`^(mkdir -p [^&;|<>]+ && )?([A-Za-z_][A-Za-z0-9_]*=("[^"]*"|'[^']*'|\S*) +)*kanka `)

// kankaLines are the lines of lines that kankaCommand matches.
func kankaLines(lines []string) []string {
	var kanka []string
	for _, l := range lines {
		if kankaCommand.MatchString(l) {
			kanka = append(kanka, l)
		}
	}
	return kanka
}

// helpExamples are the kanka lines of the Examples section of every
// command's help, a group per command, from the command tree itself.
func helpExamples(t *testing.T) []exampleGroup {
	t.Helper()
	s, _, _, _ := cmdutil.Test()
	tree, _ := root.NewCmdRoot(s)
	tree.InitDefaultHelpCmd()
	var groups []exampleGroup
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if g := kankaLines(joinContinuations(strings.Split(c.Example, "\n"))); len(g) > 0 {
			groups = append(groups, exampleGroup{name: c.CommandPath() + " --help", lines: g})
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(tree)
	return groups
}

// skipReason is why line is not run, or "" when it is.
func skipReason(line string) string {
	for _, skip := range exampleSkips {
		if strings.HasPrefix(line, skip.start) {
			return skip.reason
		}
	}
	return ""
}

// checkExampleLists fails for an entry of the skip or failure lists that is
// no longer an example, so that the lists stay as short as the truth.
func checkExampleLists(t *testing.T, groups []exampleGroup) {
	t.Helper()
	seen := map[string]bool{}
	for _, g := range groups {
		for _, line := range g.lines {
			seen[line] = true
		}
	}
	for _, skip := range exampleSkips {
		used := false
		for line := range seen {
			used = used || strings.HasPrefix(line, skip.start)
		}
		if !used {
			t.Errorf("the skip list names %q, which starts no example", skip.start)
		}
	}
	for line := range exampleFailures {
		if !seen[line] {
			t.Errorf("the failure list names %q, which is no example", line)
		}
	}
}

// exampleBound is how long one line may run before it counts as hung. The
// longest, a year of generated weather, takes 7 s with the race detector
// alone; a loaded two-core machine has run lines three times slower.
const exampleBound = time.Minute

// runExample runs line in bash in dir, a newcomer's machine: dir/home is
// HOME, with no KANKA_* setting, and dir/work is the directory the line runs
// in, with a copy of the repository's examples/. pipefail makes the line
// fail when any kanka of a pipe fails, not only the last command.
func runExample(t *testing.T, shell, dir, line string) result {
	t.Helper()
	home := filepath.Join(dir, "home")
	work := filepath.Join(dir, "work")
	if _, err := os.Stat(work); err != nil {
		if err := os.CopyFS(filepath.Join(work, "examples"), os.DirFS(absPath("../../examples"))); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(home, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), exampleBound)
	defer cancel()
	cmd := exec.CommandContext(ctx, shell, "-o", "pipefail", "-c", line)
	cmd.Dir = work
	cmd.Env = []string{
		"HOME=" + home,
		"TMPDIR=" + home, // what an edit keeps stays with the test
		"PATH=" + filepath.Dir(binary) + string(os.PathListSeparator) + os.Getenv("PATH"),
		// An editor that saves the file as it is: the examples that open
		// one run to their end, with nothing changed.
		"EDITOR=true",
		"GOCOVERDIR=" + coverDir,
		raceOptions,
	}
	cmd.WaitDelay = 5 * time.Second // a kanka left holding the pipes
	cmd.Stdin = strings.NewReader("")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	code := exitCode(t, cmd.Run())
	return result{args: []string{"-o", "pipefail", "-c", line}, stdout: stdout.String(), stderr: stderr.String(), code: code}
}

// copyTree copies the directory src into dst, keeping every file's mode.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		info, err := d.Info()
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(target, info.Mode().Perm())
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, info.Mode().Perm())
	})
	if err != nil {
		t.Fatal(err)
	}
}

// The examples run are those of the README and of every page of docs/, a
// group per ```sh block: not the generated reference (the help's own
// examples run from the tree), nor a ```console block, which shows what
// cannot run on the sandbox (a release to install, a real login).
func TestManualExamplesAreRead(t *testing.T) {
	seen := map[string][]string{}
	for _, page := range manualPages(t) {
		markdown, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range pageExamples(pageName(page), string(markdown)) {
			seen[pageName(page)] = append(seen[pageName(page)], g.lines...)
		}
	}
	for page, line := range map[string]string{
		"README.md":             `kanka calendar list                            # every calendar of the campaign, as a table`,
		"docs/calendars.md":     `kanka calendar delete Copy                            # asks on a terminal`,
		"docs/dates.md":         `kanka calendar show 1 --date +30`,
		"docs/calendar-time.md": `kanka calendar retreat 1 --to 1492-Ches-1`,
		"docs/install.md":       `mkdir -p ~/.config/fish/completions && kanka completion fish > ~/.config/fish/completions/kanka.fish`,
	} {
		if !slices.Contains(seen[page], line) {
			t.Errorf("%s: the example %q is not read; read: %q", page, line, seen[page])
		}
	}
	for page, lines := range seen {
		if strings.Contains(page, "reference") {
			t.Errorf("%s is generated: its examples run from the command tree", page)
		}
		for _, l := range lines {
			if strings.HasPrefix(l, "kanka auth login ") || strings.HasPrefix(l, "go install") || strings.HasPrefix(l, "brew ") {
				t.Errorf("%s runs %q, which cannot run on the sandbox: put it in a console block", page, l)
			}
		}
	}
	md := "```sh\nkanka version\n```\n\n```console\nkanka auth login -c 1\n```\n"
	if g := pageExamples("x.md", md); len(g) != 1 || len(g[0].lines) != 1 || g[0].lines[0] != "kanka version" {
		t.Errorf("a sh and a console block: %+v", g)
	}
}
