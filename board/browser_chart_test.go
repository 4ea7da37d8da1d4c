package board

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

// testChartOneViewpoint: a graded review's chart draws each player's own
// chance of winning after its own decisions, one line each in its color,
// said in its legend: each line holds that player's decisions alone, and
// jumps less from point to point than a line through both players'
// values would.
func testChartOneViewpoint(t *testing.T, p *page) {
	r := reviewLog(t, p, oneHandLog(t), false)
	lines, _ := p.eval(t, `[...document.querySelectorAll("#chart polyline")].map(l => l.getAttribute("data-side") + ":" + l.getAttribute("points"))`).([]any)
	legend, _ := p.eval(t, `[...document.querySelectorAll("#chart text.n1, #chart text.n2")].map(e => e.textContent).join("|")`).(string)
	if len(lines) != 2 || strings.Count(legend, "after its own decisions, from its cards") != 2 {
		t.Fatalf("the chart's lines %d, its legend %q", len(lines), legend)
	}
	names, _ := p.eval(t, `names`).([]any)
	// Each line's y follows its player's equities, in order.
	top, bottom := 8.0, 180.0-22
	y := func(e float64) float64 { return math.Round(10*(top+(bottom-top)*(1-e))) / 10 }
	mean := func(v []float64) float64 {
		s := 0.0
		for i := 1; i < len(v); i++ {
			s += math.Abs(v[i] - v[i-1])
		}
		return s / float64(max(1, len(v)-1))
	}
	var mixed []float64
	for _, d := range r.Decisions {
		if d.Equity == nil {
			t.Fatal("a graded decision without its equity")
		}
		if d.Player == names[0] {
			mixed = append(mixed, *d.Equity)
		} else {
			mixed = append(mixed, 1-*d.Equity)
		}
	}
	for _, l := range lines {
		side, pts, _ := strings.Cut(l.(string), ":")
		var want, own []float64
		for _, d := range r.Decisions {
			if (d.Player == names[0]) == (side == "0") {
				want = append(want, y(*d.Equity))
				own = append(own, *d.Equity)
			}
		}
		var got []float64
		for _, pt := range strings.Fields(pts) {
			_, ys, _ := strings.Cut(pt, ",")
			v, _ := strconv.ParseFloat(ys, 64)
			got = append(got, v)
		}
		if len(got) != len(want) || len(got) < 3 {
			t.Fatalf("side %s: %d points for %d decisions", side, len(got), len(want))
		}
		for i := range got {
			if math.Abs(got[i]-want[i]) > 0.11 {
				t.Fatalf("side %s, point %d at y %v, its equity at %v", side, i, got[i], want[i])
			}
		}
		t.Logf("side %s: mean jump %.1f%%, one line through both %.1f%%", side, 100*mean(own), 100*mean(mixed))
		if mean(own) >= mean(mixed) {
			t.Errorf("side %s jumps %.1f%% a point, a line through both %.1f%%", side, 100*mean(own), 100*mean(mixed))
		}
	}
	// The legend is drawn over the lines on a ground that holds its
	// words, and the players' table lists them in the legend's order.
	ground, _ := p.eval(t, `(() => { const g = document.querySelector("#chart .legend-ground"); if (!g) return "no ground";
		const kids = [...document.getElementById("chart").children]; const r = g.getBBox();
		if (kids.indexOf(g) < Math.max(...[...document.querySelectorAll("#chart polyline")].map(l => kids.indexOf(l)))) return "under a line";
		const out = [...document.querySelectorAll("#chart text.n1, #chart text.n2")].filter(e => { const b = e.getBBox(); return b.x < r.x || b.y < r.y || b.x + b.width > r.x + r.width || b.y + b.height > r.y + r.height; });
		return out.length ? "words outside: " + out.map(e => e.textContent).join() : "ok"; })()`).(string)
	if ground != "ok" {
		t.Errorf("the chart's legend: %s", ground)
	}
	if players, _ := p.figures(t, "players"); len(players) != 2 || players[0] != names[0] || players[1] != names[1] {
		t.Errorf("the players' table lists %v; the legend %v", players, names)
	}
}
