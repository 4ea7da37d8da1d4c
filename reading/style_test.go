package reading_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/players"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/rules"
)

// reader plays as simple and reads its opponent after every hand,
// keeping the posterior of each axis after each.
type reader struct {
	*bot.Simple
	reading reading.Style
	after   []posteriors
	mu      *sync.Mutex
	games   *[][]reading.KnockRule
}

// posteriors holds the reading's three axes in one array: the knock
// rules, then the take rules, then the discard rules.
type posteriors [reading.NumKnockRules + reading.NumTakeRules + reading.NumDiscardRules]float64

// Where each axis starts in posteriors.
const (
	takeAt    = reading.NumKnockRules
	discardAt = takeAt + reading.NumTakeRules
)

func (r *reader) HandOver(p *game.Position) {
	r.Simple.HandOver(p)
	r.reading.ReadHand(p)
	var w posteriors
	k, tk, d := r.reading.Weights(), r.reading.TakeWeights(), r.reading.DiscardWeights()
	copy(w[:], k[:])
	copy(w[takeAt:], tk[:])
	copy(w[discardAt:], d[:])
	r.after = append(r.after, w)
	if p.Setup().Number == 1 {
		r.mu.Lock()
		*r.games = append(*r.games, nil)
		r.mu.Unlock()
	}
}

// confusion plays games of a reader against the named partner and sums,
// by hand number, the posterior after that hand; n counts the games.
func confusion(t *testing.T, partner string, games int) (sum []posteriors, n []int) {
	t.Helper()
	var mu sync.Mutex
	var readers []*reader
	var dummy [][]reading.KnockRule
	newReader := func(seed uint64) bot.Player {
		r := &reader{Simple: bot.NewSimple(seed), mu: &mu, games: &dummy}
		mu.Lock()
		readers = append(readers, r)
		mu.Unlock()
		return r
	}
	eaai, _ := rules.Preset("eaai")
	_, err := engine.Simulate(context.Background(), engine.SimOptions{
		Rules: eaai, Players: [2]bot.NewPlayerFunc{newReader, players.MustLookup(partner).New},
		Names: [2]string{"reader", partner}, Games: games, Seed: 5, Workers: 2,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range readers {
		for k, w := range r.after {
			for len(sum) <= k {
				sum = append(sum, posteriors{})
				n = append(n, 0)
			}
			for i := range w {
				sum[k][i] += w[i]
			}
			n[k]++
		}
	}
	return sum, n
}

// TestReadingFindsTheKnockRule plays a reader against partners whose
// rules are known and checks that, after five hands, the posterior puts on
// the partner's rule of each axis at least the share given, on average
// over the games: the calibration of the style reading. KnockEarly and KnockLate are told
// apart only by a knock in the first draws or in the last, which patient
// players seldom reach, so against patient the two share the weight. With
// -v it prints the mean posterior by hand number.
func TestReadingFindsTheKnockRule(t *testing.T) {
	partners := []struct {
		name     string
		rule     reading.KnockRule
		want     float64
		take     reading.TakeRule
		wantTake float64
		discard  reading.DiscardRule
		wantDisc float64
	}{
		{"simple", reading.KnockAtOnce, 0.9, reading.TakeIntoMeld, 0.9, reading.DiscardDeadwood, 0.6},
		{"grabber", reading.KnockAtOnce, 0.9, reading.TakeToLower, 0.7, reading.DiscardDeadwood, 0.6},
		// Heuristic's discard weighs a live card at 0.3 of a point, so
		// it throws mostly as a deadwood discarder does.
		{"heuristic", reading.KnockEarly, 0.5, reading.TakeIntoMeld, 0.9, reading.DiscardDeadwood, 0.55},
		{"cautious", reading.KnockLow, 0.5, reading.TakeIntoMeld, 0.9, reading.DiscardSafe, 0.5},
		{"patient", reading.KnockLate, 0.4, reading.TakeToLower, 0.7, reading.DiscardOpen, 0.45},
	}
	for _, p := range partners {
		sum, n := confusion(t, p.name, 300)
		var b strings.Builder
		fmt.Fprintf(&b, "%s (%s): mean posterior after each hand\n", p.name, p.rule)
		for k := 0; k < min(len(sum), 8); k++ {
			fmt.Fprintf(&b, "  hand %d (%d games):", k+1, n[k])
			for r, x := range sum[k] {
				fmt.Fprintf(&b, " %.0f", 100*x/float64(n[k]))
				if r == takeAt-1 || r == discardAt-1 {
					b.WriteString(" |")
				}
			}
			b.WriteString("\n")
		}
		t.Log(b.String())
		if len(sum) < 5 {
			t.Fatalf("%s: games of fewer than 5 hands", p.name)
		}
		if got := sum[4][p.rule] / float64(n[4]); got < p.want {
			t.Errorf("%s: after 5 hands the reading puts %.0f%% on %s; want at least %.0f%%", p.name, 100*got, p.rule, 100*p.want)
		}
		if got := sum[4][takeAt+int(p.take)] / float64(n[4]); got < p.wantTake {
			t.Errorf("%s: after 5 hands the reading puts %.0f%% on take rule %d; want at least %.0f%%", p.name, 100*got, p.take, 100*p.wantTake)
		}
		if got := sum[4][discardAt+int(p.discard)] / float64(n[4]); got < p.wantDisc {
			t.Errorf("%s: after 5 hands the reading puts %.0f%% on discard rule %d; want at least %.0f%%", p.name, 100*got, p.discard, 100*p.wantDisc)
		}
	}
}
