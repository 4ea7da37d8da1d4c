package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/internal/cliexit"
	"github.com/ginadvisor/ginadvisor/internal/completion"
	"github.com/ginadvisor/ginadvisor/render"
)

func completionCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script",
		ArgsUsage: "bash | zsh | fish | powershell",
		Description: "Prints a script that completes ginadvisor's commands and flags.\n\n" +
			"Examples:\n" +
			"  source <(ginadvisor completion bash)     # in ~/.bashrc\n" +
			"  source <(ginadvisor completion zsh)      # in ~/.zshrc\n" +
			"  ginadvisor completion fish > ~/.config/fish/completions/ginadvisor.fish\n" +
			"  ginadvisor completion powershell | Out-String | Invoke-Expression",
		Action: func(c *cli.Context) error {
			if c.Args().Len() != 1 {
				return cliexit.Usagef("completion takes one shell: bash, zsh, fish or powershell")
			}
			script, err := completion.Script(c.App, c.Args().First())
			if errors.Is(err, completion.ErrUnknownShell) {
				return cliexit.Usagef("unknown shell %q: bash, zsh, fish or powershell", render.EscapeControl(c.Args().First()))
			} else if err != nil {
				return err
			}
			_, err = io.WriteString(env.stdout, script)
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
				return cliexit.Usagef("man takes no arguments")
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
