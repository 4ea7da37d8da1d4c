// Package stats holds the small statistics that ginadvisor's measurements
// share: confidence intervals for rates and for means, and a rate written
// as a percentage that claims no certainty the rate lacks.
package stats

import "math"

// z95 is the two-sided 95% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// Wilson returns the 95% Wilson score interval for k successes in n
// trials. With no trials it is [0, 1]: nothing is known. The interval of
// no success starts at 0 exactly, and that of n successes ends at 1
// exactly, so that it always holds the rate k/n.
func Wilson(k, n int) [2]float64 {
	if n <= 0 {
		return [2]float64{0, 1}
	}
	p := float64(k) / float64(n)
	nf := float64(n)
	den := 1 + z95*z95/nf
	mid := (p + z95*z95/(2*nf)) / den
	half := z95 * math.Sqrt(p*(1-p)/nf+z95*z95/(4*nf*nf)) / den
	w := [2]float64{math.Max(0, mid-half), math.Min(1, mid+half)}
	// In exact arithmetic the ends meet 0 and 1 at k = 0 and k = n; in
	// floating point they may miss by an ulp.
	if k <= 0 {
		w[0] = 0
	}
	if k >= n {
		w[1] = 1
	}
	w[0], w[1] = math.Min(w[0], p), math.Max(w[1], p)
	return w
}

// Mean accumulates a sample's mean and its standard error. The zero value
// is an empty sample.
type Mean struct {
	n          int
	sum, sumSq float64
}

// Add adds one observation.
func (m *Mean) Add(x float64) {
	m.n++
	m.sum += x
	m.sumSq += x * x
}

// N returns the number of observations.
func (m Mean) N() int { return m.n }

// Mean returns the sample mean, or 0 for an empty sample.
func (m Mean) Mean() float64 {
	if m.n == 0 {
		return 0
	}
	return m.sum / float64(m.n)
}

// SE returns the standard error of the mean, or 0 for fewer than two
// observations.
func (m Mean) SE() float64 {
	if m.n < 2 {
		return 0
	}
	n := float64(m.n)
	mean := m.sum / n
	variance := (m.sumSq - n*mean*mean) / (n - 1)
	return math.Sqrt(math.Max(0, variance) / n)
}

// CI95 returns the normal 95% interval of the mean.
func (m Mean) CI95() [2]float64 {
	mu, se := m.Mean(), m.SE()
	return [2]float64{mu - z95*se, mu + z95*se}
}

// t95 are the two-sided 95% quantiles of Student's t distribution with 1
// to 30 degrees of freedom.
var t95 = [...]float64{12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
	2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
	2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042}

// T95 returns the two-sided 95% quantile of Student's t distribution with
// df degrees of freedom: from the table to 30, then by the Cornish-Fisher
// expansion about the normal quantile, within 0.001 of the true value.
// Below one degree of freedom it is +Inf: there is no spread to scale.
func T95(df int) float64 {
	switch {
	case df < 1:
		return math.Inf(1)
	case df <= len(t95):
		return t95[df-1]
	}
	z, n := z95, float64(df)
	return z + (z*z*z+z)/(4*n) + (5*math.Pow(z, 5)+16*z*z*z+3*z)/(96*n*n)
}
