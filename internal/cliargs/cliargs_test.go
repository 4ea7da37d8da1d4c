package cliargs

import (
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

func TestReorder(t *testing.T) {
	app := &cli.App{Name: "x", Commands: []*cli.Command{{
		Name:  "cmd",
		Flags: []cli.Flag{&cli.BoolFlag{Name: "json"}, &cli.IntFlag{Name: "n"}},
	}}}
	for _, tt := range []struct{ in, want string }{
		{"x cmd a --json", "x cmd --json a"},
		{"x cmd a --n 3 b", "x cmd --n 3 a b"},
		{"x cmd a -- --json", "x cmd a -- --json"},
		{"x cmd a --help", "x cmd --help"},
		{"x other a --json", "x other a --json"},
	} {
		if got := strings.Join(Reorder(app, strings.Fields(tt.in)), " "); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.in, got, tt.want)
		}
	}
}
