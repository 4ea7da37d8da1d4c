package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/ginadvisor/ginadvisor/batch"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/gamelog"
)

// errGrading means the judge could not grade every game played.
var errGrading = errors.New("grading the games")

// gameLog keeps the games against one partner as a game log in memory,
// for batch to grade.
type gameLog struct {
	buf bytes.Buffer
	w   *gamelog.Writer
	n   int
}

func newGameLog() *gameLog {
	l := &gameLog{}
	l.w = gamelog.NewWriter(&l.buf)
	return l
}

// add writes game g, as simulate's --log would.
func (l *gameLog) add(g *engine.GameRecord) error {
	l.n++
	lg, err := gamelog.GameFromStates(l.n, g.Seed, g.Rules, g.Players, g.FirstDealer, g.Hands, g.Events, g.Final)
	if err != nil {
		return fmt.Errorf("%w: game %d: %w", errGrading, l.n, err)
	}
	return l.w.Write(lg)
}

// kindGrade is how one player's decisions of one kind were graded.
type kindGrade struct {
	decisions, matched int
	lost               float64 // the equity lost, summed
}

// grade has batch grade every decision of the log by the advisor at
// samples worlds a decision (seeded by seed), and returns both players'
// grades by decision kind, the measured player's first.
func grade(ctx context.Context, l *gameLog, name string, names [2]string, samples int, seed uint64, workers int) ([2][]kindGrade, error) {
	var out [2][]kindGrade
	data := l.buf.Bytes()
	in := batch.Input{Name: name, Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }}
	s, err := batch.Run(ctx, []batch.Input{in}, batch.Options{Samples: samples, Seed: seed, Workers: workers})
	if err != nil {
		return out, fmt.Errorf("%w: %w", errGrading, err)
	}
	if len(s.Errors) > 0 || s.GamesAnalyzed != l.n {
		return out, fmt.Errorf("%w: %d of %d games graded, %d problems", errGrading, s.GamesAnalyzed, l.n, len(s.Errors))
	}
	for side, n := range names {
		for _, p := range s.Players {
			if p.Name == n {
				out[side] = kindsOf(p)
			}
		}
		if out[side] == nil {
			return out, fmt.Errorf("%w: no grades for %s", errGrading, n)
		}
	}
	return out, nil
}

// kindsOf is a player's grades by decision kind, in batch's order of the
// kinds.
func kindsOf(p *batch.Player) []kindGrade {
	out := make([]kindGrade, len(p.ByKind))
	for k, ks := range p.ByKind {
		out[k] = kindGrade{decisions: ks.Decisions, matched: ks.Matched, lost: ks.EquityLost}
	}
	return out
}

// writeGrades prints the equity each side lost a game by decision kind,
// and the decisions a game and the share the judge would have played too.
func writeGrades(w io.Writer, who string, samples int, all []*tally) {
	var graded []*tally
	for _, t := range all {
		if t.grades[0] != nil {
			graded = append(graded, t)
		}
	}
	if len(graded) == 0 {
		return
	}
	kinds := len(graded[0].grades[0])
	header := func() {
		fmt.Fprint(w, "| kind |")
		for _, t := range graded {
			fmt.Fprintf(w, " %s vs %s | %s |", who, t.partner, t.partner)
		}
		fmt.Fprintf(w, "\n|---|%s\n", repeat("---|", 2*len(graded)))
	}
	fmt.Fprintf(w, "\nEquity lost by decision kind, as batch grades it (the advisor judging at %d worlds a decision):\n"+
		"points of the chance of winning the game (%%) lost a game, each side.\n\n", samples)
	table := func(cell func(g kindGrade, games int) string) {
		header()
		for k := range kinds + 1 {
			fmt.Fprintf(w, "| %s |", kindName(k, kinds))
			for _, t := range graded {
				for side := range 2 {
					fmt.Fprintf(w, " %s |", cell(sumKinds(t.grades[side], k), t.games))
				}
			}
			fmt.Fprintln(w)
		}
	}
	table(func(g kindGrade, games int) string { return fmt.Sprintf("%.2f", 100*g.lost/float64(max(games, 1))) })
	fmt.Fprintf(w, "\nDecisions a game by kind, and the share of them the judge would have played too (%%).\n\n")
	table(func(g kindGrade, games int) string {
		return fmt.Sprintf("%.1f, %.0f%%", per(g.decisions, games), pct(g.matched, g.decisions))
	})
}

// kindName names kind k of batch's kinds, or "all" for k == kinds.
func kindName(k, kinds int) string {
	if k == kinds {
		return "all"
	}
	return batch.Kind(k).String()
}

// sumKinds is the grade of kind k, or of every kind for k == len(g).
func sumKinds(g []kindGrade, k int) kindGrade {
	if k < len(g) {
		return g[k]
	}
	var s kindGrade
	for _, x := range g {
		s.decisions += x.decisions
		s.matched += x.matched
		s.lost += x.lost
	}
	return s
}
