package bot

import (
	"context"
	"math/bits"
	"math/rand/v2"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// seatView is what the built-in bots read to decide: the seat's hand and
// the public table. It comes from a Position in games and from a State in
// rollouts, so both run the same decisions.
type seatView struct {
	phase      game.Phase
	hand       notation.CardSet
	upcard     notation.Card
	hasUpcard  bool
	drawn      notation.Card
	fromPile   bool
	mustDraw   bool
	lastChance bool
	limit      int
	rules      *rules.Rules // the hand's, read by the rulebook's checks
	// retake says the card just taken from the pile may be discarded.
	retake bool
}

// table is the part of a Position and a State that seatView reads.
type publicTable interface {
	Phase() game.Phase
	Upcard() (notation.Card, bool)
	Drawn() (notation.Card, bool)
	MustDraw() bool
	LastChance() bool
	KnockLimit() int
}

func viewOf(t publicTable, hand notation.CardSet, r *rules.Rules) seatView {
	v := seatView{phase: t.Phase(), hand: hand, mustDraw: t.MustDraw(), lastChance: t.LastChance(), limit: t.KnockLimit(), rules: r}
	v.upcard, v.hasUpcard = t.Upcard()
	v.drawn, v.fromPile = t.Drawn()
	return v
}

func positionView(p *game.Position) seatView {
	v := viewOf(p, p.Hand(), p.Rules())
	v.retake = p.Rules().RepeatEnds
	return v
}

// stateView is viewOf for a State, written out so that the rollouts' hot
// path makes no interface calls. It fills v field by field rather than
// returning a struct: a view built of byte stores and then copied whole
// stalls the copy's wide loads (store forwarding fails), which cost the
// rollouts several percent.
func stateView(v *seatView, st *game.State) {
	v.phase, v.hand, v.mustDraw, v.lastChance = st.Phase(), st.Hand(st.Turn()), st.MustDraw(), st.LastChance()
	v.limit, v.rules, v.retake = st.KnockLimit(), st.Rules(), st.Rules().RepeatEnds
	v.upcard, v.hasUpcard = st.Upcard()
	v.drawn, v.fromPile = st.Drawn()
}

// canBigGin says the rulebook lets the hand declare big gin. The built-in
// players always declare it, as the engine did when it declared big gin
// itself.
func (v *seatView) canBigGin() bool {
	return v.rules.CanDeclare(rules.DeclareBigGin, v.hand, 0)
}

// canKnock says the rulebook lets the hand knock, or go gin, at the knock
// limit.
func (v *seatView) canKnock() bool {
	return v.rules.CanDeclare(rules.DeclareKnock, v.hand, v.limit)
}

func bigGinMove(hand notation.CardSet) game.Move {
	var sp meld.Spread
	return moveOf(layBigGin(hand, &sp))
}

// layBigGin is bigGinMove for a game.Decider, with sp to hold the melds.
func layBigGin(hand notation.CardSet, sp *meld.Spread) (game.MoveKind, notation.Card, *meld.Spread) {
	*sp, _, _ = meld.FirstArrangement(hand)
	return game.BigGin, 0, sp
}

// drawChoice is the move of the first-offer and draw phases for a seat
// that does or does not want the upcard: the stock when both passed the
// first upcard, and otherwise take it, or pass where passing is the
// alternative (the first offer, the 50th-card rule's last chance), or draw.
func drawChoice(v *seatView, take bool) game.Move {
	return game.Move{Kind: drawKind(v, take)}
}

// drawKind is the kind of drawChoice's move.
func drawKind(v *seatView, take bool) game.MoveKind {
	switch {
	case v.mustDraw:
		return game.Draw
	case take:
		return game.Take
	case v.phase == game.FirstOffer || v.lastChance:
		return game.Pass
	}
	return game.Draw
}

// Simple is the EAAI-2021 baseline player, SimpleGinRummyPlayer. It takes
// the upcard only when the card would belong to a meld of its hand plus
// the card. It discards at random among the cards that leave the least
// deadwood, never the card just taken from the pile, and it does not
// repeat a pair of drawn and discarded cards within a hand. It knocks as
// soon as it can, laying down a random best arrangement.
type Simple struct {
	src *rand.PCG
	// paired[c] holds the cards d such that c and d were drawn and
	// discarded together this hand, in either order; touched lists the
	// cards whose entry is set, to clear them for the next hand.
	paired  [64]notation.CardSet
	touched notation.CardSet
	cand    [11]notation.Card
	arrs    []meld.Spread
	// left is the hand after the last discard chosen and leftDw its
	// deadwood, which the knock decision right after it needs again; the
	// deadwood is a function of the hand, so the pair never goes stale.
	left   notation.CardSet
	leftDw int
	// candDw is the deadwood every candidate of the last call leaves.
	candDw int
	// spread holds the melds of a big gin Decide declares.
	spread meld.Spread
}

// NewSimple returns a Simple player whose random choices follow seed.
func NewSimple(seed uint64) *Simple {
	return &Simple{src: rand.NewPCG(seed, 0x5151)}
}

// Reseed restarts the player's random choices from seed and forgets the
// hand, without allocating: rollouts reseed it so that every candidate of
// a decision meets the same random choices.
func (s *Simple) Reseed(seed uint64) {
	s.src.Seed(seed, 0x5151)
	s.HandOver(nil)
}

// Name returns "simple".
func (*Simple) Name() string { return "simple" }

// HandOver forgets the drawn and discarded pairs of the hand.
func (s *Simple) HandOver(*game.Position) {
	for m := uint64(s.touched); m != 0; m &= m - 1 {
		s.paired[bits.TrailingZeros64(m)] = 0
	}
	s.touched = 0
}

// Move decides from the position.
func (s *Simple) Move(_ context.Context, p *game.Position) (game.Move, error) {
	v := positionView(p)
	return s.choose(&v), nil
}

// Choose decides for the seat to move in a state, as a rollout policy. A
// Simple used this way should be told of each new hand with HandOver.
func (s *Simple) Choose(st *game.State) game.Move {
	var v seatView
	stateView(&v, st)
	return s.choose(&v)
}

// Decide is Choose for a game.Decider.
func (s *Simple) Decide(st *game.State) (game.MoveKind, notation.Card, *meld.Spread) {
	var v seatView
	stateView(&v, st)
	return s.decide(&v)
}

func (s *Simple) choose(v *seatView) game.Move {
	k, c, sp := s.decide(v)
	return moveOf(k, c, sp)
}

// moveOf builds the Move a Decider's answer stands for.
func moveOf(k game.MoveKind, c notation.Card, sp *meld.Spread) game.Move {
	m := game.Move{Kind: k, Card: c}
	if sp != nil {
		m.Spread = *sp
	}
	return m
}

func (s *Simple) decide(v *seatView) (game.MoveKind, notation.Card, *meld.Spread) {
	switch v.phase {
	case game.FirstOffer, game.DrawPhase:
		return drawKind(v, v.hasUpcard && meld.InMeld(v.hand.With(v.upcard), v.upcard)), 0, nil
	case game.DiscardPhase:
		if v.canBigGin() {
			return layBigGin(v.hand, &s.spread)
		}
		return game.Discard, s.discard(v), nil
	case game.KnockPhase:
		dw := s.leftDw
		if v.hand != s.left || s.left == 0 {
			dw = meld.MinDeadwood(v.hand)
		}
		if !rules.DeclareKnock.AllowsDeadwood(dw, v.limit) {
			return game.PlayOn, 0, nil
		}
		s.arrs, _ = meld.AppendArrangements(s.arrs[:0], v.hand)
		sp := &s.arrs[intN(s.src, len(s.arrs))]
		return game.LayDownKind(v.hand, sp), 0, sp
	}
	return game.PlayOn, 0, nil
}

// discard picks at random among the discards that leave the least
// deadwood.
func (s *Simple) discard(v *seatView) notation.Card {
	n := s.candidates(v, true)
	if n == 0 {
		// Every such discard would repeat a pair: allow repeats.
		n = s.candidates(v, false)
	}
	c := s.cand[intN(s.src, n)]
	s.left, s.leftDw = v.hand.Without(c), s.candDw
	s.paired[v.drawn] = s.paired[v.drawn].With(c)
	s.paired[c] = s.paired[c].With(v.drawn)
	s.touched |= v.drawn.Set() | c.Set()
	return c
}

// intN is rand.New(src).IntN(n) for n > 0: the same number from the same
// stream, without the indirect calls of a Rand, which every discard of a
// rollout paid.
func intN(src *rand.PCG, n int) int {
	u := uint64(n)
	if u&(u-1) == 0 {
		return int(src.Uint64() & (u - 1))
	}
	hi, lo := bits.Mul64(src.Uint64(), u)
	if lo < u {
		for thresh := -u % u; lo < thresh; {
			hi, lo = bits.Mul64(src.Uint64(), u)
		}
	}
	return int(hi)
}

// lanes repeats a one-suit rank mask in all four suits.
const lanes = 0x0001000100010001

// topRank is the highest rank in a set that is not empty.
func topRank(set notation.CardSet) notation.Rank {
	m := uint64(set)
	return notation.Rank(31 - bits.LeadingZeros32(uint32(m|m>>16|m>>32|m>>48)&0x1FFF))
}

// candidates lists the discards that leave the least deadwood, in card
// order, and returns how many.
func (s *Simple) candidates(v *seatView, avoidRepeats bool) int {
	allowed := v.hand
	if v.fromPile {
		allowed = allowed.Without(v.drawn)
	}
	if avoidRepeats && v.drawn.Valid() {
		allowed &^= s.paired[v.drawn]
	}
	if allowed == 0 {
		return 0
	}
	live := meld.Meldable(v.hand)
	// The hand before the draw is the one the last discard left, whose
	// deadwood is known: it spares a search for the discard of the card
	// drawn, and for the whole hand when that card is in no meld.
	before := v.hand.Without(v.drawn)
	known := v.drawn.Valid() && v.hand.Has(v.drawn) && before == s.left && s.left != 0
	// A card in no meld is deadwood in every arrangement, so discarding it
	// saves exactly its value: the best of them are the highest. Any other
	// discard saves at most its value, so only the meldable cards worth as
	// much need a search.
	best, need := 1<<30, 1
	var chosen notation.CardSet
	if dead := uint64(allowed &^ live); dead != 0 {
		top := topRank(notation.CardSet(dead))
		need = top.Value()
		var whole int
		if known && !live.Has(v.drawn) {
			whole = s.leftDw + v.drawn.Value()
		} else {
			whole = meld.MinDeadwood(v.hand)
		}
		best = whole - need
		same := uint64(1) << top
		if need == 10 {
			same = 0x1E00
		}
		chosen = notation.CardSet(dead & (same * lanes))
	}
	worth := uint64(0x1FFF) &^ (uint64(1)<<(need-1) - 1)
	if need == 10 {
		worth = 0x1E00
	}
	for m := uint64(allowed&live) & (worth * lanes); m != 0; m &= m - 1 {
		c := notation.Card(bits.TrailingZeros64(m))
		var dw int
		if known && c == v.drawn {
			dw = s.leftDw
		} else {
			dw = meld.MinDeadwood(v.hand.Without(c))
		}
		switch {
		case dw < best:
			best, chosen = dw, c.Set()
		case dw == best:
			chosen = chosen.With(c)
		}
	}
	n := 0
	for m := uint64(chosen); m != 0; m &= m - 1 {
		s.cand[n] = notation.Card(bits.TrailingZeros64(m))
		n++
	}
	s.candDw = best
	return n
}

// Random makes random legal moves: it takes the upcard or not at even
// odds, discards any card it may, and knocks at even odds when it can.
type Random struct {
	rng *rand.Rand
}

// NewRandom returns a Random player whose choices follow seed.
func NewRandom(seed uint64) *Random { return &Random{rng: rand.New(rand.NewPCG(seed, 0x7a7a))} }

// Name returns "random".
func (*Random) Name() string { return "random" }

// HandOver does nothing.
func (*Random) HandOver(*game.Position) {}

// Move decides from the position.
func (r *Random) Move(_ context.Context, p *game.Position) (game.Move, error) {
	v := positionView(p)
	return r.choose(&v), nil
}

// Choose decides for the seat to move in a state, as a rollout policy.
func (r *Random) Choose(st *game.State) game.Move {
	var v seatView
	stateView(&v, st)
	return r.choose(&v)
}

func (r *Random) choose(v *seatView) game.Move {
	switch v.phase {
	case game.FirstOffer, game.DrawPhase:
		// No coin is tossed when there is no choice.
		return drawChoice(v, !v.mustDraw && r.rng.IntN(2) == 0)
	case game.DiscardPhase:
		if v.canBigGin() {
			return bigGinMove(v.hand)
		}
		h := v.hand
		if v.fromPile && !v.retake {
			h = h.Without(v.drawn)
		}
		k := r.rng.IntN(h.Len())
		for c := range h.All() {
			if k == 0 {
				return game.DiscardMove(c)
			}
			k--
		}
	case game.KnockPhase:
		if !v.canKnock() || r.rng.IntN(2) == 0 {
			return game.PlayOnMove()
		}
		sp, _, _ := meld.FirstArrangement(v.hand)
		return game.LayDown(v.hand, sp)
	}
	return game.PlayOnMove()
}
