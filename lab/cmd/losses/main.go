// Command losses plays a player (the advisor by default) against sparring
// partners in mirrored games and prints, in Markdown, where its points go:
// by how each hand ended (knock, gin, undercut, by which side), by the
// stage the hand ended at (its draws), and when and with what each side
// knocked; for the advisor, how far the outcome mix its rollouts predicted
// for the moves it played differs from how the hands ended, and how often
// its knocks were undercut against how often its search foresaw; and, graded by
// package batch, the equity each side lost by decision kind. It is the
// measurement of docs/research.md ("Where the advisor loses").
//
//	go run ./lab/cmd/losses -games 100 -seed 11 -judge 128 standin heuristic simple
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/players"
	"github.com/ginadvisor/ginadvisor/rules"
)

// config is what a run measures, from the flags.
type config struct {
	games   int
	rules   string
	seed    uint64
	who     string
	judge   int // the grader's worlds a decision; 0 grades nothing
	workers int // games played, and graded, at once; 0 every core
}

func main() {
	var c config
	flag.IntVar(&c.games, "games", 200, "games a partner, even (mirrored pairs)")
	flag.StringVar(&c.rules, "rules", "eaai", "the rules spec")
	flag.Uint64Var(&c.seed, "seed", 11, "the seed")
	flag.StringVar(&c.who, "player", "advisor", "the player measured, a registry spec")
	flag.IntVar(&c.judge, "judge", 128, "the worlds a decision the advisor grades every decision with, by batch (0: no grading)")
	flag.IntVar(&c.workers, "workers", 0, "games played and graded at once (0: every core)")
	flag.Parse()
	if err := run(os.Stdout, c, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "losses:", err)
		os.Exit(1)
	}
}

func run(w io.Writer, c config, partners []string) error {
	r, err := rules.ParseSpec(c.rules)
	if err != nil {
		return err
	}
	if len(partners) == 0 {
		return fmt.Errorf("name one partner or more")
	}
	me, err := players.LookupWith(c.who, players.Options{})
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var all []*tally
	for _, name := range partners {
		t, err := measure(ctx, c, r, me, name)
		if err != nil {
			return err
		}
		all = append(all, t)
	}
	write(w, c.who, all)
	writeMix(w, c.who, all)
	writeKnocks(w, c.who, all)
	writeGrades(w, c.who, c.judge, all)
	return nil
}

// measure plays the games against one partner, and grades them.
func measure(ctx context.Context, c config, r rules.Rules, me bot.NewPlayerFunc, name string) (*tally, error) {
	them, err := players.LookupWith(name, players.Options{})
	if err != nil {
		return nil, err
	}
	t := &tally{partner: name, mix: &mixTally{}, knock: &knockTally{}}
	myName, theirName := me(0).Name(), them(0).Name()
	if theirName == myName {
		return nil, fmt.Errorf("%s plays under the measured player's name %q: its seat cannot be told", name, myName)
	}
	log := newGameLog()
	s, err := engine.Simulate(ctx, engine.SimOptions{Rules: r, Players: [2]bot.NewPlayerFunc{watch(me, t.mix, t.knock), them}, Names: [2]string{c.who, name},
		Games: c.games, Seed: c.seed, Mirrored: true, Workers: c.workers, OnGame: func(_ int, g *engine.GameRecord) error {
			t.addGame(g, myName)
			if c.judge > 0 {
				return log.add(g)
			}
			return nil
		}})
	if err != nil {
		return nil, err
	}
	t.winRate = s.Players[0].WinRate
	if ci := s.Players[0].WinRatePairedCI95; ci != nil {
		t.ci = *ci
	}
	fmt.Fprintf(os.Stderr, "%s against %s: %.1f%% [%.1f, %.1f] of %d games\n", c.who, name, 100*t.winRate, 100*t.ci[0], 100*t.ci[1], s.Games)
	if c.judge > 0 {
		if t.grades, err = grade(ctx, log, name, [2]string{myName, theirName}, c.judge, c.seed, c.workers); err != nil {
			return nil, err
		}
		fmt.Fprintf(os.Stderr, "%s against %s: graded\n", c.who, name)
	}
	return t, nil
}

// endNames name the ways a hand ends (advise.Ending), from the measured
// player's side.
var endNames = [advise.NumEndings]string{"its knock", "its gin", "its knock undercut", "their knock", "their gin", "their knock undercut by it", "dead hand"}

// The stages a hand can end at, by its draws (both seats).
var stages = [...]struct {
	name  string
	upTo  int
	label string
}{{"early", 8, "1-8 draws"}, {"middle", 16, "9-16"}, {"late", 24, "17-24"}, {"end", 1 << 30, "25+"}}

// tally is what the games against one partner came to.
type tally struct {
	partner string
	games   int
	winRate float64
	ci      [2]float64 // the paired 95% interval of winRate
	hands   int
	ends    [advise.NumEndings]int
	// net is the points to the measured player less the points to the
	// partner, by how the hand ended and by stage.
	endNet   [advise.NumEndings]int
	stageN   [len(stages)]int
	stageNet [len(stages)]int
	// Knocks by side (0 the measured player): count, the draws and the
	// deadwood at the knock (gin included), undercuts suffered.
	knocks, knockDraws, knockDeadwood, cut [2]int
	// mix compares the rollouts' outcome mix with the hands' (nil, or
	// empty, for a player that is not the advisor).
	mix *mixTally
	// knock compares the measured player's knocks' predicted undercuts
	// with the real ones (empty for a player that is not the advisor).
	knock *knockTally
	// grades are each side's grades by decision kind, the measured
	// player's first; nil when not graded.
	grades [2][]kindGrade
}

func (t *tally) addGame(g *engine.GameRecord, me string) {
	t.games++
	seat := notation.Seat(0)
	if g.Players[1] == me {
		seat = 1
	}
	for i := range g.Hands {
		res, ok := g.Hands[i].Result()
		if ok {
			t.addHand(&res, seat)
		}
	}
}

func (t *tally) addHand(res *game.Result, me notation.Seat) {
	t.hands++
	net := 0
	if res.Winner.Valid() {
		net = res.Score.Points
		if res.Winner != me {
			net = -net
		}
	}
	end := advise.EndingOf(res, me)
	if res.Knocker.Valid() {
		side := 0
		if res.Knocker != me {
			side = 1
		}
		t.knocks[side]++
		t.knockDraws[side] += res.Draws
		t.knockDeadwood[side] += res.Score.KnockerDeadwood
		if res.Score.Outcome == rules.Undercut {
			t.cut[side]++
		}
	}
	t.ends[end]++
	t.endNet[end] += net
	for i, s := range stages {
		if res.Draws <= s.upTo {
			t.stageN[i]++
			t.stageNet[i] += net
			break
		}
	}
}

// write prints the three tables.
func write(w io.Writer, who string, all []*tally) {
	fmt.Fprintf(w, "| %s against | games | wins %% (paired 95%%) | hands |\n|---|---|---|---|\n", who)
	for _, t := range all {
		fmt.Fprintf(w, "| %s | %d | %.1f [%.1f, %.1f] | %d |\n", t.partner, t.games, 100*t.winRate, 100*t.ci[0], 100*t.ci[1], t.hands)
	}
	fmt.Fprintf(w, "\nHow hands end: share of hands %%, and net points a hand to %s from them.\n\n", who)
	shareTable(w, "hand ends in", endNames[:], all, func(t *tally, e int) (int, int) { return t.ends[e], t.endNet[e] })
	fmt.Fprintf(w, "\nThe stage a hand ends at (draws by both seats): share of hands %%, net points a hand to %s.\n\n", who)
	stageNames := make([]string, len(stages))
	for i, s := range stages {
		stageNames[i] = s.name + " (" + s.label + ")"
	}
	shareTable(w, "stage", stageNames, all, func(t *tally, i int) (int, int) { return t.stageN[i], t.stageNet[i] })
	fmt.Fprintf(w, "\nKnocks (gin included): knocks a hand, mean draws and deadwood at the knock, share undercut.\n\n| partner | %s knocks | its draws, deadwood | undercut | partner knocks | draws, deadwood | undercut |\n|---|---|---|---|---|---|---|\n", who)
	for _, t := range all {
		fmt.Fprintf(w, "| %s |", t.partner)
		for side := range 2 {
			n := t.knocks[side]
			fmt.Fprintf(w, " %.2f | %.1f, %.1f | %.1f%% |", per(n, t.hands), per(t.knockDraws[side], n), per(t.knockDeadwood[side], n), pct(t.cut[side], n))
		}
		fmt.Fprintln(w)
	}
}

// shareTable prints a table of the hands a row takes, a column a
// partner: in each cell, the row's share of the partner's hands and its
// net points a hand; count gives a row's hands and net points.
func shareTable(w io.Writer, corner string, rows []string, all []*tally, count func(t *tally, row int) (n, net int)) {
	fmt.Fprintf(w, "| %s |", corner)
	for _, t := range all {
		fmt.Fprintf(w, " %s |", t.partner)
	}
	fmt.Fprintf(w, "\n|---|%s\n", repeat("---|", len(all)))
	for i, row := range rows {
		fmt.Fprintf(w, "| %s |", row)
		for _, t := range all {
			n, net := count(t, i)
			fmt.Fprintf(w, " %.1f%%, %+.2f |", pct(n, t.hands), per(net, t.hands))
		}
		fmt.Fprintln(w)
	}
}

func per(n, d int) float64 {
	if d == 0 {
		return 0
	}
	return float64(n) / float64(d)
}

func pct(n, d int) float64 { return 100 * per(n, d) }

func repeat(s string, n int) string { return strings.Repeat(s, n) }
