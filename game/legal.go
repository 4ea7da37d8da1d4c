package game

import (
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// What a player may do depends only on the public table and its own
// hand, so a State and a Position list their moves with the same code:
// a seat needs no sampled world to know its legal moves.

// Legal appends the legal moves of the player to move to dst and returns
// the extended slice; it allocates only to grow dst. In the knock phase it
// lists playing on, then every spread within the knock limit, shortened
// and held-back melds included, as a knock or gin.
func (s *State) Legal(dst []Move) []Move { return s.legal(s.hands[s.turn], dst) }

// Legal appends the legal moves of the position's seat to dst, when it
// is the seat's turn, and returns the extended slice. They are the moves
// State.Legal lists, in the same order, in every world consistent with
// the position. Before the upcard is turned, on the opponent's turn and
// once the hand is over, it returns dst as it was. It allocates only to
// grow dst.
func (p *Position) Legal(dst []Move) []Move {
	if !p.started || p.turn != p.seat || p.phase == Over {
		return dst
	}
	return p.legal(p.hand, dst)
}

// legal appends the legal moves of the player to move, who holds hand.
func (f *flow) legal(hand notation.CardSet, dst []Move) []Move {
	switch f.phase {
	case FirstOffer:
		return append(dst, TakeMove(), PassMove())
	case DrawPhase:
		return f.drawChoices(dst)
	case DiscardPhase:
		return f.discards(hand, dst)
	case KnockPhase:
		return f.layDowns(hand, dst)
	}
	return dst
}

// drawChoices appends the draw phase's moves: take the upcard, or draw; only
// draw after both passed the first upcard; take or pass at the 50th-card
// rule's last chance.
func (f *flow) drawChoices(dst []Move) []Move {
	switch {
	case f.lastChance:
		return append(dst, TakeMove(), PassMove())
	case f.mustDraw():
		return append(dst, DrawMove())
	}
	if f.npile > 0 {
		dst = append(dst, TakeMove())
	}
	return append(dst, DrawMove())
}

// discards appends a discard of each card of hand but the one just taken
// from the pile (unless the rules allow it), in card order, then big gin
// where it may be declared.
func (f *flow) discards(hand notation.CardSet, dst []Move) []Move {
	h := hand
	if f.fromPile && !f.mayDiscardTaken() {
		h = h.Without(f.drawn)
	}
	for m := uint64(h); m != 0; m &= m - 1 {
		dst = append(dst, DiscardMove(lowest(m)))
	}
	if f.setup.Rules.CanDeclare(rules.DeclareBigGin, hand, 0) {
		sp, _, _ := meld.FirstArrangement(hand)
		dst = append(dst, BigGinMove(sp))
	}
	return dst
}

// layDowns appends playing on, then each spread of hand within the knock
// limit: gin when it leaves no deadwood, a knock otherwise.
func (f *flow) layDowns(hand notation.CardSet, dst []Move) []Move {
	dst = append(dst, PlayOnMove())
	meld.KnockSpreads(hand, f.limit, func(sp meld.Spread, dead notation.CardSet) bool {
		if dead == 0 {
			dst = append(dst, GinMove(sp))
		} else {
			dst = append(dst, KnockMove(sp))
		}
		return true
	})
	return dst
}

func lowest(m uint64) notation.Card {
	c, _ := notation.CardSet(m & -m).First()
	return c
}

// CanBigGin says the player to move may declare big gin now.
func (s *State) CanBigGin() bool {
	return s.phase == DiscardPhase && s.setup.Rules.CanDeclare(rules.DeclareBigGin, s.hands[s.turn], 0)
}
