package reading

import (
	"math"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
)

// The card net reads, card by card, the chance that the opponent holds a
// card the seat has not seen. It starts from the chance the worlds give
// it and corrects that from the card's neighbourhood in the record: the
// three cards of its rank and the six nearest of its suit, each with what
// the seat knows of it (in its hand, taken, thrown and how lately,
// passed, buried, unseen with the worlds' chance). It was fitted on the
// true hands of many games: internal/readcal -dumpbin writes the rows,
// internal/netfit fits the weights (cardnet_weights.go).

// CardFeatures is the length of a card's input to the card net.
const CardFeatures = 6 + cardSlots*slotFeatures

// The input's layout: six features of the card itself, then nine slots
// of its neighbours, each of slotFeatures; every feature is bounded by
// featureBound, and a discard's weight halves about every two of the
// opponent's discards since (e^(-1/discardMemory) a discard).
const (
	cardSlots     = 9
	slotFeatures  = 9
	featureBound  = 6
	discardMemory = 3
)

// Chances are the worlds' chance of each card in the opponent's hidden
// hand: all the worlds', the filter's alone and the estimate's alone.
type Chances struct {
	All, Filter, Estimate [64]float64
}

// logit is the log-odds of q.
func logit(q float64) float64 { return math.Log(q / (1 - q)) }

// bounded clips x to the features' bound.
func bounded(x float64) float32 {
	return float32(max(-featureBound, min(featureBound, x)))
}

// AppendCardFeatures appends to dst the card net's input for card c at p.
func AppendCardFeatures(dst []float32, p *game.Position, c notation.Card, ch *Chances) []float32 {
	hidden := float64(p.OpponentHidden())
	unseen := p.Unseen()
	base := math.Log(hidden / (float64(unseen.Len()) - hidden + 1e-9))
	dst = append(dst, bounded(logit(ch.All[c])), bounded(logit(ch.Filter[c])), bounded(logit(ch.Estimate[c])),
		bounded(base), bounded(float64(p.Draws())/20), float32(c.Value())/10)
	var orderBuf [game.MaxDraws]notation.Card
	order := p.OpponentDiscardOrder(orderBuf[:0])
	disc, took, known, passed, hand := p.OpponentDiscards(), p.OpponentTook(), p.OpponentKnown(), p.OpponentPassed(), p.Hand()
	pile := p.PileSet()
	slot := func(n notation.Card, onBoard bool) {
		var f [slotFeatures]float32
		if !onBoard {
			f[0] = 1
			dst = append(dst, f[:]...)
			return
		}
		if hand.Has(n) {
			f[1] = 1
		}
		if known.Has(n) || took.Has(n) {
			f[2] = 1
		}
		if disc.Has(n) {
			f[3] = 1
			for i := len(order) - 1; i >= 0; i-- {
				if order[i] == n {
					f[8] = float32(math.Exp(-float64(len(order)-1-i) / discardMemory))
					break
				}
			}
		}
		if passed.Has(n) {
			f[4] = 1
		}
		if pile.Has(n) && !disc.Has(n) {
			f[5] = 1
		}
		if unseen.Has(n) {
			f[6] = 1
			f[7] = bounded(logit(ch.All[n]))
		}
		dst = append(dst, f[:]...)
	}
	for k := 1; k < notation.NumSuits; k++ {
		slot(notation.NewCard(c.Rank(), notation.Suit((int(c.Suit())+k)%notation.NumSuits)), true)
	}
	for _, d := range [...]int{-3, -2, -1, 1, 2, 3} {
		r := int(c.Rank()) + d
		if r < 0 || r >= notation.NumRanks {
			slot(0, false)
			continue
		}
		slot(notation.NewCard(notation.Rank(r), c.Suit()), true)
	}
	return dst
}

// CardNet returns the card net's chance that the opponent holds card c,
// which the seat has not seen, at p.
func CardNet(p *game.Position, c notation.Card, ch *Chances) float64 {
	var buf [CardFeatures]float32
	x := AppendCardFeatures(buf[:0], p, c, ch)
	z := float64(x[0]) + cardNetBias
	for j, xj := range x {
		z += float64(cardNetLinear[j] * xj)
	}
	for k := range cardNetHidden {
		a := cardNetB1[k]
		w := cardNetW1[k*CardFeatures : (k+1)*CardFeatures]
		for j, xj := range x {
			a += w[j] * xj
		}
		if a > 0 {
			z += float64(cardNetW2[k] * a)
		}
	}
	return 1 / (1 + math.Exp(-z))
}
