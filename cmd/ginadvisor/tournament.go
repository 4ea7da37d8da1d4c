package main

import (
	"io"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/arena"
	"github.com/ginadvisor/ginadvisor/internal/cliargs"
	"github.com/ginadvisor/ginadvisor/internal/cliexit"
	"github.com/ginadvisor/ginadvisor/render"
)

func tournamentCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:      "tournament",
		Usage:     "play a round robin (or a gauntlet) of players and rate them",
		ArgsUsage: "PLAYER PLAYER... | --from-log LOG...",
		Description: "Players are as for match; ratings are Bradley-Terry, on the Elo scale, with\n" +
			"intervals from a bootstrap over the pairs of mirrored games (docs/arena.md).\n\n" +
			"Examples:\n  ginadvisor tournament --games 100 simple heuristic cautious\n" +
			"  ginadvisor tournament --log t.log --concurrency 2 \\\n    'engine:./mybot' simple heuristic\n" +
			"  ginadvisor tournament --from-log t.log",
		Flags: append(cliargs.OutputFlags(), append(cliargs.ArenaFlags(100),
			&cli.BoolFlag{Name: "gauntlet", Usage: "the first player against each other only (--sprt tests each pairing)"},
			&cli.BoolFlag{Name: "html", Usage: "write the standings as an HTML page"})...),
		Action: func(c *cli.Context) error {
			if err := cliargs.CheckOutput(c); err != nil {
				return err
			}
			if err := cliargs.FileNames(c, "log", "save-deals", "stderr", "deals"); err != nil {
				return err
			}
			if c.Bool("from-log") {
				return tournamentFromLog(env, c)
			}
			args := c.Args().Slice()
			if len(args) < 2 || len(args) > 32 {
				return cliexit.Usagef("tournament takes 2 to 32 players, not %d", len(args))
			}
			o := arena.TournamentOptions{Gauntlet: c.Bool("gauntlet")}
			var err error
			// The players first: the match options below read the first
			// two as a match's --p1 and --p2, which a tournament has not.
			if o.Players, err = arena.ParseSpecs(args); err != nil {
				return cliexit.Usagef("%v", err)
			}
			if o.Match, err = cliargs.ArenaConfig(c, args[0], args[1]).Options(); err != nil {
				return cliexit.Usagef("%v", err)
			}
			for i, p := range o.Players {
				if err := arena.CheckOptions(p, o.Match.Rules); err != nil {
					return cliexit.Usagef("player %d, %s: %v", i+1, arena.QuoteSpec(p), err)
				}
			}
			if o.Match.SPRT != nil && !o.Gauntlet {
				return cliexit.Usagef("--sprt tests a gauntlet's pairings: give --gauntlet")
			}
			files := arenaFiles(c, args)
			if err := files.Check(); err != nil {
				return err
			}
			ctx, stop := cliexit.Interruptible(c.Context)
			defer stop()
			if err := files.WriteSavedDeals(&o.Match); err != nil {
				return err
			}
			if o.Players, err = arena.ResolveNames(ctx, o.Players, o.Match.Rules, o.Match.Handshake); err != nil {
				return startFailed(ctx, err)
			}
			// With --resume, the earlier run's games go to the pairings
			// they belong to.
			lw, err := files.OpenLog(ctx, "the tournament", func(path string) (arena.Resumed, error) {
				r, err := arena.ReadWholeLog(path)
				o.Logged = r.Games
				if err == nil {
					err = o.CheckLogged(path)
				}
				return r, err
			}, env.note)
			if err != nil {
				return cliexit.InterruptedOr(ctx, err)
			}
			if lw != nil {
				defer lw.Close()
				o.OnGame = func(_, _ int, players [2]arena.Spec, g *arena.Game) error {
					return arena.WriteGame(lw, g, players, o.Match.Rules)
				}
			}
			o.Progress = env.stderr
			o.Match.Progress, o.Match.Escape = env.stderr, render.EscapeControl
			s, err := arena.Tournament(ctx, o)
			if err != nil && !s.Interrupted {
				return optionRefused(err)
			}
			if err := writeStandings(env, summaryOut(env, c, lw != nil), c, &s); err != nil {
				return cliexit.Wrote(err)
			}
			if s.Interrupted {
				return cliexit.Silent(ExitInterrupted) // the games played are reported
			}
			return nil
		},
	}
}

// writeStandings writes the tournament's standings to out.
func writeStandings(env *environment, out io.Writer, c *cli.Context, s *arena.Standings) error {
	switch {
	case cliargs.WantJSON(c):
		return render.JSON(out, s)
	case c.Bool("html"):
		return s.WriteHTML(out)
	}
	return render.Standings(out, env.styleFor(c), s)
}

// tournamentFromLog prints the standings the logs hold, as the tournament
// printed them.
func tournamentFromLog(env *environment, c *cli.Context) error {
	pairings, test, err := fromLog(c)
	if err != nil {
		return err
	}
	s := arena.StandingsFromLog(pairings, test)
	if err := cliexit.Wrote(writeStandings(env, env.stdout, c, &s)); err != nil {
		return err
	}
	return missingGames(env, pairings)
}
