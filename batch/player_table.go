package batch

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/ginadvisor/ginadvisor/stats"
)

// NA stands in a table for a figure without the data behind it: a mean
// over no decisions or knocks, an interval over too few games.
const NA = "n/a"

// A PlayerRow is one line of the table of players, which the text report
// and the HTML report both show: a column for each player, a row for each
// figure.
type PlayerRow struct {
	// Label names the figure; an indented label qualifies the row above.
	Label string
	// Text writes the row's figures for a player, each figure that is a
	// field of the summary passed through tag.
	Text func(p *Player, tag Tag) string
}

// A Tag marks a figure within a row's text as the summary's JSON field
// key, which is also the CSV's column of that name (see playerColumns),
// and returns the text to show. The text report shows the figure as it
// is (see Untagged); the HTML report tags it, and checks the tag against
// the summary the page embeds.
type Tag func(key, text string) string

// Untagged is the Tag of plain text: the figure as it is.
func Untagged(_, text string) string { return text }

// playerRows are the table of players up to the matched advice, in order:
// a row is one line. The rows by kind of decision follow them, then
// playerRowsAfterKinds (see PlayerTable).
var playerRows = []PlayerRow{
	{"games won", func(p *Player, tag Tag) string {
		return fmt.Sprintf("%s of %s (%s)", tag("games_won", strconv.Itoa(p.GamesWon)), tag("games", strconv.Itoa(p.Games)), tag("win_rate", stats.Share(p.WinRate, 1)))
	}},
	{"95% interval", func(p *Player, _ Tag) string { return shares(p.WinRateCI95[0], p.WinRateCI95[1]) }},
	{"hands won", func(p *Player, tag Tag) string {
		return fmt.Sprintf("%s of %s (%s)", tag("hands_won", strconv.Itoa(p.HandsWon)), tag("hands", strconv.Itoa(p.Hands)), stats.Share(p.HandRate, 1))
	}},
	{"knocks (gins too), gins, undercuts", func(p *Player, tag Tag) string {
		return tag("knocks", strconv.Itoa(p.Knocks)) + ", " + tag("gins", strconv.Itoa(p.Gins)) + ", " + tag("undercuts", strconv.Itoa(p.Undercuts))
	}},
	{"deadwood at knock", func(p *Player, _ Tag) string { return orNA(p.MeanKnockDeadwood, "%.1f") }},
	{"turns to knock", func(p *Player, _ Tag) string { return orNA(p.MeanTurnsToKnock, "%.1f") }},
	{"decisions", func(p *Player, tag Tag) string { return tag("decisions", strconv.Itoa(p.Decisions)) }},
	{"matched advice", func(p *Player, _ Tag) string { return rateOrNA(p.Matched, p.Decisions) }},
	{"  95% interval", func(p *Player, _ Tag) string { return matchedInterval(p) }},
}

// playerRowsAfterKinds are the rows of the table of players after those by
// kind of decision.
var playerRowsAfterKinds = []PlayerRow{
	{"equity lost a decision", func(p *Player, tag Tag) string {
		if p.MeanEquityLost == nil {
			return NA
		}
		return tag("mean_equity_lost", significant(100**p.MeanEquityLost, 2)+"%")
	}},
	{"  95% interval", func(p *Player, _ Tag) string { return percentsOrNA(p.MeanLostCI95) }},
	{"error rate, every 100 decisions", func(p *Player, tag Tag) string {
		if p.ErrorRate == nil {
			return NA
		}
		return tag("error_rate", significant(*p.ErrorRate, 2)) + " games"
	}},
	{"accuracy", func(p *Player, tag Tag) string {
		if p.Accuracy == nil {
			return NA
		}
		return fmt.Sprintf("%s (%.1f to %.1f)", tag("accuracy", fmt.Sprintf("%.1f", *p.Accuracy)), p.AccuracyCI95[0], p.AccuracyCI95[1])
	}},
	{"inaccuracies, mistakes, blunders", func(p *Player, tag Tag) string {
		return tag("inaccuracies", strconv.Itoa(p.Inaccuracies)) + ", " + tag("mistakes", strconv.Itoa(p.Mistakes)) + ", " + tag("blunders", strconv.Itoa(p.Blunders))
	}},
	{"uncertain", func(p *Player, tag Tag) string { return tag("uncertain", strconv.Itoa(p.Uncertain)) }},
	{"luck a game", luckFigure("%+.3f", func(m LuckMeans) float64 { return m.Luck })},
	{"  95% interval", luckInterval("%+.3f to %+.3f", func(m LuckMeans) *[2]float64 { return m.LuckCI95 })},
	{"skill a game", luckFigure("%+.3f", func(m LuckMeans) float64 { return m.Skill })},
	{"  95% interval", luckInterval("%+.3f to %+.3f", func(m LuckMeans) *[2]float64 { return m.SkillCI95 })},
	{"opponent's errors a game", luckFigure("%+.3f", func(m LuckMeans) float64 { return m.OppErrors })},
	{"result a game", func(p *Player, _ Tag) string { return fmt.Sprintf("%.3f", ratio(p.GamesWon, p.Games)) }},
	{"  luck-adjusted", luckFigure("%.3f", func(m LuckMeans) float64 { return m.Adjusted })},
	{"  95% interval", luckInterval("%.3f to %.3f", func(m LuckMeans) *[2]float64 { return m.AdjustedCI95 })},
}

// PlayerTable returns the rows of the table of players, a fresh copy:
// playerRows, the matched share of each kind of decision, then
// playerRowsAfterKinds.
func PlayerTable() []PlayerRow {
	rows := slices.Clone(playerRows)
	for _, k := range Kinds() {
		rows = append(rows, PlayerRow{"  " + k.String(), kindMatched(k)})
	}
	return append(rows, playerRowsAfterKinds...)
}

// Column returns the CSV's value of the column named key for p, and
// whether there is such a column: the value of a figure a row tags.
func (p *Player) Column(key string) (string, bool) {
	for _, c := range playerColumns {
		if c.name == key {
			return c.value(p), true
		}
	}
	return "", false
}

func matchedInterval(p *Player) string {
	if p.Decisions == 0 {
		return NA
	}
	ci := stats.Wilson(p.Matched, p.Decisions)
	return shares(ci[0], ci[1])
}

// kindMatched shows how often a player's decisions of kind k matched the
// advice, of how many.
func kindMatched(k Kind) func(p *Player, _ Tag) string {
	return func(p *Player, _ Tag) string {
		if int(k) >= len(p.ByKind) || p.ByKind[k].MatchRate == nil {
			return NA
		}
		s := p.ByKind[k]
		return fmt.Sprintf("%s of %d", stats.Share(*s.MatchRate, 1), s.Decisions)
	}
}

// luckFigure shows one of a player's luck figures, in games won a game,
// in format, or NA when the grading has none.
func luckFigure(format string, f func(LuckMeans) float64) func(p *Player, _ Tag) string {
	return func(p *Player, _ Tag) string {
		if p.Luck == nil {
			return NA
		}
		return fmt.Sprintf(format, f(p.Luck.Means))
	}
}

// luckInterval shows the 95% interval of one of a player's luck figures
// over the games, in format, or NA with no luck or fewer than two games.
func luckInterval(format string, f func(LuckMeans) *[2]float64) func(p *Player, _ Tag) string {
	return func(p *Player, _ Tag) string {
		if p.Luck == nil || f(p.Luck.Means) == nil {
			return NA
		}
		ci := f(p.Luck.Means)
		return fmt.Sprintf(format, ci[0], ci[1])
	}
}

func shares(lo, hi float64) string { return stats.Share(lo, 1) + " to " + stats.Share(hi, 1) }

func orNA(x *float64, format string) string {
	if x == nil {
		return NA
	}
	return fmt.Sprintf(format, *x)
}

// rateOrNA writes k of n as a percentage, or NA when n is 0.
func rateOrNA(k, n int) string {
	if n == 0 {
		return NA
	}
	return stats.Share(ratio(k, n), 1)
}

func percentsOrNA(ci *[2]float64) string {
	if ci == nil {
		return NA
	}
	return significant(100*ci[0], 2) + "% to " + significant(100*ci[1], 2) + "%"
}

// significant writes x with digits significant digits, in plain decimal
// notation: 0.0041 and 0.41 and 4.1 at two.
func significant(x float64, digits int) string {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	// Rounding may carry into a new digit (0.0996 to 0.10): round first.
	r, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', digits, 64), 64)
	places := digits - 1 - int(math.Floor(math.Log10(math.Abs(r))))
	return strconv.FormatFloat(r, 'f', max(0, places), 64)
}
