package analyze

import (
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/reading"
)

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
