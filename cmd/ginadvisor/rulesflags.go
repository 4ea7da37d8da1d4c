package main

import (
	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/internal/cliargs"
	"github.com/ginadvisor/ginadvisor/internal/cliexit"
	"github.com/ginadvisor/ginadvisor/render"
	"github.com/ginadvisor/ginadvisor/rules"
)

func rulesCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:  "rules",
		Usage: "print the rules in force (a preset and any overrides)",
		Description: "A preset changed by any flag is named with a + (\"modern+\").\n\n" +
			"Examples:\n" +
			"  ginadvisor rules --rules modern --knock-limit 7\n" +
			"  ginadvisor rules --rules eaai --json",
		Flags: append(cliargs.OutputFlags(), cliargs.RulesFlags()...),
		Action: func(c *cli.Context) error {
			r, err := env.startWithRules(c)
			if err != nil {
				return err
			}
			if cliargs.WantJSON(c) {
				return render.JSON(env.stdout, r)
			}
			return env.styleFor(c).Tables(env.stdout).Render([]string{"Rule", "Value"}, render.RulesRows(r))
		},
	}
}

// start prepares a command that takes only flags: it applies the color
// settings and refuses positional arguments.
func (e *environment) start(c *cli.Context) error {
	if err := e.setColor(c); err != nil {
		return err
	}
	if c.Args().Len() > 0 {
		return cliexit.Usagef("%s takes only flags; unexpected argument %q", c.Command.Name, c.Args().First())
	}
	return nil
}

// startWithRules is start, then the rules in force.
func (e *environment) startWithRules(c *cli.Context) (rules.Rules, error) {
	if err := e.start(c); err != nil {
		return rules.Rules{}, err
	}
	return cliargs.Rules(c)
}
