package game

import (
	"errors"
	"fmt"

	"github.com/ginadvisor/ginadvisor/rules"
)

// ErrScores is wrapped by the errors of CheckScores: scores no game has
// before the hand.
var ErrScores = errors.New("scores no game reaches")

// maxDeadwood bounds a hand's deadwood: ten cards of ten points.
const maxDeadwood = 100

// maxHandPoints bounds the points one hand gives under r: the most
// deadwood and the largest bonus, doubled where a spade upcard doubles.
func maxHandPoints(r *rules.Rules) int {
	most := maxDeadwood + max(r.GinBonus, r.BigGinBonus, r.UndercutBonus)
	if r.Oklahoma && r.SpadesDouble {
		most *= 2
	}
	return most
}

// MaxFinalScore returns the highest score a seat can hold under r, the
// hand totals a game's last hand leaves: a game goes on only while both
// scores are below the target, so the most a seat holds before its last
// hand is the target less one, and that hand adds at most maxHandPoints.
// The game's bonuses, added once it is over, are not in the hand totals.
func MaxFinalScore(r *rules.Rules) int { return r.Target - 1 + maxHandPoints(r) }

// MaxHandPoints returns the most points one hand gives under r; see
// MaxFinalScore.
func MaxHandPoints(r *rules.Rules) int { return maxHandPoints(r) }

// MinNumber returns the first hand at which a game can have the scores:
// each seat that has points has won a hand, and each hand gives at most
// maxHandPoints.
func MinNumber(scores [2]int, r *rules.Rules) int {
	most := maxHandPoints(r)
	hands := 0
	for _, s := range scores {
		if s > 0 {
			hands += (s + most - 1) / most
		}
	}
	return hands + 1
}

// CheckScores checks the scores before the hand: below the target, which
// ends the game, and reachable by the hand's number: no game has a score
// before its first hand, and both seats have points only after two hands.
func (s *Setup) CheckScores() error {
	t := s.Rules.Target
	switch {
	case s.Scores[0] < 0 || s.Scores[1] < 0:
		return fmt.Errorf("%w: score %d-%d is below 0", ErrScores, s.Scores[0], s.Scores[1])
	case s.Scores[0] >= t || s.Scores[1] >= t:
		return fmt.Errorf("%w: score %d-%d: the game ended at %d", ErrScores, s.Scores[0], s.Scores[1], t)
	}
	if least := MinNumber(s.Scores, &s.Rules); s.Number < least {
		return fmt.Errorf("%w: score %d-%d before hand %d: the hands before give it only from hand %d", ErrScores, s.Scores[0], s.Scores[1], s.Number, least)
	}
	return nil
}
