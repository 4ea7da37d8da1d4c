package cliargs

import (
	"errors"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/internal/cliexit"
	"github.com/ginadvisor/ginadvisor/rules"
)

// parsed runs a command with flags on args (flags only) and gives its
// context to read.
func parsed(t *testing.T, flags []cli.Flag, args string, read func(c *cli.Context)) {
	t.Helper()
	app := &cli.App{Name: "x", Commands: []*cli.Command{{Name: "cmd", Flags: flags, Action: func(c *cli.Context) error { read(c); return nil }}}}
	if err := app.Run(append([]string{"x", "cmd"}, strings.Fields(args)...)); err != nil {
		t.Fatalf("%s: %v", args, err)
	}
}

// code is the exit code err carries, 0 for none.
func code(err error) int {
	if e, ok := errors.AsType[*cliexit.Error](err); ok {
		return e.Code
	}
	return 0
}

func TestCardFlags(t *testing.T) {
	flags := append([]cli.Flag{&cli.StringFlag{Name: "hand"}, &cli.StringFlag{Name: "melds"}, &cli.StringFlag{Name: "upcard"}}, RulesFlags()...)
	tests := []struct {
		args string
		read func(c *cli.Context) (string, error)
		want string
		code int
	}{
		{"--hand As,2s,3s", func(c *cli.Context) (string, error) { h, err := Hand(c, "hand"); return h.String(), err }, "AS 2S 3S", 0},
		{"", func(c *cli.Context) (string, error) { _, err := Hand(c, "hand"); return "", err }, "", cliexit.Usage},
		{"--hand=", func(c *cli.Context) (string, error) { _, err := Hand(c, "hand"); return "", err }, "", cliexit.BadInput},
		{"--hand Zz", func(c *cli.Context) (string, error) { _, err := Hand(c, "hand"); return "", err }, "", cliexit.BadInput},
		{"--melds 7C,7D,7H|2S,3S,4S", func(c *cli.Context) (string, error) { sp, err := Melds(c, "melds"); return sp.Cards().String(), err }, "7C 7D 7H 2S 3S 4S", 0},
		{"--melds 7C,7D", func(c *cli.Context) (string, error) { _, err := Melds(c, "melds"); return "", err }, "", cliexit.BadInput},
		{"", func(c *cli.Context) (string, error) {
			sp, err := OptionalMelds(c)
			if sp != nil {
				return "a spread", err
			}
			return "nil", err
		}, "nil", 0},
		{"--rules oklahoma --upcard 5s", func(c *cli.Context) (string, error) {
			r, _ := rules.Preset("oklahoma")
			d, err := Deal(c, r)
			return d.Upcard.String(), err
		}, "5S", 0},
		{"--upcard 5s", func(c *cli.Context) (string, error) { _, err := Deal(c, rules.Standard()); return "", err }, "", cliexit.Usage},
	}
	for _, tt := range tests {
		parsed(t, flags, tt.args, func(c *cli.Context) {
			got, err := tt.read(c)
			if code(err) != tt.code || (err == nil && got != tt.want) {
				t.Errorf("%q: %q, %v (code %d); want %q, code %d", tt.args, got, err, code(err), tt.want, tt.code)
			}
		})
	}
}
