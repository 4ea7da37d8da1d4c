package rules

import "fmt"

// Game keeps the running score of a game between two players, 0 and 1.
type Game struct {
	Rules    Rules
	Score    [2]int
	HandsWon [2]int
	Hands    int // hands played, dead ones included
}

// NewGame starts a game under r.
func NewGame(r Rules) *Game { return &Game{Rules: r} }

// Record adds a hand: the winner (0 or 1, or -1 for a dead hand) and the
// points it scored.
func (g *Game) Record(winner, points int) {
	g.Hands++
	if winner < 0 {
		return
	}
	g.Score[winner] += points
	g.HandsWon[winner]++
}

// Over reports whether a player has reached the target.
func (g *Game) Over() bool {
	return g.Score[0] >= g.Rules.Target || g.Score[1] >= g.Rules.Target
}

// Leader returns the player with more points, or -1 on a tie.
func (g *Game) Leader() int {
	switch {
	case g.Score[0] > g.Score[1]:
		return 0
	case g.Score[1] > g.Score[0]:
		return 1
	}
	return -1
}

// GameResult is a finished game's final score with its bonuses.
type GameResult struct {
	Winner    int       `json:"winner"`
	Totals    [2]int    `json:"totals"`
	Breakdown [2][]Line `json:"breakdown"`
	Shutout   bool      `json:"shutout"`
}

// Final adds the end-of-game bonuses to the running score: the shutout
// doubling, the game bonus and any shutout bonus to the winner, and the box
// bonus for each hand each player won. The winner is the player with more hand points.
func (g *Game) Final() GameResult {
	res := GameResult{Winner: g.Leader()}
	for p := 0; p < 2; p++ {
		add := func(label string, points int) {
			res.Breakdown[p] = append(res.Breakdown[p], Line{Label: label, Points: points})
			res.Totals[p] += points
		}
		add("hand points", g.Score[p])
		if p == res.Winner && g.HandsWon[1-p] == 0 && g.Score[p] > 0 {
			res.Shutout = true
			if g.Rules.ShutoutDoubles {
				add("shutout: hand points doubled", g.Score[p])
			}
		}
		if p == res.Winner && g.Rules.GameBonus > 0 {
			add("game bonus", g.Rules.GameBonus)
		}
		if p == res.Winner && g.Rules.ShutoutBonus > 0 && g.Score[1-p] == 0 {
			add("shutout bonus: the loser scored nothing", g.Rules.ShutoutBonus)
		}
		if g.Rules.BoxBonus > 0 && g.HandsWon[p] > 0 {
			add(fmt.Sprintf("box bonus: %d hands won", g.HandsWon[p]), g.Rules.BoxBonus*g.HandsWon[p])
		}
	}
	return res
}
