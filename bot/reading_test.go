package bot_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/rules"
)

// reader plays as simple and reads its opponent after every hand,
// keeping the likeliest knock rule after each.
type reader struct {
	*bot.Simple
	reading bot.StyleReading
	after   [][bot.NumKnockRules]float64
	mu      *sync.Mutex
	games   *[][]bot.KnockRule
}

func (r *reader) HandOver(p *game.Position) {
	r.Simple.HandOver(p)
	r.reading.ReadHand(p)
	r.after = append(r.after, r.reading.Weights())
	if p.Setup().Number == 1 {
		r.mu.Lock()
		*r.games = append(*r.games, nil)
		r.mu.Unlock()
	}
}

// confusion plays games of a reader against the named partner and sums,
// by hand number, the posterior after that hand; n counts the games.
func confusion(t *testing.T, partner string, games int) (sum [][bot.NumKnockRules]float64, n []int) {
	t.Helper()
	var mu sync.Mutex
	var readers []*reader
	var dummy [][]bot.KnockRule
	newReader := func(seed uint64) bot.Player {
		r := &reader{Simple: bot.NewSimple(seed), mu: &mu, games: &dummy}
		mu.Lock()
		readers = append(readers, r)
		mu.Unlock()
		return r
	}
	eaai, _ := rules.Preset("eaai")
	_, err := engine.Simulate(context.Background(), engine.SimOptions{
		Rules: eaai, Players: [2]bot.NewPlayerFunc{newReader, bot.MustLookup(partner).New},
		Names: [2]string{"reader", partner}, Games: games, Seed: 5, Workers: 2,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range readers {
		for k, w := range r.after {
			for len(sum) <= k {
				sum = append(sum, [bot.NumKnockRules]float64{})
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

// TestReadingFindsTheKnockRule plays a reader against partners whose knock
// rule is known and checks that, after five hands, the posterior puts on
// the partner's rule at least the share given, on average over the games:
// the calibration of the style reading. KnockEarly and KnockLate are told
// apart only by a knock in the first draws or in the last, which patient
// players seldom reach, so against patient the two share the weight. With
// -v it prints the mean posterior by hand number.
func TestReadingFindsTheKnockRule(t *testing.T) {
	partners := []struct {
		name string
		rule bot.KnockRule
		want float64
	}{
		{"simple", bot.KnockAtOnce, 0.9},
		{"grabber", bot.KnockAtOnce, 0.9},
		{"heuristic", bot.KnockEarly, 0.5},
		{"cautious", bot.KnockLow, 0.5},
		{"patient", bot.KnockLate, 0.4},
	}
	for _, p := range partners {
		sum, n := confusion(t, p.name, 300)
		var b strings.Builder
		fmt.Fprintf(&b, "%s (%s): mean posterior after each hand\n", p.name, p.rule)
		for k := 0; k < min(len(sum), 8); k++ {
			fmt.Fprintf(&b, "  hand %d (%d games):", k+1, n[k])
			for r, x := range sum[k] {
				fmt.Fprintf(&b, " %s %.0f%%", bot.KnockRule(r), 100*x/float64(n[k]))
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
	}
}
