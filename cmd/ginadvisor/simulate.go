package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/ginadvisor/ginadvisor/engine"
)

func simulateCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:  "simulate",
		Usage: "play many games between two players and measure their strength",
		Description: "Seats and first dealers are balanced, and games run in parallel. A seed gives\n" +
			"the same results whatever the number of workers. Players: " + strings.Join(engine.PlayerNames(), ", ") + ".",
		Flags: append(append(outputFlags(),
			&cli.StringFlag{Name: "p1", Value: "simple", Usage: "the first player"},
			&cli.StringFlag{Name: "p2", Value: "simple", Usage: "the second player"},
			&cli.IntFlag{Name: "games", Value: 1000, Usage: "games to play"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "the seed for shuffles and random choices"},
			&cli.IntFlag{Name: "workers", Usage: "games played at once (default: one per core)"},
			&cli.StringFlag{Name: "log", Usage: "write every game to this file in the game log format"},
			&cli.BoolFlag{Name: "quiet", Usage: "no progress bar"},
		), rulesFlags()...),
		Action: func(c *cli.Context) error {
			r, err := env.startWithRules(c)
			if err != nil {
				return err
			}
			var players [2]engine.NewPlayerFunc
			var names [2]string
			for i, flag := range []string{"p1", "p2"} {
				names[i] = c.String(flag)
				if players[i], err = engine.LookupPlayer(names[i]); err != nil {
					return usageError("--%s: %v", flag, err)
				}
			}
			if names[0] == names[1] {
				names[0], names[1] = names[0]+" (p1)", names[1]+" (p2)"
			}
			games := c.Int("games")
			if games < 1 {
				return usageError("--games must be at least 1, not %d", games)
			}
			if c.Int("workers") < 0 {
				return usageError("--workers must not be negative")
			}
			opts := engine.SimOptions{Rules: r, Players: players, Names: names, Games: games, Seed: c.Uint64("seed"),
				Workers: c.Int("workers"), Record: c.String("log") != ""}
			var bar *progressBar
			if !c.Bool("quiet") && env.isTerminal(env.stderr) {
				bar = newProgressBar(env.stderr, games, "games")
				opts.Progress = bar.set
			}
			s, err := engine.Simulate(opts)
			bar.finish()
			if err != nil {
				return err
			}
			if path := c.String("log"); path != "" {
				if err := writeLogFile(path, s.Records); err != nil {
					return err
				}
			}
			if c.Bool("json") {
				return writeJSON(env.stdout, s)
			}
			return printSummary(env.stdout, s)
		},
	}
}

func writeLogFile(path string, games []*engine.GameRecord) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := engine.WriteLog(f, games); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func pct(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) + "%" }

func printSummary(w io.Writer, s engine.Summary) error {
	rows := make([][]string, 0, len(s.Players))
	for _, p := range s.Players {
		rows = append(rows, []string{
			p.Name,
			fmt.Sprintf("%d (%s, 95%% CI %s-%s)", p.GamesWon, pct(p.WinRate), pct(p.WinRateCI95[0]), pct(p.WinRateCI95[1])),
			strconv.Itoa(p.HandsWon),
			pct(p.KnockRate), pct(p.GinRate), pct(p.UndercutRate), pct(s.DeadRate),
			strconv.FormatFloat(p.PointsPerHand, 'f', 2, 64),
			strconv.FormatFloat(s.DrawsPerHand, 'f', 2, 64),
			strconv.FormatFloat(s.HandsPerGame, 'f', 2, 64),
		})
	}
	header := []string{"Player", "Games won", "Hands won", "Knocks", "Gin", "Undercuts made", "Dead hands", "Points/hand", "Draws/hand", "Hands/game"}
	if err := newTableWriter(w).render(header, rows); err != nil {
		return err
	}
	o := s.Outcomes
	_, err := fmt.Fprintf(w, "%d games, %d hands, rules %s, seed %d. Hands ended: knock %s, undercut %s, gin %s, big gin %s, dead %s. Points per scored hand: %.2f.\n",
		s.Games, s.Hands, s.Rules, s.Seed, pct(o.Knock), pct(o.Undercut), pct(o.Gin), pct(o.BigGin), pct(o.Dead), s.PointsPerScoredHand)
	if s.Unfinished > 0 {
		fmt.Fprintf(w, "%d games stopped unfinished after 1000 hands.\n", s.Unfinished)
	}
	return err
}

// progressBar draws a bar on a terminal, at most ten times a second.
type progressBar struct {
	mu    sync.Mutex
	w     io.Writer
	total int
	unit  string
	last  time.Time
	done  int
}

func newProgressBar(w io.Writer, total int, unit string) *progressBar {
	return &progressBar{w: w, total: total, unit: unit}
}

func (b *progressBar) set(done int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if done > b.done {
		b.done = done
	}
	if time.Since(b.last) < 100*time.Millisecond && b.done < b.total {
		return
	}
	b.last = time.Now()
	const width = 30
	filled := width * b.done / b.total
	fmt.Fprintf(b.w, "\r[%s%s] %3d%% %d/%d %s", strings.Repeat("#", filled), strings.Repeat(".", width-filled), 100*b.done/b.total, b.done, b.total, b.unit)
}

func (b *progressBar) finish() {
	if b == nil {
		return
	}
	b.set(b.total)
	fmt.Fprintln(b.w)
}

func playCommand(env *environment) *cli.Command {
	return &cli.Command{
		Name:  "play",
		Usage: "play a game against a bot in the terminal",
		Flags: append(append(outputFlags(),
			&cli.StringFlag{Name: "opponent", Value: "simple", Usage: "the bot: " + strings.Join(engine.PlayerNames(), ", ")},
			&cli.Uint64Flag{Name: "seed", Usage: "the seed (default: from the clock)"},
		), rulesFlags()...),
		Action: func(c *cli.Context) error {
			r, err := env.startWithRules(c)
			if err != nil {
				return err
			}
			bot, err := engine.LookupPlayer(c.String("opponent"))
			if err != nil {
				return usageError("--opponent: %v", err)
			}
			seed := c.Uint64("seed")
			if !c.IsSet("seed") {
				seed = uint64(time.Now().UnixNano())
			}
			w := env.stdout
			human := engine.NewTerminal(env.stdin, w)
			setup := engine.GameSetup{Rules: r, Seed: seed, Record: true, OnHand: func(h *engine.HandRecord, totals [2]int) {
				fmt.Fprintf(w, "\nHand %d: %s.", h.Number, h.Score.Summary())
				if h.Knocker >= 0 {
					fmt.Fprintf(w, " Knocker laid down %s, deadwood %s; defender deadwood %s.", spreadLine(h), h.KnockerDeadwood, h.DefenderDeadwood)
				}
				fmt.Fprintf(w, "\nScore: you %d, %s %d.\n", totals[0], c.String("opponent"), totals[1])
			}}
			st, _, err := engine.PlayGame(setup, [2]engine.Player{human, bot(seed ^ 0xb07)})
			if err != nil {
				return err
			}
			f := st.Final
			who := "You win"
			if f.Winner == 1 {
				who = "The bot wins"
			}
			_, err = fmt.Fprintf(w, "\n%s: %d to %d (with bonuses). Seed %d.\n", who, f.Totals[0], f.Totals[1], seed)
			return err
		},
	}
}

func spreadLine(h *engine.HandRecord) string {
	parts := make([]string, h.Spread.N)
	for i := 0; i < h.Spread.N; i++ {
		parts[i] = h.Spread.Melds[i].String()
	}
	return strings.Join(parts, " | ")
}
