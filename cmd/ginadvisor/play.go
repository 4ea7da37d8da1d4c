package main

import (
	"context"
	"errors"
	"fmt"
	"github.com/ginadvisor/ginadvisor/internal/cliargs"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/players"
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
		), rulesFlags()...),
		Action: func(c *cli.Context) error {
			r, err := env.startWithRules(c)
			if err != nil {
				return err
			}
			opponent, err := players.LookupWith(c.String("opponent"), players.Options{})
			if err != nil {
				return usageError("--opponent: %v", err)
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
			if c.IsSet("log") && logPath == "" {
				return usageError("--log needs a file name")
			}
			var lw *gamelog.File
			if logPath != "" {
				// Opened before the game, so that a bad path fails at once.
				if lw, err = gamelog.StartFile(logPath, c.Bool("force"), "give --force to overwrite it"); err != nil {
					return err
				}
			}
			g := playedGame{env: env, opponent: c.String("opponent"), rules: r, seed: seed, log: lw, logPath: logPath}
			return g.play(c.Context, [2]bot.Player{human, opponent(seed ^ 0xb07)})
		},
	}
}

// playedGame is a game of play: the person against the bot, and the log
// it goes to once over.
type playedGame struct {
	env      *environment
	opponent string
	rules    rules.Rules
	seed     uint64
	log      *gamelog.File // nil without --log
	logPath  string
}

// play plays the game to its end and logs it. A game stopped before its
// end, by quit, the end of the input or an error, is not logged, and its
// log, when this run created it, is removed: a file holding only the
// header would refuse the rerun that the message suggests.
func (g playedGame) play(ctx context.Context, seats [2]bot.Player) (err error) {
	logged := false
	if g.log != nil {
		defer func() {
			if !logged {
				err = errors.Join(err, g.log.Remove())
			} else if cerr := g.log.Close(); err == nil && cerr != nil {
				err = fmt.Errorf("--log: %w", cerr)
			}
		}()
	}
	w := g.env.stdout
	// The player shows each showdown; the game adds the score.
	setup := engine.GameSetup{Rules: g.rules, Seed: g.seed, Record: g.log != nil, OnHand: func(st *game.State) {
		res, _ := st.Result()
		fmt.Fprintf(w, "Score: you %d, the opponent (%s) %d.\n", res.Totals[0], g.opponent, res.Totals[1])
	}}
	st, rec, err := engine.PlayGame(ctx, setup, seats)
	if errors.Is(err, terminal.ErrQuit) || errors.Is(err, terminal.ErrInputEnded) {
		// Quitting, or Ctrl-D, ends the game cleanly.
		_, werr := fmt.Fprintf(w, "\nGame stopped. To play this deal again: ginadvisor play --seed %d --opponent %s --rules %s\n",
			g.seed, g.opponent, rules.FormatSpec(g.rules))
		var ie *terminal.InputError
		if errors.As(err, &ie) {
			return notText("stdin", ie.Err)
		}
		return werr
	}
	if err != nil {
		return err
	}
	if g.log != nil {
		if err := recorder(g.log, "ginadvisor play")(1, rec); err != nil {
			return fmt.Errorf("--log: %w", err)
		}
		logged = true
		fmt.Fprintf(w, "The game is in %s: review it with ginadvisor batch %s, or on the board.\n", g.logPath, g.logPath)
	}
	f := st.Final
	who := "You win"
	if f.Winner == notation.P2 {
		who = "The bot wins"
	}
	_, err = fmt.Fprintf(w, "\n%s: %d to %d (with bonuses). Seed %d.\n", who, f.Totals[0], f.Totals[1], g.seed)
	return err
}

// terminalPlayer is the person at the terminal, with the advisor's hint
// at --hint-samples worlds a move, or the least deadwood's at 0.
func terminalPlayer(env *environment, c *cli.Context) (*terminal.Terminal, error) {
	human := terminal.New(env.stdin, env.stdout)
	human.Symbols = c.Bool("symbols")
	human.MeldStyle = env.styleFor(c).Meld
	human.DeadwoodStyle = env.styleFor(c).Deadwood
	n := c.Int("hint-samples")
	if n < 0 || n > advise.MaxSamples {
		return nil, usageError("--hint-samples must be from 0 to %d, not %d", advise.MaxSamples, n)
	}
	if n > 0 {
		human.HintName = fmt.Sprintf("the advisor at %d worlds", n)
		human.Hint = func(ctx context.Context, pos *game.Position) (game.Move, error) {
			a, err := analyze.Advise(ctx, pos, analyze.Options{Samples: n, Seed: 1, Workers: 1, MovesOnly: true})
			if err != nil {
				return game.Move{}, err
			}
			return a.Candidates[0].Move, nil
		}
	}
	return human, nil
}
