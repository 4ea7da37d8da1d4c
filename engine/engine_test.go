package engine

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

var long = flag.Bool("long", false, "run the long simulations")

func simple2() [2]NewPlayerFunc { return [2]NewPlayerFunc{Players["simple"], Players["simple"]} }

// TestEAAIOutcomeMix plays simple against simple under the EAAI rules and
// checks the outcome mix against what the EAAI framework itself produces:
// 93.5% knocks, 4.3% undercuts, 2.1% gin, 0.2% dead, 12.5 draws a hand,
// 16.3 points a scored hand and 10.2 hands a game.
func TestEAAIOutcomeMix(t *testing.T) {
	games := 3000
	if *long {
		games = 30000
	}
	s, err := Simulate(SimOptions{Rules: rules.Presets["eaai"], Players: simple2(), Names: [2]string{"a", "b"}, Games: games, Seed: 2021})
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
		s, err := Simulate(SimOptions{Rules: rules.Presets["modern"], Players: [2]NewPlayerFunc{Players["simple"], Players["random"]}, Names: [2]string{"simple", "random"}, Games: 60, Seed: 7, Workers: w})
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

// spy checks, at every decision, that its view holds nothing hidden: no
// card of the opponent's hand that the opponent did not take in the open,
// and no card of the stock.
type spy struct {
	Player
	t      *testing.T
	hidden func(seat int) notation.CardSet
	calls  int
}

func (s *spy) check(v *View) {
	s.calls++
	var shown notation.CardSet
	for _, c := range v.Pile {
		shown = shown.With(c)
	}
	shown |= v.Hand | v.OpponentTook | v.OpponentDeclined | v.OpponentDiscards
	if leak := shown & s.hidden(v.Seat); leak != 0 {
		s.t.Fatalf("view of seat %d shows hidden cards %s", v.Seat, leak)
	}
	// What the view holds, it holds by value: change it and play on.
	v.Hand = 0
	v.Pile = nil
}

func (s *spy) StartHand(v *View)       { s.Player.StartHand(v); s.check(v) }
func (s *spy) TakeUpcard(v *View) bool { c := *v; s.check(v); return s.Player.TakeUpcard(&c) }
func (s *spy) Discard(v *View) notation.Card {
	c := *v
	c.Pile = append([]notation.Card(nil), v.Pile...)
	s.check(v)
	return s.Player.Discard(&c)
}
func (s *spy) Knock(v *View) (meld.Spread, bool) {
	c := *v
	s.check(v)
	return s.Player.Knock(&c)
}

func TestInformationHygiene(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for game := 0; game < 40; game++ {
		var deck [notation.NumCards]notation.Card
		shuffle(&deck, rng)
		// The engine deals deck[0..19] alternately from the non-dealer and
		// turns deck[20] up; what each seat has not seen is the other's
		// hand less what it took openly, and the stock.
		var spies [2]*spy
		var players [2]Player
		state := &hygieneState{}
		for seat := 0; seat < 2; seat++ {
			spies[seat] = &spy{Player: NewSimple(uint64(game*2 + seat)), t: t, hidden: state.hiddenFrom}
			players[seat] = spies[seat]
		}
		var rec HandRecord
		setup := HandSetup{Rules: rules.Standard, Dealer: game % 2, Number: 1, Deck: &deck, Record: &rec}
		state.deck, state.dealer = deck, game%2
		state.rec = &rec
		if _, err := PlayHand(setup, players); err != nil {
			t.Fatal(err)
		}
		if spies[0].calls == 0 || spies[1].calls == 0 {
			t.Fatal("spies were not consulted")
		}
	}
}

// hygieneState follows a hand from its record to say what each seat has
// not seen.
type hygieneState struct {
	deck   [notation.NumCards]notation.Card
	dealer int
	rec    *HandRecord
}

func (h *hygieneState) hiddenFrom(seat int) notation.CardSet {
	opp := 1 - seat
	// Replay the recorded moves so far to find the opponent's hand and
	// the stock.
	hands := h.rec.Deal
	stock := notation.SetOf(h.rec.Stock...)
	var took notation.CardSet
	for _, m := range h.rec.Moves {
		switch m.Kind {
		case Take:
			hands[m.Seat] = hands[m.Seat].With(m.Card)
			if m.Seat == opp {
				took = took.With(m.Card)
			}
		case Draw:
			hands[m.Seat] = hands[m.Seat].With(m.Card)
			stock = stock.Without(m.Card)
		case Discard:
			hands[m.Seat] = hands[m.Seat].Without(m.Card)
			took = took.Without(m.Card)
		}
	}
	return hands[opp]&^took | stock
}

func TestLogRoundTrip(t *testing.T) {
	for _, preset := range []string{"eaai", "modern", "oklahoma"} {
		r := rules.Presets[preset]
		if preset == "oklahoma" {
			r.SpadesDouble, r.FiftiethCard = true, true
		}
		s, err := Simulate(SimOptions{Rules: r, Players: [2]NewPlayerFunc{Players["simple"], Players["random"]}, Names: [2]string{"simple", "random"}, Games: 6, Seed: 11, Record: true})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteLog(&buf, s.Records); err != nil {
			t.Fatal(err)
		}
		games, err := ReadLog(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("%s: %v", preset, err)
		}
		if len(games) != len(s.Records) {
			t.Fatalf("%s: read %d games of %d", preset, len(games), len(s.Records))
		}
		for i := range games {
			if !reflect.DeepEqual(normalize(games[i]), normalize(s.Records[i])) {
				t.Fatalf("%s: game %d differs after the round trip", preset, i+1)
			}
		}
		var again bytes.Buffer
		if err := WriteLog(&again, games); err != nil {
			t.Fatal(err)
		}
		if again.String() != buf.String() {
			t.Fatalf("%s: writing the parsed log changed it", preset)
		}
	}
}

// normalize clears what the log does not keep: the breakdown labels of
// the final score are recomputed, and empty slices are nil.
func normalize(g *GameRecord) *GameRecord {
	c := *g
	c.Hands = append([]HandRecord(nil), g.Hands...)
	for i := range c.Hands {
		if len(c.Hands[i].Layoffs) == 0 {
			c.Hands[i].Layoffs = nil
		}
	}
	return &c
}

func TestLogErrors(t *testing.T) {
	s, err := Simulate(SimOptions{Rules: rules.Presets["eaai"], Players: simple2(), Names: [2]string{"simple", "simple"}, Games: 3, Seed: 5, Record: true})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteLog(&buf, s.Records); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(buf.String(), "\n")
	// Break a card in the first game.
	for i, l := range lines {
		if strings.HasPrefix(l, "deal p2 ") {
			lines[i] = "deal p2 ZZ" + l[len("deal p2 AC"):]
			break
		}
	}
	lr := NewLogReader(strings.NewReader(strings.Join(lines, "\n")))
	_, err = lr.Next()
	var le *LogError
	if !errors.As(err, &le) || !errors.Is(err, ErrLog) || !strings.Contains(le.Msg, "ZZ") {
		t.Fatalf("bad card: %v", err)
	}
	// The other games still read.
	n := 0
	for {
		_, err := lr.Next()
		if err != nil {
			break
		}
		n++
	}
	if n != 2 {
		t.Fatalf("read %d games after the bad one, want 2", n)
	}
}

func TestDeadHandAndRedeal(t *testing.T) {
	// Two players who never knock: every hand dies with two cards left.
	never := func(seed uint64) Player { return &noKnock{NewSimple(seed)} }
	st, rec, err := PlayGame(GameSetup{Rules: rules.Standard, Seed: 1, Record: true, MaxHands: 3}, [2]Player{never(1), never(2)})
	if err != nil {
		t.Fatal(err)
	}
	if !st.Unfinished || st.Hands != 3 || st.Outcomes[rules.Dead] != 3 {
		t.Fatalf("stats %+v", st)
	}
	for _, h := range rec.Hands {
		if h.Dealer != 0 {
			t.Errorf("hand %d dealt by %d after dead hands", h.Number, h.Dealer)
		}
		draws := 0
		for _, m := range h.Moves {
			if m.Kind == Draw {
				draws++
			}
		}
		// 31 cards in the stock; the hand dies with 2 left.
		if draws != 29 {
			t.Errorf("hand %d drew %d from the stock", h.Number, draws)
		}
	}
}

type noKnock struct{ *Simple }

func (noKnock) TakeUpcard(*View) bool           { return false }
func (noKnock) Knock(*View) (meld.Spread, bool) { return meld.Spread{}, false }

func TestDealRotation(t *testing.T) {
	for _, winnerDeals := range []bool{false, true} {
		r := rules.Presets["eaai"]
		r.WinnerDeals = winnerDeals
		_, rec, err := PlayGame(GameSetup{Rules: r, Seed: 9, Record: true}, [2]Player{NewSimple(1), NewSimple(2)})
		if err != nil {
			t.Fatal(err)
		}
		for i := 1; i < len(rec.Hands); i++ {
			prev := rec.Hands[i-1]
			want := 1 - prev.Dealer
			switch {
			case prev.Winner < 0:
				want = prev.Dealer
			case winnerDeals:
				want = prev.Winner
			}
			if rec.Hands[i].Dealer != want {
				t.Fatalf("winnerDeals=%v: hand %d dealer %d, want %d", winnerDeals, i+1, rec.Hands[i].Dealer, want)
			}
		}
	}
}

func TestIllegalMoves(t *testing.T) {
	_, _, err := PlayGame(GameSetup{Rules: rules.Standard, Seed: 1}, [2]Player{&cheat{NewSimple(1)}, NewSimple(2)})
	var me *MoveError
	if !errors.As(err, &me) || !errors.Is(err, ErrIllegalMove) || me.Seat != 0 {
		t.Fatalf("cheat: %v", err)
	}
}

// cheat knocks at once, whatever its deadwood.
type cheat struct{ *Simple }

func (c *cheat) Knock(v *View) (meld.Spread, bool) { return meld.Spread{}, true }

func TestFirstUpcardOffer(t *testing.T) {
	// Both pass: three pass/draw moves open the hand as the rules say.
	var rec HandRecord
	rng := rand.New(rand.NewPCG(1, 1))
	_, err := PlayHand(HandSetup{Rules: rules.Standard, Dealer: 0, Number: 1, Rng: rng, Record: &rec}, [2]Player{&noKnock{NewSimple(1)}, &noKnock{NewSimple(2)}})
	if err != nil {
		t.Fatal(err)
	}
	m := rec.Moves
	if m[0] != (Move{Seat: 1, Kind: Pass, Card: rec.Upcard}) || m[1] != (Move{Seat: 0, Kind: Pass, Card: rec.Upcard}) || m[2].Seat != 1 || m[2].Kind != Draw {
		t.Fatalf("opening moves %+v", m[:3])
	}
}

func TestBigGinInEngine(t *testing.T) {
	// A stacked deck: the non-dealer holds 10 cards of gin and draws the
	// 11th melding card.
	hand1 := mustCards(t, "7C 7D 7H 7S 3S 4S 5S 9H TH JH")
	var deck [notation.NumCards]notation.Card
	rest := notation.FullDeck &^ hand1 &^ mustCards(t, "QH")
	rc := rest.Cards()
	h1 := hand1.Cards()
	for i := 0; i < 10; i++ {
		deck[2*i] = h1[i]
		deck[2*i+1] = rc[i]
	}
	deck[20] = rc[10]
	deck[21] = notation.NewCard(notation.Queen, notation.Hearts)
	copy(deck[22:], rc[11:])
	r := rules.Presets["modern"]
	var rec HandRecord
	res, err := PlayHand(HandSetup{Rules: r, Dealer: 1, Number: 1, Deck: &deck, Record: &rec}, [2]Player{&noKnock{NewSimple(1)}, &noKnock{NewSimple(2)}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Score.Outcome != rules.BigGin || res.Winner != 0 {
		t.Fatalf("result %+v; moves %+v", res, rec.Moves)
	}
}

func mustCards(t *testing.T, s string) notation.CardSet {
	t.Helper()
	h, err := notation.ParseHand(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestWilson(t *testing.T) {
	ci := Wilson(50, 100)
	if math.Abs(ci[0]-0.4038) > 0.001 || math.Abs(ci[1]-0.5962) > 0.001 {
		t.Errorf("Wilson(50, 100) = %v", ci)
	}
	if ci := Wilson(0, 0); ci != [2]float64{0, 1} {
		t.Errorf("Wilson(0, 0) = %v", ci)
	}
}

// lateKnocker never takes or knocks until the stock is down to the dead
// size; then it takes the last discard and knocks.
type lateKnocker struct {
	*Simple
	took bool
}

func (l *lateKnocker) TakeUpcard(v *View) bool {
	l.took = v.StockCount <= v.Rules.DeadStock
	return l.took
}

func (l *lateKnocker) Knock(v *View) (meld.Spread, bool) {
	if !l.took {
		return meld.Spread{}, false
	}
	return l.Simple.Knock(v)
}

func TestFiftiethCard(t *testing.T) {
	for _, fiftieth := range []bool{false, true} {
		r := rules.Standard
		r.KnockLimit = 100 // any hand may knock, so the last discard decides
		r.FiftiethCard = fiftieth
		var rec HandRecord
		rng := rand.New(rand.NewPCG(5, 5))
		res, err := PlayHand(HandSetup{Rules: r, Dealer: 0, Number: 1, Rng: rng, Record: &rec},
			[2]Player{&lateKnocker{Simple: NewSimple(1)}, &lateKnocker{Simple: NewSimple(2)}})
		if err != nil {
			t.Fatal(err)
		}
		last := rec.Moves[len(rec.Moves)-1]
		if !fiftieth {
			if res.Score.Outcome != rules.Dead {
				t.Errorf("without the rule: %v", res.Score.Outcome)
			}
			continue
		}
		if res.Score.Outcome == rules.Dead || last.Kind != Knock || rec.Moves[len(rec.Moves)-3].Kind != Take {
			t.Errorf("with the rule: %v by %d, last moves %+v", res.Score.Outcome, res.Knocker, rec.Moves[len(rec.Moves)-3:])
		}
	}
}

func TestEveryPreset(t *testing.T) {
	for _, name := range rules.PresetNames() {
		r := rules.Presets[name]
		s, err := Simulate(SimOptions{Rules: r, Players: simple2(), Names: [2]string{"a", "b"}, Games: 20, Seed: 8})
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

func TestSampleLog(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "sample.log"))
	if err != nil {
		t.Fatal(err)
	}
	games, err := ReadLog(bytes.NewReader(data))
	if err != nil || len(games) != 2 {
		t.Fatalf("read %d games: %v", len(games), err)
	}
	var out bytes.Buffer
	if err := WriteLog(&out, games); err != nil {
		t.Fatal(err)
	}
	if out.String() != string(data) {
		t.Error("the sample log does not write back the same")
	}
	// The same seed and players replay the same games.
	s, err := Simulate(SimOptions{Rules: games[0].Rules, Players: [2]NewPlayerFunc{Players["simple"], Players["random"]}, Games: 2, Seed: 42, Record: true})
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if err := WriteLog(&again, s.Records); err != nil {
		t.Fatal(err)
	}
	if again.String() != string(data) {
		t.Error("simulating with the sample's seed gives other games")
	}
}

func TestLogWithoutFullStock(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "sample.log"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	var partial, none []string
	for _, l := range lines {
		if strings.HasPrefix(l, "stock ") {
			// Keep only the top five cards, as a source that saw only the
			// cards drawn might; or drop the line.
			partial = append(partial, strings.Join(strings.Fields(l)[:6], " "))
			continue
		}
		partial = append(partial, l)
		none = append(none, l)
	}
	for name, text := range map[string]string{"partial": strings.Join(partial, "\n"), "none": strings.Join(none, "\n")} {
		games, err := ReadLog(strings.NewReader(text))
		if err != nil || len(games) != 2 {
			t.Fatalf("%s stock: %d games, %v", name, len(games), err)
		}
		var out bytes.Buffer
		if err := WriteLog(&out, games); err != nil {
			t.Fatal(err)
		}
		if out.String() != text {
			t.Errorf("%s stock: the log does not write back the same", name)
		}
	}
	// More than 31 cards is an error.
	bad := strings.Replace(string(data), "\nstock ", "\nstock 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD 2H 3H 4H 5H 6H 7H 8H 9H ", 1)
	if _, err := ReadLog(strings.NewReader(bad)); err == nil {
		t.Error("a stock of more than 31 cards was accepted")
	}
}

type failingReader struct{ data *strings.Reader }

func (f failingReader) Read(p []byte) (int, error) {
	if f.data.Len() == 0 {
		return 0, errors.New("disk on fire")
	}
	return f.data.Read(p)
}

func TestLogReaderLongLinesAndReadErrors(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "sample.log"))
	if err != nil {
		t.Fatal(err)
	}
	// A huge line inside the first game costs that game only.
	text := strings.Replace(string(data), "\nupcard ", "\n"+strings.Repeat("x", 200_000)+"\nupcard ", 1)
	lr := NewLogReader(strings.NewReader(text))
	_, err = lr.Next()
	var le *LogError
	if !errors.As(err, &le) || !strings.Contains(le.Msg, "line longer than") {
		t.Fatalf("long line: %v", err)
	}
	g, err := lr.Next()
	if err != nil || g.Hands[0].Number != 1 {
		t.Fatalf("the second game after a long line: %v", err)
	}
	// A read error is reported once; then the reader is at its end.
	lr = NewLogReader(failingReader{strings.NewReader(string(data[:300]))})
	var errs []error
	for i := 0; i < 5; i++ {
		_, err := lr.Next()
		errs = append(errs, err)
		if err == io.EOF {
			break
		}
	}
	// The game cut short, the read error, the end.
	if len(errs) != 3 || !errors.As(errs[0], &le) || !strings.Contains(errs[1].Error(), "disk on fire") || errs[2] != io.EOF {
		t.Fatalf("errors after a read failure: %v", errs)
	}
}
