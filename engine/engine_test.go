package engine

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/longtest"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/testcards"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/players"
	"github.com/ginadvisor/ginadvisor/rules"
)

func simple2() [2]bot.NewPlayerFunc {
	return [2]bot.NewPlayerFunc{players.MustLookup("simple").New, players.MustLookup("simple").New}
}

// TestEAAIOutcomeMix plays simple against simple under the EAAI rules and
// checks the outcome mix against what the EAAI framework itself produces:
// 93.5% knocks, 4.3% undercuts, 2.1% gin, 0.2% dead, 12.5 draws a hand,
// 16.3 points a scored hand and 10.2 hands a game.
func TestEAAIOutcomeMix(t *testing.T) {
	games := 3000
	if longtest.Enabled() {
		games = 30000
	}
	s, err := Simulate(context.Background(), SimOptions{Rules: rules.Presets()["eaai"], Players: simple2(), Names: [2]string{"a", "b"}, Games: games, Seed: 2021})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d games, %d hands: knock %.4f undercut %.4f gin %.4f dead %.4f; draws/hand %.2f points/scored %.2f hands/game %.2f",
		s.Games, s.Hands, s.Outcomes.Knock, s.Outcomes.Undercut, s.Outcomes.Gin, s.Outcomes.Dead, s.DrawsPerHand, s.PointsPerScoredHand, s.HandsPerGame)
	checks := []struct {
		name      string
		got, want float64
		tol       float64
	}{
		{"knock", s.Outcomes.Knock, 0.935, 0.006},
		{"undercut", s.Outcomes.Undercut, 0.043, 0.005},
		{"gin", s.Outcomes.Gin, 0.021, 0.004},
		{"dead", s.Outcomes.Dead, 0.002, 0.002},
		{"draws per hand", s.DrawsPerHand, 12.5, 0.2},
		{"points per scored hand", s.PointsPerScoredHand, 16.3, 0.4},
		{"hands per game", s.HandsPerGame, 10.2, 0.25},
	}
	for _, c := range checks {
		if math.Abs(c.got-c.want) > c.tol {
			t.Errorf("%s = %.4f, want %.4f ± %.4f", c.name, c.got, c.want, c.tol)
		}
	}
	// The two seats play the same player: neither should win much more.
	if ci := s.Players[0].WinRateCI95; ci[0] > 0.5 || ci[1] < 0.5 {
		t.Errorf("simple against itself wins %.3f %v", s.Players[0].WinRate, ci)
	}
}

func TestSimulationIsDeterministicAcrossWorkers(t *testing.T) {
	var prev Summary
	for i, w := range []int{1, 2, 5} {
		s, err := Simulate(context.Background(), SimOptions{Rules: rules.Presets()["modern"], Players: [2]bot.NewPlayerFunc{players.MustLookup("simple").New, players.MustLookup("random").New}, Names: [2]string{"simple", "random"}, Games: 60, Seed: 7, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		if i > 0 && !reflect.DeepEqual(s, prev) {
			t.Fatalf("workers %d gave a different summary:\n%+v\n%+v", w, s, prev)
		}
		prev = s
	}
	if prev.Players[0].GamesWon < 55 {
		t.Errorf("simple won only %d of 60 games against random", prev.Players[0].GamesWon)
	}
}

func TestDeadHandAndRedeal(t *testing.T) {
	// Two players who never knock: every hand dies with two cards left.
	never := func(seed uint64) bot.Player { return &noKnock{bot.NewSimple(seed)} }
	st, rec, err := PlayGame(context.Background(), GameSetup{Rules: rules.Standard(), Seed: 1, Record: true, MaxHands: 3}, [2]bot.Player{never(1), never(2)})
	if err != nil {
		t.Fatal(err)
	}
	if !st.Unfinished || st.Hands != 3 || st.Outcomes[rules.Dead] != 3 {
		t.Fatalf("stats %+v", st)
	}
	for i := range rec.Hands {
		h := &rec.Hands[i]
		if h.Setup().Dealer != 0 {
			t.Errorf("hand %d dealt by %d after dead hands", i+1, h.Setup().Dealer)
		}
		// 31 cards in the stock; the hand dies with 2 left.
		if n := countEvents(h, game.Drew); n != 29 || h.StockCount() != 2 {
			t.Errorf("hand %d drew %d from the stock", i+1, n)
		}
	}
}

func countEvents(st *game.State, kind game.EventKind) int {
	n := 0
	for i := 0; i < st.NumEvents(); i++ {
		if st.Event(i).Kind == kind {
			n++
		}
	}
	return n
}

// noKnock never takes the upcard and never knocks.
type noKnock struct{ *bot.Simple }

func (n noKnock) Move(ctx context.Context, p *game.Position) (game.Move, error) {
	switch p.Phase() {
	case game.FirstOffer:
		return game.PassMove(), nil
	case game.DrawPhase:
		if p.LastChance() {
			return game.PassMove(), nil
		}
		return game.DrawMove(), nil
	case game.KnockPhase:
		return game.PlayOnMove(), nil
	}
	return n.Simple.Move(ctx, p)
}

func TestDealRotation(t *testing.T) {
	for _, winnerDeals := range []bool{false, true} {
		r := rules.Presets()["eaai"]
		r.WinnerDeals = winnerDeals
		_, rec, err := PlayGame(context.Background(), GameSetup{Rules: r, Seed: 9, Record: true}, [2]bot.Player{bot.NewSimple(1), bot.NewSimple(2)})
		if err != nil {
			t.Fatal(err)
		}
		for i := 1; i < len(rec.Hands); i++ {
			prev, _ := rec.Hands[i-1].Result()
			prevDealer := rec.Hands[i-1].Setup().Dealer
			want := prevDealer.Other()
			switch {
			case !prev.Winner.Valid():
				want = prevDealer
			case winnerDeals:
				want = prev.Winner
			}
			if got := rec.Hands[i].Setup().Dealer; got != want {
				t.Fatalf("winnerDeals=%v: hand %d dealer %d, want %d", winnerDeals, i+1, got, want)
			}
		}
	}
}

func TestIllegalMoves(t *testing.T) {
	_, _, err := PlayGame(context.Background(), GameSetup{Rules: rules.Standard(), Seed: 1}, [2]bot.Player{&cheat{bot.NewSimple(1)}, bot.NewSimple(2)})
	var me *MoveError
	if !errors.As(err, &me) || !errors.Is(err, ErrIllegalMove) || me.Seat != 0 {
		t.Fatalf("cheat: %v", err)
	}
	if !strings.Contains(err.Error(), "over the knock limit") {
		t.Errorf("the error does not say why: %v", err)
	}
}

// cheat knocks laying down no melds, whatever its deadwood.
type cheat struct{ *bot.Simple }

func (c *cheat) Move(ctx context.Context, p *game.Position) (game.Move, error) {
	if p.Phase() == game.KnockPhase {
		return game.KnockMove(meld.Spread{}), nil
	}
	return c.Simple.Move(ctx, p)
}

func TestFirstUpcardOffer(t *testing.T) {
	// Both pass: three pass/draw moves open the hand as the rules say.
	rng := rand.New(rand.NewPCG(1, 1))
	st, err := PlayHand(context.Background(), HandSetup{Setup: game.Setup{Rules: rules.Standard(), Dealer: 0, Number: 1}, Rng: rng}, [2]bot.Player{&noKnock{bot.NewSimple(1)}, &noKnock{bot.NewSimple(2)}})
	if err != nil {
		t.Fatal(err)
	}
	e := func(i int) game.Event { return st.Event(20 + i) }
	up := e(0).Card
	if e(0).Kind != game.Upcard || e(1) != (game.Event{Kind: game.Passed, Seat: 1, Card: up}) || e(2) != (game.Event{Kind: game.Passed, Seat: 0, Card: up}) || e(3).Seat != 1 || e(3).Kind != game.Drew {
		t.Fatalf("opening events %v %v %v %v", e(0), e(1), e(2), e(3))
	}
}

func TestBigGinInEngine(t *testing.T) {
	// A stacked deck: the non-dealer holds 10 cards of gin and draws the
	// 11th melding card.
	hand1 := testcards.Hand(t, "7C 7D 7H 7S 3S 4S 5S 9H TH JH")
	var deck [notation.NumCards]notation.Card
	rest := notation.FullDeck &^ hand1 &^ testcards.Hand(t, "QH")
	rc := rest.Cards()
	h1 := hand1.Cards()
	for i := 0; i < 10; i++ {
		deck[2*i] = h1[i]
		deck[2*i+1] = rc[i]
	}
	deck[20] = rc[10]
	deck[21] = notation.NewCard(notation.Queen, notation.Hearts)
	copy(deck[22:], rc[11:])
	r := rules.Presets()["modern"]
	st, err := PlayHand(context.Background(), HandSetup{Setup: game.Setup{Rules: r, Dealer: 1, Number: 1}, Deck: &deck}, [2]bot.Player{&noKnock{bot.NewSimple(1)}, &noKnock{bot.NewSimple(2)}})
	if err != nil {
		t.Fatal(err)
	}
	if res, _ := st.Result(); res.Score.Outcome != rules.BigGin || res.Winner != 0 {
		t.Fatalf("result %+v", res)
	}
}

// lateKnocker never takes or knocks until the stock is down to the dead
// size; then it takes the last discard and knocks.
type lateKnocker struct {
	*bot.Simple
	took bool
}

func (l *lateKnocker) Move(ctx context.Context, p *game.Position) (game.Move, error) {
	switch p.Phase() {
	case game.FirstOffer:
		return game.PassMove(), nil
	case game.DrawPhase:
		l.took = p.LastChance()
		if l.took {
			return game.TakeMove(), nil
		}
		return game.DrawMove(), nil
	case game.KnockPhase:
		if !l.took {
			return game.PlayOnMove(), nil
		}
	}
	return l.Simple.Move(ctx, p)
}

func TestFiftiethCard(t *testing.T) {
	for _, fiftieth := range []bool{false, true} {
		r := rules.Standard()
		r.KnockLimit = 100 // any hand may knock, so the last discard decides
		r.FiftiethCard = fiftieth
		rng := rand.New(rand.NewPCG(5, 5))
		st, err := PlayHand(context.Background(), HandSetup{Setup: game.Setup{Rules: r, Dealer: 0, Number: 1}, Rng: rng},
			[2]bot.Player{&lateKnocker{Simple: bot.NewSimple(1)}, &lateKnocker{Simple: bot.NewSimple(2)}})
		if err != nil {
			t.Fatal(err)
		}
		res, _ := st.Result()
		n := st.NumEvents()
		if !fiftieth {
			if res.Score.Outcome != rules.Dead {
				t.Errorf("without the rule: %v", res.Score.Outcome)
			}
			continue
		}
		if res.Score.Outcome == rules.Dead || st.Event(n-1).Kind != game.Knocked || st.Event(n-3).Kind != game.Took {
			t.Errorf("with the rule: %v by %d, last events %v %v %v", res.Score.Outcome, res.Knocker, st.Event(n-3), st.Event(n-2), st.Event(n-1))
		}
	}
}

func TestEveryPreset(t *testing.T) {
	for _, name := range rules.PresetNames() {
		r := rules.Presets()[name]
		s, err := Simulate(context.Background(), SimOptions{Rules: r, Players: simple2(), Names: [2]string{"a", "b"}, Games: 20, Seed: 8})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if s.Hands < 20 || s.Unfinished > 0 {
			t.Errorf("%s: %d hands, %d unfinished", name, s.Hands, s.Unfinished)
		}
		if name == "straight" && (s.Outcomes.Knock > 0 || s.Outcomes.Undercut > 0) {
			t.Errorf("straight gin had knocks: %+v", s.Outcomes)
		}
		if name == "modern" && s.Players[0].FinalPoints <= s.Players[0].Points {
			t.Errorf("modern: no end-of-game bonuses: %+v", s.Players[0])
		}
	}
}

// TestSimulateStopsCleanly cancels a simulation part way: the summary
// covers exactly the games handed to OnGame, in order, and says it was
// interrupted.
func TestSimulateStopsCleanly(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got []int
	s, err := Simulate(ctx, SimOptions{
		Rules: rules.Presets()["eaai"], Players: simple2(), Names: [2]string{"a", "b"}, Games: 5000, Seed: 4, Workers: 2,
		OnGame: func(n int, g *GameRecord) error {
			got = append(got, n)
			if n == 30 {
				cancel()
			}
			return nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Interrupted || s.Games != len(got) || s.Games < 30 || s.Games >= 5000 {
		t.Fatalf("interrupted %v after %d games, %d handed over", s.Interrupted, s.Games, len(got))
	}
	for i, n := range got {
		if n != i+1 {
			t.Fatalf("games handed over out of order: %v", got)
		}
	}
	// The summary of the first games is the summary of a run of that many.
	full, err := Simulate(context.Background(), SimOptions{Rules: rules.Presets()["eaai"], Players: simple2(), Names: [2]string{"a", "b"}, Games: s.Games, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	s.Interrupted = false
	if !reflect.DeepEqual(s, full) {
		t.Fatalf("the interrupted summary differs from a run of %d games", s.Games)
	}
}

// TestMirroredPairs checks that a mirrored simulation deals each pair of
// games alike with the players' seats swapped, and that its paired
// interval holds the win rate.
func TestMirroredPairs(t *testing.T) {
	players := [2]bot.NewPlayerFunc{players.MustLookup("heuristic").New, players.MustLookup("simple").New}
	var recs []*GameRecord
	opts := SimOptions{Rules: rules.Presets()["eaai"], Players: players, Names: [2]string{"heuristic", "simple"}, Games: 40, Seed: 3, Workers: 2, Mirrored: true,
		OnGame: func(n int, g *GameRecord) error { recs = append(recs, g); return nil }}
	s, err := Simulate(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k+1 < len(recs); k += 2 {
		a, b := recs[k], recs[k+1]
		if a.Seed != b.Seed || a.FirstDealer != b.FirstDealer || a.Players != [2]string{b.Players[1], b.Players[0]} {
			t.Fatalf("pair %d: seeds %d/%d, first dealers %v/%v, players %v/%v", k/2+1, a.Seed, b.Seed, a.FirstDealer, b.FirstDealer, a.Players, b.Players)
		}
		if a.Hands[0].InitialStock() != b.Hands[0].InitialStock() || a.Hands[0].FirstUpcard() != b.Hands[0].FirstUpcard() {
			t.Fatalf("pair %d: the first hands are dealt differently", k/2+1)
		}
		if k > 0 && a.Seed == recs[k-2].Seed {
			t.Fatalf("pairs %d and %d share a deal", k/2, k/2+1)
		}
	}
	// The interval again, two-pass, from each pair's share of wins.
	var shares []float64
	for k := 0; k+1 < len(recs); k += 2 {
		won := 0
		if recs[k].Final.Winner == notation.P1 {
			won++
		}
		if recs[k+1].Final.Winner == notation.P2 {
			won++
		}
		shares = append(shares, float64(won)/2)
	}
	mean, ss := 0.0, 0.0
	for _, x := range shares {
		mean += x / float64(len(shares))
	}
	for _, x := range shares {
		ss += (x - mean) * (x - mean)
	}
	half := 1.959964 * math.Sqrt(ss/float64(len(shares)-1)/float64(len(shares)))
	if got := s.Players[0].WinRatePairedCI95; got == nil || math.Abs(got[0]-max(mean-half, 0)) > 1e-9 || math.Abs(got[1]-min(mean+half, 1)) > 1e-9 {
		t.Errorf("paired interval %v, want [%.4f, %.4f]", got, mean-half, mean+half)
	}
	p := s.Players[0]
	if s.Pairs != 20 || p.WinRatePairedCI95 == nil || p.WinRate < p.WinRatePairedCI95[0] || p.WinRate > p.WinRatePairedCI95[1] {
		t.Fatalf("%d pairs, win rate %.3f, paired interval %v", s.Pairs, p.WinRate, p.WinRatePairedCI95)
	}
	opts.Games, opts.OnGame = 41, nil
	if _, err := Simulate(context.Background(), opts); err == nil {
		t.Error("an odd number of mirrored games was accepted")
	}
}

// TestRecordingCostsOnlyWhenAsked: a hand's events, kept into a slice with
// room for them, cost PlayHand no allocation; the events kept are the
// hand's own, and a recorded game keeps every hand's.
func TestRecordingCostsOnlyWhenAsked(t *testing.T) {
	players := [2]bot.Player{bot.NewSimple(1), bot.NewSimple(2)}
	deck := [notation.NumCards]notation.Card(notation.FullDeck.Cards())
	rand.New(rand.NewPCG(3, 3)).Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	setup := HandSetup{Setup: game.Setup{Rules: rules.Standard(), Dealer: 0, Number: 1}, Deck: &deck}
	play := func() game.State {
		st, err := PlayHand(context.Background(), setup, players)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	bare := testing.AllocsPerRun(20, func() { play() })
	events := make([]game.Event, 0, game.MaxEvents)
	setup.Events = &events
	kept := testing.AllocsPerRun(20, func() { events = events[:0]; play() })
	if kept != bare {
		t.Errorf("a hand allocates %v times keeping its events, %v times not", kept, bare)
	}
	events = events[:0]
	st := play()
	if len(events) != st.NumEvents() {
		t.Fatalf("kept %d events of the hand's %d", len(events), st.NumEvents())
	}
	for i := range events {
		if events[i] != st.Event(i) {
			t.Fatalf("event %d kept as %s; the hand's is %s", i, events[i], st.Event(i))
		}
	}
	_, rec, err := PlayGame(context.Background(), GameSetup{Rules: rules.Standard(), Seed: 5, Record: true}, players)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Events) != len(rec.Hands) {
		t.Fatalf("a recorded game keeps the events of %d hands of %d", len(rec.Events), len(rec.Hands))
	}
	for i := range rec.Hands {
		if len(rec.Events[i]) != rec.Hands[i].NumEvents() {
			t.Errorf("hand %d: kept %d events of %d", i+1, len(rec.Events[i]), rec.Hands[i].NumEvents())
		}
	}
}
