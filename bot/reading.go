package bot

import (
	"fmt"
	"math"
	"strings"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
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
// a protocol match. The zero value is the prior: every rule equally
// likely.
type StyleReading struct {
	logw [NumKnockRules]float64
	// Seen counts the decisions read.
	Seen int
}

// Weights returns the posterior chance of each knock rule.
func (s *StyleReading) Weights() [NumKnockRules]float64 {
	var w [NumKnockRules]float64
	top := math.Inf(-1)
	for _, l := range s.logw {
		top = math.Max(top, l)
	}
	sum := 0.0
	for i, l := range s.logw {
		w[i] = math.Exp(l - top)
		sum += w[i]
	}
	for i := range w {
		w[i] /= sum
	}
	return w
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
	if !over || !p.Revealed() || res.Knocker == notation.NoSeat || !p.RecordComplete() {
		return
	}
	opp := p.Seat().Other()
	limit := p.KnockLimit()
	// Walk the record to the opponent's last discard, counting draws and
	// the stock as they were then.
	draws, stock := 0, game.StockSize
	lastDraws, lastStock, discarded := 0, 0, false
	for i := 0; i < p.NumEvents(); i++ {
		e := p.Event(i)
		switch e.Kind {
		case game.Drew:
			draws++
			stock--
		case game.Took:
			draws++
		case game.Discarded:
			if e.Seat == opp {
				lastDraws, lastStock, discarded = draws, stock, true
			}
		}
	}
	if !discarded {
		return
	}
	hand := res.Hands[opp]
	if res.Knocker == opp {
		dw := res.KnockerDeadwood.Value()
		if dw > 0 {
			s.observe(true, dw, lastDraws, lastStock)
		}
		return
	}
	// The seat knocked or went gin: the opponent's hand is as it was after
	// its last discard, when it chose not to knock.
	if hand.Len() != 10 {
		return
	}
	if dw := meld.MinDeadwood(hand); dw > 0 && dw <= limit {
		s.observe(false, dw, lastDraws, lastStock)
	}
}

// ReadingRollout is a rollout opponent that plays as simple but knocks by
// a rule drawn, for each world, from a StyleReading's posterior: the
// opponent's side of each rollout plays the style the seat believes in.
// The rule is drawn from the world's seed, so every candidate of a world
// meets the same opponent, at any worker count.
type ReadingRollout struct {
	simple  *Simple
	weights [NumKnockRules]float64
	rule    KnockRule
}

// NewReadingRollout returns an opponent policy for the posterior weights.
func NewReadingRollout(weights [NumKnockRules]float64) *ReadingRollout {
	return &ReadingRollout{simple: NewSimple(2), weights: weights}
}

// Reseed restarts the random choices and draws the world's knock rule.
func (r *ReadingRollout) Reseed(seed uint64) {
	r.simple.Reseed(seed)
	// A splitmix64 step, so that the rule's draw is apart from simple's
	// stream of the same seed.
	z := seed + 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	z ^= z >> 31
	u := float64(z>>11) / (1 << 53)
	r.rule = KnockRule(NumKnockRules - 1)
	for i, w := range r.weights {
		if u < w {
			r.rule = KnockRule(i)
			break
		}
		u -= w
	}
}

// Choose decides as simple does, except whether to knock.
func (r *ReadingRollout) Choose(st *game.State) game.Move {
	if st.Phase() == game.KnockPhase {
		dw := meld.MinDeadwood(st.Hand(st.Turn()))
		if dw > 0 && dw <= st.KnockLimit() && !r.rule.Knocks(dw, st.Draws(), st.StockCount()) {
			return game.PlayOnMove()
		}
	}
	return r.simple.Choose(st)
}
