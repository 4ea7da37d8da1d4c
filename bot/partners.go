package bot

import "github.com/ginadvisor/ginadvisor/reading"

// The styled sparring partners, each a knock, discard and take rule.

// NewCautious returns "cautious": it knocks only with 3 or less and throws
// what the opponent is unlikely to use.
func NewCautious() *Styled {
	return NewStyled("cautious", reading.KnockLow, reading.DiscardSafe, reading.TakeIntoMeld)
}

// NewGrabber returns "grabber": it knocks at once and takes any upcard
// that lowers its deadwood.
func NewGrabber() *Styled {
	return NewStyled("grabber", reading.KnockAtOnce, reading.DiscardDeadwood, reading.TakeToLower)
}

// NewPatient returns "patient": it knocks only late in the hand or for
// gin, and keeps the most draws open.
func NewPatient() *Styled {
	return NewStyled("patient", reading.KnockLate, reading.DiscardOpen, reading.TakeToLower)
}
