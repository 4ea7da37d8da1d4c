package reading

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/rules"
	"github.com/ginadvisor/ginadvisor/stats"
)

// The opponent as read at one decision of the seat: the Style of earlier
// hands, updated by the opponent's latest play, whose likelihood each
// world's cards fix. A Model is that reading ready for the search, to weigh
// and play each sampled world; a View is the same reading summed over
// worlds drawn from the card inference, for a person.

// Model is a reading at one decision of the seat, ready to weigh sampled
// worlds: the posteriors of the earlier hands, and the opponent's latest
// play, a decline to knock and the turn that ended in it, whose likelihood
// each world's cards fix. It is read only once made, so the rollouts of
// every worker may share it.
type Model struct {
	// Knock, Take and Discard are the posterior chances of the rules
	// before any world is drawn: the Style's, with the hand's offers so
	// far read into Take.
	Knock   [NumKnockRules]float64
	Take    [NumTakeRules]float64
	Discard [NumDiscardRules]float64
	decline Decline
	// declined says the opponent has just played on, and hasTurn that
	// its turn before is known too.
	declined, hasTurn bool
	turn              turn
	// record says the position holds the whole record of the hand.
	record bool
}

// NewModel reads s and the opponent's latest play at p.
func NewModel(s *Style, p *game.Position) *Model {
	m := &Model{Knock: s.Weights(), Take: s.TakeWeights(), Discard: s.DiscardWeights(), record: p.RecordComplete()}
	m.decline, m.declined = LastDecline(p)
	t, tok := lastTurn(p)
	m.hasTurn = tok && m.declined && t.latest
	// The hand's takes and passes so far, but a last take that each world
	// weighs by the hand it fixes.
	m.Take = withOffers(m.Take, p, m.hasTurn && t.took)
	// Once the reading all but rules out the open discarder, its count of
	// live cards is not worth its time in every world.
	t.noOpen = m.Discard[DiscardOpen] < 0.001
	m.turn = t
	return m
}

// Declined says the opponent has just discarded and played on: only then
// do its cards in a world say anything, and Accept weigh worlds.
func (m *Model) Declined() bool { return m.declined }

// Accept returns the chance of keeping a world whose opponent holds
// oppHand, by how likely its decline and the turn before it are with
// those cards, relative to the likeliest they could be. It is for a
// Model that Declined.
func (m *Model) Accept(oppHand notation.CardSet) float64 {
	l := m.decline.likelihoods(oppHand)
	sum := 0.0
	for i := range l {
		sum += m.Knock[i] * l[i]
	}
	acc := sum / (1 - slip)
	if m.hasTurn {
		acc *= m.turn.accept(oppHand, m.Take, m.Discard)
	}
	return acc
}

// Given returns the posterior chances of the rules in world: Knock, Take
// and Discard weighed by how likely the opponent's latest play is with the
// cards it holds there. Without a decline, the world says nothing.
func (m *Model) Given(world *game.State) (knock [NumKnockRules]float64, take [NumTakeRules]float64, discard [NumDiscardRules]float64) {
	knock, take, discard = m.Knock, m.Take, m.Discard
	if !m.declined {
		return
	}
	hand := world.Hand(m.decline.Opp)
	l := m.decline.likelihoods(hand)
	reweigh(m.Knock[:], l[:], knock[:])
	if !m.hasTurn {
		return
	}
	ld := m.turn.discardLikelihoods(hand.With(m.turn.discard))
	reweigh(m.Discard[:], ld[:], discard[:])
	if lt, ok := m.turn.takeLikelihoods(hand); ok {
		reweigh(m.Take[:], lt[:], take[:])
	}
	return
}

// Useful returns each card's usefulness to the seat, by card index, as the
// opponent has seen the seat over the whole record: what a safe
// discarder weighs. It is nil without the whole record.
func (m *Model) Useful() *[notation.NumCards]float64 {
	if !m.record {
		return nil
	}
	return &m.turn.nowUseful
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

// View is what the advisor reads of its opponent at one decision:
// the knock rules' posterior, from the decisions of earlier hands and from
// the knock the opponent may just have passed up.
type View struct {
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

// Opponent reads the opponent at p: s, the reading of earlier hands,
// updated with the decline just seen, over samples worlds drawn from the
// card inference alone with seed.
func Opponent(s *Style, p *game.Position, samples int, seed uint64) View {
	v := View{Weights: s.Weights(), Read: s.Seen, Take: s.TakeWeights(), Discard: s.DiscardWeights(), Turns: s.Turns}
	d, ok := LastDecline(p)
	if !ok || samples <= 0 {
		return v
	}
	t, tok := lastTurn(p)
	tok = tok && t.latest
	v.Take = withOffers(v.Take, p, tok && t.took)
	sum := sumWorlds(p, &d, &t, tok, samples, seed)
	if sum.n == 0 {
		return v
	}
	v.Declined, v.CouldKnock = true, float64(sum.could)/float64(sum.n)
	reweigh(v.Weights[:], sum.knock[:], v.Weights[:])
	if tok {
		reweigh(v.Discard[:], sum.discard[:], v.Discard[:])
		if sum.took > 0 {
			reweigh(v.Take[:], sum.take[:], v.Take[:])
		}
	}
	return v
}

// worldSums is what Opponent adds up over its worlds: the likelihoods of
// the decline under each knock rule, of the last turn's discard and take
// under each of theirs (took counts the worlds where the take is read),
// the worlds where the opponent could have knocked, and the worlds.
type worldSums struct {
	knock          [NumKnockRules]float64
	take           [NumTakeRules]float64
	discard        [NumDiscardRules]float64
	took, could, n int
}

// sumWorlds draws samples worlds at p from the card inference alone, with
// seed, and sums in each what the decline d says, and, with tok, what the
// last turn t says.
func sumWorlds(p *game.Position, d *Decline, t *turn, tok bool, samples int, seed uint64) worldSums {
	var sum worldSums
	e := probability.Infer(p)
	sampler := probability.NewSampler(p, &e)
	rng := rand.New(rand.NewPCG(seed, 0x0bb))
	for range samples {
		world, _, err := sampler.World(rng)
		if err != nil {
			continue
		}
		hand := world.Hand(d.Opp)
		l := d.likelihoods(hand)
		for i := range l {
			sum.knock[i] += l[i]
		}
		if tok {
			ld := t.discardLikelihoods(hand.With(t.discard))
			for i := range ld {
				sum.discard[i] += ld[i]
			}
			if lt, ok := t.takeLikelihoods(hand); ok {
				for i := range lt {
					sum.take[i] += lt[i]
				}
				sum.took++
			}
		}
		if dw := meld.MinDeadwood(hand); rules.DeclareKnock.AllowsDeadwood(dw, d.Limit) {
			sum.could++
		}
		sum.n++
	}
	return sum
}

// String says what the view holds in a sentence.
func (v View) String() string {
	text := "The opponent knocks, as read: " + shares(v.Weights[:], func(i int) string { return KnockRule(i).short() }) +
		" (" + fromEarlier(v.Read, "knock decision")
	if v.Declined {
		text += "; it has just played on where, from its cards alone, it could have knocked " + stats.Share(v.CouldKnock, 0) + " of the time"
	}
	text += "). It takes the upcard " + shares(v.Take[:], func(i int) string { return TakeRule(i).short() }) +
		"; it throws " + shares(v.Discard[:], func(i int) string { return DiscardRule(i).short() }) +
		" (" + fromEarlier(v.Turns, "turn") + ")"
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

// shares lists the rules, named by name, with their chances of half a
// percent or more.
func shares(w []float64, name func(rule int) string) string {
	var parts []string
	for i, x := range w {
		if x >= 0.005 {
			parts = append(parts, name(i)+" "+stats.Share(x, 0))
		}
	}
	return strings.Join(parts, ", ")
}
