package analyze

import (
	"math"
	"sort"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/report"
)

// secondReason is the least share of the first reason's equity that a
// second reason must be worth to be said too.
const secondReason = 0.25

// dangerGap is the least difference of danger that a why calls in the
// recommendation's favour: the danger is measured on
// DefaultDangerSamples hands, with a standard error near 1%.
const dangerGap = 0.02

// endingMeasure is the measure of a share of the worlds that ended one
// way.
var endingMeasure = [advise.NumEndings]report.Measure{
	advise.OwnKnock:    report.OwnKnocks,
	advise.OwnGin:      report.OwnGins,
	advise.OwnUndercut: report.OwnUndercuts,
	advise.OppKnock:    report.OppKnocks,
	advise.OppGin:      report.OppGins,
	advise.OppUndercut: report.OppUndercuts,
	advise.DeadHand:    report.DeadHands,
}

// explain says why the advice recommends its first candidate over its
// rival, from what the search measured. The rival is the move equal to it
// within the noise that measured highest, when one is, else the other
// move that measured highest. With a tie, it says that the two are equal
// and why the first stands: it is the plainer move (the baseline), or it
// measured higher, or only it gains clearly over the baseline; else the
// one or two differences of their outcomes worth the most equity to the
// recommendation, and one thing the move leaves in its favour. before is
// the seat's equity before the hand.
func explain(cands []report.AdvisedMove, before float64) report.Why {
	if len(cands) == 0 {
		return report.Why{}
	}
	best := cands[0]
	if len(cands) == 1 {
		return report.Why{Best: best.Move, Only: true}
	}
	ri, base := rival(cands), baselineIndex(cands)
	other := cands[ri]
	w := report.Why{Best: best.Move, Other: other.Move, Tie: other.Tie, Plainer: best.Baseline, Loss: other.Loss, LossSE: other.LossSE,
		OtherClear: ri < base}
	for _, c := range cands[1:] {
		if c.Tie {
			w.Ties++
		}
	}
	if base < len(cands) && base != 0 && base != ri {
		m := cands[base].Move
		w.Baseline = &m
	}
	if w.Tie {
		return w
	}
	w.Reasons = reasons(&best.Candidate, &other.Candidate, before)
	w.Fact = fact(&best, &other, w.Reasons)
	return w
}

// rival is the index of the candidate the recommendation is compared
// with: of those that tie with it, else of all the others, the one with
// the highest gain, the first of equals.
func rival(cands []report.AdvisedMove) int {
	r := 1
	for i := 2; i < len(cands); i++ {
		c, b := &cands[i], &cands[r]
		if c.Tie && !b.Tie || c.Tie == b.Tie && c.Advantage > b.Advantage {
			r = i
		}
	}
	return r
}

// baselineIndex is the index of the baseline among the ranked candidates,
// len(cands) with none. The moves ranked before it are those whose gain
// over it is clear (advise's rank).
func baselineIndex(cands []report.AdvisedMove) int {
	for i, c := range cands {
		if c.Baseline {
			return i
		}
	}
	return len(cands)
}

// reasons are the differences between the two moves' outcomes that are
// worth the most equity to best: the shifts of the outcome mix, each
// valued at what its ending is worth, and the rest of their difference in
// equity, what each ending brought, said as the hand's mean points when
// best's are the more. The first is the largest in best's favour; the
// second is said too if worth secondReason of it.
func reasons(best, other *advise.Candidate, before float64) []report.Difference {
	diffs := mixShifts(&best.Outcomes, &other.Outcomes, before)
	mix := 0.0
	for _, d := range diffs {
		mix += d.Equity
	}
	if best.Points > other.Points {
		// The rest is said as the points, when they agree with it.
		diffs = append(diffs, report.Difference{Measure: report.MeanPoints, Best: best.Points, Other: other.Points, Equity: other.Loss - mix})
	}
	if len(diffs) == 0 {
		return nil
	}
	sort.SliceStable(diffs, func(i, j int) bool { return diffs[i].Equity > diffs[j].Equity })
	if diffs[0].Equity <= 0 {
		return nil
	}
	n := 1
	if len(diffs) > 1 && diffs[1].Equity >= secondReason*diffs[0].Equity {
		n = 2
	}
	return diffs[:n:n]
}

// mixShifts values each ending's shift of share between two outcome
// mixes: the shift times the ending's mean change of equity over both
// moves' rollouts. A dead hand changes nothing, so a shift from dead
// hands to the seat's knocks is the knocks' to claim. Nothing when either
// move has no rollout.
func mixShifts(best, other *advise.Outcomes, before float64) []report.Difference {
	if best.Rollouts() == 0 || other.Rollouts() == 0 {
		return nil
	}
	diffs := make([]report.Difference, 0, advise.NumEndings)
	for e := range advise.NumEndings {
		b, o := best.Share(e), other.Share(e)
		var worth float64
		if n := best.By[e] + other.By[e]; n > 0 {
			worth = (best.Equity[e]+other.Equity[e])/float64(n) - before
		}
		diffs = append(diffs, report.Difference{Measure: endingMeasure[e], Best: b, Other: o, Equity: (b - o) * worth})
	}
	return diffs
}

// fact is one thing the recommended move leaves that is in its favour
// beside the runner-up, or nil: for a knock, how often it is undercut;
// else, in the order that bears most on the first reason (the danger
// first when it is the opponent's knocks or gins), the danger, the
// deadwood or the outs.
func fact(best, other *report.AdvisedMove, reasons []report.Difference) *report.Difference {
	if best.Move.Kind == game.Knock && !has(reasons, report.OwnUndercuts) {
		d := report.Difference{Measure: report.KnockUndercut, Best: best.Undercut, Other: math.NaN()}
		if other.Move.Kind != game.Knock {
			return &d
		}
		if d.Other = other.Undercut; d.Best < d.Other {
			return &d
		}
	}
	facts := []func(best, other *report.AdvisedMove) (report.Difference, bool){outsFact, deadwoodFact, dangerFact}
	if len(reasons) > 0 && (reasons[0].Measure == report.OppKnocks || reasons[0].Measure == report.OppGins) {
		facts = []func(best, other *report.AdvisedMove) (report.Difference, bool){dangerFact, deadwoodFact, outsFact}
	}
	for _, f := range facts {
		if d, ok := f(best, other); ok {
			return &d
		}
	}
	return nil
}

// has says whether ds holds a difference of measure m.
func has(ds []report.Difference, m report.Measure) bool {
	for _, d := range ds {
		if d.Measure == m {
			return true
		}
	}
	return false
}

// deadwoodFact is the deadwood each move leaves, when best leaves less.
func deadwoodFact(best, other *report.AdvisedMove) (report.Difference, bool) {
	d := report.Difference{Measure: report.DeadwoodLeft, Best: float64(best.Deadwood), Other: float64(other.Deadwood)}
	return d, best.Deadwood >= 0 && other.Deadwood >= 0 && best.Deadwood < other.Deadwood
}

// outsFact is the outs to a knock each discard leaves, when best leaves
// more.
func outsFact(best, other *report.AdvisedMove) (report.Difference, bool) {
	if best.OutsKnock == nil || other.OutsKnock == nil {
		return report.Difference{}, false
	}
	d := report.Difference{Measure: report.KnockOuts, Best: float64(*best.OutsKnock), Other: float64(*other.OutsKnock)}
	return d, d.Best > d.Other
}

// dangerFact is each discard's danger, when best's is lower by dangerGap
// or more.
func dangerFact(best, other *report.AdvisedMove) (report.Difference, bool) {
	if best.Danger == nil || other.Danger == nil {
		return report.Difference{}, false
	}
	d := report.Difference{Measure: report.DiscardDanger, Best: *best.Danger, Other: *other.Danger}
	return d, d.Other-d.Best >= dangerGap
}
