// Package completion holds `kanka completion`: the shell completion scripts.
package completion

import (
	"github.com/kanka-cli/kanka/cmd/cmdutil"
	"github.com/kanka-cli/kanka/output"
	"github.com/spf13/cobra"
)

// NewCmdCompletion builds `kanka completion bash|zsh|fish|powershell`.
func NewCmdCompletion(f *cmdutil.Factory) *cobra.Command {
	return &cobra.Command{
		Use:   "completion bash|zsh|fish|powershell",
		Short: "Print the shell completion script",
		Long: `Print the completion script of a shell. Calendar ids and names are completed
from the first page of the campaign's calendars.

  bash:        source <(kanka completion bash)
               or save it in /etc/bash_completion.d/kanka
  zsh:         kanka completion zsh > "${fpath[1]}/_kanka"
  fish:        mkdir -p ~/.config/fish/completions
               kanka completion fish > ~/.config/fish/completions/kanka.fish
  powershell:  kanka completion powershell | Out-String | Invoke-Expression`,
		Example: `  kanka completion zsh > "${fpath[1]}/_kanka"
  mkdir -p ~/.local/share/bash-completion/completions && kanka completion bash > ~/.local/share/bash-completion/completions/kanka`,
		ValidArgs:   []string{"bash", "zsh", "fish", "powershell"},
		Annotations: output.TextOnly("completion prints a shell script").Annotations(),
		Args:        cobra.MatchAll(cobra.ExactArgs(1), cobra.OnlyValidArgs),
		RunE: func(cmd *cobra.Command, args []string) error {
			root, out := cmd.Root(), f.IO.Out
			switch args[0] {
			case "bash":
				return root.GenBashCompletionV2(out, true)
			case "zsh":
				return root.GenZshCompletion(out)
			case "fish":
				return root.GenFishCompletion(out, true)
			default:
				return root.GenPowerShellCompletionWithDesc(out)
			}
		},
	}
}
