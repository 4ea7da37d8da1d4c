package cliargs

import (
	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/internal/cliexit"
	"github.com/ginadvisor/ginadvisor/render"
)

// SamplingFlags are the flags of every command that samples worlds:
// --samples, from 1 to most, --seed, --workers and --symbols.
func SamplingFlags(most int) []cli.Flag {
	return []cli.Flag{
		&cli.IntFlag{Name: "samples", Value: 2000, Usage: "sampled worlds, 1 to " + render.Thousands(most)},
		&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the seed: the same seed gives the same figures at any worker count"},
		Workers("goroutines sampling at once, 0 to 1024"),
		Symbols(""),
	}
}

// Sampling is the budget SamplingFlags set.
type Sampling struct {
	Samples, Workers int
	Seed             uint64
}

// SamplingFrom reads SamplingFlags(most); a value out of range is a
// usage error, never a budget cut silently to most.
func SamplingFrom(c *cli.Context, most int) (Sampling, error) {
	s := Sampling{Samples: c.Int("samples"), Seed: c.Uint64("seed")}
	if s.Samples < 1 || s.Samples > most {
		return s, cliexit.Usagef("--samples must be from 1 to %s, not %d", render.Thousands(most), s.Samples)
	}
	var err error
	s.Workers, err = WorkersFrom(c)
	return s, err
}
