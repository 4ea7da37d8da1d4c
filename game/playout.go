package game

import (
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

// RolloutDraws bounds the draws a PlayOut makes: a rollout that runs so
// long is two policies passing the same cards, and its hand is abandoned
// as dead (an estimate loses nothing by it; the hand would score nothing
// for a long time).
const RolloutDraws = 500

// Policy decides from a complete state, for the seat to move, reading only
// what that seat may know. Rollouts use policies: they play determinized
// worlds, where nothing is hidden anyway, and skip building positions.
type Policy interface {
	Choose(st *State) Move
}

// A Decider is a Policy that can also decide without building a Move: it
// returns the kind and card of the move Choose would make and, for a move
// that lays melds down (knock, gin, big gin), the melds, in memory the
// policy owns and may reuse from its next call; nil for other moves.
// PlayOut prefers it: handing back whole Moves, which are written a byte
// at a time and copied wide, cost a tenth of a rollout.
type Decider interface {
	Decide(st *State) (MoveKind, notation.Card, *meld.Spread)
}

// PlayOut plays the state to the end of the hand with a policy for each
// seat. It allocates nothing once the policies have warmed up. A policy
// that returns an illegal move stops it with the move's error, the state
// as it was before that move; a hand that makes RolloutDraws more draws
// is abandoned as dead (State.Abandon), and abandoned says so, so that a
// caller can count such hands rather than take them for real dead hands.
// When both policies are Deciders, it calls Decide instead of Choose.
func PlayOut(st *State, policies [2]Policy) (abandoned bool, err error) {
	start := st.draws
	first, ok1 := policies[0].(Decider)
	second, ok2 := policies[1].(Decider)
	if ok1 && ok2 {
		deciders := [2]Decider{first, second}
		// Only a knock, gin or big gin sets m.Spread, and each ends the
		// hand or stops PlayOut with an error: no later move carries its
		// melds.
		var m Move
		for st.phase != Over {
			if st.draws-start >= RolloutDraws && st.phase == DrawPhase {
				st.Abandon()
				return true, nil
			}
			var sp *meld.Spread
			m.Kind, m.Card, sp = deciders[st.turn].Decide(st)
			if sp != nil {
				m.Spread = *sp
			}
			if err := st.apply(&m); err != nil {
				return false, err
			}
		}
		return false, nil
	}
	for st.Phase() != Over {
		if st.draws-start >= RolloutDraws && st.phase == DrawPhase {
			st.Abandon()
			return true, nil
		}
		if err := st.Apply(policies[st.Turn()].Choose(st)); err != nil {
			return false, err
		}
	}
	return false, nil
}
