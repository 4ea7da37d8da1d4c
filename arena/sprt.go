package arena

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// SPRT is a sequential probability ratio test on game pairs, as fishtest
// runs it: H0 says the first player's Elo advantage is Elo0, H1 that it is
// Elo1; the test stops when the log-likelihood ratio leaves (Lower, Upper).
// Each pair of mirrored games scores 0, 1/2 or 1 for the first player, and
// the ratio is the generalized SPRT's normal approximation on those
// scores, with their variance as PairVariance measures it, the same as the
// win rate's interval uses.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	n           int
	sum, sum2   float64
}

// Verdict is where a test stands.
type Verdict int

// The verdicts.
const (
	Continue Verdict = iota
	AcceptH0
	AcceptH1
)

func (v Verdict) String() string {
	return [...]string{"continue", "H0 accepted", "H1 accepted"}[v]
}

// NewSPRT checks the parameters: Elo0 < Elo1, and error rates in (0, 1/2).
func NewSPRT(elo0, elo1, alpha, beta float64) (*SPRT, error) {
	if !(elo0 < elo1) || elo1-elo0 > 2000 || math.Abs(elo0) > 1000 {
		return nil, fmt.Errorf("sprt: want elo0 < elo1, within ±1000, not %g and %g", elo0, elo1)
	}
	if !(alpha > 0 && alpha < 0.5 && beta > 0 && beta < 0.5) {
		return nil, fmt.Errorf("sprt: alpha and beta must be between 0 and 0.5, not %g and %g", alpha, beta)
	}
	return &SPRT{Elo0: elo0, Elo1: elo1, Alpha: alpha, Beta: beta}, nil
}

// Score is the expected score of a player Elo points stronger.
func Score(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// Elo is an Elo difference, infinite for a score of 0 or 1. It prints
// rounded to the point, never "-0", and infinite as "+inf" or "-inf"; in
// JSON, to a tenth, and infinite as null.
type Elo float64

// EloOf is the Elo difference that a score stands for.
func EloOf(score float64) Elo {
	switch {
	case score <= 0:
		return Elo(math.Inf(-1))
	case score >= 1:
		return Elo(math.Inf(1))
	}
	return Elo(-400 * math.Log10(1/score-1))
}

func (e Elo) String() string {
	switch x := float64(e); {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	case math.IsNaN(x):
		return "undefined"
	}
	return fmt.Sprintf("%+.0f", math.Round(float64(e))+0) // +0 turns -0 into 0
}

// MarshalJSON writes the difference to a tenth, or null when infinite.
func (e Elo) MarshalJSON() ([]byte, error) {
	x := float64(e)
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, math.Round(x*10)/10+0, 'f', -1, 64), nil
}

// Fresh returns a test of the same hypotheses with no pair recorded.
func (t *SPRT) Fresh() *SPRT {
	return &SPRT{Elo0: t.Elo0, Elo1: t.Elo1, Alpha: t.Alpha, Beta: t.Beta}
}

// Bounds returns the log-likelihood ratio's bounds.
func (t *SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// AddPair records a pair's score for the first player: 0, 0.5 or 1.
func (t *SPRT) AddPair(score float64) {
	t.n++
	t.sum += score
	t.sum2 += score * score
}

// Pairs returns the pairs recorded.
func (t *SPRT) Pairs() int { return t.n }

// LLR returns the log-likelihood ratio of H1 to H0 so far.
func (t *SPRT) LLR() float64 {
	if t.n < 2 {
		return 0
	}
	n := float64(t.n)
	mean := t.sum / n
	v := PairVariance(t.n, t.sum, t.sum2)
	if v <= 1e-12 {
		// All pairs alike: the variance of a fair coin's pair, so that the
		// test still moves.
		v = 0.125
	}
	s0, s1 := Score(t.Elo0), Score(t.Elo1)
	return n * (s1 - s0) * (2*mean - s0 - s1) / (2 * v)
}

// Verdict says whether the test has decided.
func (t *SPRT) Verdict() Verdict {
	lower, upper := t.Bounds()
	switch llr := t.LLR(); {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}

// ParseSPRT reads a test as the command line writes it: "elo0=0 elo1=10
// alpha=0.05 beta=0.05", spaces or commas between; alpha and beta default
// to 0.05.
func ParseSPRT(s string) (*SPRT, error) {
	vals := map[string]float64{"alpha": 0.05, "beta": 0.05}
	seen := map[string]bool{}
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' }) {
		k, v, ok := strings.Cut(f, "=")
		if _, known := vals[k]; !ok || !known && k != "elo0" && k != "elo1" {
			return nil, fmt.Errorf("sprt: %q: want elo0=, elo1=, alpha= or beta=", notationClip(f))
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, fmt.Errorf("sprt: %s=%q is not a number", k, notationClip(v))
		}
		vals[k], seen[k] = x, true
	}
	if !seen["elo0"] || !seen["elo1"] {
		return nil, errors.New("sprt: give elo0= and elo1=")
	}
	return NewSPRT(vals["elo0"], vals["elo1"], vals["alpha"], vals["beta"])
}

func notationClip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
