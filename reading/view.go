package reading

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/rules"
)

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
		text += fmt.Sprintf("; it has just played on where, from its cards alone, it could have knocked %.0f%% of the time", 100*v.CouldKnock)
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
			parts = append(parts, fmt.Sprintf("%s %.0f%%", name(i), 100*x))
		}
	}
	return strings.Join(parts, ", ")
}
