package bot

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/probability"
)

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

// NumKnockRules is the number of knock rules.
const NumKnockRules = 4

var knockRuleNames = [NumKnockRules]string{
	KnockAtOnce: "knocks at once",
	KnockEarly:  "knocks only early",
	KnockLow:    "knocks only low",
	KnockLate:   "knocks only late",
}

var knockRuleShort = [NumKnockRules]string{
	KnockAtOnce: "at once",
	KnockEarly:  "only early",
	KnockLow:    "only with 3 or less",
	KnockLate:   "only late",
}

func (r KnockRule) String() string {
	if int(r) < len(knockRuleNames) {
		return knockRuleNames[r]
	}
	return fmt.Sprintf("KnockRule(%d)", uint8(r))
}

// slip is the chance that a player breaks its rule at a decision: the
// rules are a model, and no observed decision rules a style out for good.
const slip = 0.03

// StyleReading is what a seat has learnt of when its opponent knocks: a
// posterior over the knock rules, from the opponent's knocks and the
// knocks it passed up, seen when its hand was shown at the end of a hand.
// It reads only what the seat saw, so it can live across hands, games and
// a protocol match. The zero value is the prior (see Prior).
//
// It reads the other two axes of a style from the same hands: the
// opponent's last turn before the showdown, whose hand the shown cards
// fix, weighs the take rules by its draw and the discard rules by its
// discard.
type StyleReading struct {
	logw        [NumKnockRules]float64
	takeLogw    [NumTakeRules]float64
	discardLogw [NumDiscardRules]float64
	// Seen counts the knock decisions read, and Turns the turns read
	// for the take and discard rules.
	Seen, Turns int
}

// Prior is the chance of each knock rule before any decision is seen:
// knocking at once, as the EAAI baseline and most programs do, is the
// likeliest.
var Prior = [NumKnockRules]float64{KnockAtOnce: 0.4, KnockEarly: 0.2, KnockLow: 0.2, KnockLate: 0.2}

// Weights returns the posterior chance of each knock rule.
func (s *StyleReading) Weights() [NumKnockRules]float64 {
	var w [NumKnockRules]float64
	top := math.Inf(-1)
	for _, l := range s.logw {
		top = math.Max(top, l)
	}
	sum := 0.0
	for i, l := range s.logw {
		w[i] = Prior[i] * math.Exp(l-top)
		sum += w[i]
	}
	for i := range w {
		w[i] /= sum
	}
	return w
}

// TakeWeights returns the posterior chance of each take rule.
func (s *StyleReading) TakeWeights() [NumTakeRules]float64 {
	var w [NumTakeRules]float64
	posterior(TakePrior[:], s.takeLogw[:], w[:])
	return w
}

// DiscardWeights returns the posterior chance of each discard rule.
func (s *StyleReading) DiscardWeights() [NumDiscardRules]float64 {
	var w [NumDiscardRules]float64
	posterior(DiscardPrior[:], s.discardLogw[:], w[:])
	return w
}

// readTurn weighs the take and discard rules by the opponent's last turn,
// given hand, its hand after it, as shown at the end of the hand.
func (s *StyleReading) readTurn(p *game.Position, hand notation.CardSet) {
	t, ok := lastTurn(p)
	if !ok || hand.Len() != 10 || hand.Has(t.discard) {
		return
	}
	l := t.discardLikelihoods(hand.With(t.discard))
	for r, x := range l {
		if x <= 0 {
			return // the shown hand cannot have made that discard
		}
		s.discardLogw[r] += math.Log(x)
	}
	lt, ok := t.takeLikelihoods(hand)
	if !ok {
		lt, ok = t.passLikelihoods(hand)
	}
	if ok {
		for r, x := range lt {
			s.takeLogw[r] += math.Log(x)
		}
	}
	// The hand's other offers, whose hands the shown cards do not fix,
	// weigh by how often each rule takes.
	ol := offerLogLikelihoods(offers(p, ok))
	for r := range ol {
		s.takeLogw[r] += ol[r]
	}
	s.Turns++
}

// Likeliest returns the rule of the highest posterior and its chance.
func (s *StyleReading) Likeliest() (KnockRule, float64) {
	w := s.Weights()
	best := 0
	for i := range w {
		if w[i] > w[best] {
			best = i
		}
	}
	return KnockRule(best), w[best]
}

// String describes the reading in a few words, for explanations.
func (s *StyleReading) String() string {
	if s.Seen == 0 {
		return "no knock decision of the opponent seen yet"
	}
	w := s.Weights()
	var parts []string
	for i, x := range w {
		if x >= 0.05 {
			parts = append(parts, fmt.Sprintf("%s %.0f%%", KnockRule(i), 100*x))
		}
	}
	noun := "decisions"
	if s.Seen == 1 {
		noun = "decision"
	}
	return fmt.Sprintf("%s (from %d knock %s)", strings.Join(parts, ", "), s.Seen, noun)
}

// observe weighs one knock decision: the opponent knocked or not, with dw
// deadwood after draws draws and stock cards left.
func (s *StyleReading) observe(knocked bool, dw, draws, stock int) {
	for r := range KnockRule(NumKnockRules) {
		if r.Knocks(dw, draws, stock) == knocked {
			s.logw[r] += math.Log(1 - slip)
		} else {
			s.logw[r] += math.Log(slip)
		}
	}
	s.Seen++
}

// ReadHand learns from a finished hand, seen from seat p.Seat() with the
// result revealed: a knock of the opponent's, with its deadwood, draws and
// stock; or, when the opponent's hand is shown after the seat's own knock,
// whether it passed up a knock after its last discard. A dead hand shows
// nothing, and a gin says nothing of when a player knocks.
func (s *StyleReading) ReadHand(p *game.Position) {
	res, over := p.Result()
	if !over || !p.Revealed() || res.Knocker == notation.NoSeat {
		return
	}
	opp := p.Seat().Other()
	s.readTurn(p, res.Hands[opp])
	if res.Knocker == opp {
		s.readKnock(p, res.KnockerDeadwood.Value())
		return
	}
	s.readDecline(p, res.Hands[opp])
}

// ReadShowdown learns from the opponent's hand shown at the end of a hand
// that ended with a knock or gin, as the protocol reports it: oppKnocked
// says the opponent laid down spread; otherwise the seat did.
func (s *StyleReading) ReadShowdown(p *game.Position, oppHand notation.CardSet, oppKnocked bool, spread meld.Spread) {
	s.readTurn(p, oppHand)
	if oppKnocked {
		s.readKnock(p, (oppHand &^ spread.Cards()).Value())
		return
	}
	s.readDecline(p, oppHand)
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

// readKnock weighs the opponent's knock with dw deadwood; a gin says
// nothing.
func (s *StyleReading) readKnock(p *game.Position, dw int) {
	if draws, stock, ok := lastDiscard(p); ok && dw > 0 {
		s.observe(true, dw, draws, stock)
	}
}

// readDecline weighs the opponent's hand after its last discard, when it
// chose not to knock.
func (s *StyleReading) readDecline(p *game.Position, hand notation.CardSet) {
	draws, stock, ok := lastDiscard(p)
	if !ok || hand.Len() != 10 {
		return
	}
	if dw := meld.MinDeadwood(hand); dw > 0 && dw <= p.KnockLimit() {
		s.observe(false, dw, draws, stock)
	}
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
		case dw <= d.Limit && r.Knocks(dw, d.Draws, d.Stock):
			l[r] = slip
		default:
			l[r] = 1 - slip
		}
	}
	return l
}

// ReadingModel returns the advisor's opponent model at p: rollouts whose
// opponent knocks by a rule drawn from the reading, given each world's
// cards, and, when the opponent has just played on, the chance of keeping
// a world by how likely that decline is in it. Accept is nil when there
// is no such decline.
func ReadingModel(reading *StyleReading, p *game.Position) (advise.Rollout, func(notation.CardSet) float64) {
	w, tw, dw := reading.Weights(), reading.TakeWeights(), reading.DiscardWeights()
	d, ok := LastDecline(p)
	t, tok := lastTurn(p)
	tok = tok && ok && t.latest
	// The hand's takes and passes so far, but a last take that each world
	// weighs by the hand it fixes.
	tw = withOffers(tw, p, tok && t.took)
	// Once the reading all but rules out the open discarder, its count of
	// live cards is not worth its time in every world.
	t.noOpen = dw[DiscardOpen] < 0.001
	rollout := func() (own, opponent game.Policy) {
		r := NewReadingRollout(w)
		r.takeBase, r.take = tw, tw
		r.discardBase, r.discard = dw, dw
		if ok {
			r.decline = &d
		}
		if tok {
			r.turn = &t
		}
		if p.RecordComplete() {
			r.safe = &t.nowUseful
		}
		return NewHeuristic(0), r
	}
	if !ok {
		return rollout, nil
	}
	accept := func(oppHand notation.CardSet) float64 {
		l := d.likelihoods(oppHand)
		sum := 0.0
		for i := range l {
			sum += w[i] * l[i]
		}
		acc := sum / (1 - slip)
		if tok {
			acc *= t.accept(oppHand, tw, dw)
		}
		return acc
	}
	return rollout, accept
}

// ReadingRollout is a rollout opponent that plays as simple but knocks by
// a rule drawn, for each world, from a StyleReading's posterior: the
// opponent's side of each rollout plays the style the seat believes in.
// The rule is drawn from the world's seed, so every candidate of a world
// meets the same opponent, at any worker count.
//
// It takes the upcard and discards by rules drawn the same way: to lower
// its deadwood or only into a meld, and keeping draws open or throwing
// its most deadwood, or avoiding the cards the seat seemed to collect. A
// safe discarder judges a card by what it had seen of the seat when the
// rollout began; without the whole record it plays as a deadwood one.
type ReadingRollout struct {
	simple  *Simple
	open    Heuristic
	base    [NumKnockRules]float64
	weights [NumKnockRules]float64
	// takeBase and discardBase are the reading's weights of the other
	// axes, and take and discard those given the world.
	takeBase, take       [NumTakeRules]float64
	discardBase, discard [NumDiscardRules]float64
	decline              *Decline
	turn                 *turn
	// safe is each card's usefulness to the seat, as the opponent has
	// seen it, by card index; nil without the whole record.
	safe        *[notation.NumCards]float64
	rule        KnockRule
	takeRule    TakeRule
	discardRule DiscardRule
}

// NewReadingRollout returns an opponent policy for the posterior weights
// of the knock rules; it takes and discards as simple does.
func NewReadingRollout(weights [NumKnockRules]float64) *ReadingRollout {
	r := &ReadingRollout{simple: NewSimple(2), base: weights, weights: weights}
	r.open.P.OutWeight = 1
	r.takeBase[TakeIntoMeld], r.discardBase[DiscardDeadwood] = 1, 1
	r.take, r.discard = r.takeBase, r.discardBase
	return r
}

// SetWorld weighs the knock rules by the opponent's decline in the world.
func (r *ReadingRollout) SetWorld(world *game.State) {
	if r.decline == nil {
		return
	}
	l := r.decline.likelihoods(world.Hand(r.decline.Opp))
	reweigh(r.base[:], l[:], r.weights[:])
	if r.turn == nil {
		return
	}
	hand := world.Hand(r.decline.Opp)
	ld := r.turn.discardLikelihoods(hand.With(r.turn.discard))
	reweigh(r.discardBase[:], ld[:], r.discard[:])
	if lt, ok := r.turn.takeLikelihoods(hand); ok {
		reweigh(r.takeBase[:], lt[:], r.take[:])
	}
}

// reweigh sets out to base times l, normalized; to base when every
// product is 0.
func reweigh(base, l, out []float64) {
	sum := 0.0
	for i := range l {
		out[i] = base[i] * l[i]
		sum += out[i]
	}
	if sum <= 0 {
		copy(out, base)
		return
	}
	for i := range out {
		out[i] /= sum
	}
}

// draw picks an index by weights with u uniform in [0, 1).
func draw(weights []float64, u float64) int {
	for i, w := range weights {
		if u < w {
			return i
		}
		u -= w
	}
	return len(weights) - 1
}

// splitmix returns the splitmix64 output of z.
func splitmix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Reseed restarts the random choices and draws the world's knock rule.
func (r *ReadingRollout) Reseed(seed uint64) {
	r.simple.Reseed(seed)
	// Splitmix64 steps, so that the rules' draws are apart from simple's
	// stream of the same seed and from each other.
	const unit = 1.0 / (1 << 53)
	z := splitmix(seed)
	r.rule = KnockRule(draw(r.weights[:], float64(z>>11)*unit))
	z = splitmix(z)
	r.takeRule = TakeRule(draw(r.take[:], float64(z>>11)*unit))
	z = splitmix(z)
	r.discardRule = DiscardRule(draw(r.discard[:], float64(z>>11)*unit))
}

// Choose decides as simple does, except whether to knock, and, for the
// rules drawn that differ from simple's, whether to take the upcard and
// what to discard.
func (r *ReadingRollout) Choose(st *game.State) game.Move { return moveOf(r.Decide(st)) }

// Decide is Choose for a game.Decider.
func (r *ReadingRollout) Decide(st *game.State) (game.MoveKind, notation.Card, *meld.Spread) {
	switch st.Phase() {
	case game.KnockPhase:
		dw := meld.MinDeadwood(st.Hand(st.Turn()))
		if dw > 0 && dw <= st.KnockLimit() && !r.rule.Knocks(dw, st.Draws(), st.StockCount()) {
			return game.PlayOn, 0, nil
		}
	case game.FirstOffer, game.DrawPhase:
		if r.takeRule == TakeToLower {
			var v seatView
			stateView(&v, st)
			return drawKind(&v, v.hasUpcard && !v.mustDraw && takes(TakeToLower, v.hand, v.upcard)), 0, nil
		}
	case game.DiscardPhase:
		if r.discardRule == DiscardOpen || r.discardRule == DiscardSafe && r.safe != nil {
			var v seatView
			stateView(&v, st)
			switch {
			case v.canBigGin():
			case r.discardRule == DiscardOpen:
				return game.Discard, r.open.discard(&v, st.PileSet()), nil
			default:
				return game.Discard, safeDiscard(&v, r.safe), nil
			}
		}
	}
	return r.simple.Decide(st)
}

// OpponentView is what the advisor reads of its opponent at one decision:
// the knock rules' posterior, from the decisions of earlier hands and from
// the knock the opponent may just have passed up.
type OpponentView struct {
	// Weights is the posterior chance of each knock rule.
	Weights [NumKnockRules]float64
	// Read counts the knock decisions read from earlier hands.
	Read int
	// Declined says the opponent has just discarded and played on, and
	// CouldKnock is the chance, from its cards alone, that it could have
	// knocked or gone gin then.
	Declined   bool
	CouldKnock float64
	// Take and Discard are the posterior chances of the take and discard
	// rules, from the turns of earlier hands (Turns counts them) and the
	// opponent's last turn.
	Take    [NumTakeRules]float64
	Discard [NumDiscardRules]float64
	Turns   int
}

// ReadOpponent reads the opponent at p: the reading of earlier hands,
// updated with the decline just seen, over samples worlds drawn from the
// card inference alone with seed.
func ReadOpponent(reading *StyleReading, p *game.Position, samples int, seed uint64) OpponentView {
	v := OpponentView{Weights: reading.Weights(), Read: reading.Seen, Take: reading.TakeWeights(), Discard: reading.DiscardWeights(), Turns: reading.Turns}
	d, ok := LastDecline(p)
	if !ok || samples <= 0 {
		return v
	}
	t, tok := lastTurn(p)
	tok = tok && t.latest
	v.Take = withOffers(v.Take, p, tok && t.took)
	var takeMean [NumTakeRules]float64
	var discardMean [NumDiscardRules]float64
	took := 0
	e := probability.Infer(p)
	s := probability.NewSampler(p, &e)
	rng := rand.New(rand.NewPCG(seed, 0x0bb))
	var mean [NumKnockRules]float64
	n, could := 0, 0
	for range samples {
		world, _, err := s.World(rng)
		if err != nil {
			continue
		}
		l := d.likelihoods(world.Hand(d.Opp))
		for i := range l {
			mean[i] += l[i]
		}
		if tok {
			hand := world.Hand(d.Opp)
			ld := t.discardLikelihoods(hand.With(t.discard))
			for i := range ld {
				discardMean[i] += ld[i]
			}
			if lt, ok := t.takeLikelihoods(hand); ok {
				for i := range lt {
					takeMean[i] += lt[i]
				}
				took++
			}
		}
		if dw := meld.MinDeadwood(world.Hand(d.Opp)); dw <= d.Limit {
			could++
		}
		n++
	}
	if n == 0 {
		return v
	}
	v.Declined, v.CouldKnock = true, float64(could)/float64(n)
	reweigh(v.Weights[:], mean[:], v.Weights[:])
	if tok {
		reweigh(v.Discard[:], discardMean[:], v.Discard[:])
		if took > 0 {
			reweigh(v.Take[:], takeMean[:], v.Take[:])
		}
	}
	return v
}

// String says what the view holds in a sentence.
func (v OpponentView) String() string {
	text := "The opponent knocks, as read: " + shares(v.Weights[:], knockRuleShort[:]) + " (" + fromEarlier(v.Read, "knock decision")
	if v.Declined {
		text += fmt.Sprintf("; it has just played on where, from its cards alone, it could have knocked %.0f%% of the time", 100*v.CouldKnock)
	}
	text += "). It takes the upcard " + shares(v.Take[:], takeRuleShort[:]) +
		"; it throws " + shares(v.Discard[:], discardRuleShort[:]) + " (" + fromEarlier(v.Turns, "turn") + ")"
	return text + "."
}

// fromEarlier says how many things of earlier hands a reading rests on.
func fromEarlier(n int, noun string) string {
	switch n {
	case 0:
		return "no " + noun + " of earlier hands read"
	case 1:
		return "from 1 " + noun + " of earlier hands"
	}
	return fmt.Sprintf("from %d %ss of earlier hands", n, noun)
}

// shares lists the names with their chances of half a percent or more.
func shares(w []float64, names []string) string {
	var parts []string
	for i, x := range w {
		if x >= 0.005 {
			parts = append(parts, fmt.Sprintf("%s %.0f%%", names[i], 100*x))
		}
	}
	return strings.Join(parts, ", ")
}
