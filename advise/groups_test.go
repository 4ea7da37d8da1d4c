package advise

import (
	"math/rand/v2"
	"testing"
)

// TestGroupErrorHoldsTheReplicasSpread draws means of worlds whose groups
// each carry an error of their own (a replica's draw of the reading,
// shared by all its worlds) and checks that the grouped standard error
// measures the spread of the mean about its truth: its squared z averages
// about 1 over many draws, where the worlds' error alone, blind to the
// groups' draws, leaves it well above 1. (The grouped error is itself
// measured from 8 groups' means, and where they dominate its square's
// mean is that of Student's t of 7 degrees of freedom, 1.4, not 1.) With
// no error of the groups' own, the grouped error is about the worlds'
// alone.
func TestGroupErrorHoldsTheReplicasSpread(t *testing.T) {
	cases := []struct {
		name              string
		groups, perGroup  int
		groupSD, worldSD  float64
		wantLo, wantHi    float64 // the grouped error's mean z²
		blindAbove        float64 // the worlds' error's mean z² is above this
		ratioLo, ratioHi  float64 // grouped error against the worlds' alone
		checkRatio, blind bool
	}{
		{name: "a replica's draw as large as the worlds' mean error", groups: 8, perGroup: 32, groupSD: 0.02, worldSD: 0.1, wantLo: 0.9, wantHi: 1.4, blindAbove: 2, blind: true},
		{name: "no error of the groups' own", groups: 8, perGroup: 32, groupSD: 0, worldSD: 0.1, wantLo: 0.85, wantHi: 1.2, checkRatio: true, ratioLo: 0.98, ratioHi: 1.12},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, 7))
			const draws = 4000
			var z2, blindZ2, ratio float64
			for range draws {
				var g groupSums
				var sum, sq float64
				for range c.groups {
					off := c.groupSD * rng.NormFloat64()
					var gs, gq float64
					for range c.perGroup {
						x := off + c.worldSD*rng.NormFloat64()
						gs += x
						gq += x * x
					}
					g.add(gs, gq, c.perGroup)
					sum, sq = sum+gs, sq+gq
				}
				n := float64(g.worlds)
				mean, se, plain := g.sum/n, g.se(), meanSE(sum, sq, n)
				z2 += mean * mean / (se * se)
				blindZ2 += mean * mean / (plain * plain)
				ratio += se / plain
			}
			z2, blindZ2, ratio = z2/draws, blindZ2/draws, ratio/draws
			if z2 < c.wantLo || z2 > c.wantHi {
				t.Errorf("grouped error: mean z² %.3f, want %.2f to %.2f", z2, c.wantLo, c.wantHi)
			}
			if c.blind && blindZ2 <= c.blindAbove {
				t.Errorf("worlds' error alone: mean z² %.3f, want above %.2f (the case does not test the groups)", blindZ2, c.blindAbove)
			}
			if c.checkRatio && (ratio < c.ratioLo || ratio > c.ratioHi) {
				t.Errorf("grouped error %.3f times the worlds' alone, want %.2f to %.2f", ratio, c.ratioLo, c.ratioHi)
			}
		})
	}
}

// TestGroupErrorOfOneGroup is the worlds' error with one group, or one
// world a group.
func TestGroupErrorOfOneGroup(t *testing.T) {
	var one groupSums
	one.add(3, 5, 4)
	if got, want := one.se(), meanSE(3, 5, 4); got != want {
		t.Errorf("one group: %v, want %v", got, want)
	}
	var single groupSums
	single.add(1, 1, 1)
	single.add(-1, 1, 1)
	if got, want := single.se(), meanSE(0, 2, 2); got != want {
		t.Errorf("one world a group: %v, want %v", got, want)
	}
}

// TestPairsOfOneGroupAsBefore checks that pairs kept in one group give the
// error they always did, to the bit: the advisor's own searches, which
// draw from one filter, are unchanged.
func TestPairsOfOneGroupAsBefore(t *testing.T) {
	p := newPairSums(2, 1)
	active := []bool{true, true}
	vals := []float64{0.1, -0.3, 0.25, 0.05}
	var sum, sq float64
	for _, v := range vals {
		p.add([]float64{v, 0}, active, 0)
		sum, sq = sum+v, sq+v*v
	}
	mean, se, n := p.diff(0, 1)
	if mean != sum/4 || se != meanSE(sum, sq, 4) || n != 4 {
		t.Errorf("diff = %v, %v, %d; want %v, %v, 4", mean, se, n, sum/4, meanSE(sum, sq, 4))
	}
}
