//go:build !race

package budget

// slowdown is how much slower the race detector makes a decision.
const slowdown = 1
