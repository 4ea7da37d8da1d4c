package main

import (
	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/internal/cliargs"
	"github.com/ginadvisor/ginadvisor/internal/cliexit"
	"github.com/ginadvisor/ginadvisor/render"
	"github.com/ginadvisor/ginadvisor/rules"
)

// rulesFlags are --rules and one flag for each rule field.
func rulesFlags() []cli.Flag { return cliargs.RulesFlags() }

// rulesFrom builds the rules in force from --rules and the overrides set.
func rulesFrom(c *cli.Context) (rules.Rules, error) {
	r, err := cliargs.Rules(c)
	if err != nil {
		return r, cliexit.Usagef("%v", err)
	}
	return r, nil
}

// rulesGiven returns the rules the flags set, or nil when no rules flag
// is set, for commands whose input may name its own rules.
func rulesGiven(c *cli.Context) (*rules.Rules, error) {
	set := c.IsSet("rules")
	for _, f := range rules.Fields() {
		set = set || c.IsSet(f.Flag)
	}
	if !set {
		return nil, nil
	}
	r, err := rulesFrom(c)
	if err != nil {
		return nil, err
	}
	return &r, nil
}

func rulesCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:  "rules",
		Usage: "print the rules in force (a preset and any overrides)",
		Description: "A preset changed by any flag is named with a + (\"modern+\").\n\n" +
			"Examples:\n" +
			"  ginadvisor rules --rules modern --knock-limit 7\n" +
			"  ginadvisor rules --rules eaai --json",
		Flags: append(cliargs.OutputFlags(), rulesFlags()...),
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
	return rulesFrom(c)
}
