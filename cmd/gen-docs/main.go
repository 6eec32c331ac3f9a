// Command gen-docs writes what is generated from kanka's command tree: the
// man pages (a page per command, as gh's gen-docs writes them), the shell
// completion scripts kept in completions/, and the manual's command
// reference kept in docs/reference/ (a Markdown page per command).
//
//	go run ./cmd/gen-docs --man-page --doc-path DIR
//	go run ./cmd/gen-docs --completions completions
//	go run ./cmd/gen-docs --markdown docs/reference
//
// `go generate ./...` refreshes the completion scripts and the reference.
package main

//go:generate go run . --completions ../../completions --markdown ../../docs/reference

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/cmd/root"
	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

func main() {
	manPage := flag.Bool("man-page", false, "write the man pages (section 1) to --doc-path")
	docPath := flag.String("doc-path", "", "the folder of the man pages")
	completions := flag.String("completions", "", "write the shell completion scripts to this folder")
	markdown := flag.String("markdown", "", "write the command reference, a Markdown page per command, to this folder")
	flag.Parse()
	if err := run(*manPage, *docPath, *completions, *markdown); err != nil {
		fmt.Fprintln(os.Stderr, "gen-docs:", err)
		os.Exit(1)
	}
}

func run(manPage bool, docPath, completions, markdown string) error {
	if !manPage && completions == "" && markdown == "" {
		return fmt.Errorf("nothing to do: give --man-page --doc-path DIR, --completions DIR or --markdown DIR")
	}
	if manPage {
		if docPath == "" {
			return fmt.Errorf("--man-page needs --doc-path DIR")
		}
		if err := writeManPages(tree(), docPath); err != nil {
			return err
		}
	}
	if completions != "" {
		if err := WriteCompletions(tree(), completions); err != nil {
			return err
		}
	}
	if markdown != "" {
		return WriteReference(tree(), markdown)
	}
	return nil
}

// tree is kanka's command tree, as the binary builds it.
func tree() *cobra.Command {
	s, _, _, _ := cmdutil.Test()
	cmd, _ := root.NewCmdRoot(s)
	cmd.DisableAutoGenTag = true // the pages do not change with the day they are made
	return cmd
}

// writeManPages writes kanka.1 and a page per command (kanka-calendar-show.1).
func writeManPages(cmd *cobra.Command, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	header := &doc.GenManHeader{Title: "KANKA", Section: "1", Source: "kanka", Manual: "kanka manual"}
	return doc.GenManTree(cmd, header, dir)
}

// Completions are the scripts kept in completions/, by file name: each
// what `kanka completion SHELL` prints.
func Completions(cmd *cobra.Command) (map[string][]byte, error) {
	out := map[string][]byte{}
	for name, gen := range map[string]func(*bytes.Buffer) error{
		"kanka.bash": func(b *bytes.Buffer) error { return cmd.GenBashCompletionV2(b, true) },
		"kanka.zsh":  func(b *bytes.Buffer) error { return cmd.GenZshCompletion(b) },
		"kanka.fish": func(b *bytes.Buffer) error { return cmd.GenFishCompletion(b, true) },
		"kanka.ps1":  func(b *bytes.Buffer) error { return cmd.GenPowerShellCompletionWithDesc(b) },
	} {
		var b bytes.Buffer
		if err := gen(&b); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out[name] = b.Bytes()
	}
	return out, nil
}

// WriteCompletions writes the completion scripts to dir.
func WriteCompletions(cmd *cobra.Command, dir string) error {
	scripts, err := Completions(cmd)
	if err != nil {
		return err
	}
	for name, script := range scripts {
		if err := os.WriteFile(filepath.Join(dir, name), script, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// referenceHeader opens every page of the command reference.
const referenceHeader = "<!-- Generated from the command tree by `go generate ./...`: do not edit. -->\n\n"

// Reference is the command reference, by file name: a Markdown page per
// command (kanka_calendar_show.md), as cobra's doc package writes it, with
// no date in it.
func Reference(cmd *cobra.Command) (map[string][]byte, error) {
	dir, err := os.MkdirTemp("", "kanka-reference-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	prepend := func(string) string { return referenceHeader }
	if err := doc.GenMarkdownTreeCustom(cmd, dir, prepend, func(link string) string { return link }); err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	pages := map[string][]byte{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		pages[e.Name()] = b
	}
	return pages, nil
}

// WriteReference makes dir hold the command reference and nothing else:
// the page of a command that is gone goes too.
func WriteReference(cmd *cobra.Command, dir string) error {
	pages, err := Reference(cmd)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	old, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		return err
	}
	for _, f := range old {
		if _, keep := pages[filepath.Base(f)]; !keep {
			if err := os.Remove(f); err != nil {
				return err
			}
		}
	}
	for name, page := range pages {
		if err := os.WriteFile(filepath.Join(dir, name), page, 0o644); err != nil {
			return err
		}
	}
	return nil
}
