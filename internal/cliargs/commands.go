package cliargs

import (
	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/batch"
)

// BatchFlags are batch's options.
func BatchFlags() []cli.Flag {
	return append(append(OutputFlags(), ImportFlags()...),
		&cli.BoolFlag{Name: "quick", Usage: "grade by exact deadwood and outs only, for huge log sets"},
		&cli.IntFlag{Name: "samples", Value: batch.DefaultSamples, Usage: "the cap of the advisor's sampled worlds a decision, 1 to 100,000, rounded up to a multiple of 64"},
		&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the seed of the advisor's sampling"},
		Workers("games analyzed at once, 0 to 1024; 0 is one per core"),
		&cli.StringFlag{Name: "shard", Usage: "analyze only the i-th of n shares of the games, as i/n"},
		&cli.StringFlag{Name: "csv", Usage: "write every graded decision to this CSV file (- for stdout)"},
		&cli.StringFlag{Name: "jsonl", Usage: "write every graded decision as a JSON line to this file (- for stdout)"},
		&cli.StringFlag{Name: "players-csv", Usage: "write each player's figures, accuracy included, to this CSV file (- for stdout)"},
		&cli.StringFlag{Name: "html", Usage: "write a self-contained visual report to this file"},
		Quiet(),
	)
}

// SimulateFlags are simulate's options.
func SimulateFlags() []cli.Flag {
	return append(append(OutputFlags(),
		&cli.StringFlag{Name: "p1", Value: "simple", Usage: "the first player"},
		&cli.StringFlag{Name: "p2", Value: "simple", Usage: "the second player"},
		&cli.IntFlag{Name: "games", Value: 1000, Usage: "games to play"},
		&cli.BoolFlag{Name: "mirrored", Usage: "play each deal twice with the seats swapped, and report the paired interval (--games must be even)"},
		&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the seed for shuffles and random choices"},
		Workers("games played at once, 0 to 1024; 0 is one per core"),
		&cli.StringFlag{Name: "log", Usage: "write every game to this file in the game log format, as it ends (a file there is refused without --force); with --log /dev/stdout the summary goes to stderr"},
		&cli.BoolFlag{Name: "force", Usage: "overwrite the --log file when it exists"},
		Quiet(),
		&cli.IntFlag{Name: "advisor-samples", Value: analyze.DefaultPlayerSamples, Usage: "sampled worlds per decision of the advisor player, 1 to 100,000"},
	), RulesFlags()...)
}

// KnockFlags are knock's options: the two hands, the knocker's melds, the
// first upcard and the rules.
func KnockFlags() []cli.Flag {
	return append(append(OutputFlags(),
		&cli.StringFlag{Name: "knocker", Usage: "the knocker's hand"},
		&cli.StringFlag{Name: "defender", Usage: "the defender's hand"},
		&cli.StringFlag{Name: "melds", Usage: "the melds the knocker lays down, separated by |"},
		&cli.StringFlag{Name: "upcard", Usage: "the first upcard (Oklahoma)"},
		Symbols("print cards with suit symbols"),
	), RulesFlags()...)
}
