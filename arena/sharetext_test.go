package arena

import (
	"strings"
	"testing"
)

// TestWinRateNeverReadsCertain: a match won 3999-1 reads ">99.9%", not
// "100.0%", and one won whole reads "100.0%"; the interval's ends alike.
func TestWinRateNeverReadsCertain(t *testing.T) {
	for _, tt := range []struct {
		rate float64
		want string
	}{{0.99975, "wins >99.9% [>99.9, >99.9]"}, {1, "wins 100.0% [100.0, 100.0]"}, {0.00025, "wins <0.1% [<0.1, <0.1]"}, {0.5, "wins 50.0% [50.0, 50.0]"}} {
		rate, elo := tt.rate, EloOf(tt.rate)
		r := Result{Names: [2]string{"a", "b"}, Games: 4000, Pairs: 2000, WinRate: &rate,
			WinRateCI95: &[2]float64{rate, rate}, Elo: &elo, EloCI95: &[2]Elo{elo, elo}}
		var b strings.Builder
		if err := r.WriteText(&b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), tt.want) {
			t.Errorf("a win rate of %v: %q, want %q in it", tt.rate, b.String(), tt.want)
		}
	}
}
