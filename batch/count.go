package batch

import (
	"context"

	"github.com/ginadvisor/ginadvisor/gamelog"
)

// Size is what a run would grade: its games and their decisions with a
// choice whose seat's cards the record knows.
type Size struct {
	Games     int `json:"games"`
	Decisions int `json:"decisions"`
}

// Count reads the inputs as Run would, every game of the run's shard,
// and counts what Run would grade, without grading: a caller bounds the
// work before it starts. A damaged game or file counts for nothing, as
// Run leaves it out; Count fails only when ctx ends.
func Count(ctx context.Context, inputs []Input, o Options) (Size, error) {
	o, err := o.withDefaults()
	if err != nil {
		return Size{}, err
	}
	var n Size
	key := 0
	for _, in := range inputs {
		stop, _ := readInput(ctx, in, o.Import, func(g *gamelog.Game, le *gamelog.Error) bool {
			defer func() { key++ }()
			if key%o.Shards != o.Shard || le != nil {
				return true
			}
			n.Games++
			_ = g.Replay(func(d *gamelog.Decision) bool {
				if _, ok := kindOf(&d.Position); ok && !d.Partial {
					n.Decisions++
				}
				return ctx.Err() == nil
			})
			return ctx.Err() == nil
		})
		if stop || ctx.Err() != nil {
			return n, ctx.Err()
		}
	}
	return n, nil
}
