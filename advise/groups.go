package advise

import "math"

// groupSums is a paired difference summed by groups of worlds, each group
// drawn from its own replica of the opponent's reading: its standard
// error holds the worlds' noise and the replicas' spread, as a one-way
// random-effects model measures them. Worlds drawn from one replica all
// share its draw of the reading, an error that no number of them
// averages away; only the spread between replicas shows it.
type groupSums struct {
	// sum, sq and worlds are over every group; means2 is the sum over
	// the groups of their sum squared over their count, cnt2 that of
	// their count squared, and groups the groups with a world.
	sum, sq      float64
	means2, cnt2 float64
	worlds       int
	groups       int
}

// add adds one group's sums.
func (g *groupSums) add(sum, sq float64, n int) {
	if n == 0 {
		return
	}
	g.sum += sum
	g.sq += sq
	g.means2 += sum * sum / float64(n)
	g.cnt2 += float64(n) * float64(n)
	g.worlds += n
	g.groups++
}

// se is the standard error of the mean over every world: the worlds'
// variance within the groups over the worlds, plus the variance of a
// replica's own mean (what the groups' means spread by beyond their
// worlds' noise) as the mean's weights over the groups carry it. With
// one group, or one world a group, it is the worlds' error alone.
func (g *groupSums) se() float64 {
	n := float64(g.worlds)
	if g.groups < 2 || g.worlds <= g.groups {
		return meanSE(g.sum, g.sq, n)
	}
	r := float64(g.groups)
	within := math.Max(0, g.sq-g.means2) / (n - r)
	between := math.Max(0, g.means2-g.sum*g.sum/n) / (r - 1)
	n0 := (n - g.cnt2/n) / (r - 1)
	replica := math.Max(0, (between-within)/n0)
	return math.Sqrt(within/n + replica*g.cnt2/(n*n))
}
