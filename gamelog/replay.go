package gamelog

import (
	"fmt"

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
}

// Check replays every hand of g and checks its results, running totals
// and final score against the rules. It sets g.Final to the result the
// rules give, with its breakdown.
func Check(g *Game) error { return g.Replay(nil) }

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
	hands, upcard, stock, partial, err := resolve(h)
	if e, ok := err.(*Error); ok {
		return game.State{}, false, e
	}
	if err != nil {
		return game.State{}, false, g.errWith(err, h.Line, "hand %d: %v", h.Number, err)
	}
	setup := game.Setup{Rules: g.Rules, Dealer: h.Dealer, Number: h.Number, Scores: scores}
	st, err := game.FromDeal(setup, hands, upcard, stock[:])
	if err != nil {
		return st, false, g.errWith(err, h.Line, "hand %d: %v", h.Number, err)
	}
	// Both seats' positions follow the hand event by event, rather than
	// being rebuilt from the record at every decision; one Decision is
	// reused, so visit must not keep it.
	var pos [2]game.Position
	var d Decision
	seen := 0
	if visit != nil {
		pos = [2]game.Position{st.Position(0), st.Position(1)}
		seen = st.NumEvents()
	}
	decide := func(m game.Move, line int) (bool, error) {
		seat := st.Turn()
		if visit != nil {
			d = Decision{Hand: i, Seat: seat, Position: pos[seat], Move: m, Line: line, Partial: partial[seat], State: st}
			if !visit(&d) {
				return true, nil
			}
		}
		if err := st.Apply(m); err != nil {
			return false, g.errWith(err, line, "%v", err)
		}
		if visit != nil {
			for ; seen < st.NumEvents(); seen++ {
				for s := range notation.NumSeats {
					if e, ok := game.SeesEvent(st.Event(seen), s); ok {
						_ = pos[s].Observe(e) // a legal hand's record is consistent
					}
				}
			}
		}
		return false, nil
	}
	lastLine := h.Line
	for _, lm := range h.Moves {
		ends := (lm.Kind == game.Knock || lm.Kind == game.Gin) && lm.Seat == st.Turn()
		if st.Phase() == game.KnockPhase && !ends {
			// The log leaves a decision not to knock implicit.
			if stop, err := decide(game.PlayOnMove(), lastLine); err != nil || stop {
				return st, stop, err
			}
		}
		if st.Phase() == game.Over {
			return st, false, g.errAt(lm.Line, "the hand is already over")
		}
		if lm.Seat != st.Turn() {
			return st, false, g.errAt(lm.Line, "it is %s's turn, in the %s phase", seatName(st.Turn()), st.Phase())
		}
		var m game.Move
		switch lm.Kind {
		case game.Pass, game.Take:
			m.Kind = lm.Kind
			if up, ok := st.Upcard(); !ok || up != lm.Card {
				return st, false, g.errAt(lm.Line, "%s is not the upcard", cardText(lm.Card))
			}
		case game.Draw:
			m.Kind = game.Draw
			if top := st.Stock(); len(top) > 0 && lm.Card != Unknown && top[0] != lm.Card {
				return st, false, g.errAt(lm.Line, "the top of the stock is %s", top[0])
			}
		case game.Discard:
			m = game.DiscardMove(lm.Card)
		case game.Knock, game.Gin, game.BigGin:
			if h.Knocker != lm.Seat {
				return st, false, g.errAt(lm.Line, "%s ends the hand, but the melds that follow are not its own", seatName(lm.Seat))
			}
			m = game.Move{Kind: lm.Kind, Spread: h.Spread}
		}
		if stop, err := decide(m, lm.Line); err != nil || stop {
			return st, stop, err
		}
		lastLine = lm.Line
	}
	if st.Phase() == game.KnockPhase {
		if stop, err := decide(game.PlayOnMove(), lastLine); err != nil || stop {
			return st, stop, err
		}
	}
	if st.Phase() != game.Over {
		return st, false, g.errAt(h.ResultLine, "the moves stop in the %s phase, before the hand ends", st.Phase())
	}
	if err := g.checkShowdown(h, &st); err != nil {
		return st, false, err
	}
	return st, false, nil
}

// checkShowdown checks the recorded showdown against the hands and scores
// it from what was recorded: the melds each side laid down and the cards
// laid off. Sources differ in how they lay off, so the log, not
// ginadvisor's own choice, is what counts.
func (g *Game) checkShowdown(h *Hand, st *game.State) error {
	res, _ := st.Result()
	var want rules.HandScore
	if !res.Knocker.Valid() {
		if h.Knocker.Valid() {
			return g.errAt(h.ResultLine, "the hand died, but the log records a showdown")
		}
		want = rules.DeadHand()
	} else {
		k, d := res.Knocker, res.Knocker.Other()
		kh, dh := res.Hands[k], res.Hands[d]
		if h.Spread.Cards()|h.KnockerDeadwood != kh || h.Spread.Cards()&h.KnockerDeadwood != 0 {
			return g.errAt(h.ResultLine, "the knocker's melds and deadwood are not its hand %s", kh)
		}
		var laid notation.CardSet
		grown := h.Spread.Melds
		for _, l := range h.Layoffs {
			if h.KnockerDeadwood == 0 {
				return g.errAt(h.ResultLine, "no lay-offs against gin")
			}
			if l.Meld < 0 || l.Meld >= h.Spread.N || laid.Has(l.Card) || meld.Classify(grown[l.Meld].With(l.Card)) == meld.NotMeld {
				return g.errAt(h.ResultLine, "%s cannot be laid off on meld %d", l.Card, l.Meld+1)
			}
			grown[l.Meld] = grown[l.Meld].With(l.Card)
			laid = laid.With(l.Card)
		}
		own := h.DefenderMelds.Cards()
		parts := []notation.CardSet{own, laid, h.DefenderDeadwood}
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
		// The defender laid off what the log says, which the state's
		// result then shows too.
		if laid != res.Layoffs {
			if err := st.LayOff(laid); err != nil {
				return g.errWith(err, h.ResultLine, "%v", err)
			}
		}
		bigGin := res.Score.Outcome == rules.BigGin
		want = g.Rules.ScoreKnock(h.KnockerDeadwood.Value(), h.DefenderDeadwood.Value(), bigGin, g.Rules.Multiplier(st.FirstUpcard()))
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

// resolve turns the cards a log knows into a full deal: where the log has
// "?" (a card its source could not see), it places cards that agree with
// everything the log shows later. A card that a seat later discards or lays
// down, and that the seat was not seen to get, must have been one of its
// unknown cards; the cards never seen fill the rest. partial says a seat's
// own cards were not all known.
func resolve(h *Hand) (hands [2]notation.CardSet, upcard notation.Card, stock [game.StockSize]notation.Card, partial [2]bool, err error) {
	upcard = h.Upcard
	// A slot is an unknown card's place: in a seat's deal, or in the stock.
	type slot struct {
		seat  notation.Seat
		stock int // index in the stock, or -1 for the deal
		card  notation.Card
	}
	var slots []slot
	var known [2]notation.CardSet // cards each seat is known to hold now
	var open [2][]int             // each seat's unbound slots
	var placed notation.CardSet
	place := func(c notation.Card) error {
		if placed.Has(c) {
			return fmt.Errorf("%s is in two places", c)
		}
		placed = placed.With(c)
		return nil
	}
	for seat := range notation.NumSeats {
		for _, c := range h.Deal[seat] {
			if c == Unknown {
				partial[seat] = true
				open[seat] = append(open[seat], len(slots))
				slots = append(slots, slot{seat: seat, stock: -1, card: Unknown})
				continue
			}
			if err = place(c); err != nil {
				return
			}
			known[seat] = known[seat].With(c)
		}
	}
	if err = place(upcard); err != nil {
		return
	}
	var stockKnown [game.StockSize]notation.Card
	for i := range stockKnown {
		stockKnown[i] = Unknown
	}
	for i, c := range h.Stock {
		if c != Unknown {
			if err = place(c); err != nil {
				return
			}
		}
		stockKnown[i] = c
	}
	// bind says seat shows card c: it is known, or it fills an open slot.
	// A card the seat cannot hold is left for the replay to report, at the
	// line of the move.
	bind := func(seat notation.Seat, c notation.Card) error {
		if known[seat].Has(c) || len(open[seat]) == 0 || placed.Has(c) {
			return nil
		}
		placed = placed.With(c)
		s := open[seat][0]
		open[seat] = open[seat][1:]
		slots[s].card = c
		known[seat] = known[seat].With(c)
		return nil
	}
	draws := 0
	for _, m := range h.Moves {
		switch m.Kind {
		case game.Take:
			known[m.Seat] = known[m.Seat].With(m.Card)
		case game.Draw:
			if draws >= game.StockSize {
				return hands, upcard, stock, partial, fmt.Errorf("more draws than the stock holds")
			}
			c := stockKnown[draws]
			switch {
			case c != Unknown && m.Card != Unknown && c != m.Card:
				return hands, upcard, stock, partial, &Error{Line: m.Line, Msg: fmt.Sprintf("the draw is %s, but the stock line has %s there", m.Card, c)}
			case c == Unknown && m.Card != Unknown:
				if err = place(m.Card); err != nil {
					return
				}
				stockKnown[draws] = m.Card
				c = m.Card
			}
			if c == Unknown {
				open[m.Seat] = append(open[m.Seat], len(slots))
				slots = append(slots, slot{seat: m.Seat, stock: draws, card: Unknown})
			} else {
				known[m.Seat] = known[m.Seat].With(c)
			}
			draws++
		case game.Discard:
			if err = bind(m.Seat, m.Card); err != nil {
				return
			}
			known[m.Seat] = known[m.Seat].Without(m.Card)
		}
	}
	if h.Knocker.Valid() {
		k, d := h.Knocker, h.Knocker.Other()
		shown := [2]notation.CardSet{}
		shown[k] = h.Spread.Cards() | h.KnockerDeadwood
		shown[d] = h.DefenderMelds.Cards() | h.DefenderDeadwood
		for _, l := range h.Layoffs {
			shown[d] = shown[d].With(l.Card)
		}
		for seat := range notation.NumSeats {
			for c := range shown[seat].All() {
				if err = bind(seat, c); err != nil {
					return
				}
			}
		}
	}
	// The cards never seen fill what is still open, lowest first.
	free := notation.FullDeck &^ placed
	take := func() notation.Card {
		c, _ := free.First()
		free = free.Without(c)
		return c
	}
	for i := range slots {
		if slots[i].card == Unknown {
			slots[i].card = take()
		}
		if slots[i].stock >= 0 {
			stockKnown[slots[i].stock] = slots[i].card
		}
	}
	for seat := range h.Deal {
		for _, c := range h.Deal[seat] {
			if c != Unknown {
				hands[seat] = hands[seat].With(c)
			}
		}
	}
	for _, s := range slots {
		if s.stock < 0 {
			hands[s.seat] = hands[s.seat].With(s.card)
		}
	}
	for i := range stock {
		if stockKnown[i] == Unknown {
			stockKnown[i] = take()
		}
		stock[i] = stockKnown[i]
	}
	return hands, upcard, stock, partial, nil
}
