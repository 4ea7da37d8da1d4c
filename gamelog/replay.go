package gamelog

import (
	"fmt"
	"strings"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Decision is one decision of a game: the position the deciding seat saw,
// and the move it made.
type Decision struct {
	Hand int // the hand's index in Game.Hands
	Seat notation.Seat
	// Position is what the seat could know, built from its own events.
	Position game.Position
	Move     game.Move
	// Line is the file line of the move; a decision not to knock, which
	// the log leaves implicit, takes the line of the discard before it.
	Line int
	// Partial says the log does not know all of the seat's cards, so the
	// position holds guessed cards where the log has "?".
	Partial bool
	// State is the whole hand at the decision, hidden cards included
	// (guessed where the log has "?"): what an analysis checks its
	// estimates against.
	State game.State
	// Guessed is the cards of the hand that the log does not know: placed
	// in State where the log has "?" and shown by nothing later. A
	// rendering of State shows them as unknown.
	Guessed notation.CardSet
}

// Check replays every hand of g and checks its results, running totals
// and final score against the rules. It sets g.Final to the result the
// rules give, with its breakdown.
func Check(g *Game) error {
	if err := g.checkText(); err != nil {
		return err
	}
	return g.Replay(nil)
}

// checkText checks the game's text fields, which an importer may have
// filled from another format or a file's name: each must be printable
// text, and a tag's key or an unknown rule one word, so that the game
// writes as a log that reads back. A fault is an error on the game's line.
func (g *Game) checkText() error {
	for seat, name := range g.Players {
		if bad := textProblem(name); bad != "" {
			return g.errWith(ErrText, g.Line, "the name of %s has %s", seatName(notation.Seat(seat)), bad)
		}
	}
	for _, t := range g.Tags {
		if bad := textProblem(t.Key); bad != "" || t.Key == "" || strings.ContainsAny(t.Key, " \t\"") {
			return g.errWith(ErrText, g.Line, "tag key %q is not one printable word", shorten(t.Key))
		}
		if bad := textProblem(t.Value); bad != "" {
			return g.errWith(ErrText, g.Line, "the value of tag %s has %s", t.Key, bad)
		}
	}
	for _, kv := range g.UnknownRules {
		if bad := textProblem(kv); bad != "" || strings.ContainsAny(kv, " \t") {
			return g.errWith(ErrText, g.Line, "rule %q is not one printable word", shorten(kv))
		}
	}
	return nil
}

// Replay replays every hand of g on a game.State, calling visit, when set,
// with each decision in order; visit returns false to stop. The Decision
// is valid only during the call. An impossible
// move, or a result, score or final line that disagrees with the rules, is
// an *Error naming the line and what ginadvisor computes.
func (g *Game) Replay(visit func(d *Decision) bool) error {
	tally := rules.NewGame(g.Rules)
	dealer := g.FirstDealer
	for i := range g.Hands {
		h := &g.Hands[i]
		if h.Dealer != dealer {
			return g.errAt(h.Line, "hand %d is dealt by %s; the rules give the deal to %s", h.Number, seatName(h.Dealer), seatName(dealer))
		}
		_, stop, err := g.replayHand(i, tally.Score, visit)
		if err != nil || stop {
			return err
		}
		// checkShowdown has scored the hand from the log, as it was played.
		tally.Record(h.Winner, h.Score.Points)
		if tally.Score != h.Totals {
			return g.errAt(h.ScoreLine, "the running score should be p1 %d p2 %d", tally.Score[0], tally.Score[1])
		}
		dealer = g.Rules.NextDealer(dealer, h.Winner)
	}
	final := tally.Final()
	if g.Forfeit != nil {
		// A forfeit ends the game at once: the other seat wins, at the
		// scores of the hands finished before it.
		final = rules.GameResult{Winner: g.Forfeit.Seat.Other(), Totals: tally.Score}
	}
	if final.Winner != g.Final.Winner || final.Totals != g.Final.Totals {
		winner := "none"
		if final.Winner.Valid() {
			winner = seatName(final.Winner)
		}
		return g.errAt(g.FinalLine, "the final score should be winner %s p1 %d p2 %d", winner, final.Totals[0], final.Totals[1])
	}
	g.Final = final
	return nil
}

func (g *Game) errAt(line int, format string, args ...any) error {
	return &Error{Line: line, Msg: fmt.Sprintf(format, args...)}
}

// errWith is errAt with the error's cause kept.
func (g *Game) errWith(cause error, line int, format string, args ...any) error {
	return &Error{Line: line, Msg: fmt.Sprintf(format, args...), Err: cause}
}

// ReplayHand replays hand i of g alone, with the scores before it, and
// returns its final state.
func (g *Game) ReplayHand(i int, scores [2]int, visit func(d *Decision) bool) (game.State, error) {
	st, _, err := g.replayHand(i, scores, visit)
	return st, err
}

func (g *Game) replayHand(i int, scores [2]int, visit func(d *Decision) bool) (game.State, bool, error) {
	h := &g.Hands[i]
	dl, err := resolve(h)
	if e, ok := err.(*Error); ok {
		return game.State{}, false, e
	}
	if err != nil {
		return game.State{}, false, g.errWith(err, h.Line, "hand %d: %v", h.Number, err)
	}
	setup := game.Setup{Rules: g.Rules, Dealer: h.Dealer, Number: h.Number, Scores: scores}
	st, err := game.FromDeal(setup, dl.hands, dl.upcard, dl.stock[:])
	if err != nil {
		return st, false, g.errWith(err, h.Line, "hand %d: %v", h.Number, err)
	}
	r := newReplayer(g, i, st, &dl, visit)
	if stop, err := r.play(); err != nil || stop {
		return r.st, stop, err
	}
	err = g.checkShowdown(h, &r.st)
	return r.st, false, err
}

// A replayer plays one hand's moves on a game.State. When it has a visit
// function, both seats' positions follow the hand event by event, rather
// than being rebuilt from the record at every decision; one Decision is
// reused, so visit must not keep it.
type replayer struct {
	g       *Game
	h       *Hand
	hand    int // the hand's index in g.Hands
	partial [2]bool
	guessed notation.CardSet
	visit   func(d *Decision) bool

	st   game.State
	pos  [2]game.Position
	seen int // events of st the positions have observed
	d    Decision
}

func newReplayer(g *Game, i int, st game.State, dl *dealt, visit func(d *Decision) bool) *replayer {
	r := &replayer{g: g, h: &g.Hands[i], hand: i, partial: dl.partial, guessed: dl.guessed, visit: visit, st: st}
	if visit != nil {
		r.pos = [2]game.Position{st.Position(0), st.Position(1)}
		r.seen = st.NumEvents()
	}
	return r
}

// play makes the hand's moves, with the decisions not to knock that the
// log leaves implicit, and checks the hand ends with them. It stops when
// visit says so.
func (r *replayer) play() (stop bool, err error) {
	lastLine := r.h.Line
	for _, lm := range r.h.Moves {
		ends := (lm.Kind == game.Knock || lm.Kind == game.Gin) && lm.Seat == r.st.Turn()
		if r.st.Phase() == game.KnockPhase && !ends {
			if stop, err := r.decide(game.PlayOnMove(), lastLine); err != nil || stop {
				return stop, err
			}
		}
		m, err := r.move(lm)
		if err != nil {
			return false, err
		}
		if stop, err := r.decide(m, lm.Line); err != nil || stop {
			return stop, err
		}
		lastLine = lm.Line
	}
	if r.st.Phase() == game.KnockPhase {
		if stop, err := r.decide(game.PlayOnMove(), lastLine); err != nil || stop {
			return stop, err
		}
	}
	if r.st.Phase() == game.DrawPhase && r.st.Draws() >= game.EndlessDraws {
		// The engine package's driver abandons a hand here, as dead.
		r.st.Abandon()
		if r.visit != nil {
			r.observe()
		}
	}
	if r.st.Phase() != game.Over {
		return false, r.g.errAt(r.h.ResultLine, "the moves stop in the %s phase, before the hand ends", r.st.Phase())
	}
	return false, nil
}

// move turns a logged move into the state's move, checking it is the
// seat's turn and that the card it names is where the state has it.
func (r *replayer) move(lm Move) (game.Move, error) {
	st, g := &r.st, r.g
	if st.Phase() == game.Over {
		return game.Move{}, g.errAt(lm.Line, "the hand is already over")
	}
	if lm.Seat != st.Turn() {
		return game.Move{}, g.errAt(lm.Line, "it is %s's turn, in the %s phase", seatName(st.Turn()), st.Phase())
	}
	switch lm.Kind {
	case game.Pass, game.Take:
		if up, ok := st.Upcard(); !ok || up != lm.Card {
			return game.Move{}, g.errAt(lm.Line, "%s is not the upcard", cardText(lm.Card))
		}
		return game.Move{Kind: lm.Kind}, nil
	case game.Draw:
		if top := st.Stock(); len(top) > 0 && lm.Card != Unknown && top[0] != lm.Card {
			return game.Move{}, g.errAt(lm.Line, "the top of the stock is %s", top[0])
		}
		return game.Move{Kind: game.Draw}, nil
	case game.Discard:
		return game.DiscardMove(lm.Card), nil
	case game.Knock, game.Gin, game.BigGin:
		if r.h.Knocker != lm.Seat {
			return game.Move{}, g.errAt(lm.Line, "%s ends the hand, but the melds that follow are not its own", seatName(lm.Seat))
		}
		return game.Move{Kind: lm.Kind, Spread: r.h.Spread}, nil
	}
	return game.Move{}, nil
}

// decide shows the decision to visit, then makes its move. It returns
// true when visit says to stop.
func (r *replayer) decide(m game.Move, line int) (bool, error) {
	if r.visit != nil {
		seat := r.st.Turn()
		r.d = Decision{Hand: r.hand, Seat: seat, Position: r.pos[seat], Move: m, Line: line, Partial: r.partial[seat], State: r.st, Guessed: r.guessed}
		if !r.visit(&r.d) {
			return true, nil
		}
	}
	if err := r.st.Apply(m); err != nil {
		return false, r.g.errWith(err, line, "%v", err)
	}
	if r.visit != nil {
		r.observe()
	}
	return false, nil
}

// observe shows each seat the new events it sees.
func (r *replayer) observe() {
	for ; r.seen < r.st.NumEvents(); r.seen++ {
		for s := range notation.NumSeats {
			if e, ok := game.SeesEvent(r.st.Event(r.seen), s); ok {
				_ = r.pos[s].Observe(e) // a legal hand's record is consistent
			}
		}
	}
}

// checkShowdown checks the recorded showdown against the hands and scores
// it from what was recorded: the melds each side laid down and the cards
// laid off. Sources differ in how they lay off, so the log, not
// ginadvisor's own choice, is what counts.
func (g *Game) checkShowdown(h *Hand, st *game.State) error {
	res, _ := st.Result()
	want, err := g.loggedScore(h, st, res)
	if err != nil {
		return err
	}
	winner := notation.NoSeat
	switch want.Winner {
	case rules.Knocker:
		winner = res.Knocker
	case rules.Defender:
		winner = res.Knocker.Other()
	}
	if want != h.Score || winner != h.Winner {
		w := "none"
		if winner.Valid() {
			w = seatName(winner)
		}
		return g.errAt(h.ResultLine, "the rules give: result %s winner %s points %d bonus %d difference %d multiplier %d knocker-deadwood %d defender-deadwood %d",
			want.Outcome, w, want.Points, want.Bonus, want.Difference, want.Multiplier, want.KnockerDeadwood, want.DefenderDeadwood)
	}
	return nil
}

// loggedScore checks the showdown the log records against the hands the
// state ended with, lays off on the state what the log lays off, and
// scores the hand from the log's melds and deadwood.
func (g *Game) loggedScore(h *Hand, st *game.State, res game.Result) (rules.HandScore, error) {
	if !res.Knocker.Valid() {
		if h.Knocker.Valid() {
			return rules.HandScore{}, g.errAt(h.ResultLine, "the hand died, but the log records a showdown")
		}
		return rules.DeadHand(), nil
	}
	k, d := res.Knocker, res.Knocker.Other()
	kh, dh := res.Hands[k], res.Hands[d]
	if h.Spread.Cards()|h.KnockerDeadwood != kh || h.Spread.Cards()&h.KnockerDeadwood != 0 {
		return rules.HandScore{}, g.errAt(h.ResultLine, "the knocker's melds and deadwood are not its hand %s", kh)
	}
	laid, err := g.checkLayoffs(h)
	if err != nil {
		return rules.HandScore{}, err
	}
	if err := g.checkDefender(h, laid, dh); err != nil {
		return rules.HandScore{}, err
	}
	// The defender laid off what the log says, which the state's result
	// then shows too.
	if laid != res.Layoffs {
		if err := st.LayOff(laid); err != nil {
			return rules.HandScore{}, g.errWith(err, h.ResultLine, "%v", err)
		}
	}
	bigGin := res.Score.Outcome == rules.BigGin
	return g.Rules.ScoreKnock(h.KnockerDeadwood.Value(), h.DefenderDeadwood.Value(), bigGin, g.Rules.Multiplier(st.FirstUpcard())), nil
}

// checkLayoffs checks each logged lay-off goes on a meld of the knocker's
// that it extends, and returns the cards laid off.
func (g *Game) checkLayoffs(h *Hand) (notation.CardSet, error) {
	var laid notation.CardSet
	grown := h.Spread.Melds
	for _, l := range h.Layoffs {
		if h.KnockerDeadwood == 0 {
			return 0, g.errAt(h.ResultLine, "no lay-offs against gin")
		}
		if l.Meld < 0 || l.Meld >= h.Spread.N || laid.Has(l.Card) || meld.Classify(grown[l.Meld].With(l.Card)) == meld.NotMeld {
			return 0, g.errAt(h.ResultLine, "%s cannot be laid off on meld %d", l.Card, l.Meld+1)
		}
		grown[l.Meld] = grown[l.Meld].With(l.Card)
		laid = laid.With(l.Card)
	}
	return laid, nil
}

// checkDefender checks the defender's melds, lay-offs and deadwood share
// no card and make up its hand dh.
func (g *Game) checkDefender(h *Hand, laid, dh notation.CardSet) error {
	parts := []notation.CardSet{h.DefenderMelds.Cards(), laid, h.DefenderDeadwood}
	var all notation.CardSet
	for _, p := range parts {
		if all&p != 0 {
			return g.errAt(h.ResultLine, "%s is counted twice in the defender's hand", all&p)
		}
		all |= p
	}
	if all != dh {
		return g.errAt(h.ResultLine, "the defender's melds, lay-offs and deadwood are not its hand %s", dh)
	}
	return nil
}
