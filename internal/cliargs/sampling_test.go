package cliargs

import (
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/internal/cliexit"
)

func TestSamplingFrom(t *testing.T) {
	for _, tt := range []struct {
		args string
		want Sampling
		code int
	}{
		{"", Sampling{Samples: 2000, Seed: 1}, 0},
		{"--samples 5 --seed 9 --workers 3", Sampling{Samples: 5, Workers: 3, Seed: 9}, 0},
		{"--samples 0", Sampling{}, cliexit.Usage},
		{"--samples 1000001", Sampling{}, cliexit.Usage},
		{"--workers 1025", Sampling{}, cliexit.Usage},
	} {
		parsed(t, SamplingFlags(1_000_000), tt.args, func(c *cli.Context) {
			s, err := SamplingFrom(c, 1_000_000)
			if code(err) != tt.code || (err == nil && s != tt.want) {
				t.Errorf("%q: %+v, %v; want %+v, code %d", tt.args, s, err, tt.want, tt.code)
			}
		})
	}
}

// TestRulesFlags: the rules flags read as rules, RulesGiven says when
// none was set, and a bad value is a usage error naming the flag.
func TestRulesFlags(t *testing.T) {
	for _, tt := range []struct {
		args  string
		given string // the rules' name, or "nil"
		code  int
	}{
		{"", "nil", 0},
		{"--rules modern", "modern", 0},
		{"--knock-limit 7", "standard+", 0},
		{"--rules nosuch", "", cliexit.Usage},
		{"--knock-limit -1", "", cliexit.Usage},
	} {
		parsed(t, RulesFlags(), tt.args, func(c *cli.Context) {
			r, err := RulesGiven(c)
			got := "nil"
			if r != nil {
				got = r.Name
			}
			if code(err) != tt.code || (err == nil && got != tt.given) {
				t.Errorf("%q: %s, %v; want %s, code %d", tt.args, got, err, tt.given, tt.code)
			}
		})
	}
}

// TestUsageErrors: the flags' readers refuse a bad value with a usage
// error that names the flag.
func TestUsageErrors(t *testing.T) {
	flags := append(append(OutputFlags(), ImportFlags()...), Workers(""))
	for _, tt := range []struct {
		args string
		read func(c *cli.Context) error
	}{
		{"--format wide", func(c *cli.Context) error { _, err := Format(c); return err }},
		{"--color sometimes", func(c *cli.Context) error { _, err := ColorMode(c); return err }},
		{"--from pgn", func(c *cli.Context) error { _, err := Import(c); return err }},
		{"--workers -1", func(c *cli.Context) error { _, err := WorkersFrom(c); return err }},
	} {
		parsed(t, flags, tt.args, func(c *cli.Context) {
			err := tt.read(c)
			if code(err) != cliexit.Usage || !contains(err, tt.args[:6]) {
				t.Errorf("%q: %v (code %d), want a usage error naming the flag", tt.args, err, code(err))
			}
		})
	}
}

func contains(err error, s string) bool { return err != nil && strings.Contains(err.Error(), s) }
