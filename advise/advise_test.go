package advise_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/internal/testpositions"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/players"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/rules"
)

// midGame is a discard decision from a simulated eaai game.
const midGame = "p1 discard hand=AC,6C,2D,4D,6D,7D,AH,8H,9H,3S,4S pile=6H,TD,JS,QH,QC,TC,JH,QS stock=23 first=6H took=- passed=QC,6H,JH,JS discards=TD,QH,TC,QS drawn=AC draws=8 score=0-0 dealer=p1 rules=eaai number=1"

func options(samples int, seed uint64, workers int) advise.Options {
	return advise.Options{Samples: samples, Seed: seed, Workers: workers, Rollout: bot.Rollout}
}

func mustPosition(t *testing.T, s string) game.Position {
	t.Helper()
	p, err := position.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestAdviceIsLegal asks for advice at every tenth decision of simulated
// games under several presets: the move advised must be legal in the real
// state, and every candidate too.
func TestAdviceIsLegal(t *testing.T) {
	simple := players.MustLookup("simple").New
	n := 0
	for _, preset := range []string{"eaai", "modern", "oklahoma", "straight"} {
		var games []*gamelog.Game
		_, err := engine.Simulate(context.Background(), engine.SimOptions{Rules: rules.Presets()[preset], Players: [2]bot.NewPlayerFunc{simple, simple},
			Names: [2]string{"a", "b"}, Games: 1, Seed: 4,
			OnGame: func(k int, g *engine.GameRecord) error {
				lg, err := gamelog.GameFromStates(k, g.Seed, g.Rules, g.Players, g.FirstDealer, g.Hands, g.Events, g.Final)
				if err != nil {
					return err
				}
				games = append(games, lg)
				return nil
			}})
		if err != nil {
			t.Fatal(err)
		}
		// One equity table for the game's advice, as a caller that
		// advises many times under one rule set builds it.
		equity := advise.ForRules(rules.Presets()[preset])
		err = games[0].Replay(func(d *gamelog.Decision) bool {
			if n%10 != 0 || d.Position.MustDraw() {
				n++
				return true
			}
			n++
			o := options(16, uint64(n), 1)
			o.Equity = equity
			a, err := advise.Advise(context.Background(), &d.Position, o)
			if err != nil {
				t.Fatalf("%s: %v", position.Format(&d.Position), err)
			}
			for _, c := range a.Candidates {
				st := d.State
				if err := st.Apply(c.Move); err != nil {
					t.Fatalf("%s: candidate %s is illegal: %v", position.Format(&d.Position), c.Move, err)
				}
			}
			return true
		})
		if err != nil {
			t.Fatalf("%s: replay: %v", preset, err)
		}
	}
	if n < 100 {
		t.Fatalf("only %d decisions", n)
	}
}

// TestAdviceSameAtAnyWorkerCount checks that a seed gives the same advice
// with one worker and with several.
func TestAdviceSameAtAnyWorkerCount(t *testing.T) {
	p := mustPosition(t, midGame)
	a, err := advise.Advise(context.Background(), &p, options(300, 5, 1))
	if err != nil {
		t.Fatal(err)
	}
	b, err := advise.Advise(context.Background(), &p, options(300, 5, 3))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Candidates) != 11 || len(b.Candidates) != len(a.Candidates) {
		t.Fatalf("%d and %d candidates, want 11", len(a.Candidates), len(b.Candidates))
	}
	for i := range a.Candidates {
		if a.Candidates[i] != b.Candidates[i] {
			t.Fatalf("candidate %d differs: %+v / %+v", i, a.Candidates[i], b.Candidates[i])
		}
	}
}

// TestReadingAdviceSameAtAnyWorkerCount: with the opponent read, worlds
// kept by the chance of its decline and rollout opponents drawn for each
// world, a seed still gives the same advice with one worker and several.
func TestReadingAdviceSameAtAnyWorkerCount(t *testing.T) {
	p := mustPosition(t, midGame)
	var reading reading.Style
	advice := func(workers int) advise.Advice {
		o := options(300, 5, workers)
		o.Rollout, o.Accept = analyze.ReadingModel(&reading, &p)
		if o.Accept == nil {
			t.Fatal("no decline read in a position where the opponent just discarded")
		}
		a, err := advise.Advise(context.Background(), &p, o)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	a, b := advice(1), advice(3)
	for i := range a.Candidates {
		if a.Candidates[i] != b.Candidates[i] {
			t.Fatalf("candidate %d differs: %+v / %+v", i, a.Candidates[i], b.Candidates[i])
		}
	}
}

// TestAdviceKnownAnswers checks positions whose answer is known.
func TestAdviceKnownAnswers(t *testing.T) {
	tests := []struct {
		name, pos, want string
	}{
		// Gin is there for the taking: the upcard TS completes the run, and
		// the king goes: no other move comes close.
		{"a pile card that makes gin", "p1 draw hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,KH pile=QC,TS stock=30 took=- passed=QC discards=TS dealer=p1", "take"},
		// With gin in hand, going gin beats playing on.
		{"gin in hand", "p1 knock hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,TS pile=QC,KH stock=30 took=- passed=QC discards=- drawn=TS dealer=p2 draws=1", "gin"},
		{"a knock undercut for certain", testpositions.UndercutCertain, "playon"},
		{"a late knock beats waiting", testpositions.LateKnock, "knock"},
		{"a dead card to dump", testpositions.DeadCard, "discard"},
	}
	for _, tt := range tests {
		p := mustPosition(t, tt.pos)
		o := options(200, 1, 0)
		a, err := advise.Advise(context.Background(), &p, o)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if tt.name == "a dead card to dump" && a.Best().Card.String() != "KS" {
			t.Errorf("%s: advised %s, want discard KS", tt.name, a.Best())
		}
		if got := a.Best().Kind.String(); got != tt.want {
			t.Errorf("%s: advised %s, want %s: %+v", tt.name, a.Best(), tt.want, a.Candidates)
		}
	}
}

// TestCertainUndercutPoints checks the points of a knock that is undercut
// for certain: 25 + 8 = 33 to the opponent, worked by hand; and that its
// undercut share is 1, while playing on, no knock, has none.
func TestCertainUndercutPoints(t *testing.T) {
	p := mustPosition(t, testpositions.UndercutCertain)
	a, err := advise.Advise(context.Background(), &p, options(100, 3, 0))
	if err != nil {
		t.Fatal(err)
	}
	knocks := 0
	for _, c := range a.Candidates {
		if c.Move.Kind == game.Knock {
			knocks++
			if c.Points != -33 {
				t.Errorf("%s: %v points, worked by hand: -33 for certain", c.Move, c.Points)
			}
			if c.Undercut != 1 {
				t.Errorf("%s: undercut in %.3f of the worlds, worked by hand: all", c.Move, c.Undercut)
			}
		} else if c.Undercut != 0 {
			t.Errorf("%s: an undercut share of %.3f for a move that is no knock", c.Move, c.Undercut)
		}
	}
	if knocks == 0 {
		t.Fatal("no knock valued")
	}
}

// TestAdviceNeedsRollout checks the error for options with no rollout
// policies, and for a position that is not the seat's decision.
func TestAdviceNeedsRollout(t *testing.T) {
	p := mustPosition(t, midGame)
	if _, err := advise.Advise(context.Background(), &p, advise.Options{Samples: 10}); !errors.Is(err, advise.ErrNoRollout) {
		t.Errorf("no rollout: %v, want ErrNoRollout", err)
	}
}

// TestAdviceStopsWhenCancelled cancels an advice of a huge budget before
// it starts: it must play one chunk of worlds only, give a legal move from
// it, and return the context's error.
func TestAdviceStopsWhenCancelled(t *testing.T) {
	p := mustPosition(t, midGame)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	a, err := advise.Advise(ctx, &p, options(100_000, 1, 2))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if len(a.Candidates) == 0 {
		t.Fatal("no move after a cancel")
	}
	for _, c := range a.Candidates {
		if c.Samples > 64 {
			t.Fatalf("%s played in %d worlds after the cancel, want one chunk of at most 64", c.Move, c.Samples)
		}
	}
}

// TestAdviceStopsWhenCancelledMidway cancels an advice of a huge budget
// while it plays: it must return soon with the context's error and a move
// from the worlds played.
func TestAdviceStopsWhenCancelledMidway(t *testing.T) {
	p := mustPosition(t, midGame)
	for _, wait := range []time.Duration{time.Millisecond, 20 * time.Millisecond} {
		ctx, cancel := context.WithCancel(context.Background())
		timer := time.AfterFunc(wait, cancel)
		a, err := advise.Advise(ctx, &p, options(100_000, 1, 2))
		timer.Stop()
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("after %v: err %v, want context.Canceled", wait, err)
		}
		if len(a.Candidates) == 0 || a.Candidates[0].Samples == 0 || a.Candidates[0].Samples >= 100_000 {
			t.Fatalf("after %v: %d candidates, the first played in %d worlds", wait, len(a.Candidates), a.Candidates[0].Samples)
		}
	}
}

// TestTimedAdviceDrawsAChunk checks that an advice with a time budget too
// small for anything still plays one chunk of worlds.
func TestTimedAdviceDrawsAChunk(t *testing.T) {
	p := mustPosition(t, midGame)
	o := options(0, 2, 1)
	o.Time = 1 // a nanosecond
	a, err := advise.Advise(context.Background(), &p, o)
	if err != nil {
		t.Fatal(err)
	}
	if got := a.Candidates[0].Samples; got != 64 {
		t.Fatalf("%d worlds, want one chunk of 64", got)
	}
}

// TestSingleLegalMoveAnsweredAtOnce: where one move is legal, as at a
// knock decision over the limit, the advice is that move, with no world
// sampled, whatever the budget.
func TestSingleLegalMoveAnsweredAtOnce(t *testing.T) {
	p := mustPosition(t, "p1 knock hand=AC,3C,5C,7D,9D,JH,KH,2S,4S,6S pile=QC,TS stock=30 took=- passed=QC discards=- drawn=8H dealer=p2")
	a, err := advise.Advise(context.Background(), &p, options(100_000, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Candidates) != 1 || a.Candidates[0].Samples != 0 || a.Best() != game.PlayOnMove() || a.Candidates[0].Deadwood != 57 {
		t.Fatalf("%+v", a.Candidates)
	}
}

// TestEquityAgreesWithGain: every candidate's equity is the baseline's
// plus its gain, so that no column contradicts the ranking, even for
// candidates successive halving dropped early.
func TestEquityAgreesWithGain(t *testing.T) {
	p := mustPosition(t, testpositions.DeadCard)
	a, err := advise.Advise(context.Background(), &p, options(300, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	var base advise.Candidate
	fewer := 0
	for _, c := range a.Candidates {
		if c.Baseline {
			base = c
		}
	}
	for _, c := range a.Candidates {
		if c.Samples < base.Samples {
			fewer++
		}
		if d := c.Equity - base.Equity - c.Advantage; d > 1e-12 || d < -1e-12 {
			t.Errorf("%s: equity %v, baseline %v, gain %v", c.Move, c.Equity, base.Equity, c.Advantage)
		}
	}
	if fewer == 0 {
		t.Fatal("no candidate was dropped early: the case is not tested")
	}
}

// TestMarginOrdersTheAdvice checks the rule that puts a move first: at
// every margin, a move ranked above the baseline has a gain above margin
// standard errors; with a margin no gain reaches, the baseline comes
// first; with a margin every positive gain reaches, the move of the
// highest gain does. The worlds are the same at every margin, so only the
// order may change, and it must change somewhere.
func TestMarginOrdersTheAdvice(t *testing.T) {
	changed := 0
	for _, s := range []string{midGame, testpositions.DeadCard, testpositions.LateKnock} {
		p := mustPosition(t, s)
		var first [2]game.Move
		for _, margin := range []float64{1e9, advise.DefaultMargin, 1, 1e-9} {
			o := options(64, 5, 1)
			o.Margin = margin
			a, err := advise.Advise(context.Background(), &p, o)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range a.Candidates {
				if c.Baseline {
					break
				}
				if c.Advantage <= margin*c.AdvantageSE {
					t.Errorf("margin %g: %v ranked above the baseline with gain %.4f ± %.4f", margin, c.Move, c.Advantage, c.AdvantageSE)
				}
			}
			head := a.Candidates[0]
			switch margin {
			case 1e9:
				if !head.Baseline {
					t.Errorf("margin %g: %v first, not the baseline", margin, head.Move)
				}
				first[0] = head.Move
			case 1e-9:
				for _, c := range a.Candidates {
					if c.Advantage > head.Advantage {
						t.Errorf("margin %g: %v first with gain %.4f, but %v gains %.4f", margin, head.Move, head.Advantage, c.Move, c.Advantage)
					}
				}
				first[1] = head.Move
			}
		}
		if first[0] != first[1] {
			changed++
		}
	}
	if changed == 0 {
		t.Error("the margin changed the advice at no position")
	}
}

// handsSpy is a rollout opponent that notes the hand it holds in each
// world it is shown, and plays as simple.
type handsSpy struct {
	*bot.Simple
	seat notation.Seat
	seen map[notation.CardSet]int
	mu   *sync.Mutex
}

func (h *handsSpy) SetWorld(w *game.State) {
	h.mu.Lock()
	h.seen[w.Hand(h.seat)]++
	h.mu.Unlock()
}

// TestHandsDrawTheirShare: with Options.Worlds, its share of the worlds
// hold the opponent hand it draws, and the others the sampler's; at a
// share of 0 it is never asked.
func TestHandsDrawTheirShare(t *testing.T) {
	p := mustPosition(t, midGame)
	e := probability.Infer(&p)
	fixed := probability.NewSampler(&p, &e).OrganizedHidden(rand.New(rand.NewPCG(3, 3)))
	whole := fixed | p.OpponentKnown()
	for _, tc := range []struct {
		share    float64
		min, max float64 // the share of the worlds that hold the fixed hand
	}{{0, 0, 0.02}, {0.5, 0.4, 0.6}, {1, 1, 1}} {
		var mu sync.Mutex
		spy := &handsSpy{Simple: bot.NewSimple(1), seat: p.Seat().Other(), seen: map[notation.CardSet]int{}, mu: &mu}
		asked := 0
		o := options(256, 5, 1)
		o.Rollout = func() (own, opp game.Policy) { return bot.NewHeuristic(0), spy }
		o.Worlds = advise.Worlds{Hands: func(*rand.Rand) notation.CardSet { asked++; return fixed }, Share: tc.share}
		if _, err := advise.Advise(context.Background(), &p, o); err != nil {
			t.Fatal(err)
		}
		all := 0
		for _, n := range spy.seen {
			all += n
		}
		if got := float64(spy.seen[whole]) / float64(all); got < tc.min || got > tc.max {
			t.Errorf("share %g: %d worlds of %d hold the hand drawn, want a share from %g to %g", tc.share, spy.seen[whole], all, tc.min, tc.max)
		}
		if tc.share == 0 && asked != 0 {
			t.Errorf("share 0: Hands asked %d times", asked)
		}
	}
}

// TestWeighScalesEachCandidate weighs every world twice for one
// candidate and once for the others: that candidate's gain must be twice
// its change in equity over the hand less the baseline's, as the same
// worlds unweighed measure them, and every other gain must stay as it
// was. One chunk, so that no candidate is dropped.
func TestWeighScalesEachCandidate(t *testing.T) {
	p := mustPosition(t, midGame)
	plain, err := advise.Advise(context.Background(), &p, options(advise.ChunkWorlds, 7, 1))
	if err != nil {
		t.Fatal(err)
	}
	var base, target advise.Candidate
	for _, c := range plain.Candidates {
		if c.Baseline {
			base = c
		} else if target.Samples == 0 {
			target = c
		}
	}
	o := options(advise.ChunkWorlds, 7, 1)
	o.Worlds.Weigh = func(_ notation.CardSet, moves []game.Move, w []float64) {
		for i, m := range moves {
			w[i] = 1
			if m == target.Move {
				w[i] = 2
			}
		}
	}
	weighed, err := advise.Advise(context.Background(), &p, o)
	if err != nil {
		t.Fatal(err)
	}
	before := advise.ForRules(*p.Rules()).Win(0, 0)
	for _, c := range weighed.Candidates {
		var was advise.Candidate
		for _, d := range plain.Candidates {
			if d.Move == c.Move {
				was = d
			}
		}
		want := was.Advantage
		if c.Move == target.Move {
			want = 2*(was.Equity-before) - (base.Equity - before)
		}
		if d := c.Advantage - want; d > 1e-9 || d < -1e-9 {
			t.Errorf("%s: gain %v weighed, want %v", c.Move, c.Advantage, want)
		}
	}
}
