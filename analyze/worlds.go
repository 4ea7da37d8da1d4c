package analyze

import (
	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/reading"
)

// The worlds of the advisor that reads its opponent: half of them hold a
// hand of the particle filter that follows the opponent through the
// record, the others the card estimate's, weighed by the last turn
// (advise.Options.Accept). A measurement that needs other worlds plugs a
// WorldSource into Options.Worlds; the product sets none.

// WorldSource draws the opponent's hands of the advisor's worlds in place
// of FilterWorlds: the one seam through which an experiment, kept out of
// the product, changes what the advisor's worlds hold (such as the lab's
// oracle of the opponent's true hand). The fixed model, which reads
// nothing, never asks it.
type WorldSource interface {
	Worlds(d *Decision) advise.Worlds
}

// Decision is what a WorldSource reads of the decision whose worlds it
// draws.
type Decision struct {
	Position *game.Position
	// Seed is the seed of the decision's worlds.
	Seed uint64
	// Accept is the reading's weighing of the estimate's worlds by the
	// opponent's last turn, as the search applies it.
	Accept func(oppHand notation.CardSet) float64
	// filter runs the advisor's filter at the decision, from its reading
	// and through its cache; nil runs it from the prior.
	filter func() (*reading.Particles, bool)
}

// Filter returns the particle filter of the opponent's hand at the
// decision, as the advisor reads it, and false where the record leaves
// it nothing to follow.
func (d *Decision) Filter() (*reading.Particles, bool) {
	if d.filter == nil {
		return reading.Filter(new(reading.Style), d.Position, FilterParticles, d.Seed)
	}
	return d.filter()
}

// FilterWorlds returns the advisor's own worlds at d: the filter's hands
// in FilterShare of them, the estimate's in the rest.
func FilterWorlds(d *Decision) advise.Worlds {
	if ps, ok := d.Filter(); ok {
		return advise.Worlds{Hands: ps.Draw, Share: FilterShare}
	}
	return advise.Worlds{}
}

// FilterParticles is the particles of the filter that follows the
// opponent's hand through the record (reading.Filter), and FilterShare
// the share of the worlds whose opponent hand it draws; the others come
// from the card estimate and the last turn's weighting. Half and half
// read the opponent's hand better than either alone, and 512 particles
// better than 256. At 512 a decision takes about the time it did
// without the filter, against the advisor, heuristic and simple alike;
// 1,024 read better but cost 5-7% more and lost to 512 in play
// (docs/analysis.md, "Following the hand"; docs/speed.md).
const (
	FilterParticles = 512
	FilterShare     = 0.5
)

// FilterCache keeps the filter of one seat's last decision, so that its
// next decisions before the opponent plays again (the draw, the discard,
// the knock) reuse it: the filter reads the record up to the opponent's
// last event, and what the seat does since only rules particles out. The
// zero value is empty; it is for one goroutine.
type FilterCache struct {
	key    filterKey
	ps     *reading.Particles
	filled bool
	// ok is what the filter reported: false for a record that leaves it
	// nothing to follow.
	ok bool
}

// filterKey names the record a filter read: the hand, and its events up
// to the opponent's last, by their count and a hash.
type filterKey struct {
	number, events int
	hash           uint64
}

// keyOf is the filterKey of p's record up to the opponent's last event.
func keyOf(p *game.Position) filterKey {
	k := filterKey{number: p.Setup().Number, events: lastEventOf(p, p.Seat().Other()) + 1}
	// FNV-1a over each event's kind, seat and card.
	k.hash = 14695981039346656037
	for i := p.FirstEvent(); i < k.events; i++ {
		e := p.Event(i)
		for _, b := range [3]byte{byte(e.Kind), byte(e.Seat), byte(e.Card)} {
			k.hash = (k.hash ^ uint64(b)) * 1099511628211
		}
	}
	return k
}

// particles returns the filter at p, from the cache when the opponent
// has not played since it was filled.
func particles(c *FilterCache, s *reading.Style, p *game.Position, seed uint64) (*reading.Particles, bool) {
	if c == nil {
		return reading.Filter(s, p, FilterParticles, seed)
	}
	k := keyOf(p)
	if c.filled && k == c.key {
		if !c.ok {
			return nil, false
		}
		return c.ps.For(p)
	}
	c.key, c.filled = k, true
	c.ps, c.ok = reading.Filter(s, p, FilterParticles, seed)
	return c.ps, c.ok
}

// particlesOf is the filter at p for the options' reading: with the
// options' particles, run afresh, or the cached filter at the default.
func particlesOf(o Options, p *game.Position) (*reading.Particles, bool) {
	if o.Particles > 0 && o.Particles != FilterParticles {
		return reading.Filter(readingOf(o), p, o.Particles, o.Seed)
	}
	return particles(o.Filter, readingOf(o), p, o.Seed)
}

// lastEventOf is the index of seat's last event in p's record, or -1.
func lastEventOf(p *game.Position, seat notation.Seat) int {
	for i := p.NumEvents() - 1; i >= p.FirstEvent(); i-- {
		if p.Event(i).Seat == seat && p.Event(i).Kind != game.Dealt {
			return i
		}
	}
	return -1
}
