package batch

import (
	"math"
	"testing"

	"github.com/ginadvisor/ginadvisor/stats"
)

// TestLuckCarriesItsNoise: over the games of sampleRuns' sample, each
// player's luck, skill and luck-adjusted result a game come with their
// 95% interval, which holds the mean (TestGamesInterval checks its
// arithmetic against a reference); and a merge of the two shards gives
// the one run's intervals.
func TestLuckCarriesItsNoise(t *testing.T) {
	sr := sampleRunOf(t)
	s := decoded(t, sr.whole)
	checked := 0
	for _, p := range s.Players {
		l := p.Luck
		if l == nil || l.Games < 2 {
			continue
		}
		checked++
		for _, f := range []struct {
			name string
			mean float64
			ci   *[2]float64
		}{{"luck", l.Means.Luck, l.Means.LuckCI95}, {"skill", l.Means.Skill, l.Means.SkillCI95}, {"adjusted", l.Means.Adjusted, l.Means.AdjustedCI95}} {
			if f.ci == nil || f.ci[0] > f.mean || f.ci[1] < f.mean || f.ci[0] == f.ci[1] {
				t.Errorf("%s: %s %v, interval %v", p.Name, f.name, f.mean, f.ci)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no player of two games or more: the test checks nothing")
	}
	parts := []Summary{decoded(t, sr.shards[0]), decoded(t, sr.shards[1])}
	m := Merge(parts...)
	for _, p := range m.Players {
		q := s.player(p.Name)
		if a, b := p.Luck.Means.LuckCI95, q.Luck.Means.LuckCI95; (a == nil) != (b == nil) || a != nil && *a != *b {
			t.Errorf("%s: merged luck interval %v, the run's %v", p.Name, a, b)
		}
	}
}

// TestGamesInterval checks the interval of a mean over games against
// stats.Mean's mean and standard error on the same figures, with
// Student's t, as a direct reference.
func TestGamesInterval(t *testing.T) {
	games := []float64{0.25, -0.5, 0.125, 0.75, -0.0625}
	var m stats.Mean
	var sum, sq int64
	for _, g := range games {
		m.Add(g)
		v := int64(g * micro)
		sum += v
		sq += squareMicro(v)
	}
	h := stats.T95(len(games)-1) * m.SE()
	got, want := gamesInterval(sum, sq, len(games)), [2]float64{m.Mean() - h, m.Mean() + h}
	if got == nil || math.Abs(got[0]-want[0]) > 1e-6 || math.Abs(got[1]-want[1]) > 1e-6 {
		t.Errorf("gamesInterval = %v, stats.Mean gives %v", got, want)
	}
	if gamesInterval(sum, sq, 1) != nil {
		t.Error("an interval from one game")
	}
}

// TestLuckIntervalsStayPossible: two games, one lucky and one not, give a
// Student's t interval of ±8 games around the mean; each shown interval
// stops at what its figure can be (luck -1 to 1, skill -1 to 0, the
// luck-adjusted result 0 to 1) and still holds the mean.
func TestLuckIntervalsStayPossible(t *testing.T) {
	var l Luck
	for _, g := range []GameLuck{
		{Start: 500_000, Luck: [numLuckKinds]int64{LuckDeal: 450_000}, Skill: -20_000, OppErrors: 70_000, Result: 1_000_000},
		{Start: 500_000, Luck: [numLuckKinds]int64{LuckDeal: -420_000}, Skill: -90_000, OppErrors: 10_000, Result: 0},
	} {
		l.addGame(&g)
	}
	l.finish()
	raw := gamesInterval(l.total(), l.LuckSq, l.Games)
	if raw[1]-raw[0] < 2 {
		t.Fatalf("the raw interval %v is not wider than the range: the test checks nothing", *raw)
	}
	for _, f := range []struct {
		name   string
		mean   float64
		ci     *[2]float64
		lo, hi float64
	}{
		{"luck", l.Means.Luck, l.Means.LuckCI95, -1, 1},
		{"skill", l.Means.Skill, l.Means.SkillCI95, -1, 0},
		{"adjusted", l.Means.Adjusted, l.Means.AdjustedCI95, 0, 1},
	} {
		if f.ci == nil || f.ci[0] < f.lo || f.ci[1] > f.hi || f.ci[0] > f.mean || f.ci[1] < f.mean {
			t.Errorf("%s: mean %v, interval %v, not within %v to %v", f.name, f.mean, f.ci, f.lo, f.hi)
		}
	}
}

// TestAdjustedResultsAddUpToOne: of two players who met in every game,
// the luck-adjusted results add up to exactly one game a game (each its
// start, its skill and the other's errors; the skills cancel the errors).
// Before, each start was the model's 0.499999, and they added to 0.999998.
func TestAdjustedResultsAddUpToOne(t *testing.T) {
	s := sampleSummary(t)
	if len(s.Players) != 2 {
		t.Fatalf("%d players, not the two of every game", len(s.Players))
	}
	var sum int64
	for _, p := range s.Players {
		if p.Luck == nil || p.Luck.Games != s.GamesAnalyzed {
			t.Fatalf("%s: luck %+v over %d games", p.Name, p.Luck, s.GamesAnalyzed)
		}
		sum += p.Luck.ResultMicro - p.Luck.total()
	}
	if want := int64(s.GamesAnalyzed) * micro; sum != want {
		t.Errorf("the adjusted results add up to %d millionths, not %d", sum, want)
	}
	if a, b := s.Players[0].Luck.Means.Adjusted, s.Players[1].Luck.Means.Adjusted; a+b != 1 {
		t.Errorf("the adjusted results a game, %v and %v, add up to %v", a, b, a+b)
	}
}
