package advise

import (
	"math"
	"sort"
)

// halve picks the candidates that play on after the first half of the
// budget: the better half by gain over the baseline, and the baseline.
func halve(first []tally, base int) (keep []bool, kept int) {
	n := len(first[0].d)
	gain := make([]float64, n)
	for _, t := range first {
		if t.cnt == nil {
			continue // a chunk left unplayed by a cancel
		}
		for mi := range gain {
			gain[mi] += t.d[mi]
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return gain[order[i]] > gain[order[j]] })
	keep = make([]bool, n)
	for _, mi := range order[:(n+1)/2] {
		keep[mi] = true
		kept++
	}
	if !keep[base] {
		keep[base] = true
		kept++
	}
	return keep, kept
}

// summarize turns the chunks' tallies into candidates, ranked, and counts
// the rollouts abandoned.
func (s *search) summarize(tallies []tally) (cands []Candidate, abandoned int) {
	sum := s.newTally()
	for _, t := range tallies {
		if t.cnt != nil {
			addTally(&sum, t)
		}
	}
	cands = s.ranked(sum)
	for _, c := range cands {
		abandoned += c.Abandoned
	}
	return cands, abandoned
}

// ranked turns summed tallies into candidates, best first, each with its
// loss against the best and whether it ties with it.
func (s *search) ranked(sum tally) []Candidate {
	cands := s.fromSum(sum)
	rank(cands, s.o.Margin)
	compareWithBest(cands, &sum.pairs, s.o.Margin)
	return cands
}

// addTally adds t into sum, move by move.
func addTally(sum *tally, t tally) {
	for mi := range sum.cnt {
		sum.eq[mi] += t.eq[mi]
		sum.eq2[mi] += t.eq2[mi]
		sum.pts[mi] += t.pts[mi]
		sum.pts2[mi] += t.pts2[mi]
		sum.d[mi] += t.d[mi]
		sum.pd[mi] += t.pd[mi]
		sum.cnt[mi] += t.cnt[mi]
		sum.under[mi] += t.under[mi]
		sum.abandoned[mi] += t.abandoned[mi]
		sum.out[mi].AddAll(&t.out[mi])
	}
	sum.pairs.addAll(t.pairs)
}

// fromSum turns the summed tallies of the chunks played into candidates,
// in the order of the moves.
func (s *search) fromSum(sum tally) []Candidate {
	cands := make([]Candidate, 0, len(s.moves))
	for mi, m := range s.moves {
		n := float64(max(sum.cnt[mi], 1))
		c := Candidate{Move: m, Samples: sum.cnt[mi], Baseline: mi == s.base, Abandoned: sum.abandoned[mi], index: mi}
		c.Advantage = sum.d[mi] / n
		// The gain's error is its paired difference's with the baseline,
		// which holds the replicas' spread when the reading has replicas.
		_, c.AdvantageSE, _ = sum.pairs.diff(mi, s.base)
		c.Equity, c.Points = sum.eq[mi]/n, sum.pts[mi]/n
		c.EquitySE = meanSE(sum.eq[mi], sum.eq2[mi], n)
		c.PointsSE = meanSE(sum.pts[mi], sum.pts2[mi], n)
		c.Deadwood = s.p.DeadwoodAfter(m)
		c.Undercut = float64(sum.under[mi]) / n
		c.Outcomes = sum.out[mi]
		c.pointsGain = sum.pd[mi] / n
		cands = append(cands, c)
	}
	pairWithBaseline(cands, s.base)
	return cands
}

// meanSE is the standard error of a mean from the sum and the sum of
// squares of n values.
func meanSE(sum, sum2, n float64) float64 {
	mean := sum / n
	return math.Sqrt(math.Max(0, sum2/n-mean*mean) / n)
}

// pairWithBaseline sets every candidate's equity and points to the
// baseline's plus its paired difference. A candidate dropped early by
// successive halving was played in fewer worlds than the baseline; its own
// mean would not compare with the others', and this way the columns agree
// with the gain.
func pairWithBaseline(cands []Candidate, base int) {
	b := cands[base]
	for i := range cands {
		c := &cands[i]
		if i == base {
			continue
		}
		c.Equity = b.Equity + c.Advantage
		c.Points = b.Points + c.pointsGain
		c.EquitySE = math.Hypot(b.EquitySE, c.AdvantageSE)
	}
}

// rank orders the candidates best first: a move that beats the baseline
// clearly (its gain above margin standard errors), else the baseline, then
// the rest by gain.
func rank(cands []Candidate, margin float64) {
	score := func(c Candidate) float64 {
		if c.Baseline || c.Advantage > margin*c.AdvantageSE {
			return c.Advantage
		}
		return math.Min(c.Advantage, 0) - 1
	}
	sort.SliceStable(cands, func(i, j int) bool { return score(cands[i]) > score(cands[j]) })
}
