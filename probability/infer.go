// Package probability reasons about what one seat cannot see. From a
// game.Position it lists the known, dead and unseen cards; estimates, for
// every unseen card, the chance that the opponent holds it; samples whole
// opponent hands and stock orders consistent with the position; counts
// draw outs exactly; and estimates the danger of each discard and the risk
// of an undercut.
package probability

import (
	"math"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
)

// Unseen sums up what a seat knows of the cards it does not hold.
type Unseen struct {
	// Known are the cards known to be in the opponent's hand: taken from
	// the pile and not discarded since.
	Known notation.CardSet
	// Dead are the cards buried in the pile.
	Dead notation.CardSet
	// Cards are the unseen cards: the stock and the opponent's hidden
	// cards.
	Cards notation.CardSet
	// Hidden is how many unseen cards the opponent holds; Stock how many
	// are in the stock.
	Hidden, Stock int
}

// UnseenOf lists the known, dead and unseen cards of a position.
func UnseenOf(p *game.Position) Unseen {
	return Unseen{Known: p.OpponentKnown(), Dead: p.Dead(), Cards: p.Unseen(), Hidden: p.OpponentHidden(), Stock: p.StockCount()}
}

// Model holds the likelihood factors of the opponent inference. Each
// factor multiplies the weight of an unseen card for each piece of
// evidence that relates to it: a card of the same rank, or of the same
// suit one or two ranks away, as a card the opponent took, passed or
// discarded.
type Model struct {
	// Took: the opponent wants the neighbours of a card it took.
	TookRank float64 `json:"took_rank"`
	TookNear float64 `json:"took_near"`
	TookGap  float64 `json:"took_gap"`
	// Passed: an upcard it passed or did not take had no meld in its hand.
	PassedRank float64 `json:"passed_rank"`
	PassedNear float64 `json:"passed_near"`
	PassedGap  float64 `json:"passed_gap"`
	// Discarded: a card it threw away matched nothing it kept.
	DiscardedRank float64 `json:"discarded_rank"`
	DiscardedNear float64 `json:"discarded_near"`
	DiscardedGap  float64 `json:"discarded_gap"`
	// Fade is how much of the weight of evidence is left for each draw
	// since it was seen: hands change, and old evidence says less.
	Fade float64 `json:"fade"`
}

// DefaultModel returns the model the advisor uses. Its factors were fitted, by
// coordinate descent on the log-loss, to 40 games of simple against simple
// under eaai with seed 12345:
//
//	ginadvisor calibrate --rules eaai --fit --games 40 --seed 12345
//
// and are checked on games of other seeds by the calibration test.
func DefaultModel() Model {
	return Model{
		TookRank: 1.94, TookNear: 1.98, TookGap: 1.57,
		PassedRank: 0.75, PassedNear: 0.73, PassedGap: 0.93,
		DiscardedRank: 0.48, DiscardedNear: 0.51, DiscardedGap: 0.71,
		Fade: 1,
	}
}

// Estimate is, for each unseen card, the chance that the opponent holds
// it. The chances of the unseen cards add up to Hidden.
type Estimate struct {
	// P is indexed by card; cards that are not unseen have 0, except the
	// known ones, which have 1.
	P      [64]float64
	Unseen Unseen
	// weight is the unnormalised weight of each unseen card, which the
	// sampler draws by.
	weight [64]float64
}

// Prob returns the chance that the opponent holds c.
func (e *Estimate) Prob(c notation.Card) float64 { return e.P[c] }

// InStock returns the chance that c is in the stock.
func (e *Estimate) InStock(c notation.Card) float64 {
	if !e.Unseen.Cards.Has(c) {
		return 0
	}
	return 1 - e.P[c]
}

// relations calls f with each card related to c (same rank, or same suit
// one or two ranks away) and the kind of relation: 0 rank, 1 near, 2 gap.
func relations(c notation.Card, f func(d notation.Card, kind int)) {
	r, s := c.Rank(), c.Suit()
	for t := notation.Suit(0); t < notation.NumSuits; t++ {
		if t != s {
			f(notation.NewCard(r, t), 0)
		}
	}
	for _, d := range []int{-2, -1, 1, 2} {
		q := int(r) + d
		if q < 0 || q >= notation.NumRanks {
			continue
		}
		kind := 1
		if d == -2 || d == 2 {
			kind = 2
		}
		f(notation.NewCard(notation.Rank(q), s), kind)
	}
}

// Infer estimates, for every unseen card of the position, the chance that
// the opponent holds it, under the model.
func (m Model) Infer(p *game.Position) Estimate {
	var e Estimate
	e.Unseen = UnseenOf(p)
	u := e.Unseen
	var logw [64]float64
	events, draws := evidenceOf(p)
	factors := [3][3]float64{
		{m.TookRank, m.TookNear, m.TookGap},
		{m.PassedRank, m.PassedNear, m.PassedGap},
		{m.DiscardedRank, m.DiscardedNear, m.DiscardedGap},
	}
	// Each piece of evidence weighs the cards related to it, faded by the
	// draws since.
	for _, ev := range events {
		fade := math.Pow(m.Fade, float64(draws-ev.at))
		relations(ev.card, func(d notation.Card, kind int) {
			if u.Cards.Has(d) {
				logw[d] += fade * math.Log(factors[ev.what][kind])
			}
		})
	}
	for c := range u.Cards.All() {
		e.weight[c] = math.Exp(logw[c])
	}
	normalize(&e)
	for c := range u.Known.All() {
		e.P[c] = 1
	}
	return e
}

type evidence struct {
	card notation.Card
	what int // 0 took, 1 passed, 2 discarded
	at   int // draws made when it was seen
}

// evidenceOf returns what the opponent showed at p, in the order the
// seat saw it, each with the draws made by then, and the draws of the
// hand. (A stock draw also declines the upcard of the moment; the model
// was fitted without that evidence, and takes passes only from the first
// offer.)
func evidenceOf(p *game.Position) (events []evidence, draws int) {
	for i := p.FirstEvent(); i < p.NumEvents(); i++ {
		ev := p.Event(i)
		if ev.Kind == game.Drew || ev.Kind == game.Took {
			draws++
		}
		if ev.Seat == p.Seat() || !ev.Card.Valid() {
			continue
		}
		switch ev.Kind {
		case game.Took:
			events = append(events, evidence{ev.Card, 0, draws})
		case game.Passed:
			events = append(events, evidence{ev.Card, 1, draws})
		case game.Discarded:
			events = append(events, evidence{ev.Card, 2, draws})
		}
	}
	if p.NumEvents() == 0 {
		// A position from the short notation has no record: use its sets.
		for c := range p.OpponentTook().All() {
			events = append(events, evidence{c, 0, draws})
		}
		for c := range p.OpponentPassed().All() {
			events = append(events, evidence{c, 1, draws})
		}
		for c := range p.OpponentDiscards().All() {
			events = append(events, evidence{c, 2, draws})
		}
	}
	return events, draws
}

// normalize scales the weights into chances that add up to the hidden
// count, none above 1: p = min(1, λw), with λ found by bisection.
func normalize(e *Estimate) {
	u := e.Unseen
	h := float64(u.Hidden)
	if h <= 0 || u.Cards == 0 {
		return
	}
	sum := func(l float64) float64 {
		t := 0.0
		for c := range u.Cards.All() {
			t += math.Min(1, l*e.weight[c])
		}
		return t
	}
	lo, hi := 0.0, 1.0
	for sum(hi) < h && hi < 1e12 {
		hi *= 2
	}
	for i := 0; i < 60; i++ {
		mid := (lo + hi) / 2
		if sum(mid) < h {
			lo = mid
		} else {
			hi = mid
		}
	}
	for c := range u.Cards.All() {
		e.P[c] = math.Min(1, hi*e.weight[c])
	}
}

// Infer estimates with the default model.
func Infer(p *game.Position) Estimate { return DefaultModel().Infer(p) }
