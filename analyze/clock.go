package analyze

import (
	"time"

	"github.com/ginadvisor/ginadvisor/game"
)

// The game clock's guesses, for a player given a time for the whole game
// (Player.SetGameTime). They err long: a game that runs past them leaves
// time over, one that stops short of them would starve its last moves.
const (
	// PointsPerHand is the points a hand is taken to score, to guess the
	// hands left from the leader's distance to the target. Hands of the
	// advisor's games score about 20 on average; 15 guesses more hands.
	PointsPerHand = 15
	// DecisionsPerHand is the seat's decisions a hand is taken to ask
	// (draw or take, discard, knock or play on, over some nine turns).
	DecisionsPerHand = 20
	// clockReserve is the share of the time left that a decision's share
	// leaves alone, against a game longer than the guess.
	clockReserve = 0.1
)

// DecisionsLeft guesses the seat's decisions left in the game at p: the
// rest of this hand, by the stock's cards left (two decisions for each of
// its turns, at most a hand's worth), and DecisionsPerHand for each hand
// the leader's distance to the target still needs at PointsPerHand.
func DecisionsLeft(p *game.Position) int {
	here := min(DecisionsPerHand, max(2, p.StockCount()))
	sc := p.Setup().Scores
	gap := p.Rules().Target - max(sc[0], sc[1])
	hands := max(0, (gap+PointsPerHand-1)/PointsPerHand-1)
	return here + hands*DecisionsPerHand
}

// DecisionTime is the share of left, the game's time not yet spent, that
// a decision at p may spend: the time less a reserve, over the decisions
// left, and never more than a quarter of it. With no time left it is a
// nanosecond, which buys the search's least work, one chunk of worlds.
func DecisionTime(left time.Duration, p *game.Position) time.Duration {
	if left <= 0 {
		return time.Nanosecond
	}
	share := time.Duration(float64(left) * (1 - clockReserve) / float64(DecisionsLeft(p)))
	return max(min(share, left/4), time.Nanosecond)
}
