package batch

import (
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/ginadvisor/ginadvisor/stats"
)

// palette colors the players' series, one color a player; past ten
// players the colors come round again, and the legend's order tells
// them apart.
var palette = []string{"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"}

func color(i int) string { return palette[i%len(palette)] }

// figure is one number the page shows, tagged so that a test (or the
// page's own check) can compare it with the summary.
func figure(key string, v float64, text string) string {
	return fmt.Sprintf(`<span class="fig" data-key="%s" data-value="%s">%s</span>`,
		template.HTMLEscapeString(key), formatFloat(v), template.HTMLEscapeString(text))
}

func formatFloat(v float64) string { return fmt.Sprintf("%.6g", v) }

// barChart draws groups of bars: one group per label, one bar per series;
// a nil value (no data) draws no bar.
func barChart(title string, labels []string, series []string, values [][]*float64, max float64, pct bool, keyOf func(s, l int) string) template.HTML {
	const w, h, left, bottom, top = 640, 260, 48, 24, 24
	var b strings.Builder
	fmt.Fprintf(&b, `<svg viewBox="0 0 %d %d" role="img" aria-label="%s" class="chart">`, w, h, template.HTMLEscapeString(title))
	plotH := float64(h - bottom - top)
	if max <= 0 {
		max = 1
	}
	for i := 0; i <= 4; i++ {
		y := float64(top) + plotH*(1-float64(i)/4)
		v := max * float64(i) / 4
		lbl := formatFloat(v)
		if pct {
			lbl = fmt.Sprintf("%.0f%%", 100*v)
		}
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" class="grid"/><text x="%d" y="%.1f" class="axis" text-anchor="end">%s</text>`, left, w-8, y, y, left-4, y+4, lbl)
	}
	groupW := float64(w-left-8) / float64(max1(len(labels)))
	barW := groupW * 0.8 / float64(max1(len(series)))
	for l, label := range labels {
		x0 := float64(left) + groupW*float64(l) + groupW*0.1
		for s := range series {
			if values[s][l] == nil {
				continue
			}
			v := *values[s][l]
			bh := plotH * math.Min(v/max, 1)
			x := x0 + barW*float64(s)
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s" data-key="%s" data-value="%s"><title>%s, %s: %s</title></rect>`,
				x, float64(top)+plotH-bh, barW*0.92, bh, color(s), template.HTMLEscapeString(keyOf(s, l)), formatFloat(v),
				template.HTMLEscapeString(series[s]), template.HTMLEscapeString(label), formatFloat(v))
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" class="axis" text-anchor="middle">%s</text>`, x0+groupW*0.4, h-bottom+16, template.HTMLEscapeString(label))
	}
	b.WriteString(`</svg>`)
	b.WriteString(legend(series))
	return template.HTML(b.String())
}

// legend names every series by its color, in a list under the chart
// that wraps onto as many lines as the names need. (Drawn inside the
// chart, a fixed step a name put the fifth player past its right edge.)
func legend(series []string) string {
	var b strings.Builder
	b.WriteString(`<ul class="legend">`)
	for s, name := range series {
		fmt.Fprintf(&b, `<li><span class="swatch" style="background:%s"></span>%s</li>`, color(s), template.HTMLEscapeString(name))
	}
	b.WriteString(`</ul>`)
	return b.String()
}

func max1(n int) int { return max(n, 1) }

// lineChart draws one line a series over turns 1 to MaxTurns; a nil
// point (no data) breaks the line.
func lineChart(title string, series []string, points [][]*float64, keyOf func(s, t int) string) template.HTML {
	const w, h, left, bottom, top = 640, 260, 48, 24, 24
	maxV := 1.0
	for _, ps := range points {
		for _, p := range ps {
			if p != nil {
				maxV = math.Max(maxV, *p)
			}
		}
	}
	maxV = math.Ceil(maxV/10) * 10
	var b strings.Builder
	fmt.Fprintf(&b, `<svg viewBox="0 0 %d %d" role="img" aria-label="%s" class="chart">`, w, h, template.HTMLEscapeString(title))
	plotH, plotW := float64(h-bottom-top), float64(w-left-8)
	for i := 0; i <= 4; i++ {
		y := float64(top) + plotH*(1-float64(i)/4)
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" class="grid"/><text x="%d" y="%.1f" class="axis" text-anchor="end">%s</text>`, left, w-8, y, y, left-4, y+4, formatFloat(maxV*float64(i)/4))
	}
	xOf := func(t int) float64 { return float64(left) + plotW*float64(t)/float64(MaxTurns-1) }
	for t := 0; t < MaxTurns; t += 5 {
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" class="axis" text-anchor="middle">%d</text>`, xOf(t), h-bottom+16, t+1)
	}
	for s, ps := range points {
		var path strings.Builder
		pen := "M"
		for t, p := range ps {
			if p == nil {
				pen = "M"
				continue
			}
			y := float64(top) + plotH*(1-*p/maxV)
			fmt.Fprintf(&path, "%s%.1f %.1f ", pen, xOf(t), y)
			pen = "L"
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="2.5" fill="%s" data-key="%s" data-value="%s"><title>%s, turn %d: %.1f</title></circle>`,
				xOf(t), y, color(s), template.HTMLEscapeString(keyOf(s, t)), formatFloat(*p), template.HTMLEscapeString(series[s]), t+1, *p)
		}
		fmt.Fprintf(&b, `<path d="%s" fill="none" stroke="%s" stroke-width="2"/>`, strings.TrimSpace(path.String()), color(s))
	}
	b.WriteString(`</svg>`)
	b.WriteString(legend(series))
	return template.HTML(b.String())
}

type reportPage struct {
	S        *Summary
	Data     template.JS
	Rates    template.HTML
	Deadwood template.HTML
	Lost     template.HTML
	Kinds    template.HTML
	Figures  []template.HTML
	Players  []htmlRow
}

// htmlRow is a row of the page's table of players: a figure's label and
// its cell for each player.
type htmlRow struct {
	Label string
	Sub   bool // qualifies the row above, as an indented label does
	Cells []template.HTML
}

// playerTable is the table of players, as PlayerTable declares it, with
// each tagged figure a figure of the page, named player/key and valued as
// the CSV's column of that key gives it.
func playerTable(players []*Player) []htmlRow {
	var rows []htmlRow
	for _, pr := range PlayerTable() {
		label := strings.TrimLeft(pr.Label, " ")
		r := htmlRow{Label: label, Sub: label != pr.Label}
		for _, p := range players {
			r.Cells = append(r.Cells, taggedCell(p, pr))
		}
		rows = append(rows, r)
	}
	return rows
}

// taggedCell writes a row's text for p, escaped, its tagged figures as
// figures of the page. The tags mark the figures with control characters
// that no figure holds, and the text between them is escaped piece by
// piece.
func taggedCell(p *Player, pr PlayerRow) template.HTML {
	const open, mid, end = "\x01", "\x02", "\x03"
	text := pr.Text(p, func(key, text string) string { return open + key + mid + text + end })
	var b strings.Builder
	for {
		before, rest, tagged := strings.Cut(text, open)
		b.WriteString(template.HTMLEscapeString(before))
		if !tagged {
			return template.HTML(b.String())
		}
		var fig string
		fig, text, _ = strings.Cut(rest, end)
		key, shown, _ := strings.Cut(fig, mid)
		v, _ := p.Column(key)
		x, _ := strconv.ParseFloat(v, 64)
		b.WriteString(figure(p.Name+"/"+key, x, shown))
	}
}

// WriteHTML writes the summary as one self-contained page: inline SVG
// charts, the figures in a table, and the worst decisions, with nothing
// fetched from the network. The page embeds the summary's JSON and checks
// its own figures against it when it loads.
func WriteHTML(w io.Writer, s *Summary) error {
	data, err := json.Marshal(s)
	if err != nil {
		return err
	}
	page := reportPage{S: s, Players: playerTable(s.Players), Data: template.JS(strings.ReplaceAll(string(data), "</", `<\/`))}
	var names []string
	for _, p := range s.Players {
		names = append(names, p.Name)
	}
	rateLabels := []string{"games won", "hands won", "knocks (gins too)", "gins", "undercuts"}
	var rates [][]*float64
	for _, p := range s.Players {
		h := math.Max(1, float64(p.Hands))
		rates = append(rates, values(p.WinRate, p.HandRate, float64(p.Knocks)/h, float64(p.Gins)/h, float64(p.Undercuts)/h))
	}
	rateKeys := []string{"win_rate", "hand_win_rate", "knock_rate", "gin_rate", "undercut_rate"}
	page.Rates = barChart("Win and outcome rates", rateLabels, names, rates, 1, true, func(si, l int) string { return fmt.Sprintf("%s/%s", names[si], rateKeys[l]) })
	var dw [][]*float64
	for _, p := range s.Players {
		ps := make([]*float64, MaxTurns)
		for t := 0; t < MaxTurns && t < len(p.DeadwoodSum); t++ {
			if p.DeadwoodCount[t] > 0 {
				v := float64(p.DeadwoodSum[t]) / float64(p.DeadwoodCount[t])
				ps[t] = &v
			}
		}
		dw = append(dw, ps)
	}
	page.Deadwood = lineChart("Mean deadwood after each discard, by turn", names, dw, func(si, t int) string { return fmt.Sprintf("%s/deadwood/%d", names[si], t+1) })
	binLabels := []string{"0"}
	bins := LostBins()
	for i := 1; i < len(bins); i++ {
		binLabels = append(binLabels, fmt.Sprintf("<%g%%", 100*bins[i]))
	}
	binLabels = append(binLabels, fmt.Sprintf("≥%g%%", 100*bins[len(bins)-1]))
	var hist [][]*float64
	maxShare := 0.0
	for _, p := range s.Players {
		row := make([]*float64, len(p.LostHistogram))
		for i, n := range p.LostHistogram {
			if p.Decisions > 0 {
				share := float64(n) / float64(p.Decisions)
				row[i] = &share
				maxShare = math.Max(maxShare, share)
			}
		}
		hist = append(hist, row)
	}
	page.Lost = barChart("Share of decisions by equity lost", binLabels, names, hist, math.Max(0.25, math.Ceil(maxShare*4)/4), true, func(si, l int) string { return fmt.Sprintf("%s/lost/%d", names[si], l) })
	var kindLabels []string
	for _, k := range Kinds() {
		kindLabels = append(kindLabels, k.String())
	}
	var kinds [][]*float64
	for _, p := range s.Players {
		row := make([]*float64, len(kindLabels))
		for i := range kindLabels {
			if i < len(p.ByKind) {
				row[i] = p.ByKind[i].MatchRate
			}
		}
		kinds = append(kinds, row)
	}
	page.Kinds = barChart("Decisions that matched the advice, by kind", kindLabels, names, kinds, 1, true, func(si, l int) string { return fmt.Sprintf("%s/match/%s", names[si], kindLabels[l]) })
	return reportTemplate.Execute(w, page)
}

// breakBetweenCards writes a position for the page with a line break
// allowed after each comma of its card lists, besides its spaces, and
// nowhere else: a long pile wraps between two cards, never inside a card
// or a word. A <wbr> adds nothing to the text a reader copies.
func breakBetweenCards(pos string) template.HTML {
	return template.HTML(strings.ReplaceAll(template.HTMLEscapeString(pos), ",", ",<wbr>"))
}

// values points at each of xs, for a chart's bars.
func values(xs ...float64) []*float64 {
	out := make([]*float64, len(xs))
	for i := range xs {
		out[i] = &xs[i]
	}
	return out
}

var reportTemplate = template.Must(template.New("report").Funcs(template.FuncMap{
	"pct":       func(x float64) string { return stats.Share(x, 1) },
	"noiseNote": func() string { return NoiseNote },
	"figInt":    func(key string, v int) template.HTML { return template.HTML(figure(key, float64(v), fmt.Sprint(v))) },
	"times100":  func(x float64) float64 { return 100 * x },
	"position":  breakBetweenCards,
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ginadvisor batch report</title>
<style>
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto; max-width: 1240px; color: #222; padding: 0 1em; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.2em; margin-top: 1.8em; border-bottom: 1px solid #ddd; padding-bottom: 0.2em; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { padding: 0.25em 0.7em; border-bottom: 1px solid #eee; text-align: right; vertical-align: top; }
th:first-child, td:first-child { text-align: left; }
td.sub { padding-left: 1.8em; color: #555; }
table.players td { white-space: nowrap; }
td.pos { font: 12px ui-monospace, monospace; text-align: left; word-break: normal; overflow-wrap: normal; max-width: 460px; }
ul.legend { list-style: none; margin: 0.2em 0 0 48px; padding: 0; display: flex; flex-wrap: wrap; gap: 0.2em 1.2em; font-size: 14px; color: #444; }
ul.legend li { white-space: nowrap; }
.swatch { display: inline-block; width: 10px; height: 10px; margin-right: 0.35em; }
.chart { width: 100%; max-width: 640px; height: auto; display: block; }
.grid { stroke: #e5e5e5; }
.axis { font-size: 14px; fill: #444; }
.note { color: #666; }
.grid2 { display: grid; grid-template-columns: repeat(auto-fit, minmax(440px, 1fr)); gap: 1em; }
#errors:empty { display: none; }
#errors { color: #b00; white-space: pre-wrap; }
</style>
</head>
<body>
<h1>ginadvisor batch report</h1>
<p class="note">{{figInt "games_read" .S.GamesRead}} games read, {{figInt "games_skipped" .S.GamesSkipped}} skipped, {{figInt "games_analyzed" .S.GamesAnalyzed}} analyzed; {{figInt "decisions" .S.Decisions}} decisions graded by {{if eq .S.Grading "quick"}}deadwood and outs (--quick){{else}}the advisor, up to {{.S.Samples}} worlds a decision until its class is decided, seed {{.S.Seed}}{{end}}.
Thresholds of equity lost: inaccuracy {{pct (index .S.Thresholds 0)}}, mistake {{pct (index .S.Thresholds 1)}}, blunder {{pct (index .S.Thresholds 2)}}.</p>
<div id="errors"></div>
<p id="status" class="note"></p>

<h2>Players</h2>
<div style="overflow-x:auto">
<table class="players">
<tr><th>Per player</th>{{range .S.Players}}<th>{{.Name}}</th>{{end}}</tr>
{{range .Players}}<tr><td{{if .Sub}} class="sub"{{end}}>{{.Label}}</td>{{range .Cells}}<td>{{.}}</td>{{end}}</tr>
{{end}}</table>
</div>

<div class="grid2">
<section><h2>Win and outcome rates</h2>{{.Rates}}<p class="note">Knocks, gins and undercuts are shares of the hands played.</p></section>
<section><h2>Deadwood over the hand</h2>{{.Deadwood}}<p class="note">Mean deadwood left after each of the player's discards, by its turn in the hand.</p></section>
<section><h2>Equity lost per decision</h2>{{.Lost}}<p class="note">Share of each player's decisions by the equity they lost against the advice.</p></section>
<section><h2>Advice matched, by kind of decision</h2>{{.Kinds}}<p class="note">Share of decisions that matched the advice.</p></section>
</div>

<h2>Worst decisions</h2>
<p class="note">Each player's inaccuracies, mistakes, blunders and uncertain grades, the surest loss first: by the low end of the loss's 95% interval, then the loss.</p>
{{range .S.Players}}{{if .Worst}}<h3>{{.Name}}</h3>
<table>
<tr><th>Where</th><th>Kind</th><th>Played</th><th>Better</th><th>Equity lost</th><th>Class</th><th>Position (paste into <code>ginadvisor advise</code>)</th></tr>
{{range .Worst}}<tr><td>{{.File}}:{{.Line}}</td><td>{{.Kind}}</td><td>{{.Move}}</td><td>{{.Best}}</td><td>{{pct .EquityLost}} ± {{printf "%.1f" (times100 .EquityLostSE)}}</td><td>{{.Class}}</td><td class="pos">{{position .Position}}</td></tr>
{{end}}</table>{{end}}{{end}}
{{if ne .S.Grading "quick"}}<p class="note">{{noiseNote}}</p>{{end}}
{{if .S.Errors}}<h2>Inputs that failed</h2>
<table><tr><th>Where</th><th>Why</th></tr>
{{range .S.Errors}}<tr><td>{{.File}}{{if .Line}}:{{.Line}}{{end}}</td><td style="text-align:left">{{.Message}}</td></tr>{{end}}
</table>{{end}}

<script id="summary" type="application/json">{{.Data}}</script>
<script>
(function () {
  var errors = document.getElementById("errors");
  function fail(msg) { errors.textContent += msg + "\n"; }
  window.addEventListener("error", function (e) { fail("error: " + e.message); });
  var orig = console.error;
  console.error = function () { fail("console.error: " + Array.prototype.join.call(arguments, " ")); orig.apply(console, arguments); };
  var s = JSON.parse(document.getElementById("summary").textContent);
  // Every tagged figure must equal the summary's value.
  var want = { games_read: s.games_read, games_skipped: s.games_skipped, games_analyzed: s.games_analyzed, decisions: s.decisions };
  s.players.forEach(function (p) {
    Object.keys(p).forEach(function (k) { want[p.name + "/" + k] = p[k]; });
  });
  var checked = 0;
  document.querySelectorAll(".fig").forEach(function (el) {
    var k = el.getAttribute("data-key"), v = parseFloat(el.getAttribute("data-value"));
    if (!(k in want)) { fail("unknown figure " + k); return; }
    if (Math.abs(v - want[k]) > 1e-5 * Math.max(1, Math.abs(want[k]))) { fail("figure " + k + " shows " + v + ", the summary has " + want[k]); }
    checked++;
  });
  document.getElementById("status").textContent = "Checked " + checked + " figures against the summary.";
  document.body.setAttribute("data-checked", String(checked));
})();
</script>
</body>
</html>
`))
