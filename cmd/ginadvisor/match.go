package main

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/arena"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/outfile"
	"github.com/ginadvisor/ginadvisor/render"
)

// arenaFlags are the flags match and tournament share: the deals, the
// time control, adjudication, sharding, the log and the engines' stderr.
func arenaFlags(games int) []cli.Flag {
	return []cli.Flag{
		&cli.IntFlag{Name: "games", Value: games, Usage: "games a pairing, even: pairs of mirrored deals"},
		&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the seed of the deals"},
		&cli.StringFlag{Name: "deals", Usage: "play these deals: seeds (as --save-deals writes), explicit deals (52 cards, the first hand's deck top first) or a log; without --games, each once"},
		&cli.BoolFlag{Name: "deals-repeat", Usage: "play the --deals again, in order, when --games asks for more"},
		&cli.StringFlag{Name: "save-deals", Usage: "write the deals' seeds to this file, for --deals"},
		&cli.StringFlag{Name: "rules", Value: "standard", Usage: "the rules: a preset or a spec (eaai for the EAAI framework's, as its players play)"},
		&cli.IntFlag{Name: "concurrency", Value: 1, Usage: "games played at once, 1 to 64"},
		&cli.StringFlag{Name: "tc", Usage: "time control per game, [MOVES/]SECONDS[+INCREMENT], such as 40/60+0.5 or 60+1"},
		&cli.DurationFlag{Name: "movetime", Aliases: []string{"st"}, Usage: "an engine's limit a decision (such as 500ms); 0: none"},
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

// arenaConfig reads the shared flags.
func arenaConfig(c *cli.Context, p1, p2 string) arena.Config {
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

func matchCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:      "match",
		Usage:     "play two players, built-in or engines speaking the protocol, on mirrored deals",
		ArgsUsage: "[LOG... with --from-log]",
		Description: "A player is a name of the registry, engine:COMMAND (a program speaking the\n" +
			"engine protocol) or conf:FILE:NAME; a misbehaving engine forfeits (docs/arena.md).\n\n" +
			"Examples:\n" +
			"  ginadvisor match --p1 heuristic --p2 simple --games 200\n" +
			"  ginadvisor match --p1 'engine:ginadvisor engine' --p2 simple --tc 60+1 \\\n    --sprt 'elo0=0 elo1=20' --log m.log\n" +
			"  ginadvisor match --from-log m.log",
		Flags: append(outputFlags(),
			append([]cli.Flag{&cli.StringFlag{Name: "p1", Usage: "the first player (its win rate and Elo are reported)"},
				&cli.StringFlag{Name: "p2", Usage: "the second player"}}, arenaFlags(200)...)...),
		Action: func(c *cli.Context) error {
			if err := refuseTSV(c, "match"); err != nil {
				return err
			}
			if c.Bool("from-log") {
				return matchFromLog(env, c)
			}
			if c.String("p1") == "" || c.String("p2") == "" {
				return usageError("match needs --p1 and --p2 (or --from-log LOG...)")
			}
			o, err := arenaConfig(c, c.String("p1"), c.String("p2")).Options()
			if err != nil {
				return usageError("%v", err)
			}
			players := []string{c.String("p1"), c.String("p2")}
			if err := checkArenaFiles(c, players); err != nil {
				return err
			}
			// The signals' context first: its stop, deferred first, runs
			// after the log is closed.
			ctx, stop := interruptible(c)
			defer stop()
			if err := saveDeals(c, &o, players); err != nil {
				return err
			}
			specs, err := arena.ResolveNames(ctx, o.Players[:], o.Handshake)
			if err != nil {
				return startFailed(ctx, err)
			}
			o.Players = [2]arena.Spec{specs[0], specs[1]}
			lw, err := openMatchLog(env, c, &o)
			if err != nil {
				return err
			}
			if lw != nil {
				defer lw.Close()
				o.OnGame = func(g *arena.Game) error { return arena.WriteGame(lw, g, o.Players, o.Rules) }
			}
			o.Progress, o.Escape = env.stderr, render.EscapeControl
			r, err := arena.Play(ctx, o)
			if err != nil && ctx.Err() == nil {
				return err
			}
			if err := writeResult(env, c, &r); err != nil {
				return wrote(err)
			}
			if ctx.Err() != nil && !r.Stopped {
				return silentExit(ExitInterrupted) // what was played is reported
			}
			return nil
		},
	}
}

// startFailed is the error of an engine that did not start or make its
// handshake before the first game: a usage error, as a bad flag is,
// unless the run was interrupted meanwhile.
func startFailed(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return silentExit(ExitInterrupted)
	}
	return usageError("%v", err)
}

func writeResult(env *environment, c *cli.Context, r *arena.Result) error {
	if wantJSON(c) {
		return render.JSON(env.stdout, r)
	}
	return r.WriteText(env.stdout)
}

// matchFromLog prints the result of the match the logs hold, as the match
// printed it: the logs of one run, or of its shards.
func matchFromLog(env *environment, c *cli.Context) error {
	pairings, err := logPairings(c)
	if err != nil {
		return err
	}
	if len(pairings) != 1 {
		return usageError("--from-log: the logs hold %d pairings; a match is one (see tournament --from-log)", len(pairings))
	}
	var test *arena.SPRT
	if s := c.String("sprt"); s != "" {
		if test, err = arena.ParseSPRT(s); err != nil {
			return usageError("--sprt: %v", err)
		}
	}
	r := pairings[0].Result(test)
	if note := r.DroppedNote(); note != "" {
		fmt.Fprintf(env.stderr, "ginadvisor: --from-log: %s\n", note)
	}
	return wrote(writeResult(env, c, &r))
}

// logPairings reads the whole games of the logs named as arguments and
// sorts them into pairings.
func logPairings(c *cli.Context) ([]*arena.Pairing, error) {
	if c.NArg() == 0 {
		return nil, usageError("--from-log: give the logs as arguments")
	}
	var games []*gamelog.Game
	for _, path := range c.Args().Slice() {
		r, err := arena.ReadWholeLog(path)
		if err == nil && len(r.Games) == 0 {
			err = fmt.Errorf("no games")
		}
		if err != nil {
			return nil, &exitError{code: ExitBadInput, err: fmt.Errorf("--from-log: %s: %w", render.EscapeControl(path), err)}
		}
		games = append(games, r.Games...)
	}
	p, err := arena.Pairings(games)
	if err != nil {
		return nil, &exitError{code: ExitBadInput, err: fmt.Errorf("--from-log: %w", err)}
	}
	return p, nil
}

// arenaInputs are the files a match or tournament of players reads, by
// flag: --deals and each conf: player's configuration file.
func arenaInputs(c *cli.Context, players []string) map[string]string {
	in := map[string]string{}
	if d := c.String("deals"); d != "" {
		in[d] = "--deals"
	}
	for _, p := range players {
		if rest, ok := strings.CutPrefix(p, "conf:"); ok {
			if i := strings.LastIndex(rest, ":"); i >= 0 {
				in[rest[:i]] = "the engines file of " + p
			}
		}
	}
	return in
}

// checkArenaFiles refuses, before anything is played or written, an
// output of a match or tournament that would lose a file: --log or
// --save-deals naming an input, or each other, --save-deals or --stderr's
// files already there without --force or --resume.
func checkArenaFiles(c *cli.Context, players []string) error {
	inputs := arenaInputs(c, players)
	outs := map[string]string{"--log": c.String("log"), "--save-deals": c.String("save-deals")}
	for _, flag := range []string{"--log", "--save-deals"} {
		path := outs[flag]
		if path == "" {
			continue
		}
		for in, what := range inputs {
			if sameFile(path, in) {
				return usageError("%s: %s is also an input (%s)", flag, render.EscapeControl(path), render.EscapeControl(what))
			}
		}
	}
	if sameFile(outs["--log"], outs["--save-deals"]) || (outs["--log"] != "" && outs["--log"] == outs["--save-deals"]) {
		return usageError("--save-deals: %s is also the --log", render.EscapeControl(outs["--save-deals"]))
	}
	keep := !c.Bool("force") && !c.Bool("resume")
	if p := outs["--save-deals"]; keep && p != "" {
		if info, err := os.Stat(p); err == nil && info.Mode().IsRegular() {
			return usageError("--save-deals: %s exists: give --force to overwrite it", render.EscapeControl(p))
		}
	}
	if dir := c.String("stderr"); keep && dir != "" {
		if old := stderrFiles(dir); len(old) > 0 {
			return usageError("--stderr: %s holds %s from another run: give --resume or --force to overwrite them, or another directory",
				render.EscapeControl(dir), render.EscapeControl(filepath.Base(old[0])))
		}
	}
	return nil
}

// stderrFiles are the files of a directory that a run's --stderr writes.
func stderrFiles(dir string) []string {
	var out []string
	for _, ext := range []string{".stderr", ".exchange"} {
		m, _ := filepath.Glob(filepath.Join(dir, "game[0-9]*-player[0-9]*"+ext))
		out = append(out, m...)
	}
	return out
}

// sameFile says paths a and b name one file, by any name.
func sameFile(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	ia, err1 := os.Stat(a)
	ib, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(ia, ib)
}

// saveDeals writes --save-deals, when asked for: never onto an input.
func saveDeals(c *cli.Context, o *arena.Options, players []string) error {
	path := c.String("save-deals")
	if path == "" {
		return nil
	}
	f, err := outfile.Create(path, slices.Collect(maps.Keys(arenaInputs(c, players))))
	if errors.Is(err, outfile.ErrIsInput) {
		return usageError("--save-deals: %s is also an input", render.EscapeControl(path))
	} else if err != nil {
		return fmt.Errorf("--save-deals: %w", err)
	}
	defer f.Abort()
	if err := arena.WriteDeals(f, o); err != nil {
		return fmt.Errorf("--save-deals: %w", err)
	}
	return f.Commit()
}

// openMatchLog opens --log, when asked for: begun anew (a file there only
// with --force), or with --resume continued after the whole games of the
// earlier run, which o.Done then holds. A game cut short at its end (the
// run was killed while writing it) is cut off and played again; a log of
// an older format version is written again in this one first.
func openMatchLog(env *environment, c *cli.Context, o *arena.Options) (*gameLog, error) {
	path := c.String("log")
	if !c.Bool("resume") {
		if path == "" {
			return nil, nil
		}
		return startGameLog(path, c.Bool("force"), "give --resume to continue it, or --force to overwrite it")
	}
	if path == "" {
		return nil, usageError("--resume: give the match's log with --log")
	}
	g, err := lockGameLog(path)
	if err != nil {
		return nil, err
	}
	prior, err := arena.Resume(path, o)
	if err != nil {
		g.Close()
		return nil, usageError("--resume: %v", err)
	}
	return continueLog(env, g, path, prior)
}

// continueLog continues a log read for --resume, which g holds locked:
// its cut game said and dropped, an older version rewritten in this one
// (and locked again: the rewrite replaces the file).
func continueLog(env *environment, g *outfile.Growing, path string, prior arena.Resumed) (*gameLog, error) {
	if prior.Cut {
		fmt.Fprintf(env.stderr, "ginadvisor: --resume: %s:%d: the last game was cut short; it is dropped and played again\n", render.EscapeControl(path), prior.CutLine)
	}
	keep := prior.Whole
	if !prior.Current && len(prior.Games) > 0 {
		var err error
		keep, err = rewriteLog(path, prior.Games)
		g.Close()
		if err != nil {
			return nil, fmt.Errorf("--log: %w", err)
		}
		if g, err = lockGameLog(path); err != nil {
			return nil, err
		}
	}
	return continueGameLog(g, keep)
}

// rewriteLog writes games as the whole log at path, in this version's
// format, and returns its length.
func rewriteLog(path string, games []*gamelog.Game) (int64, error) {
	f, err := outfile.Create(path, nil)
	if err != nil {
		return 0, err
	}
	defer f.Abort()
	if err := gamelog.WriteLog(f, games); err != nil {
		return 0, err
	}
	if err := f.Commit(); err != nil {
		return 0, err
	}
	info, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	return info.Size(), nil
}
