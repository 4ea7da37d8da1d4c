package advise

import "math"

// pairSums holds, for every ordered pair of candidates (i, j), the sums
// over the worlds both were played in of the difference between their
// values, i's less j's, and of its square, and the count of those worlds.
// The difference between two candidates' gains over the baseline is the
// difference between their values, so one matrix serves the loss of any
// move against any other, with its own standard error: paired, far
// sharper than the two gains' errors taken together.
//
// The sums are kept by group of worlds: one group, or one for each
// replica of the opponent's reading (Worlds.Replicas), whose spread is
// then part of the standard error.
type pairSums struct {
	n, groups int
	sum, sq   []float64
	cnt       []int
}

func newPairSums(n, groups int) pairSums {
	groups = max(1, groups)
	k := groups * n * n
	return pairSums{n: n, groups: groups, sum: make([]float64, k), sq: make([]float64, k), cnt: make([]int, k)}
}

// add adds one world of group g: diffs[i] is candidate i's value in it
// less the baseline's (weighed, when the search weighs worlds); only the
// active candidates were played.
func (p *pairSums) add(diffs []float64, active []bool, g int) {
	base := g * p.n * p.n
	for i := range p.n {
		if !active[i] {
			continue
		}
		for j := range p.n {
			if j == i || !active[j] {
				continue
			}
			x := diffs[i] - diffs[j]
			k := base + i*p.n + j
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
	if p.groups == 1 {
		if p.cnt[k] == 0 {
			return 0, 0, 0
		}
		n := float64(p.cnt[k])
		return p.sum[k] / n, meanSE(p.sum[k], p.sq[k], n), p.cnt[k]
	}
	var g groupSums
	stride := p.n * p.n
	for gi := range p.groups {
		g.add(p.sum[gi*stride+k], p.sq[gi*stride+k], p.cnt[gi*stride+k])
	}
	if g.worlds == 0 {
		return 0, 0, 0
	}
	return g.sum / float64(g.worlds), g.se(), g.worlds
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

// Standing is a Full search after some of its chunks, as Options.Judge
// sees it: the candidates so far, ranked, and the worlds played. A judge
// may drop candidates it has seen enough of (Drop); a search with a judge
// plays one chunk at a time, so that what it drops is the same at any
// worker count.
type Standing struct {
	Candidates []Candidate
	Worlds     int
	pairs      *pairSums
	active     []bool
	base       int
}

// Drop stops playing candidate i (an index into Candidates) in the chunks
// to come; its figures stay as measured so far. The baseline, which the
// others' gains are measured from, is never dropped; Drop reports whether
// the candidate was.
func (s *Standing) Drop(i int) bool {
	mi := s.Candidates[i].index
	if mi == s.base {
		return false
	}
	s.active[mi] = false
	return true
}

// Dropped says whether candidate i is no longer played.
func (s *Standing) Dropped(i int) bool { return !s.active[s.Candidates[i].index] }

// Versus is candidate a's value less candidate b's (indices into
// Candidates), over the worlds both were played in, with its standard
// error: paired, as Loss is against the first.
func (s *Standing) Versus(a, b int) (mean, se float64) {
	mean, se, _ = s.pairs.diff(s.Candidates[a].index, s.Candidates[b].index)
	return mean, se
}
