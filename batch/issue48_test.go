package batch

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// summaryOf makes a summary of players with the given counts: each
// player's games, knocks and decisions (all matched, none lost).
func summaryOf(grading string, players ...Player) Summary {
	part := Summary{Grading: grading, Complete: true}
	for i := range players {
		p := players[i]
		p.GamesWon = p.Games / 2
		p.Hands = 2 * p.Games
		p.KnockDeadwood, p.KnockTurns = 3*p.Knocks, 8*p.Knocks
		p.Matched = p.Decisions
		if p.Decisions > 0 {
			p.ByKind = []KindStats{{Decisions: p.Decisions, Matched: p.Decisions}}
			p.LostHistogram = []int{p.Decisions}
		}
		part.Players = append(part.Players, &p)
	}
	return Merge(part)
}

// TestNoFiguresWithoutData: a player with no graded decision and no
// knock has no mean, interval, error rate or accuracy: null in the JSON,
// empty in the players' CSV, n/a on the page (and no figure there to
// check), where the player with them has them all.
func TestNoFiguresWithoutData(t *testing.T) {
	s := summaryOf("advisor", Player{Name: "idle", Games: 2}, Player{Name: "busy", Games: 2, Knocks: 2, Decisions: 10})
	js, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Players []map[string]any `json:"players"`
	}
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	keys := []string{"mean_knock_deadwood", "mean_turns_to_knock", "mean_equity_lost", "mean_equity_lost_ci95", "error_rate", "accuracy"}
	for _, p := range back.Players {
		for _, k := range keys {
			if v := p[k]; (v == nil) != (p["name"] == "idle") {
				t.Errorf("%s: %s = %v", p["name"], k, v)
			}
		}
		for _, k := range p["by_kind"].([]any) {
			kind := k.(map[string]any)
			if (kind["match_rate"] == nil) != (kind["decisions"].(float64) == 0) {
				t.Errorf("%s: %v", p["name"], kind)
			}
		}
	}
	var csv bytes.Buffer
	if err := WritePlayersCSV(&csv, &s); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(csv.String(), "\nidle,2,1,0.500000,4,0,0,0,0,0,0,,,0,0,0,0,,,,,,\n") {
		t.Errorf("players CSV:\n%s", csv.String())
	}
	var page bytes.Buffer
	if err := WriteHTML(&page, &s); err != nil {
		t.Fatal(err)
	}
	html := page.String()
	if n := naCells(t, html, "idle"); n != 19 {
		t.Errorf("%d cells n/a in idle's column, want 19 (knock 2, decisions 10, luck 7)", n)
	}
	for _, k := range []string{"mean_equity_lost", "error_rate", "accuracy"} {
		if strings.Contains(html, `data-key="idle/`+k+`"`) {
			t.Errorf("the page shows a figure idle/%s", k)
		}
		if !strings.Contains(html, `data-key="busy/`+k+`"`) {
			t.Errorf("the page lacks busy/%s", k)
		}
	}
}

// naCells counts the cells n/a in a player's column of the page's table
// of players.
func naCells(t *testing.T, html, name string) int {
	t.Helper()
	table := html[strings.Index(html, `<table class="players">`):]
	table = table[:strings.Index(table, "</table>")]
	rows := strings.Split(table, "</tr>")
	col := slices.IndexFunc(strings.Split(rows[0], "</th>"), func(c string) bool { return strings.HasSuffix(c, "<th>"+name) })
	if col < 1 {
		t.Fatalf("no column of %s in %s", name, rows[0])
	}
	n := 0
	for _, r := range rows[1:] {
		if cells := strings.Split(r, "</td>"); col < len(cells) && strings.HasSuffix(cells[col], "<td>n/a") {
			n++
		}
	}
	return n
}

var legendRE = regexp.MustCompile(`</svg><ul class="legend">(.*?)</ul>`)

// TestLegendsNameEveryPlayer: with five players and more, every chart's
// legend names every player, in order, each by its own color, and
// nothing of a legend is drawn inside a chart, where it was cut off.
func TestLegendsNameEveryPlayer(t *testing.T) {
	for _, n := range []int{2, 5, 7} {
		var players []Player
		var names []string
		for i := range n {
			name := fmt.Sprintf("player number %d with a long name", i+1)
			names = append(names, name)
			players = append(players, Player{Name: name, Games: 2, Knocks: 1, Decisions: 4})
		}
		s := summaryOf("quick", players...)
		var page bytes.Buffer
		if err := WriteHTML(&page, &s); err != nil {
			t.Fatal(err)
		}
		legends := legendRE.FindAllStringSubmatch(page.String(), -1)
		if len(legends) != 4 {
			t.Fatalf("%d players: %d legends, want one a chart (4)", n, len(legends))
		}
		for c, l := range legends {
			items := regexp.MustCompile(`<li><span class="swatch" style="background:(#[0-9a-f]{6})"></span>([^<]*)</li>`).FindAllStringSubmatch(l[1], -1)
			if len(items) != n {
				t.Errorf("%d players: legend %d names %d", n, c, len(items))
				continue
			}
			for i, it := range items {
				if it[2] != names[i] || it[1] != color(i) {
					t.Errorf("%d players: legend %d item %d is %q in %s, want %q in %s", n, c, i, it[2], it[1], names[i], color(i))
				}
			}
		}
		for _, svg := range regexp.MustCompile(`(?s)<svg.*?</svg>`).FindAllString(page.String(), -1) {
			if strings.Contains(svg, "long name</text>") {
				t.Errorf("%d players: a legend is drawn inside a chart", n)
			}
		}
	}
}

// TestPositionsBreakBetweenCards: the page lets a position wrap at its
// spaces and after the commas of its card lists, and nowhere else: no
// rule breaks inside a word, and the text is the position as it is.
func TestPositionsBreakBetweenCards(t *testing.T) {
	pos := "p2 pass hand=AC,6C,2D,4D pile=6H,TD,JS stock=23 dealer=p1"
	s := summaryOf("quick", Player{Name: "a", Games: 1, Decisions: 1})
	s.Players[0].Worst = []BlunderRecord{{Move: "pass", Best: "take", Position: pos, Class: "blunder"}}
	var page bytes.Buffer
	if err := WriteHTML(&page, &s); err != nil {
		t.Fatal(err)
	}
	html := page.String()
	cell := regexp.MustCompile(`<td class="pos">([^<]*(?:<wbr>[^<]*)*)</td>`).FindStringSubmatch(html)
	if cell == nil {
		t.Fatalf("no position cell in the page")
	}
	if got := strings.ReplaceAll(cell[1], "<wbr>", ""); got != pos {
		t.Errorf("the position reads %q, want %q", got, pos)
	}
	if strings.Count(cell[1], ",<wbr>") != strings.Count(pos, ",") || strings.Count(cell[1], "<wbr>") != strings.Count(pos, ",") {
		t.Errorf("breaks: %s", cell[1])
	}
	rule := regexp.MustCompile(`td\.pos \{[^}]*\}`).FindString(html)
	for _, bad := range []string{"break-all", "anywhere", "break-word"} {
		if strings.Contains(rule, bad) {
			t.Errorf("the position's rule breaks inside words: %s", rule)
		}
	}
}
