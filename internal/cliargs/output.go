package cliargs

import (
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/internal/cliexit"
	"github.com/ginadvisor/ginadvisor/render"
)

// OutputFlags are the flags every command has, and the app too, so that
// they may come before the command: --json, --format and the color flags.
func OutputFlags() []cli.Flag {
	return append([]cli.Flag{
		&cli.BoolFlag{Name: "json", Usage: "print JSON with stable field names"},
		&cli.StringFlag{Name: "format", Value: "auto", Usage: "table (boxes), plain (aligned columns), tsv or json; auto is table on a terminal and plain in a pipe"},
	}, ColorFlags()...)
}

// ColorFlags are --color and --no-color.
func ColorFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "color", Value: "auto", Usage: "color the output: auto (on a terminal), always or never"},
		&cli.BoolFlag{Name: "no-color", Usage: "never color the output (as --color=never; NO_COLOR and TERM=dumb work too)"},
	}
}

// Symbols is --symbols, worded as usage, or as suits written as symbols
// when usage is "".
func Symbols(usage string) cli.Flag {
	if usage == "" {
		usage = "write suits as symbols (♣♦♥♠)"
	}
	return &cli.BoolFlag{Name: "symbols", Usage: usage}
}

// Quiet is --quiet, which turns off the progress bar.
func Quiet() cli.Flag { return &cli.BoolFlag{Name: "quiet", Usage: "no progress bar"} }

// Workers is --workers, worded as usage: how many of what run at once,
// 0 being one per core.
func Workers(usage string) cli.Flag {
	return &cli.IntFlag{Name: "workers", Usage: usage, DefaultText: "one per core"}
}

// WorkersFrom reads --workers, which must be from 0 to 1024: another
// value is a usage error.
func WorkersFrom(c *cli.Context) (int, error) {
	n := c.Int("workers")
	if n < 0 || n > 1024 {
		return n, cliexit.Usagef("--workers must be from 0 (one per core) to 1024, not %d", n)
	}
	return n, nil
}

// Choice reads a flag that takes one of choices, before or after the
// command; unset, it is the first. Another value is a usage error.
func Choice(c *cli.Context, name string, choices ...string) (string, error) {
	ctx, ok := Lineage(c, name)
	if !ok {
		return choices[0], nil
	}
	if m := strings.ToLower(ctx.String(name)); slices.Contains(choices, m) {
		return m, nil
	}
	last := len(choices) - 1
	return "", cliexit.Usagef("--%s must be %s or %s, not %q", name, strings.Join(choices[:last], ", "), choices[last], render.EscapeControl(ctx.String(name)))
}

// Format reads --format.
func Format(c *cli.Context) (string, error) {
	return Choice(c, "format", "auto", "table", "plain", "tsv", "json")
}

// ColorMode reads --color.
func ColorMode(c *cli.Context) (string, error) { return Choice(c, "color", "auto", "always", "never") }

// WantJSON says --json or --format json was given, before or after the
// command.
func WantJSON(c *cli.Context) bool {
	if Bool(c, "json") {
		return true
	}
	f, _ := Format(c)
	return f == "json"
}

// FileNames refuses a file flag given an empty value (--log ""), which
// names no file: without it the run would go on and write nothing, or
// fail only once its work was done.
func FileNames(c *cli.Context, flags ...string) error {
	for _, f := range flags {
		if c.IsSet(f) && c.String(f) == "" {
			return cliexit.Usagef("--%s needs a file name", f)
		}
	}
	return nil
}

// CheckOutput checks the output flags: a bad --color or --format value is
// a usage error, and so is --json beside a --format other than json, as
// the two ask for different output.
func CheckOutput(c *cli.Context) error {
	if _, err := ColorMode(c); err != nil {
		return err
	}
	f, err := Format(c)
	if err == nil && f != "auto" && f != "json" && Bool(c, "json") {
		return cliexit.Usagef("--json and --format %s ask for different output: give one", f)
	}
	return err
}

// RefuseTSV refuses --format tsv for a command that prints no table,
// whose output would be empty under it: its figures are in --json.
func RefuseTSV(c *cli.Context, command string) error {
	if err := CheckOutput(c); err != nil {
		return err
	}
	if f, _ := Format(c); f == "tsv" && !WantJSON(c) {
		return cliexit.Usagef("--format tsv: %s prints no table; give --json for its figures", command)
	}
	return nil
}
