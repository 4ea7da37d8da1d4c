package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/internal/cliargs"
	"github.com/ginadvisor/ginadvisor/internal/cliexit"
	"github.com/ginadvisor/ginadvisor/lines"
	"github.com/ginadvisor/ginadvisor/outfile"
	"github.com/ginadvisor/ginadvisor/players"
	"github.com/ginadvisor/ginadvisor/render"
	"github.com/ginadvisor/ginadvisor/rules"
	"github.com/ginadvisor/ginadvisor/terminal"
)

func playCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:  "play",
		Usage: "play a game against a bot in the terminal",
		Description: "Answer each prompt with a letter or a card; \"quit\" or Ctrl-D ends the game.\n\n" +
			"Examples:\n" +
			"  ginadvisor play\n" +
			"  ginadvisor play --opponent random --rules oklahoma --symbols",
		Flags: append(append(cliargs.ColorFlags(),
			cliargs.Symbols(""),
			&cli.StringFlag{Name: "opponent", Value: "simple", Usage: "the bot: " + strings.Join(players.Names(), ", ")},
			&cli.Uint64Flag{Name: "seed", Usage: "the seed of the shuffles", DefaultText: "from the clock"},
			&cli.StringFlag{Name: "log", Usage: "write the game, once over, to this file in the game log format (for batch and the board's review; a file there is refused without --force; a game stopped before its end leaves no file)"},
			&cli.BoolFlag{Name: "force", Usage: "overwrite the --log file if there is one"},
			&cli.IntFlag{Name: "hint-samples", Value: analyze.SmallPlayerSamples, Usage: "the advisor's sampled worlds behind each hint, 1 to 100,000; 0 hints the discard that leaves the least deadwood"},
		), cliargs.RulesFlags()...),
		Action: func(c *cli.Context) error {
			r, err := env.startWithRules(c)
			if err != nil {
				return err
			}
			opponent, err := players.LookupWith(c.String("opponent"), players.Options{})
			if err != nil {
				return cliexit.Usagef("--opponent: %v", err)
			}
			seed := c.Uint64("seed")
			if !c.IsSet("seed") {
				seed = uint64(time.Now().UnixNano())
			}
			human, err := terminalPlayer(env, c)
			if err != nil {
				return err
			}
			logPath := c.String("log")
			if err := cliargs.FileNames(c, "log"); err != nil {
				return err
			}
			if logPath != "" && outfile.SameFile(logPath, unwrap(env.stdout)) {
				// The game is drawn on standard output: a log there would
				// be mixed with the screen, and not read back.
				return cliexit.Usagef("--log: %s is standard output, where the game is played: write the log to a file", lines.Escape(logPath))
			}
			var lw *gamelog.File
			if logPath != "" {
				// Opened before the game, so that a bad path fails at once.
				if lw, err = gamelog.StartFile(c.Context, logPath, c.Bool("force"), "give --force to overwrite it"); err != nil {
					return err
				}
			}
			// Ctrl-C or SIGTERM, even while the game waits for a line,
			// stops it as quit does: the log, holding no game, goes, so
			// that the same command plays the deal again.
			ctx, stop := cliexit.Interruptible(c.Context)
			defer stop()
			_, unwatch := cliexit.DieOnInterrupt(ctx, func() {
				if lw != nil {
					lw.RemoveUnwritten()
				}
				fmt.Fprintf(env.stderr, "\nginadvisor: interrupted. To play this deal again: ginadvisor play --seed %d --opponent %s --rules %s\n", seed, c.String("opponent"), rules.FormatSpec(r))
			})
			defer unwatch()
			g := terminal.Game{Opponent: c.String("opponent"), Rules: r, Seed: seed, Log: lw, LogPath: logPath}
			return cliexit.NotText("stdin", g.Play(ctx, env.stdout, [2]bot.Player{human, opponent(seed ^ 0xb07)}))
		},
	}
}

// terminalPlayer is the person at the terminal, with the advisor's hint
// at --hint-samples worlds a move, or the least deadwood's at 0.
func terminalPlayer(env *environment, c *cli.Context) (*terminal.Terminal, error) {
	human, style := terminal.New(env.stdin, env.stdout), env.styleFor(c)
	human.Symbols, human.MeldStyle, human.DeadwoodStyle = c.Bool("symbols"), style.Meld, style.Deadwood
	if n := c.Int("hint-samples"); n < 0 || n > advise.MaxSamples {
		return nil, cliexit.Usagef("--hint-samples must be from 0 to %s, not %d", render.Thousands(advise.MaxSamples), n)
	} else if n > 0 {
		human.HintName, human.Hint = players.Hint(n)
	}
	return human, nil
}
