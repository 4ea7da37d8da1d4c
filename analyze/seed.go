package analyze

import (
	"encoding/binary"
	"hash/fnv"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/position"
)

// SeedOf is the seed of a decision's worlds: a hash of the position as
// written (its record of the hand when it has a complete one, which the
// reading of the opponent uses, else the short form), which holds the
// rules and the scores, of settings (what the caller's analysis is, such
// as a grader's budget) and of the run's seed. It depends on nothing
// else: the same decision gets the same worlds in any order of work, in
// any shard and at any worker count.
func SeedOf(p *game.Position, settings string, seed uint64) uint64 {
	text, ok := position.FormatHistory(p)
	if !ok {
		text = position.Format(p)
	}
	h := fnv.New64a()
	h.Write([]byte(text))
	h.Write([]byte{0})
	h.Write([]byte(settings))
	h.Write(binary.LittleEndian.AppendUint64([]byte{0}, seed))
	return h.Sum64()
}
