package cliargs

import (
	"fmt"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/batch"
)

// TestFlagTables: each table names every flag once, and a command built
// from it reads its defaults.
func TestFlagTables(t *testing.T) {
	for _, tt := range []struct {
		name  string
		flags []cli.Flag
		want  map[string]string // flags and their defaults
	}{
		{"batch", BatchFlags(), map[string]string{"samples": fmt.Sprint(batch.DefaultSamples), "seed": "1", "from": "auto", "csv": ""}},
		{"simulate", SimulateFlags(), map[string]string{"p1": "simple", "games": "1000", "advisor-samples": fmt.Sprint(analyze.DefaultPlayerSamples), "rules": "standard"}},
		{"knock", KnockFlags(), map[string]string{"knocker": "", "upcard": "", "symbols": "false", "rules": "standard"}},
		{"sampling", SamplingFlags(1_000_000), map[string]string{"samples": "2000", "seed": "1", "workers": "0"}},
		{"arena", ArenaFlags(200), map[string]string{"games": "200", "concurrency": "1", "rules": "standard"}},
	} {
		seen := map[string]bool{}
		for _, f := range tt.flags {
			for _, n := range f.Names() {
				if seen[n] {
					t.Errorf("%s: --%s twice", tt.name, n)
				}
				seen[n] = true
			}
		}
		parsed(t, tt.flags, "", func(c *cli.Context) {
			for name, want := range tt.want {
				if got := c.Value(name); !seen[name] || fmt.Sprint(got) != want {
					t.Errorf("%s: --%s is %v, want %s", tt.name, name, got, want)
				}
			}
		})
	}
}
