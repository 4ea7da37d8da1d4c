package main

import (
	_ "embed"
	"fmt"
	"io"
	"strings"

	"github.com/ginadvisor/ginadvisor/render"
	"github.com/urfave/cli/v2"
)

// The completion scripts ask the program itself for the words that may
// come next: urfave/cli answers a command line that ends in
// --generate-bash-completion with its commands, subcommands or flags.
//
//go:embed completion.bash
var bashCompletion string

//go:embed completion.zsh
var zshCompletion string

//go:embed completion.ps1
var powershellCompletion string

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
