package arena

import (
	"fmt"
	"html/template"
	"io"
	"math"

	"github.com/ginadvisor/ginadvisor/stats"
)

// tournamentPage is the standings as a page in the batch report's style:
// the ratings with their intervals drawn as bars, and the cross-table.
var tournamentPage = template.Must(template.New("t").Funcs(template.FuncMap{
	"elo": func(x float64) string { return fmt.Sprintf("%+.0f", x) },
	"rating": func(r Standing) string {
		if r.Elo == nil {
			return "n/a"
		}
		return Elo(*r.Elo).String()
	},
	"interval": func(r Standing) string {
		if r.EloCI == nil {
			return r.NoInterval
		}
		return fmt.Sprintf("%s to %s", Elo(r.EloCI[0]), Elo(r.EloCI[1]))
	},
	"pct": func(x *float64) string { return stats.Share(*x, 1) },
	"bar": func(r Standing, lo, hi float64) template.CSS {
		if r.EloCI == nil {
			return "display:none"
		}
		ci := *r.EloCI
		left := 100 * (ci[0] - lo) / (hi - lo)
		width := math.Max(0.5, 100*(ci[1]-ci[0])/(hi-lo))
		return template.CSS(fmt.Sprintf("left:%.1f%%;width:%.1f%%", left, width))
	},
	"cell": func(s *Standings, i, j int) string {
		if i == j {
			return "-"
		}
		n := s.Wins[i][j] + s.Wins[j][i]
		if n == 0 {
			return ""
		}
		return fmt.Sprintf("%d of %d", s.Wins[i][j], n)
	},
}).Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ginadvisor tournament</title>
<style>
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto; max-width: 1240px; color: #222; padding: 0 1em; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.2em; margin-top: 1.8em; border-bottom: 1px solid #ddd; padding-bottom: 0.2em; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { padding: 0.25em 0.7em; border-bottom: 1px solid #eee; text-align: right; vertical-align: middle; }
th:first-child, td:first-child { text-align: left; }
.track { position: relative; width: 320px; height: 12px; background: #f2f2f2; }
.ci { position: absolute; top: 2px; height: 8px; background: #4a78b5; }
.note { color: #666; }
</style>
</head>
<body>
<h1>ginadvisor tournament</h1>
<p class="note">Bradley-Terry ratings on the Elo scale, the players' mean at 0, with 95% intervals (the bars, from {{elo .Lo}} to {{elo .Hi}}).</p>
<h2>Ratings</h2>
<table>
<tr><th>Player</th><th>Elo</th><th>95% interval</th><th></th><th>Games won</th></tr>
{{range .S.Ratings}}<tr><td>{{.Name}}</td><td>{{rating .}}</td><td>{{interval .}}</td>
<td><div class="track"><div class="ci" style="{{bar . $.Lo $.Hi}}"></div></div></td><td>{{.Wins}} of {{.Games}}{{with .Points}} ({{pct .}}){{end}}</td></tr>
{{end}}</table>
<h2>Cross-table</h2>
<p class="note">Each cell is the row player's wins over the column player.</p>
<table>
<tr><th></th>{{range .S.Names}}<th>{{.}}</th>{{end}}</tr>
{{range $i, $n := .S.Names}}<tr><td>{{$n}}</td>{{range $j, $_ := $.S.Names}}<td>{{cell $.S $i $j}}</td>{{end}}</tr>
{{end}}</table>
</body>
</html>
`))

// WriteHTML writes the standings as a self-contained page.
func (s *Standings) WriteHTML(w io.Writer) error {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, r := range s.Ratings {
		if r.EloCI != nil {
			lo, hi = math.Min(lo, r.EloCI[0]), math.Max(hi, r.EloCI[1])
		}
	}
	if !(hi > lo) {
		lo, hi = -1, 1
	}
	return tournamentPage.Execute(w, struct {
		S      *Standings
		Lo, Hi float64
	}{s, lo, hi})
}
