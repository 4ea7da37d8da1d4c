package advise

import "math"

// pairSums holds, for every ordered pair of candidates (i, j), the sums
// over the worlds both were played in of the difference between their
// values, i's less j's, and of its square, and the count of those worlds.
// The difference between two candidates' gains over the baseline is the
// difference between their values, so one matrix serves the loss of any
// move against any other, with its own standard error: paired, far
// sharper than the two gains' errors taken together.
type pairSums struct {
	n       int
	sum, sq []float64
	cnt     []int
}

func newPairSums(n int) pairSums {
	return pairSums{n: n, sum: make([]float64, n*n), sq: make([]float64, n*n), cnt: make([]int, n*n)}
}

// add adds one world: diffs[i] is candidate i's value in it less the
// baseline's (weighed, when the search weighs worlds); only the active
// candidates were played.
func (p *pairSums) add(diffs []float64, active []bool) {
	for i := range p.n {
		if !active[i] {
			continue
		}
		for j := range p.n {
			if j == i || !active[j] {
				continue
			}
			x := diffs[i] - diffs[j]
			k := i*p.n + j
			p.sum[k] += x
			p.sq[k] += x * x
			p.cnt[k]++
		}
	}
}

// addAll adds another chunk's sums.
func (p *pairSums) addAll(q pairSums) {
	for k := range p.sum {
		p.sum[k] += q.sum[k]
		p.sq[k] += q.sq[k]
		p.cnt[k] += q.cnt[k]
	}
}

// diff is the mean of candidate i's value less candidate j's over the
// worlds both were played in, its standard error and the count of those
// worlds; all 0 when they shared none.
func (p *pairSums) diff(i, j int) (mean, se float64, worlds int) {
	if i == j {
		return 0, 0, 0
	}
	k := i*p.n + j
	if p.cnt[k] == 0 {
		return 0, 0, 0
	}
	n := float64(p.cnt[k])
	return p.sum[k] / n, meanSE(p.sum[k], p.sq[k], n), p.cnt[k]
}

// compareWithBest sets each candidate's loss against the recommended
// move, the first of the ranked cands, with its paired standard error,
// and marks the ties: the candidates the recommendation does not lead by
// more than margin standard errors of their paired difference, the same
// test that lets a move depart from the baseline. The loss is the
// difference between the two gains over the baseline, as the table shows
// them; the error is that of the two moves' paired difference.
func compareWithBest(cands []Candidate, pairs *pairSums, margin float64) {
	if len(cands) == 0 {
		return
	}
	best := cands[0]
	for i := range cands[1:] {
		c := &cands[i+1]
		_, se, _ := pairs.diff(best.index, c.index)
		c.Loss = best.Advantage - c.Advantage
		c.LossSE = se
		c.Tie = c.Loss <= margin*se || math.Abs(c.Loss) < 1e-12
	}
}
