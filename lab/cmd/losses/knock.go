package main

import (
	"fmt"
	"io"
	"sync"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// knockBands split the measured player's knocks by the share of the
// knock's worlds in which the search saw it undercut: whether the knocks
// it thought safe were.
var knockBands = [...]struct {
	upTo  float64
	label string
}{{0, "none"}, {0.05, "up to 5%"}, {0.15, "5-15%"}, {0.30, "15-30%"}, {1, "over 30%"}}

// knockPrediction is what the search said of a knock the measured player
// made: the share of its worlds in which it was undercut, and its mean
// points (negative when the opponent scores).
type knockPrediction struct {
	made             bool
	undercut, points float64
	draws            int
}

// knockCell sums the knocks of one band: the predicted shares and points,
// and what the hands came to.
type knockCell struct {
	n                int
	pred, predPoints float64
	cut, points      int
}

// knockTally compares, against one partner, the knocks' predicted
// undercuts with the real ones, by band. Games played at once add to it
// under its lock.
type knockTally struct {
	mu    sync.Mutex
	bands [len(knockBands)]knockCell
	late  [len(knockBands)]knockCell // the knocks after 16 draws
}

// bandOf is the band of a predicted undercut share.
func bandOf(u float64) int {
	for i, b := range knockBands {
		if u <= b.upTo {
			return i
		}
	}
	return len(knockBands) - 1
}

// addHand counts the knock k of a hand that ended as res says, from me's
// side. A hand that did not end in a knock me's search made adds
// nothing, nor does a gin.
func (t *knockTally) addHand(k knockPrediction, res *game.Result, me notation.Seat) {
	if !k.made || res.Knocker != me || res.Score.Outcome == rules.Gin || res.Score.Outcome == rules.BigGin {
		return
	}
	pts := res.Score.Points
	if res.Winner != me {
		pts = -pts
	}
	cut := res.Score.Outcome == rules.Undercut
	b := bandOf(k.undercut)
	t.mu.Lock()
	defer t.mu.Unlock()
	t.bands[b].count(k, pts, cut)
	if k.draws > stages[1].upTo {
		t.late[b].count(k, pts, cut)
	}
}

// count adds one knock to the cell.
func (c *knockCell) count(k knockPrediction, pts int, cut bool) {
	c.n++
	c.pred += k.undercut
	c.predPoints += k.points
	c.points += pts
	if cut {
		c.cut++
	}
}

// writeKnocks prints, for each partner, the measured player's knocks by
// the undercut share its search predicted, against the share undercut.
func writeKnocks(w io.Writer, who string, all []*tally) {
	fmt.Fprintf(w, "\nThe knocks' undercuts predicted and real: %s's knocks (gin not included) by the share of the knock's worlds\n"+
		"in which its search saw it undercut; the mean of that share against the share of those knocks undercut, and the mean\n"+
		"points predicted against the points the hands gave (negative: to the opponent). In brackets, the knocks after 16 draws.\n", who)
	for _, t := range all {
		if t.knock == nil {
			continue
		}
		fmt.Fprintf(w, "\nAgainst %s.\n\n| predicted undercut | knocks | undercut predicted / real %% | points predicted / real |\n|---|---|---|---|\n", t.partner)
		var total, late knockCell
		for i, b := range knockBands {
			c, l := t.knock.bands[i], t.knock.late[i]
			total.add(c)
			late.add(l)
			fmt.Fprintf(w, "| %s | %s |\n", b.label, c.row(l))
		}
		fmt.Fprintf(w, "| all | %s |\n", total.row(late))
	}
}

// add sums x into c: the bands into the row of all knocks.
func (c *knockCell) add(x knockCell) {
	c.n += x.n
	c.pred += x.pred
	c.predPoints += x.predPoints
	c.cut += x.cut
	c.points += x.points
}

// row is the cell's three columns, the late knocks' in brackets.
func (c knockCell) row(late knockCell) string {
	return fmt.Sprintf("%d (%d) | %.1f / %.1f (%.1f / %.1f) | %+.1f / %+.1f (%+.1f / %+.1f)", c.n, late.n,
		100*perF(c.pred, c.n), pct(c.cut, c.n), 100*perF(late.pred, late.n), pct(late.cut, late.n),
		perF(c.predPoints, c.n), per(c.points, c.n), perF(late.predPoints, late.n), per(late.points, late.n))
}
