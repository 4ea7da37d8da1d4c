package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/ginadvisor/ginadvisor/render"
	"github.com/urfave/cli/v2"
)

// The completion scripts ask the program itself for the words that may
// come next: urfave/cli answers a command line that ends in
// --generate-bash-completion with its commands, subcommands or flags.
const bashCompletion = `# bash completion for ginadvisor; load it with
#   source <(ginadvisor completion bash)
_ginadvisor_complete() {
  local cur words
  cur="${COMP_WORDS[COMP_CWORD]}"
  if [[ "$cur" == -* ]]; then
    words=$("${COMP_WORDS[0]}" "${COMP_WORDS[@]:1:$COMP_CWORD-1}" "$cur" --generate-bash-completion 2>/dev/null)
  else
    words=$("${COMP_WORDS[0]}" "${COMP_WORDS[@]:1:$COMP_CWORD-1}" --generate-bash-completion 2>/dev/null)
  fi
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o bashdefault -o default -F _ginadvisor_complete ginadvisor
`

const zshCompletion = `#compdef ginadvisor
# zsh completion for ginadvisor; load it with
#   source <(ginadvisor completion zsh)
_ginadvisor() {
  local -a opts
  local cur=${words[CURRENT]}
  if [[ "$cur" == -* ]]; then
    opts=("${(@f)$(${words[1]} ${words[2,CURRENT-1]} $cur --generate-bash-completion 2>/dev/null)}")
  else
    opts=("${(@f)$(${words[1]} ${words[2,CURRENT-1]} --generate-bash-completion 2>/dev/null)}")
  fi
  opts=(${opts%%:*})
  if [[ -n "$opts" ]]; then
    compadd -a opts
  else
    _files
  fi
}
compdef _ginadvisor ginadvisor
`

const powershellCompletion = `# PowerShell completion for ginadvisor; load it with
#   ginadvisor completion powershell | Out-String | Invoke-Expression
Register-ArgumentCompleter -Native -CommandName ginadvisor -ScriptBlock {
  param($wordToComplete, $commandAst, $cursorPosition)
  $words = $commandAst.CommandElements | Select-Object -Skip 1 | ForEach-Object { $_.ToString() }
  if ($wordToComplete -ne '') { $words = $words | Select-Object -SkipLast 1 }
  $args = @($words)
  if ($wordToComplete -like '-*') { $args += $wordToComplete }
  $args += '--generate-bash-completion'
  & ginadvisor @args 2>$null | ForEach-Object { ($_ -split ':')[0] } |
    Where-Object { $_ -like "$wordToComplete*" } |
    ForEach-Object { [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_) }
}
`

func completionCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script",
		ArgsUsage: "bash|zsh|fish|powershell",
		Description: "Prints a script that completes ginadvisor's commands and flags.\n\n" +
			"Examples:\n" +
			"  source <(ginadvisor completion bash)     # in ~/.bashrc\n" +
			"  source <(ginadvisor completion zsh)      # in ~/.zshrc\n" +
			"  ginadvisor completion fish > ~/.config/fish/completions/ginadvisor.fish\n" +
			"  ginadvisor completion powershell | Out-String | Invoke-Expression",
		Action: func(c *cli.Context) error {
			if c.Args().Len() != 1 {
				return usageError("completion takes one shell: bash, zsh, fish or powershell")
			}
			var script string
			switch strings.ToLower(c.Args().First()) {
			case "bash":
				script = bashCompletion
			case "zsh":
				script = zshCompletion
			case "powershell", "pwsh":
				script = powershellCompletion
			case "fish":
				s, err := c.App.ToFishCompletion()
				if err != nil {
					return err
				}
				script = s
			default:
				return usageError("unknown shell %q: bash, zsh, fish or powershell", render.EscapeControl(c.Args().First()))
			}
			_, err := io.WriteString(env.stdout, script)
			return err
		},
	}
}

func manCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:  "man",
		Usage: "print the manual page, generated from the commands' own help",
		Description: "Examples:\n" +
			"  ginadvisor man > ginadvisor.1 && man ./ginadvisor.1",
		Action: func(c *cli.Context) error {
			if c.Args().Len() > 0 {
				return usageError("man takes no arguments")
			}
			page, err := c.App.ToManWithSection(1)
			if err != nil {
				return fmt.Errorf("making the manual page: %w", err)
			}
			_, err = io.WriteString(env.stdout, page)
			return err
		},
	}
}
