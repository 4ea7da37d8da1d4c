package main

import (
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/render"
	"github.com/ginadvisor/ginadvisor/rules"
)

// rulesFlags are the flags that choose a preset and override its values,
// one for each field of rules.Fields.
func rulesFlags() []cli.Flag {
	flags := []cli.Flag{
		&cli.StringFlag{Name: "rules", Value: "standard", Usage: "rules preset (" + strings.Join(rules.PresetNames(), ", ") + "), or a spec such as modern,target=250"},
	}
	fs := rules.Fields()
	for i := range fs {
		f := &fs[i]
		if f.Int != nil {
			flags = append(flags, &cli.IntFlag{Name: f.Flag, Usage: f.Usage + " (" + f.Range() + ")", DefaultText: "from the preset"})
		} else {
			flags = append(flags, &cli.BoolFlag{Name: f.Flag, Usage: f.Usage + " (--" + f.Flag + "=false to turn off)", DefaultText: "from the preset"})
		}
	}
	return flags
}

// rulesFrom builds the rules in force from --rules and the overrides that
// were set.
func rulesFrom(c *cli.Context) (rules.Rules, error) {
	// --rules takes a preset, or a spec with fields changed from it.
	r, err := rules.ParseSpec(c.String("rules"))
	if err != nil {
		return r, usageError("--rules: %v", err)
	}
	var set []rules.Override
	for _, f := range rules.Fields() {
		if !c.IsSet(f.Flag) {
			continue
		}
		v := strconv.FormatBool(c.Bool(f.Flag))
		if f.Int != nil {
			n := c.Int(f.Flag)
			if n < f.Min || n > f.Max {
				return r, usageError("--%s: %d is out of range: it must be from %d to %d", f.Flag, n, f.Min, f.Max)
			}
			v = strconv.Itoa(n)
		}
		set = append(set, rules.Override{Key: f.Key, Value: v})
	}
	if r, err = rules.Apply(r, set...); err != nil {
		return r, usageError("rules: %v", err)
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
		Flags: append(outputFlags(), rulesFlags()...),
		Action: func(c *cli.Context) error {
			r, err := env.startWithRules(c)
			if err != nil {
				return err
			}
			if wantJSON(c) {
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
		return usageError("%s takes only flags; unexpected argument %q", c.Command.Name, c.Args().First())
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
