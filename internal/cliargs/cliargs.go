// Package cliargs puts the flags of a urfave/cli command line before its
// positional arguments, where the library reads them.
package cliargs

import (
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/importer"
	"github.com/ginadvisor/ginadvisor/internal/cliexit"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Reorder moves the flags that follow a command's positional arguments
// in front of them, because urfave/cli stops reading flags at the first
// positional argument and would otherwise ignore them silently. A "--"
// ends the flags as usual.
func Reorder(app *cli.App, args []string) []string {
	if len(args) < 2 || args[len(args)-1] == "--generate-bash-completion" {
		// A completion request must keep its flag last.
		return args
	}
	// Find the command: the first argument that is not a global flag.
	i := 1
	for i < len(args) && strings.HasPrefix(args[i], "-") && args[i] != "-" {
		i++
	}
	if i >= len(args) {
		return args
	}
	cmd := app.Command(args[i])
	if cmd == nil {
		return args
	}
	// Descend into subcommands, such as "log check".
	for i+1 < len(args) {
		sub := cmd.Command(args[i+1])
		if sub == nil {
			break
		}
		cmd = sub
		i++
	}
	takesValue := map[string]bool{}
	for _, f := range cmd.Flags {
		tv := false
		if d, ok := f.(cli.DocGenerationFlag); ok {
			tv = d.TakesValue()
		}
		for _, n := range f.Names() {
			takesValue[n] = tv
		}
	}
	out := append([]string{}, args[:i+1]...)
	var flags, positional []string
	rest := args[i+1:]
	for j := 0; j < len(rest); j++ {
		a := rest[j]
		if a == "--" {
			positional = append(positional, rest[j:]...)
			break
		}
		if len(a) > 1 && a[0] == '-' {
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") && takesValue[name] && j+1 < len(rest) {
				j++
				flags = append(flags, rest[j])
			}
			continue
		}
		positional = append(positional, a)
	}
	out = append(out, flags...)
	// Help asked for anywhere shows the command's help; the arguments
	// around it would otherwise be read as a command to give help on.
	for _, f := range flags {
		if f == "--help" || f == "-h" || f == "-help" {
			return append(args[:i+1:i+1], "--help")
		}
	}
	return append(out, positional...)
}

// Lineage finds a flag set on the command or on any command above it, so
// that flags given to the app work before the command name too
// ("ginadvisor --json rules") as well as after it.
func Lineage(c *cli.Context, name string) (*cli.Context, bool) {
	for _, ctx := range c.Lineage() {
		if (ctx.Command != nil || ctx.App != nil) && ctx.IsSet(name) {
			return ctx, true
		}
	}
	return nil, false
}

// Bool is a boolean flag from the command or above it.
func Bool(c *cli.Context, name string) bool {
	ctx, ok := Lineage(c, name)
	return ok && ctx.Bool(name)
}

// RulesFlags are the flags that choose a preset and override its values,
// one for each field of rules.Fields.
func RulesFlags() []cli.Flag {
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

// Rules builds the rules in force from --rules (a preset, or a spec with
// fields changed from it) and the overrides that were set. Its errors are
// usage errors that name the flag at fault.
func Rules(c *cli.Context) (rules.Rules, error) {
	r, err := rules.ParseSpec(c.String("rules"))
	if err != nil {
		return r, cliexit.Usagef("--rules: %w", err)
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
				return r, cliexit.Usagef("--%s: %d is out of range: it must be from %d to %d", f.Flag, n, f.Min, f.Max)
			}
			v = strconv.Itoa(n)
		}
		set = append(set, rules.Override{Key: f.Key, Value: v})
	}
	if r, err = rules.Apply(r, set...); err != nil {
		return r, cliexit.Usagef("rules: %w", err)
	}
	return r, nil
}

// RulesGiven returns the rules the flags set, or nil when no rules flag
// is set, for commands whose input may name its own rules.
func RulesGiven(c *cli.Context) (*rules.Rules, error) {
	set := c.IsSet("rules")
	for _, f := range rules.Fields() {
		set = set || c.IsSet(f.Flag)
	}
	if !set {
		return nil, nil
	}
	r, err := Rules(c)
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// ImportFlags are the flags that say how to read other programs' records.
func ImportFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "from", Value: "auto", Usage: "the input format: auto, ginadvisor, eaai or openspiel"},
		&cli.StringFlag{Name: "players", Usage: "name the two seats of EAAI transcripts and OpenSpiel histories, as A,B (default: from file names like A-vs-B-001.txt, else player0,player1)"},
	}
}

// Import reads --from and --players; its errors are usage errors that
// name the flag at fault.
func Import(c *cli.Context) (importer.Options, error) {
	var o importer.Options
	f, err := importer.ParseFormat(c.String("from"))
	if err != nil {
		return o, cliexit.Usagef("--from: %w", err)
	}
	o.Format = f
	if p := c.String("players"); p != "" {
		if o.Players, err = importer.ParsePlayers(p); err != nil {
			return o, cliexit.Usagef("--players %w", err)
		}
	}
	return o, nil
}
