package cliargs

import (
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/arena"
)

// ArenaFlags are the flags match and tournament share: the deals, the
// time control, adjudication, sharding, the log and the engines' stderr.
func ArenaFlags(games int) []cli.Flag {
	return []cli.Flag{
		&cli.IntFlag{Name: "games", Value: games, Usage: "games a pairing, even: pairs of mirrored deals"},
		&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the seed of the deals"},
		&cli.StringFlag{Name: "deals", Usage: "play these deals: seeds (as --save-deals writes), explicit deals (52 cards, the first hand's deck top first) or a log; without --games, each once"},
		&cli.BoolFlag{Name: "deals-repeat", Usage: "play the --deals again, in order, when --games asks for more"},
		&cli.StringFlag{Name: "save-deals", Usage: "write the deals' seeds to this file, for --deals"},
		&cli.StringFlag{Name: "rules", Value: "standard", Usage: "the rules: a preset or a spec (eaai for the EAAI framework's, as its players play)"},
		&cli.IntFlag{Name: "concurrency", Value: 1, Usage: "games played at once, 1 to 64"},
		&cli.StringFlag{Name: "tc", Usage: "time control per game, [MOVES/]SECONDS[+INCREMENT], such as 40/60+0.5 or 60+1"},
		&cli.DurationFlag{Name: "movetime", Aliases: []string{"st"}, Usage: "an engine's limit a decision (such as 500ms); with no --movetime, --tc or --gametime, an engine that has not answered a decision in " + strings.TrimSuffix(arena.DefaultMoveTime.String(), "0s") + " forfeits the game on time"},
		&cli.DurationFlag{Name: "gametime", Usage: "an engine's time a game, no increment (--tc 60 is --gametime 60s)"},
		&cli.DurationFlag{Name: "timemargin", Usage: "how late an engine may answer before it forfeits (such as 50ms)"},
		&cli.IntFlag{Name: "max-draws", Usage: "adjudicate: a hand dies at this many draws (0: the rules' limit)"},
		&cli.IntFlag{Name: "max-hands", Usage: "adjudicate: a game ends at this many hands, won by the leader (0: 1000)"},
		&cli.StringFlag{Name: "shard", Usage: "play only the i-th of n shares of the pairs of deals, as i/n"},
		&cli.StringFlag{Name: "stderr", Usage: "keep each engine's stderr and the whole exchange in this directory, files per game"},
		&cli.StringFlag{Name: "log", Usage: "write each game to this log as it counts (a file there is refused without --resume or --force)"},
		&cli.BoolFlag{Name: "log-info", Usage: "with --log: after each engine's move, its last info line before the bestmove"},
		&cli.BoolFlag{Name: "resume", Usage: "play only the games --log does not hold yet, and add them to it"},
		&cli.BoolFlag{Name: "force", Usage: "overwrite the --log file when it exists"},
		&cli.StringFlag{Name: "sprt", Usage: "stop when a test decides: 'elo0=0 elo1=10 alpha=0.05 beta=0.05'"},
		&cli.BoolFlag{Name: "from-log", Usage: "play nothing: recompute the result from the logs given as arguments (a run's, or its shards')"},
	}
}

// ArenaConfig reads the flags ArenaFlags gives, for a match of p1 and
// p2 (the first two players of a tournament).
func ArenaConfig(c *cli.Context, p1, p2 string) arena.Config {
	games := c.Int("games")
	if c.String("deals") != "" && !c.IsSet("games") {
		games = 0 // twice the deals
	}
	return arena.Config{P1: p1, P2: p2, Rules: c.String("rules"), SPRT: c.String("sprt"), Games: games, DealsRepeat: c.Bool("deals-repeat"), LogInfo: c.Bool("log-info"),
		Concurrency: c.Int("concurrency"), Seed: c.Uint64("seed"), MoveTime: c.Duration("movetime"), GameTime: c.Duration("gametime"),
		TimeMargin: c.Duration("timemargin"), TC: c.String("tc"), Shard: c.String("shard"), Deals: c.String("deals"),
		StderrDir: c.String("stderr"), MaxDraws: c.Int("max-draws"), MaxHands: c.Int("max-hands"),
		StderrReplace: c.Bool("force") || c.Bool("resume")}
}
