package reading

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// What a play says: the rules of play a style picks among, one on each
// axis, and how likely each play the seat saw is under each rule. The
// plays read are the opponent's latest decline to knock (Decline), its
// last turn before it (turn: the take or pass, and the discard), and the
// upcards it was offered in the hand (offers). A Style sums what they say
// over hands, a Model and a View at one decision, and the particle
// filter at every play of the hand.

// KnockRule is when a player knocks, once its deadwood is within the
// limit. Gin is always taken.
type KnockRule uint8

// The knock rules.
const (
	// KnockAtOnce knocks at the first chance, as simple does.
	KnockAtOnce KnockRule = iota
	// KnockEarly knocks only in the first EarlyDraws draws of the hand,
	// and otherwise holds for gin or an undercut, as heuristic does.
	KnockEarly
	// KnockLow knocks only with LowDeadwood or less.
	KnockLow
	// KnockLate knocks only once the stock is down to LateStock cards.
	KnockLate
)

// DiscardRule is how a player chooses its discard.
type DiscardRule uint8

// The discard rules.
const (
	// DiscardDeadwood leaves the least deadwood, the higher card on ties.
	DiscardDeadwood DiscardRule = iota
	// DiscardSafe weighs the deadwood left against how likely the
	// opponent is to use the card, read from the cards it took, passed
	// and discarded.
	DiscardSafe
	// DiscardOpen weighs the deadwood left against the live cards that
	// would complete a meld, keeping the most draws open.
	DiscardOpen
)

// TakeRule is when a player takes the upcard.
type TakeRule uint8

// The take rules.
const (
	// TakeIntoMeld takes the upcard only when it joins a meld.
	TakeIntoMeld TakeRule = iota
	// TakeToLower takes it whenever, with the best discard after it, it
	// lowers the deadwood.
	TakeToLower
)

// The thresholds of the knock rules.
const (
	EarlyDraws  = 6
	LowDeadwood = 3
	LateStock   = 10
)

// NumKnockRules, NumTakeRules and NumDiscardRules count the rules of each
// axis.
const (
	NumKnockRules   = 4
	NumTakeRules    = 2
	NumDiscardRules = 3
)

// slip is the chance that a player breaks its rule at a decision: the
// rules are a model, and no observed decision rules a style out for good.
const slip = 0.03

// KnockPrior returns the chance of each knock rule before any decision is
// seen: knocking at once, as the EAAI baseline and most programs do, is
// the likeliest.
func KnockPrior() [NumKnockRules]float64 {
	return [NumKnockRules]float64{KnockAtOnce: 0.4, KnockEarly: 0.2, KnockLow: 0.2, KnockLate: 0.2}
}

// TakePrior returns the chance of each take rule before any turn is read:
// most programs, the EAAI baseline first, take the upcard only into a
// meld.
func TakePrior() [NumTakeRules]float64 {
	return [NumTakeRules]float64{TakeIntoMeld: 0.7, TakeToLower: 0.3}
}

// DiscardPrior returns the chance of each discard rule before any turn is
// read: most programs, the EAAI baseline first, throw their highest
// deadwood.
func DiscardPrior() [NumDiscardRules]float64 {
	return [NumDiscardRules]float64{DiscardDeadwood: 0.5, DiscardSafe: 0.25, DiscardOpen: 0.25}
}

// posterior normalizes prior times exp(logw), computed without overflow.
func posterior(prior, logw []float64, out []float64) {
	top := math.Inf(-1)
	for _, l := range logw {
		top = math.Max(top, l)
	}
	sum := 0.0
	for i, l := range logw {
		out[i] = prior[i] * math.Exp(l-top)
		sum += out[i]
	}
	for i := range out {
		out[i] /= sum
	}
}

// Knocks says whether a player of rule r knocks with dw deadwood (within
// the limit, above 0) after draws draws of the hand, with stock cards left.
func (r KnockRule) Knocks(dw, draws, stock int) bool {
	switch r {
	case KnockEarly:
		return draws <= EarlyDraws
	case KnockLow:
		return dw <= LowDeadwood
	case KnockLate:
		return stock <= LateStock
	}
	return true
}

func (r KnockRule) String() string {
	switch r {
	case KnockAtOnce:
		return "knocks at once"
	case KnockEarly:
		return "knocks only early"
	case KnockLow:
		return "knocks only low"
	case KnockLate:
		return "knocks only late"
	}
	return fmt.Sprintf("KnockRule(%d)", uint8(r))
}

// short says when a player of rule r knocks in a few words, for a
// sentence that begins "The opponent knocks".
func (r KnockRule) short() string {
	switch r {
	case KnockAtOnce:
		return "at once"
	case KnockEarly:
		return "only early"
	case KnockLow:
		return "only with 3 or less"
	}
	return "only late"
}

// short says when a player of rule r takes the upcard, for a sentence
// that begins "It takes the upcard".
func (r TakeRule) short() string {
	if r == TakeIntoMeld {
		return "only into a meld"
	}
	return "to lower its deadwood"
}

// short says what a player of rule r throws, for a sentence that begins
// "It throws".
func (r DiscardRule) short() string {
	switch r {
	case DiscardDeadwood:
		return "the most deadwood"
	case DiscardSafe:
		return "safe cards"
	}
	return "keeping draws open"
}

// Takes says whether a player of rule r takes up into hand.
func (r TakeRule) Takes(hand notation.CardSet, up notation.Card) bool {
	with := hand.With(up)
	if meld.InMeld(with, up) {
		return true
	}
	if r != TakeToLower {
		return false
	}
	// Throwing a card saves at most its value, and exactly its value when
	// it is in no meld, so only the cards worth enough need a search.
	now := meld.MinDeadwood(hand)
	whole, meldable := meld.MinDeadwood(with), meld.Meldable(with)
	for c := range hand.All() {
		if whole-c.Value() >= now {
			continue
		}
		if !meldable.Has(c) || meld.MinDeadwood(with.Without(c)) < now {
			return true
		}
	}
	return false
}

// Usefulness guesses how likely the opponent is to use card c, from what
// it saw of its own opponent: each card of took (the cards it took) of c's
// rank, or next to c in its suit, counts for; each such card of gone (the
// cards it discarded or passed) counts half against.
func Usefulness(c notation.Card, took, gone notation.CardSet) float64 {
	return float64(related(c, took)) - 0.5*float64(related(c, gone))
}

// related counts the cards of set that could share a meld with c.
func related(c notation.Card, set notation.CardSet) int {
	n := 0
	for d := range set.Without(c).All() {
		if d.Rank() == c.Rank() || d.Suit() == c.Suit() && (d.Rank() == c.Rank()+1 || c.Rank() == d.Rank()+1) {
			n++
		}
	}
	return n
}

// lastDiscard returns the draws made and the stock left when the
// opponent last discarded.
func lastDiscard(p *game.Position) (draws, stock int, ok bool) {
	draws, stock, ok, _ = walkToLastDiscard(p)
	return draws, stock, ok
}

// walkToLastDiscard walks the record to the opponent's last discard: the
// draws made and the stock left then, and whether the opponent has done
// nothing since but play on.
func walkToLastDiscard(p *game.Position) (draws, stock int, ok, latest bool) {
	if !p.RecordComplete() {
		return 0, 0, false, false
	}
	opp := p.Seat().Other()
	n, left := 0, game.StockSize
	for i := 0; i < p.NumEvents(); i++ {
		e := p.Event(i)
		switch e.Kind {
		case game.Drew:
			n++
			left--
		case game.Took:
			n++
		}
		if e.Seat != opp {
			continue
		}
		switch e.Kind {
		case game.Discarded:
			draws, stock, ok, latest = n, left, true, true
		case game.PlayedOn:
		default:
			latest = false
		}
	}
	return draws, stock, ok, latest
}

// Decline is the opponent's latest knock decision, seen from the seat: it
// discarded and played on with Draws draws made and Stock cards left. Its
// hand then is its hand now, so a sampled world says whether it passed up
// a knock.
type Decline struct {
	Draws, Stock, Limit int
	Opp                 notation.Seat
}

// LastDecline finds the opponent's latest decision not to knock, if it is
// the seat's turn right after it.
func LastDecline(p *game.Position) (Decline, bool) {
	if p.Phase() == game.Over || p.Turn() != p.Seat() || !p.RecordComplete() {
		return Decline{}, false
	}
	opp := p.Seat().Other()
	if p.NumEvents() == 0 {
		// A position from the short form has no record: the opponent's
		// last act was a discard if it has discarded and it is the seat's
		// draw or discard.
		if p.OpponentDiscards() == 0 {
			return Decline{}, false
		}
		d := Decline{Draws: p.Draws(), Stock: p.StockCount(), Limit: p.KnockLimit(), Opp: opp}
		switch p.Phase() {
		case game.DrawPhase:
		case game.DiscardPhase:
			_, fromPile := p.Drawn()
			d.Draws--
			if !fromPile {
				d.Stock++
			}
		default:
			return Decline{}, false
		}
		return d, true
	}
	draws, stock, _, latest := walkToLastDiscard(p)
	return Decline{Draws: draws, Stock: stock, Limit: p.KnockLimit(), Opp: opp}, latest
}

// likelihoods returns, for each knock rule, the chance of the decline
// given the opponent's hand in a world.
func (d *Decline) likelihoods(oppHand notation.CardSet) [NumKnockRules]float64 {
	var l [NumKnockRules]float64
	dw := meld.MinDeadwood(oppHand)
	for r := range KnockRule(NumKnockRules) {
		switch {
		case dw == 0:
			// Every style takes gin.
			l[r] = slip
		case rules.DeclareKnock.AllowsDeadwood(dw, d.Limit) && r.Knocks(dw, d.Draws, d.Stock):
			l[r] = slip
		default:
			l[r] = 1 - slip
		}
	}
	return l
}

// turn is the opponent's last turn as the seat saw it: what it drew and
// what it discarded, and what it could see of the table then. A sampled
// world fixes the opponent's hand after the discard, and with it the hand
// each of these decisions was made from.
type turn struct {
	// took says it took up from the pile; otherwise it drew from the
	// stock, passing up when hasUp.
	took    bool
	up      notation.Card
	hasUp   bool
	discard notation.Card
	// pile is the discard pile after the draw, before the discard.
	pile notation.CardSet
	// seatTook and seatGone are what the opponent had seen of the seat:
	// the cards it took, and the cards it discarded or passed.
	seatTook, seatGone notation.CardSet
	// oppTook is every card the opponent took from the pile up to then.
	oppTook notation.CardSet
	// useful is Usefulness of every card, from seatTook and seatGone:
	// it does not depend on the world, so a turn works it out once.
	useful [notation.NumCards]float64
	// nowUseful is Usefulness of every card from what the opponent
	// has seen of the seat over the whole record, up to now: what a safe
	// discarder weighs in the rollouts from here.
	nowUseful [notation.NumCards]float64
	// noOpen skips the open discarder's count of live cards, the costly
	// part of a discard's likelihood, when its weight is nil.
	noOpen bool
	// fromStock says the draw was from the stock: for the particle
	// filter, which draws the card with the discard.
	fromStock bool
	// latest says the opponent has done nothing since but play on, so
	// that its hand now is its hand after the discard.
	latest bool
}

// lastTurn walks the record to the opponent's last turn that ended in a
// discard.
func lastTurn(p *game.Position) (turn, bool) {
	if !p.RecordComplete() {
		return turn{}, false
	}
	w := newRecordWalk(p)
	for range w.events(p) {
	}
	t := w.last
	// Worked out once, for the last turn only, not at every discard.
	for c := range notation.FullDeck.All() {
		t.useful[c.Index()] = Usefulness(c, t.seatTook, t.seatGone)
		t.nowUseful[c.Index()] = Usefulness(c, w.seatTook, w.seatGone)
	}
	return t, w.found
}

// discardLikelihoods returns, for each discard rule, the chance that a player
// of that rule discards t.discard from before, its hand before the
// discard: 1-slip shared among the cards the rule ranks best, and slip
// spread over every card it may discard.
//
// The discard is among a rule's best when no card scores lower, and the
// cards it shares the best with are those that score the same. So each
// other card is scored only as far as some rule still needs it: its
// deadwood is found by a search only when the bound its value sets
// could still beat or tie the discard.
func (t *turn) discardLikelihoods(before notation.CardSet) [NumDiscardRules]float64 {
	var l [NumDiscardRules]float64
	allowed := before
	if t.took {
		allowed = allowed.Without(t.up)
	}
	if !allowed.Has(t.discard) {
		return l
	}
	var r discardRace
	t.startRace(&r, before)
	// The order of the cards changes no result: a rule once beaten stays
	// beaten, and the ties count only while some rule is not. The cards
	// in no meld come first, the highest first, as they leave the least
	// deadwood and beat the rules soonest.
	rest := allowed.Without(t.discard)
	dead := rest &^ r.sc.solved.Meldable()
	for rank := notation.NumRanks - 1; rank >= 0 && r.left > 0; rank-- {
		for m := uint64(dead) & (suitLanes << rank); m != 0 && r.left > 0; m &= m - 1 {
			r.meet(t, notation.Card(bits.TrailingZeros64(m)))
		}
	}
	for m := uint64(rest &^ dead); m != 0 && r.left > 0; m &= m - 1 {
		r.meet(t, notation.Card(bits.TrailingZeros64(m)))
	}
	spread := slip / float64(allowed.Len())
	for i := range l {
		l[i] = spread
		if !r.beaten[i] {
			l[i] += (1 - slip) / float64(r.ties[i])
		}
	}
	if !r.open {
		l[DiscardOpen] = l[DiscardDeadwood]
	}
	return l
}

// suitLanes has rank 0 of every suit: shifted by a rank, it picks out
// that rank's four cards.
const suitLanes = 0x0001000100010001

// discardRace is discardLikelihoods' count, for each rule, of whether
// another card scores below the discard's mark, and how many tie it.
type discardRace struct {
	sc     discardScorer
	mark   [NumDiscardRules]float64
	beaten [NumDiscardRules]bool
	ties   [NumDiscardRules]int
	// left is the rules not yet beaten; open says the open discarder is
	// in the race, and liveMax bounds the live cards of any discard.
	left    int
	open    bool
	liveMax float64
}

// startRace starts r, the race of t's discard from before, its hand of
// eleven. It fills r in place: the race holds a solved hand, too wide to
// copy on every weighing.
func (t *turn) startRace(r *discardRace, before notation.CardSet) {
	r.sc.reset(before, t.pile)
	r.open = !t.noOpen
	d := t.discard
	dwD := r.sc.deadwood(d)
	r.mark = [NumDiscardRules]float64{DiscardDeadwood: dwD, DiscardSafe: dwD + 3*t.useful[d.Index()]}
	if r.open {
		r.mark[DiscardOpen] = dwD - r.sc.live(d)
		r.liveMax = r.sc.liveBound()
	}
	// Without the open discarder, its answer is the deadwood
	// discarder's, as its count of live cards would be nil.
	r.beaten = [NumDiscardRules]bool{DiscardOpen: !r.open}
	for i := range r.ties {
		r.ties[i] = 1
		if !r.beaten[i] {
			r.left++
		}
	}
}

// meet scores card c, another card of the hand, against the discard, as
// far as some rule not yet beaten needs it.
func (r *discardRace) meet(t *turn, c notation.Card) {
	// c scores no lower than these bounds: a rule whose mark its bound
	// passes cannot be beaten or tied by c. The rules are written out
	// one by one: a loop over arrays of three cost a third of the filter.
	bound := r.sc.deadwoodBound(c)
	safe := 3 * t.useful[c.Index()]
	needDeadwood := !r.beaten[DiscardDeadwood] && bound <= r.mark[DiscardDeadwood]
	needSafe := !r.beaten[DiscardSafe] && bound+safe <= r.mark[DiscardSafe]
	needOpen := !r.beaten[DiscardOpen] && bound-r.liveMax <= r.mark[DiscardOpen]
	if !needDeadwood && !needSafe && !needOpen {
		return
	}
	dw := r.sc.deadwood(c)
	if needDeadwood {
		r.judge(DiscardDeadwood, dw)
	}
	if needSafe {
		r.judge(DiscardSafe, dw+safe)
	}
	// The deadwood, found first, is a tighter floor than the bound: the
	// live cards are counted only when they could still beat or tie.
	if needOpen && dw-r.liveMax <= r.mark[DiscardOpen] {
		r.judge(DiscardOpen, dw-r.sc.live(c))
	}
}

// judge counts a card that scores score under rule i against the
// discard's mark: below it beats the rule, level with it ties.
func (r *discardRace) judge(i DiscardRule, score float64) {
	switch {
	case score < r.mark[i]:
		r.beaten[i] = true
		r.left--
	case score == r.mark[i]:
		r.ties[i]++
	}
}

// discardScorer scores the discards from one hand of eleven: the least
// deadwood each leaves, and the live cards that would then complete a
// meld, with cheap bounds on both.
type discardScorer struct {
	hand, pile notation.CardSet
	whole      int
	solved     meld.Solved
}

// reset makes sc the scorer of the discards from hand.
func (sc *discardScorer) reset(hand, pile notation.CardSet) {
	sc.hand, sc.pile = hand, pile
	sc.solved.Set(hand)
	sc.whole = sc.solved.Deadwood()
}

// deadwoodBound is the least deadwood throwing c could leave: a card in
// no meld is deadwood in every arrangement, so throwing it saves exactly
// its value, and a card in a meld saves at most its value.
func (sc *discardScorer) deadwoodBound(c notation.Card) float64 {
	return float64(sc.whole - c.Value())
}

// deadwood is the least deadwood throwing c leaves.
func (sc *discardScorer) deadwood(c notation.Card) float64 {
	return float64(sc.solved.Without(c))
}

// live counts the cards, neither in the pile nor c, that would complete a
// meld of the hand without c.
func (sc *discardScorer) live(c notation.Card) float64 {
	return float64((meld.Completions(sc.hand.Without(c)) &^ sc.pile &^ c.Set()).Len())
}

// liveBound bounds live for every card: throwing a card can only lose
// completions of the rest.
func (sc *discardScorer) liveBound() float64 {
	return float64((meld.Completions(sc.hand) &^ sc.pile).Len())
}

// takeLikelihoods returns, for each take rule, the chance of the take the
// opponent made, given its hand after the discard; ok is false when its
// last draw was not a take.
func (t *turn) takeLikelihoods(after notation.CardSet) (l [NumTakeRules]float64, ok bool) {
	if !t.took {
		return l, false
	}
	before := after.With(t.discard).Without(t.up)
	for r := range TakeRule(NumTakeRules) {
		l[r] = slip
		if r.Takes(before, t.up) {
			l[r] = 1 - slip
		}
	}
	return l, true
}

// passLikelihoods returns, for each take rule, the chance that the
// opponent drew from the stock rather than take the upcard, given its hand
// after the discard. Which card came from the stock is not known, so each
// card it could have been counts alike; ok is false when there was no
// upcard to pass. It is for hands shown at the end, where the cost does
// not matter.
func (t *turn) passLikelihoods(after notation.CardSet) (l [NumTakeRules]float64, ok bool) {
	if t.took || !t.hasUp {
		return l, false
	}
	full := after.With(t.discard)
	drawn := full &^ t.oppTook
	if drawn == 0 {
		return l, false
	}
	for x := range drawn.All() {
		before := full.Without(x)
		for r := range TakeRule(NumTakeRules) {
			if r.Takes(before, t.up) {
				l[r] += slip
			} else {
				l[r] += 1 - slip
			}
		}
	}
	for r := range l {
		l[r] /= float64(drawn.Len())
	}
	return l, true
}

// accept returns the chance of keeping a world whose opponent holds after
// now, by the likelihood of its last discard and take under the weights,
// each relative to the likeliest that decision could be.
func (t *turn) accept(after notation.CardSet, take [NumTakeRules]float64, discard [NumDiscardRules]float64) float64 {
	before := after.With(t.discard)
	ld := t.discardLikelihoods(before)
	acc := 0.0
	for r := range ld {
		acc += discard[r] * ld[r]
	}
	acc /= 1 - slip + slip/float64(before.Len())
	if lt, ok := t.takeLikelihoods(after); ok {
		s := 0.0
		for r := range lt {
			s += take[r] * lt[r]
		}
		acc *= s / (1 - slip)
	}
	return acc
}

// takeRates returns the chance that a player of each take rule takes an
// upcard offered to it, at the first offer and in the draw phase, as
// measured over 300 eaai games of each sparring partner against simple:
// 0.17 to 0.18 at the first offer and 0.15 to 0.17 after it for simple,
// heuristic and cautious, which take only into a meld; 0.73 and 0.25 for
// grabber and patient, which take to lower their deadwood. A take or pass
// whose hand a world does not fix is weighed by these rates alone.
func takeRates() [2][NumTakeRules]float64 {
	return [2][NumTakeRules]float64{
		drawOffer:  {TakeIntoMeld: 0.155, TakeToLower: 0.25},
		firstOffer: {TakeIntoMeld: 0.18, TakeToLower: 0.73},
	}
}

// The two kinds of offer of takeRates.
const (
	drawOffer = iota
	firstOffer
)

// offers counts the opponent's takes and passes of an offered upcard in
// the hand so far, by kind of offer; with skipLast, its last draw is left
// out, for a caller that weighs that one by the hand a world fixes. A draw
// forced after both passed the first upcard is no choice.
func offers(p *game.Position, skipLast bool) (takes, passes [2]int) {
	if !p.RecordComplete() {
		return
	}
	var last offer
	n := 0
	eachOffer(p, func(c offer) {
		last = c
		n++
		if c.took {
			takes[c.kind]++
		} else {
			passes[c.kind]++
		}
	})
	if skipLast && n > 0 {
		if last.took {
			takes[last.kind]--
		} else {
			passes[last.kind]--
		}
	}
	return takes, passes
}

// offer is one upcard offered to the opponent: the kind of offer, and
// whether it took the card.
type offer struct {
	kind int
	took bool
}

// eachOffer calls fn for each upcard the opponent was offered in the
// hand, in order.
func eachOffer(p *game.Position, fn func(offer)) {
	opp := p.Seat().Other()
	discarded, pile := false, 0
	for i := 0; i < p.NumEvents(); i++ {
		e := p.Event(i)
		kind := drawOffer
		if !discarded {
			kind = firstOffer
		}
		mine := e.Seat == opp
		switch e.Kind {
		case game.Upcard:
			pile++
		case game.Discarded:
			discarded = true
			pile++
		case game.Passed:
			if mine {
				fn(offer{kind, false})
			}
		case game.Took:
			pile--
			if mine {
				fn(offer{kind, true})
			}
		case game.Drew:
			// A draw before any discard is forced: both passed the
			// first upcard.
			if mine && discarded && pile > 0 {
				fn(offer{drawOffer, false})
			}
		}
	}
}

// offerLogLikelihoods returns, for each take rule, the log-likelihood of
// the counted takes and passes by takeRates.
func offerLogLikelihoods(takes, passes [2]int) [NumTakeRules]float64 {
	var l [NumTakeRules]float64
	rates := takeRates()
	for k := range rates {
		for r, rate := range rates[k] {
			l[r] += float64(takes[k])*math.Log(rate) + float64(passes[k])*math.Log(1-rate)
		}
	}
	return l
}

// withOffers returns the take weights w updated by the opponent's offers
// of the hand so far, its last draw left out with skipLast.
func withOffers(w [NumTakeRules]float64, p *game.Position, skipLast bool) [NumTakeRules]float64 {
	l := offerLogLikelihoods(offers(p, skipLast))
	var out [NumTakeRules]float64
	posterior(w[:], l[:], out[:])
	return out
}
