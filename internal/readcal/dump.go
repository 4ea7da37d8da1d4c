package main

import (
	"bufio"
	"encoding/binary"
	"math"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/reading"
)

// logit is the log-odds of q.
func logit(q float64) float64 { return math.Log(q / (1 - q)) }

// dumpBin, when set, receives the card net's rows as float32s.
var dumpBin *bufio.Writer

// dumpNeighbours writes card c's row: game, draws, label, the worlds'
// logit, then the card net's input.
func dumpNeighbours(gameN int, p *game.Position, c notation.Card, y bool, ch *reading.Chances) {
	yy := float32(0)
	if y {
		yy = 1
	}
	v := []float32{float32(gameN), float32(p.Draws()), yy, float32(max(-6, min(6, logit(ch.All[c]))))}
	v = reading.AppendCardFeatures(v, p, c, ch)
	binary.Write(dumpBin, binary.LittleEndian, v)
}
