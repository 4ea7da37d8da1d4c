package game

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

// PlayOut plays the state to the end of the hand with a policy for each
// seat. It allocates nothing once the policies have warmed up. A policy
// that returns an illegal move stops it with the move's error, the state
// as it was before that move; a hand that makes RolloutDraws more draws
// is abandoned as dead.
func PlayOut(st *State, policies [2]Policy) error {
	start := st.draws
	for st.Phase() != Over {
		if st.draws-start >= RolloutDraws && st.phase == DrawPhase {
			st.Abandon()
			return nil
		}
		if err := st.Apply(policies[st.Turn()].Choose(st)); err != nil {
			return err
		}
	}
	return nil
}
