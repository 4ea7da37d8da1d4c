package analyze

import (
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/reading"
)

// FilterParticles is the particles of the filter that follows the
// opponent's hand through the record (reading.Filter), and FilterShare
// the share of the worlds whose opponent hand it draws; the others come
// from the card estimate and the last turn's weighting. Half and half
// read the opponent's hand better than either alone, and 1,024 particles
// better than 512 or 256, at a cost carried from turn to turn that the
// worlds it saves repay (docs/analysis.md, "Following the hand").
const (
	FilterParticles = 1024
	FilterShare     = 0.5
)

// FilterCache carries the particle filter of one seat from a decision to
// the next of the same hand, so that each reads only the events since
// (reading.Tracker). The zero value is empty; it is for one goroutine.
type FilterCache struct {
	tracker reading.Tracker
}

// particles returns the filter at p, carried on in c when c is set.
func particles(c *FilterCache, s *reading.Style, p *game.Position, seed uint64) (*reading.Particles, bool) {
	if c == nil {
		return reading.Filter(s, p, FilterParticles, seed)
	}
	return c.tracker.Follow(s, p, FilterParticles, seed)
}
