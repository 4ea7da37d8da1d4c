package game

import "errors"

// ErrEndless is returned for a hand that reached EndlessDraws draws.
var ErrEndless = errors.New("the hand did not end in 10000 draws")

// Policy decides from a complete state, for the seat to move, reading only
// what that seat may know. Rollouts use policies: they play determinized
// worlds, where nothing is hidden anyway, and skip building positions.
type Policy interface {
	Choose(st *State) Move
}

// PlayOut plays the state to the end of the hand with a policy for each
// seat. It allocates nothing once the policies have warmed up. A policy
// that returns an illegal move stops it with the move's error, the state
// as it was before that move; a hand that makes EndlessDraws more draws
// stops it with ErrEndless.
func PlayOut(st *State, policies [2]Policy) error {
	start := st.draws
	for st.Phase() != Over {
		if st.draws-start >= EndlessDraws {
			return ErrEndless
		}
		if err := st.Apply(policies[st.Turn()].Choose(st)); err != nil {
			return err
		}
	}
	return nil
}
