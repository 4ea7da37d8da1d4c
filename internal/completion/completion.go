// Package completion holds the shell completion scripts of the command
// line. The scripts ask the program itself for the words that may come
// next: urfave/cli answers a command line that ends in
// --generate-bash-completion with its commands, subcommands or flags.
package completion

import (
	_ "embed"
	"errors"
	"strings"

	"github.com/urfave/cli/v2"
)

//go:embed completion.bash
var bash string

//go:embed completion.zsh
var zsh string

//go:embed completion.ps1
var powershell string

// ErrUnknownShell is returned for a shell with no script.
var ErrUnknownShell = errors.New("unknown shell")

// Script returns the completion script of app for shell: bash, zsh, fish
// or powershell (pwsh).
func Script(app *cli.App, shell string) (string, error) {
	switch strings.ToLower(shell) {
	case "bash":
		return bash, nil
	case "zsh":
		return zsh, nil
	case "powershell", "pwsh":
		return powershell, nil
	case "fish":
		return app.ToFishCompletion()
	}
	return "", ErrUnknownShell
}
