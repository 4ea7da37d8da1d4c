package engine

import "github.com/ginadvisor/ginadvisor/gamelog"

// Logged is the game as the game log writes it, numbered n and tagged
// with its source: simulate and play log their games alike, so that batch
// and the board's review read either.
func (g *GameRecord) Logged(n int, source string) (*gamelog.Game, error) {
	tag := gamelog.Tag{Key: gamelog.TagSource, Value: source}
	return gamelog.GameFromStates(n, g.Seed, g.Rules, g.Players, g.FirstDealer, g.Hands, g.Events, g.Final, tag)
}
