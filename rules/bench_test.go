package rules

import (
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

// showdownDeals deals n pairs of hands where the first can knock.
func showdownDeals(n int) [][2]notation.CardSet {
	rng := rand.New(rand.NewPCG(17, 18))
	out := make([][2]notation.CardSet, 0, n)
	for len(out) < n {
		deck := rng.Perm(52)
		var k, d notation.CardSet
		for _, i := range deck[:10] {
			k = k.With(notation.CardAt(i))
		}
		if meld.MinDeadwood(k) > 10 {
			continue
		}
		for _, i := range deck[10:20] {
			d = d.With(notation.CardAt(i))
		}
		out = append(out, [2]notation.CardSet{k, d})
	}
	return out
}

var sink int

// BenchmarkShowdown settles a whole knock: the knocker's best spread
// against this defender, the defender's best lay-offs, and the score.
func BenchmarkShowdown(b *testing.B) { benchmarkShowdown(b, showdownDeals(1024)) }

func benchmarkShowdown(b *testing.B, deals [][2]notation.CardSet) {
	r := Standard()
	b.ReportAllocs()
	b.ResetTimer()
	s := 0
	for i := 0; i < b.N; i++ {
		d := deals[i&1023]
		sd, err := r.BestKnock(d[0], d[1], Deal{})
		if err != nil {
			b.Fatal(err)
		}
		s += sd.Score.Points
	}
	sink = s
}

// BenchmarkBestLayoff is the defender's side alone, against the knocker's
// first minimal arrangement.
func BenchmarkBestLayoff(b *testing.B) {
	deals := showdownDeals(1024)
	spreads := make([]meld.Spread, len(deals))
	for i, d := range deals {
		a := meld.Arrangements(d[0])[0]
		var ms []notation.CardSet
		for _, m := range a.Melds {
			ms = append(ms, m.Cards)
		}
		spreads[i], _ = meld.NewSpread(ms...)
	}
	b.ReportAllocs()
	b.ResetTimer()
	s := 0
	for i := 0; i < b.N; i++ {
		dw, _ := meld.BestLayoff(&spreads[i&1023], deals[i&1023][1])
		s += dw
	}
	sink = s
}

// nearDeals deals pairs where the defender's cards sit next to the
// knocker's in rank or suit, so that lay-offs are common.
func nearDeals(n int) [][2]notation.CardSet {
	rng := rand.New(rand.NewPCG(19, 20))
	out := make([][2]notation.CardSet, 0, n)
	for _, d := range showdownDeals(n) {
		k := d[0]
		ks := k.Cards()
		var def notation.CardSet
		for def.Len() < 10 {
			c := ks[rng.IntN(len(ks))]
			r := int(c.Rank()) + rng.IntN(5) - 2
			s := c.Suit()
			if rng.IntN(3) == 0 {
				r, s = int(c.Rank()), notation.Suit(rng.IntN(4))
			}
			if r < 0 || r >= notation.NumRanks {
				continue
			}
			if nc := notation.NewCard(notation.Rank(r), s); !k.Has(nc) {
				def = def.With(nc)
			}
		}
		out = append(out, [2]notation.CardSet{k, def})
	}
	return out
}

// BenchmarkShowdownNear is BenchmarkShowdown with defenders that hold
// many cards to lay off.
func BenchmarkShowdownNear(b *testing.B) { benchmarkShowdown(b, nearDeals(1024)) }
