package game

import (
	"strings"

	"github.com/ginadvisor/ginadvisor/notation"
)

// Facts carry no order of events, so whether a sequence of turns could
// reach them is worked out here: for each way the first offer may have
// gone, the draws and takes the discards and the pile imply.

// opening is one way the first offer can have gone: who took the first
// upcard (NoSeat when both passed).
type opening struct {
	taker notation.Seat
}

// turnCounts is what an opening implies for the facts: the draws of the
// hand so far, and how many of them can and must have been takes from
// the pile.
type turnCounts struct {
	draws              int
	oppTurns           int // the opponent's finished turns, each a discard
	minTakes, maxTakes int
	takes              int // the takes the pile's size shows
}

// countTurns works out the turns for an opening, or false when the
// opening contradicts the facts. The turns alternate from the first mover
// (the dealer only when it took the first upcard); every finished turn
// ended with a discard; the seat to move has drawn once more in the
// discard and knock phases, and discarded once more in the knock phase.
func countTurns(s Setup, f Facts, up notation.Card, o opening) (turnCounts, bool) {
	var c turnCounts
	if !o.fits(s, f, up) {
		return c, false
	}
	cur := currentTurn(f)
	oppFirst := 0
	if o.firstMover(s) == f.Seat.Other() {
		oppFirst = 1
	}
	oppTurns, truncated := len(f.OppDiscards), outgrown(f, cur)
	if truncated {
		// The list holds the latest discards only: the draws count the
		// turns, which alternate.
		if (f.Draws-cur.draws+oppFirst)%2 != 0 {
			return c, false
		}
		oppTurns = (f.Draws - cur.draws + oppFirst) / 2
	}
	ownTurns := oppTurns - oppFirst
	if ownTurns < 0 {
		return c, false
	}
	c.oppTurns = oppTurns
	ownDiscards := ownTurns + cur.discards
	c.draws = oppTurns + ownTurns + cur.draws
	ownTookUp, forcedOwn, ok := o.ownFirstDraw(s, f, up, ownTurns, cur)
	if !ok {
		return c, false
	}
	forcedOpp := 0
	if !o.taker.Valid() && s.Dealer.Other() != f.Seat {
		forcedOpp = 1
	}
	oppMax := oppTurns - forcedOpp
	if !truncated {
		// Each take is of a card in took, or a retake of one discarded
		// since, which only the whole list shows.
		oppMax = min(oppMax, f.OppTook.Len()+oppRetakes(f))
	}
	c.minTakes = f.OppTook.Len() + cur.fromPile + ownTookUp
	c.maxTakes = oppMax + (ownTurns + cur.draws - forcedOwn - cur.fromStock)
	c.takes = 1 + oppTurns + ownDiscards - len(f.Pile)
	return c, true
}

// fits says the opening agrees with the opponent's first-offer
// decisions, which are public.
func (o opening) fits(s Setup, f Facts, up notation.Card) bool {
	nd, opp := s.Dealer.Other(), f.Seat.Other()
	switch {
	case o.taker == opp && !f.OppTook.Has(up):
		return false
	case o.taker == s.Dealer && !f.OppPassed.Has(up) && opp == nd:
		return false
	case !o.taker.Valid() && !f.OppPassed.Has(up):
		return false
	}
	// When the non-dealer took the first upcard, the dealer was never
	// offered it; the dealer passed it later only if the seat discarded it
	// again, which it may not do on the turn it took it.
	if o.taker == f.Seat && f.Seat == nd && f.OppPassed.Has(up) {
		again := len(f.OppDiscards) // the seat's finished turns, it moving first
		if again < 2 && !(s.Rules.RepeatEnds && again >= 1) {
			return false
		}
	}
	return true
}

// firstMover is the seat whose turn came first after the first offer:
// the dealer only when it took the first upcard.
func (o opening) firstMover(s Setup) notation.Seat {
	if o.taker == s.Dealer {
		return s.Dealer
	}
	return s.Dealer.Other()
}

// turnSoFar is what the seat to move has done this turn: drawn (from the
// stock or the pile) in the discard and knock phases, and discarded in
// the knock phase.
type turnSoFar struct {
	draws, fromStock, fromPile, discards int
}

func currentTurn(f Facts) turnSoFar {
	var t turnSoFar
	if f.Phase != DrawPhase {
		t.draws = 1
		if f.FromPile {
			t.fromPile = 1
		} else {
			t.fromStock = 1
		}
	}
	if f.Phase == KnockPhase {
		t.discards = 1
	}
	return t
}

// ownFirstDraw works out the seat's first draw: it took the first upcard
// (ownTookUp, when that draw is a finished turn's), or, after both
// passed, it was forced from the stock (forcedOwn, when a finished turn
// made it). When that draw is this turn's, the card drawn must show it;
// false means it does not.
func (o opening) ownFirstDraw(s Setup, f Facts, up notation.Card, ownTurns int, cur turnSoFar) (ownTookUp, forcedOwn int, ok bool) {
	if o.taker == f.Seat {
		if ownTurns == 0 && (cur.fromPile == 0 || f.Drawn != up) {
			return 0, 0, false
		}
		if ownTurns > 0 {
			ownTookUp = 1
		}
	}
	if !o.taker.Valid() && s.Dealer.Other() == f.Seat {
		forcedOwn = 1
		if ownTurns == 0 {
			if cur.fromStock == 0 && f.Phase != DrawPhase {
				return 0, 0, false
			}
			forcedOwn = 0
		}
	}
	return ownTookUp, forcedOwn, true
}

// outgrown says the facts are of a hand longer than the list of the
// opponent's discards holds: the list is full and the draws say more turns
// were played than it can show. A full list, each seat's turns
// alternating, shows at most 2*MaxDraws draws and the current turn's.
func outgrown(f Facts, cur turnSoFar) bool {
	return len(f.OppDiscards) == MaxDraws && f.Draws > 2*MaxDraws+cur.draws
}

// oppRetakes counts the opponent's discards of cards it took: each may
// have been taken again, as it takes a card again only after discarding
// it.
func oppRetakes(f Facts) int {
	n := 0
	for _, d := range f.OppDiscards {
		if f.OppTook.Has(d) {
			n++
		}
	}
	return n
}

// checkTurns refuses facts that no sequence of turns could reach: upcards
// the opponent could not have passed, a first upcard that is nowhere,
// draws that disagree with the discards, and a pile whose size needs more
// or fewer takes than the turns allow. It returns the counts of the hand.
func checkTurns(s Setup, f Facts, up notation.Card) (turnCounts, error) {
	opp := f.Seat.Other()
	pile := notation.SetOf(f.Pile...)
	if f.Phase == FirstOffer {
		want := notation.CardSet(0)
		if opp != s.Dealer {
			want = up.Set()
		}
		switch {
		case f.OppPassed != want && want == 0:
			return turnCounts{}, factErr("passed", "at the non-dealer's first offer the opponent has passed nothing")
		case f.OppPassed != want:
			return turnCounts{}, factErr("passed", "the dealer is offered the first upcard after the non-dealer passed it: passed=%s", up)
		case f.OppTook != 0 || len(f.OppDiscards) != 0:
			return turnCounts{}, factErr("took", "nothing is taken or discarded before the first offer ends")
		case f.Draws != 0:
			return turnCounts{}, factErr("draws", "no draw is made before the first offer ends")
		}
		return turnCounts{}, nil
	}
	if f.FirstUpcard.Valid() && len(f.Pile) > 0 && f.Pile[0] != f.FirstUpcard && !(f.Hand | pile | f.OppTook).Has(f.FirstUpcard) {
		return turnCounts{}, factErr("first", "%s is not at the bottom of the pile, so it was taken at the first offer, but it is not where a taken card can be", f.FirstUpcard)
	}
	if never := f.OppPassed &^ (f.Hand | pile | f.OppTook); never != 0 {
		return turnCounts{}, factErr("passed", "%s was never offered to the opponent: a card it passed stays in the pile, unless taken since", never)
	}
	if opp != s.Dealer && !(f.OppPassed | f.OppTook).Has(up) {
		return turnCounts{}, factErr("passed", "the first upcard %s was offered to the opponent first: it is in passed= or took=", up)
	}
	var counts []turnCounts
	for _, o := range []opening{{taker: notation.NoSeat}, {taker: s.Dealer.Other()}, {taker: s.Dealer}} {
		if c, ok := countTurns(s, f, up, o); ok {
			counts = append(counts, c)
		}
	}
	if len(counts) == 0 {
		return turnCounts{}, factErr("discards", "the first offer cannot have gone any way that leads here: the opponent moved first, so it has discarded, or the first upcard is missing from passed= and took=")
	}
	// The facts hold when one opening explains them all; otherwise the
	// first opening that matches the draws names what is wrong.
	var firstErr error
	for _, c := range counts {
		var err error
		switch {
		case f.Draws != 0 && c.draws != f.Draws:
			err = factErr("draws", "%d draws; with %d discards by the opponent the hand has seen %d", f.Draws, len(f.OppDiscards), c.draws)
		case c.takes < c.minTakes:
			err = factErr("pile", "%d cards in the pile after %d discards by the opponent leave %d takes from it, fewer than the %d known", len(f.Pile), len(f.OppDiscards), c.takes, c.minTakes)
		case c.takes > c.maxTakes:
			err = factErr("pile", "%d cards in the pile after %d discards by the opponent leave %d takes from it, more than the %d turns that could take allow", len(f.Pile), len(f.OppDiscards), c.takes, c.maxTakes)
		default:
			return c, nil
		}
		if firstErr == nil || f.Draws != 0 && c.draws == f.Draws && strings.HasPrefix(firstErr.Error(), "draws") {
			firstErr = err
		}
	}
	return turnCounts{}, firstErr
}
