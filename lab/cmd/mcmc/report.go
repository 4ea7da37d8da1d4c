package main

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/ginadvisor/ginadvisor/stats"
)

// titles name each kind of worlds in the table.
var titles = map[string]string{
	"own":      "its own reading (the particle filter)",
	"true":     "the opponent's true hand",
	"filter":   "the resample-move filter of the record (worlds.ResampleMove)",
	"fitted":   "the filter replaying a fitted model of heuristic (-policy)",
	"scored":   "its own worlds' pool weighed by a scorer of whole hands (-scorer)",
	"chain":    "the chain's posterior of the record (worlds.MCMC)",
	"fitchain": "the chain replaying the fitted models (-policy)",
}

// pairShares returns each mirrored pair's share of the games won, over
// the first pairs pairs.
func pairShares(won []float64, pairs int) []float64 {
	s := make([]float64, pairs)
	for k := range s {
		s[k] = (won[2*k] + won[2*k+1]) / 2
	}
	return s
}

// table prints each kind's share of the games won in won, by mirrored
// pair, and, when the advisor's own reading is among them, each other
// kind's paired difference from it.
func table(kinds []string, won map[string][]float64) {
	fmt.Println("| the advisor's worlds | games won % (paired 95%) | against its own reading, paired (95%) |")
	fmt.Println("|---|---|---|")
	pairs := len(won[kinds[0]]) / 2
	var own []float64
	if w, ok := won["own"]; ok {
		own = pairShares(w, pairs)
	}
	for _, k := range kinds {
		s := pairShares(won[k], pairs)
		m := meanOf(s)
		ci := m.CI95()
		row := fmt.Sprintf("| %s | %.1f [%.1f, %.1f] |", titles[k], 100*m.Mean(), 100*max(0, ci[0]), 100*min(1, ci[1]))
		if k == "own" || own == nil {
			fmt.Println(row + " - |")
			continue
		}
		d := make([]float64, pairs)
		for i := range d {
			d[i] = s[i] - own[i]
		}
		dm := meanOf(d)
		dci := dm.CI95()
		fmt.Printf("%s %+.1f [%+.1f, %+.1f] |\n", row, 100*dm.Mean(), 100*dci[0], 100*dci[1])
	}
}

// meanOf is the mean of x with its normal 95% interval.
func meanOf(x []float64) stats.Mean {
	var m stats.Mean
	for _, v := range x {
		m.Add(v)
	}
	return m
}

// report prints the table over the pairs every kind played, and the
// time of the decisions.
func report(c config, kinds []string, out map[string]*outcome) error {
	pairs := c.games / 2
	for _, k := range kinds {
		if o, ok := out[k]; ok {
			pairs = min(pairs, len(o.won)/2)
		} else {
			pairs = 0
		}
	}
	if pairs == 0 {
		return errors.New("stopped before every advisor finished a pair of games")
	}
	won := map[string][]float64{}
	for _, k := range kinds {
		won[k] = out[k].won[:2*pairs]
	}
	fmt.Printf("The advisor against heuristic: %d mirrored eaai games of seed %d a row, games %d to %d, the same deals for each.\n\n", 2*pairs, c.seed, c.from+1, c.from+2*pairs)
	table(kinds, won)
	fmt.Println()
	for _, k := range kinds {
		o := out[k]
		fmt.Printf("%s: %s a decision (median %s, %d decisions)\n", k, meanTime(o.times), medianTime(o.times), len(o.times))
	}
	for _, k := range []string{"chain", "fitchain"} {
		o, ok := out[k]
		if !ok {
			continue
		}
		s := o.chain
		fmt.Printf("the %s: %s a decision of its own, %d decisions (%d left to the advisor's worlds), %.1f%% of %d proposals taken, %.1f%% of %d exchanges\n", k,
			(s.Time / time.Duration(max(1, s.Decisions+s.Fallbacks))).Round(time.Millisecond), s.Decisions, s.Fallbacks,
			100*float64(s.Accepted)/float64(max(1, s.Tried)), s.Tried, 100*float64(s.Swapped)/float64(max(1, s.Swaps)), s.Swaps)
	}
	for _, k := range []string{"filter", "fitted"} {
		o, ok := out[k]
		if !ok {
			continue
		}
		s := o.filter
		fmt.Printf("the %s filter: %s a decision of its own, %d decisions (%d left to the advisor's worlds), %d resamplings, %d restarts, %.1f%% of %d moves taken\n",
			k, (s.Time / time.Duration(max(1, s.Decisions+s.Fallbacks))).Round(time.Millisecond), s.Decisions, s.Fallbacks, s.Resamples, s.Restarts,
			100*float64(s.Accepted)/float64(max(1, s.Tried)), s.Tried)
	}
	return nil
}

func meanTime(t []time.Duration) time.Duration {
	if len(t) == 0 {
		return 0
	}
	var s time.Duration
	for _, d := range t {
		s += d
	}
	return (s / time.Duration(len(t))).Round(time.Millisecond)
}

func medianTime(t []time.Duration) time.Duration {
	if len(t) == 0 {
		return 0
	}
	s := slices.Clone(t)
	slices.Sort(s)
	return s[len(s)/2].Round(time.Millisecond)
}
