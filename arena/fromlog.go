package arena

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/ginadvisor/ginadvisor/gamelog"
)

// Pairing is the games of one pairing of players in logs: the players'
// names, specs and places as the games give them (a place is "" in a log
// older than the place tags), and the games by index.
type Pairing struct {
	Names  [2]string
	Specs  [2]string
	Places [2]string
	// Number is the pairing's number in its tournament, from its games'
	// pairing tag; 0 in a match's log or one older than the tag.
	Number int
	Games  map[int]*Game
}

// Pairings sorts logged games (of one run, or of its shards) into their
// pairings, in the order each first appears. A game that comes twice in a
// pairing is an error: a shard given twice, say.
func Pairings(games []*gamelog.Game) ([]*Pairing, error) {
	var out []*Pairing
	byKey := map[[4]string]*Pairing{}
	for _, lg := range games {
		if src := tagValue(lg, gamelog.TagSource); src != matchSource {
			return nil, fmt.Errorf("game %d was logged by %q, not by a match or a tournament, whose games come in mirrored pairs", lg.Number, printable(src))
		}
		key := [4]string{specOf(lg, 1), specOf(lg, 2), tagValue(lg, "place1"), tagValue(lg, "place2")}
		p := byKey[key]
		if p == nil {
			p = &Pairing{Specs: [2]string{key[0], key[1]}, Places: [2]string{key[2], key[3]}, Games: map[int]*Game{}}
			g := gameFromLog(lg)
			for k := range 2 {
				p.Names[k] = lg.Players[g.seatOf(k)]
			}
			byKey[key] = p
			out = append(out, p)
		}
		g := gameFromLog(lg)
		if p.Number == 0 {
			p.Number = g.Pairing
		}
		if p.Games[g.Index] != nil {
			return nil, fmt.Errorf("game %d of %s against %s comes twice", lg.Number, printable(p.Names[0]), printable(p.Names[1]))
		}
		p.Games[g.Index] = g
		if mate := p.Games[g.Index^1]; mate != nil && mate.Seed != g.Seed {
			return nil, fmt.Errorf("games %d and %d of %s against %s were dealt from other seeds, not as a mirrored pair", min(g.Index, mate.Index)+1, max(g.Index, mate.Index)+1, printable(p.Names[0]), printable(p.Names[1]))
		}
	}
	return out, nil
}

// entrant is how StandingsFromLog tells player k of the pairing from the
// others: by its place and spec where the log gives a place, else by its
// name.
func (p *Pairing) entrant(k int) string {
	if p.Places[k] == "" {
		return "name " + p.Names[k]
	}
	return "place " + p.Places[k] + " " + p.Specs[k]
}

// specOf is a logged game's spec of player k (1 or 2), or, in an older
// log, its player tag.
func specOf(lg *gamelog.Game, k int) string {
	if v := tagValue(lg, fmt.Sprintf("spec%d", k)); v != "" {
		return v
	}
	return tagValue(lg, fmt.Sprintf("player%d", k))
}

// Result counts the pairing's games as a match does, in the order of
// their numbers, with sprt, when set, as the match's test: the result the
// match printed when it played them.
func (p *Pairing) Result(sprt *SPRT) Result {
	order := slices.Sorted(maps.Keys(p.Games))
	o := Options{Done: p.Games, SPRT: sprt, Games: order[len(order)-1] + 1}
	o.Players[0].Name, o.Players[1].Name = p.Names[0], p.Names[1]
	t := newTally(&o, order, func() {})
	t.arrive(context.Background(), nil)
	t.summarise()
	return t.r
}
