//go:build lab

package rank

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/rules"
)

// decisions are the decisions with two moves or more of a few games of
// heuristic against simple.
func decisions(t *testing.T, games int) []game.Position {
	t.Helper()
	var out []game.Position
	_, err := engine.Simulate(context.Background(), engine.SimOptions{Rules: rules.Presets()["standard"],
		Players: [2]bot.NewPlayerFunc{func(uint64) bot.Player { return bot.NewHeuristic(0) }, func(s uint64) bot.Player { return bot.NewSimple(s) }},
		Names:   [2]string{"a", "b"}, Games: games, Seed: 9, Workers: 1,
		OnGame: func(k int, g *engine.GameRecord) error {
			lg, err := gamelog.GameFromStates(k, g.Seed, g.Rules, g.Players, g.FirstDealer, g.Hands, g.Events, g.Final)
			if err != nil {
				return err
			}
			return lg.Replay(func(d *gamelog.Decision) bool {
				if len(d.Position.Legal(nil)) > 1 {
					out = append(out, d.Position)
				}
				return true
			})
		}})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// planted gives each move of each position an equity that a known model
// ranks: a world where the best move is a linear function of the
// features, which the fit must find.
func planted(t *testing.T, ps []game.Position, truth *Model) []Verdict {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	var vs []Verdict
	for i := range ps {
		p := &ps[i]
		moves := p.Legal(nil)
		s, ok := truth.Scores(p, moves)
		if !ok {
			continue
		}
		v := Verdict{Position: *p, Moves: moves}
		for _, x := range s {
			v.Equity = append(v.Equity, min(1, max(0, 0.5+0.01*x+0.001*rng.NormFloat64())))
			v.SE = append(v.SE, 0.001)
		}
		vs = append(vs, v)
	}
	return vs
}

// TestFitFindsAPlantedRanking: verdicts whose equities follow a model the
// features can express are fitted closely enough that the fit's picks
// lose almost nothing, where the heuristic's lose more.
func TestFitFindsAPlantedRanking(t *testing.T) {
	truth := &Model{W: [numGroups][]float64{
		TakeGroup:    {0, -1, 2, 3, -1, 0, 0},
		DiscardGroup: {0, -3, 1, -2, -1, -2, -1, 0, 1, 0.5},
		KnockGroup:   {0, 1, -2, 3, -1, 0, -1, -1, 0},
	}}
	vs := planted(t, decisions(t, 4), truth)
	if len(vs) < 100 {
		t.Fatalf("only %d verdicts", len(vs))
	}
	m := Fit(vs, FitOptions{Steps: 400})
	r := m.Regrets(vs)
	if r.ModelBest < 0.9 || r.Model > r.Heuristic/4 {
		t.Errorf("the fit picks the best in %.1f%% and loses %.4f; the heuristic %.4f", 100*r.ModelBest, r.Model, r.Heuristic)
	}
	if err := m.Check(); err != nil {
		t.Error(err)
	}
}

// TestPickKeepsTheBestAndPrunes: Pick's baseline is the best-scored move,
// what it keeps is a part of the moves in their order within Prune of
// the best, and a model without weights keeps every move and the
// heuristic's baseline.
func TestPickKeepsTheBestAndPrunes(t *testing.T) {
	m := &Model{W: [numGroups][]float64{
		TakeGroup:    {1, 0, 1, 2, 0, 0, 0},
		DiscardGroup: {1, -3, 1, -2, -1, -2, -1, 0, 1, 0},
		KnockGroup:   {1, 1, -2, 3, 0, 0, 0, 0, 0},
	}, Prune: 2}
	pruned := 0
	for _, p := range decisions(t, 2) {
		moves := p.Legal(nil)
		s, _ := m.Scores(&p, moves)
		kept, base := m.Pick(&p, moves)
		if s[indexOf(moves, kept[base])] != s[argmax(s)] {
			t.Fatalf("%s: the baseline %v is not the best scored", position.Format(&p), kept[base])
		}
		j := 0
		for i, mv := range moves {
			in := j < len(kept) && kept[j].Same(mv)
			if in {
				j++
			}
			if in != (s[argmax(s)]-s[i] <= m.Prune) {
				t.Fatalf("%s: %v kept %v at %.2f below the best", position.Format(&p), mv, in, s[argmax(s)]-s[i])
			}
		}
		pruned += len(moves) - len(kept)
		var none Model
		all, hb := none.Pick(&p, moves)
		h, _ := bot.NewHeuristic(0).Move(context.Background(), &p)
		if len(all) != len(moves) || !all[hb].Same(h) {
			t.Fatalf("%s: no weights kept %d of %d, baseline %v, heuristic %v", position.Format(&p), len(all), len(moves), all[hb], h)
		}
	}
	if pruned == 0 {
		t.Error("nothing was pruned")
	}
}

// TestVerdictsReadBackEqual: what WriteVerdict writes, ReadVerdicts reads
// back equal.
func TestVerdictsReadBackEqual(t *testing.T) {
	truth := &Model{W: [numGroups][]float64{TakeGroup: make([]float64, takeFeatures), DiscardGroup: make([]float64, discardFeatures), KnockGroup: make([]float64, knockFeatures)}}
	vs := planted(t, decisions(t, 1), truth)
	var buf bytes.Buffer
	for i := range vs {
		if err := WriteVerdict(&buf, &vs[i]); err != nil {
			t.Fatal(err)
		}
	}
	back, err := ReadVerdicts(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(vs) {
		t.Fatalf("%d verdicts back of %d", len(back), len(vs))
	}
	for i := range vs {
		a, b := vs[i], back[i]
		pa, _ := position.FormatHistory(&a.Position)
		pb, _ := position.FormatHistory(&b.Position)
		if pa != pb || len(a.Moves) != len(b.Moves) {
			t.Fatalf("verdict %d: %q / %q", i, pa, pb)
		}
		for j := range a.Moves {
			if !a.Moves[j].Same(b.Moves[j]) || a.Equity[j] != b.Equity[j] || a.SE[j] != b.SE[j] {
				t.Fatalf("verdict %d move %d: %v %v %v / %v %v %v", i, j, a.Moves[j], a.Equity[j], a.SE[j], b.Moves[j], b.Equity[j], b.SE[j])
			}
		}
	}
}

// TestReadVerdictsRefuses: lines that are not verdicts are refused with
// their line number.
func TestReadVerdictsRefuses(t *testing.T) {
	pos := "p1 discard hand=AC,6C,2D,4D,6D,7D,AH,8H,9H,3S,4S pile=6H,TD,JS,QH,QC,TC,JH,QS stock=23 first=6H took=- passed=QC,6H,JH,JS discards=TD,QH,TC,QS drawn=AC draws=8 score=0-0 dealer=p1 rules=eaai number=1"
	for name, line := range map[string]string{
		"no moves":         pos,
		"a field short":    pos + "\tdiscard AC\t0.5",
		"not legal":        pos + "\tdiscard KS\t0.5\t0.01",
		"not a chance":     pos + "\tdiscard AC\t1.5\t0.01",
		"not a number":     pos + "\tdiscard AC\tNaN\t0.01",
		"not a move":       pos + "\tthrow AC\t0.5\t0.01",
		"not a position":   "hello\tdiscard AC\t0.5\t0.01",
		"a negative error": pos + "\tdiscard AC\t0.5\t-1",
	} {
		_, err := ReadVerdicts(strings.NewReader(pos + "\tdiscard AC\t0.5\t0.01\n" + line + "\n"))
		if err == nil || !strings.HasPrefix(err.Error(), "line 2: ") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := ReadVerdicts(strings.NewReader(pos + "\tdiscard AC\t0.5\t0.01\n")); err != nil {
		t.Errorf("a good line: %v", err)
	}
	if _, err := ReadVerdicts(strings.NewReader(pos + strings.Repeat("\tdiscard AC\t0.5\t0.01", maxMoves+1))); !errors.Is(err, ErrVerdict) {
		t.Errorf("too many moves: %v", err)
	}
	if _, err := ReadVerdicts(strings.NewReader(pos + "\tdiscard AC\t0.5\t0.01\n" + strings.Repeat("a", maxLine+1))); !errors.Is(err, ErrVerdict) || !strings.HasPrefix(err.Error(), "line 2: ") {
		t.Errorf("a line too long: %v", err)
	}
}

// TestSourceSetsTheAdvisorsBaseline: through the seam, the advisor's
// baseline is the model's pick and its candidates the ones it kept.
func TestSourceSetsTheAdvisorsBaseline(t *testing.T) {
	m := &Model{W: [numGroups][]float64{DiscardGroup: {0, 0, -1, 0, 0, 0, 0, 0, 0, 0}}, Prune: 0.25}
	checked := 0
	for _, p := range decisions(t, 1) {
		if p.Phase() != game.DiscardPhase || checked == 3 {
			continue
		}
		checked++
		kept, base := m.Pick(&p, p.Legal(nil))
		a, err := analyze.Search{Worlds: Source{Model: m}}.Advise(context.Background(), &p, analyze.Options{Samples: 64, Workers: 1, MovesOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Candidates) != len(kept) {
			t.Fatalf("%s: %d candidates, the model kept %d", position.Format(&p), len(a.Candidates), len(kept))
		}
		for _, c := range a.Candidates {
			if c.Baseline != c.Move.Same(kept[base]) {
				t.Fatalf("%s: %v marked baseline %v, the model's is %v", position.Format(&p), c.Move, c.Baseline, kept[base])
			}
		}
	}
	if checked == 0 {
		t.Fatal("no discard decision")
	}
}

func ExampleGroup_String() {
	fmt.Println(TakeGroup, DiscardGroup, KnockGroup, Group(7))
	// Output: take discard knock Group(7)
}

// TestChanceOfIsTheSumOfChances: at every decision of a few games, the
// chance ChanceOf gives the moves a test picks is the sum of Chances over
// them, for each move (with the moves the same as it) and for a set of
// moves, also at a decision of more moves than it scores on the stack;
// and it has none to give where the model has no weights.
func TestChanceOfIsTheSumOfChances(t *testing.T) {
	m := &Model{W: [numGroups][]float64{
		TakeGroup:    {0, -1, 2, 3, -1, 0, 0},
		DiscardGroup: {0, -3, 1, -2, -1, -2, -1, 0, 1, 0.5},
		KnockGroup:   {0, 1, -2, 3, -1, 0, -1, -1, 0},
	}}
	check := func(p *game.Position, moves []game.Move) {
		t.Helper()
		want, ok := m.Chances(p, moves)
		if !ok {
			t.Fatalf("no chances at %v", p.Phase())
		}
		for i := range moves {
			same := func(mv game.Move) bool { return mv.Same(moves[i]) }
			sum := 0.0
			for j, mv := range moves {
				if same(mv) {
					sum += want[j]
				}
			}
			got, ok := m.ChanceOf(p, moves, same)
			if !ok || math.Abs(got-sum) > 1e-12 {
				t.Fatalf("move %v: ChanceOf %v, Chances %v", moves[i], got, sum)
			}
		}
		odd, sum := func(mv game.Move) bool { return mv.Card%2 == 1 }, 0.0
		for i, mv := range moves {
			if odd(mv) {
				sum += want[i]
			}
		}
		if got, _ := m.ChanceOf(p, moves, odd); math.Abs(got-sum) > 1e-12 {
			t.Fatalf("odd cards: ChanceOf %v, Chances summed %v", got, sum)
		}
	}
	ps := decisions(t, 2)
	for i := range ps {
		check(&ps[i], ps[i].Legal(nil))
	}
	// Past the stack's bound: the same moves many times over.
	p := &ps[len(ps)-1]
	var many []game.Move
	for len(many) <= maxStackMoves {
		many = append(many, p.Legal(nil)...)
	}
	check(p, many)
	if _, ok := new(Model).ChanceOf(p, many, func(game.Move) bool { return true }); ok {
		t.Error("a model without weights gave a chance")
	}
}
