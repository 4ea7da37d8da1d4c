package worlds

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/lab/rank"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// The hand's record, laid out to be replayed from the opponent's seat
// (the MCMC source's likelihood). What the seat does not know of the
// opponent's cards is where each of them came from: the ten it was dealt
// and the card of each of its stock draws. An assignment fills those
// slots, slot i < 10 a dealt card and slot 10+k the card of its k-th
// stock draw. The cards in the slots are the opponent's discards that it
// did not take from the pile (each in a slot it held before the discard)
// and its hidden cards now; every consistent assignment is as likely
// before the opponent's play is read, since the deck's order is uniform.

// dealtSlots is the slots of the dealt cards.
const dealtSlots = 10

// slotDiscard is a discard of the opponent's that it did not take from
// the pile: its card came from a slot, filled before the discard.
type slotDiscard struct {
	card notation.Card
	at   int // the index of the discard in oppRecord.events
}

// oppRecord is the hand's record as the seat saw it, from the upcard on,
// with what the replay needs to fill the opponent's side.
type oppRecord struct {
	setup  game.Setup
	opp    notation.Seat
	events []game.Event
	// drawAt is the index in events of each of the opponent's stock
	// draws, in order: slot 10+k is filled at drawAt[k].
	drawAt []int
	gone   []slotDiscard
	// goneCards are the cards of gone; known are the cards the opponent
	// holds and the seat saw it take; unseen are the cards the seat has
	// not seen; hidden counts the opponent's unseen cards.
	goneCards, known, unseen notation.CardSet
	hidden                   int
	// moves counts the opponent's moves in the record.
	moves int
}

// readRecord lays out p's record for the replay, and says false where it
// cannot: a record cut short, a hand not started or over, or a record
// whose counts do not meet the position's.
func readRecord(p *game.Position) (oppRecord, bool) {
	r := oppRecord{setup: p.Setup(), opp: p.Seat().Other(), known: p.OpponentKnown(), unseen: p.Unseen(), hidden: p.OpponentHidden()}
	if !p.Started() || p.Phase() == game.Over || !p.RecordComplete() {
		return r, false
	}
	var held notation.CardSet // the cards the opponent took and holds
	for i := p.FirstEvent(); i < p.NumEvents(); i++ {
		e := p.Event(i)
		if e.Kind == game.Dealt {
			continue
		}
		at := len(r.events)
		r.events = append(r.events, e)
		if e.Kind == game.Upcard || e.Kind == game.Died || e.Seat != r.opp {
			continue
		}
		r.moves++
		switch e.Kind {
		case game.Took:
			held = held.With(e.Card)
		case game.Drew:
			r.drawAt = append(r.drawAt, at)
		case game.Discarded:
			if held.Has(e.Card) {
				held = held.Without(e.Card)
			} else {
				r.gone = append(r.gone, slotDiscard{card: e.Card, at: at})
				r.goneCards = r.goneCards.With(e.Card)
			}
		}
	}
	ok := held == r.known && r.goneCards&r.unseen == 0 && r.goneCards.Len() == len(r.gone) &&
		dealtSlots+len(r.drawAt) == len(r.gone)+r.hidden && r.hidden <= r.unseen.Len()
	return r, ok
}

// slots is the number of slots.
func (r *oppRecord) slots() int { return dealtSlots + len(r.drawAt) }

// filled is the index of the event at which slot i is filled: -1 for a
// dealt card.
func (r *oppRecord) filled(i int) int {
	if i < dealtSlots {
		return -1
	}
	return r.drawAt[i-dealtSlots]
}

// feasible says each discard of a card from a slot comes after the slot
// was filled. The cards in a slot are the chain's to keep distinct.
func (r *oppRecord) feasible(a []notation.Card) bool {
	for i, c := range a {
		if !r.goneCards.Has(c) {
			continue
		}
		for _, g := range r.gone {
			if g.card == c && g.at <= r.filled(i) {
				return false
			}
		}
	}
	return true
}

// hiddenOf returns the opponent's hidden cards now in assignment a: the
// cards of its slots not discarded since.
func (r *oppRecord) hiddenOf(a []notation.Card) notation.CardSet {
	var h notation.CardSet
	for _, c := range a {
		h = h.With(c)
	}
	return h &^ r.goneCards
}

// likelihood replays the opponent's decisions along the record, its hand
// at each filled from a, with heuristic's own code, and sums the log of
// each observed move's chance: 1 - eps where heuristic plays it, eps
// shared among the other legal moves where it does not, 1 where the move
// is forced. Every term is at most 0, so the sum only falls: the replay
// stops, saying false, once it is below floor, or at a move the
// assignment makes impossible.
func (r *oppRecord) likelihood(a []notation.Card, eps, floor float64) (float64, bool) {
	return r.likelihoodBy(a, nil, eps, floor)
}

// A Policy is a model of the opponent's play, for the replay of the
// record: the chance it gives each of the legal moves at a position of
// the opponent's seat, and false where it has none to give. A
// rank.Model fitted to one player's moves is one.
type Policy interface {
	Chances(p *game.Position, moves []game.Move) ([]float64, bool)
}

// likelihoodBy is likelihood with the opponent's play modelled by pol
// (nil: heuristic's own code): each observed move's chance is 1 - eps
// times the policy's, plus eps shared evenly among the kinds of moves
// open, and even where the policy has none.
func (r *oppRecord) likelihoodBy(a []notation.Card, pol Policy, eps, floor float64) (float64, bool) {
	var sums [1]float64
	var pols []Policy
	if pol != nil {
		pols = []Policy{pol}
	}
	ok := r.replay(a, pols, eps, floor, sums[:])
	return sums[0], ok
}

// mixture is the log of the mean of a's likelihoods under each of the
// styles (likelihoodBy), and false where it is below floor or every
// style rules a out. One replay weighs the record under every style at
// once, and stops only once every style's sum is below floor: the mean
// is then below it too, for the sums only fall.
func (r *oppRecord) mixture(a []notation.Card, styles []Policy, eps, floor float64) (float64, bool) {
	lls := make([]float64, len(styles))
	if !r.replay(a, styles, eps, floor, lls) {
		return math.Inf(-1), false
	}
	top := slices.Max(lls)
	sum := 0.0
	for _, ll := range lls {
		if !math.IsInf(ll, -1) {
			sum += math.Exp(ll - top)
		}
	}
	ll := top + math.Log(sum/float64(len(styles)))
	return ll, ll >= floor
}

// replay replays the opponent's decisions along the record, its hand at
// each filled from a, and adds to sums[i] the log of each observed move's
// chance under pols[i] (no pols: heuristic's own code, into sums[0]). It
// stops, saying false, once every sum is below floor, or at a move the
// assignment makes impossible (every sum then -Inf). The positions and
// the legal moves along the record are the same for every policy, and
// are found once.
func (r *oppRecord) replay(a []notation.Card, pols []Policy, eps, floor float64, sums []float64) bool {
	impossible := func() bool {
		for i := range sums {
			sums[i] = math.Inf(-1)
		}
		return false
	}
	if !r.feasible(a) {
		return impossible()
	}
	pos := game.NewPosition(r.opp, r.setup)
	for _, c := range a[:dealtSlots] {
		if err := pos.Observe(game.Event{Kind: game.Dealt, Seat: r.opp, Card: c}); err != nil {
			return impossible()
		}
	}
	var h *bot.Heuristic
	if len(pols) == 0 {
		h = bot.NewHeuristic(0)
	}
	models := jointModels(pols)
	out := make([]float64, len(models))
	match, draws := math.Log1p(-eps), 0
	clear(sums)
	var legal []game.Move
	for _, e := range r.events {
		if e.Kind != game.Upcard && e.Kind != game.Died && e.Seat == r.opp {
			n := alternatives(&pos, &legal)
			switch {
			case n <= 1:
				if !possible(&pos, e, legal) {
					return impossible()
				}
			case models != nil:
				rank.ChancesOf(models, &pos, knockLegal(&pos, legal), func(m game.Move) bool { return plays(m, e) }, out)
				for i := range models {
					sums[i] += math.Log((1-eps)*out[i] + eps/float64(n))
				}
			case len(pols) > 0:
				for i, pol := range pols {
					sums[i] += math.Log((1-eps)*policyChance(pol, &pos, e, legal) + eps/float64(n))
				}
			default:
				if m, _ := h.Move(context.Background(), &pos); plays(m, e) {
					sums[0] += match
				} else {
					sums[0] += math.Log(eps / float64(n-1))
				}
			}
			if slices.Max(sums) < floor {
				return false
			}
			if e.Kind == game.Drew {
				e.Card = a[dealtSlots+draws]
				draws++
			}
		} else if e.Kind == game.Drew {
			e.Card = game.Unknown
		}
		if err := pos.Observe(e); err != nil {
			return impossible()
		}
	}
	return true
}

// possible says one of the legal moves at pos is the event e: a forced
// move is the one the record shows, or the assignment is impossible.
func possible(pos *game.Position, e game.Event, legal []game.Move) bool {
	if pos.Phase() == game.KnockPhase {
		legal = pos.Legal(legal[:0])
	}
	return slices.ContainsFunc(legal, func(m game.Move) bool { return plays(m, e) })
}

// policyChance is the chance pol gives the moves at pos that are the event
// e as the seat sees it (all the knocks at a knock, whatever their melds).
// legal are pos's legal moves, but at the knock decision, which
// alternatives leaves to them.
func policyChance(pol Policy, pos *game.Position, e game.Event, legal []game.Move) float64 {
	legal = knockLegal(pos, legal)
	p, ok := pol.Chances(pos, legal)
	if !ok {
		return 0
	}
	sum := 0.0
	for i, m := range legal {
		if plays(m, e) {
			sum += p[i]
		}
	}
	return sum
}

// ReadStyles reads the styles of play fitted by distil imitate from the
// comma-separated files of list (ranking models, rank.ReadModelFile), at
// most rank.MaxModels of them, for a Policy or Styles; none for "". Its
// errors name the file.
func ReadStyles(list string) ([]Policy, error) {
	if list == "" {
		return nil, nil
	}
	names := strings.Split(list, ",")
	if len(names) > rank.MaxModels {
		return nil, fmt.Errorf("%d styles, at most %d", len(names), rank.MaxModels)
	}
	var styles []Policy
	for _, name := range names {
		m, _, err := rank.ReadModelFile(name)
		if err != nil {
			return nil, err
		}
		styles = append(styles, m)
	}
	return styles, nil
}

// knockLegal is legal, pos's legal moves, but at the knock decision,
// where alternatives leaves them to the caller: there it finds them.
func knockLegal(pos *game.Position, legal []game.Move) []game.Move {
	if pos.Phase() == game.KnockPhase {
		return pos.Legal(legal[:0])
	}
	return legal
}

// jointModels returns pols as ranking models when every one is one and
// they read the same features, for rank.ChancesOf, which reads each
// decision once for them all (where the replay's time goes); nil where
// not.
func jointModels(pols []Policy) []*rank.Model {
	if len(pols) == 0 || len(pols) > rank.MaxModels {
		return nil
	}
	models := make([]*rank.Model, len(pols))
	for i, pol := range pols {
		m, ok := pol.(*rank.Model)
		if !ok || i > 0 && m.NoHeuristic != models[0].NoHeuristic {
			return nil
		}
		models[i] = m
	}
	return models
}

// alternatives counts the kinds of move open at pos: the legal moves,
// but at the knock decision, where the seat sees only whether the
// opponent knocked, two if it may knock and one if not.
func alternatives(pos *game.Position, buf *[]game.Move) int {
	if pos.Phase() == game.KnockPhase {
		if pos.Rules().CanDeclare(rules.DeclareKnock, pos.Hand(), pos.KnockLimit()) {
			return 2
		}
		return 1
	}
	*buf = pos.Legal((*buf)[:0])
	return len(*buf)
}

// plays says move m is the event e, as the seat sees it: the kind, and
// the card of a discard.
func plays(m game.Move, e game.Event) bool {
	switch e.Kind {
	case game.Passed:
		return m.Kind == game.Pass
	case game.Took:
		return m.Kind == game.Take
	case game.Drew:
		return m.Kind == game.Draw
	case game.Discarded:
		return m.Kind == game.Discard && m.Card == e.Card
	case game.PlayedOn:
		return m.Kind == game.PlayOn
	case game.Knocked:
		return m.Kind == game.Knock
	case game.WentGin:
		return m.Kind == game.Gin
	case game.WentBigGin:
		return m.Kind == game.BigGin
	}
	return false
}
