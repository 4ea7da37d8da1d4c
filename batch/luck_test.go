package batch

import (
	"math"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/longtest"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/internal/testgames"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestLuckIdentity grades random games, each alone, and checks each
// player's split of its result against what the rows and the game say,
// counted apart: the start is the equity model's 0-0, the result is 1 for
// the game's winner and 0 for the other, the skill is minus the equity
// its graded decisions lost, the luck of the deal, the draws and the
// opponent's turns is the sum of the rows' luck terms; and the start, the
// luck of every kind, the skill and the opponent's errors add up to the
// result exactly; the two players' luck-adjusted results add up to 1.
func TestLuckIdentity(t *testing.T) {
	t.Parallel()
	short, err := rules.Apply(rules.Presets()["eaai"], rules.Override{Key: "target", Value: "30"})
	if err != nil {
		t.Fatal(err)
	}
	start := toMicro(advise.ForRules(short).Win(0, 0))
	games := 1 // a game a pairing; -long plays three
	if longtest.Enabled() {
		games = 3
	}
	for _, pair := range [][2]string{{"simple", "random"}, {"heuristic", "simple"}} {
		for gi, g := range testgames.PlayBetween(t, short, pair[0], pair[1], games, 21) {
			var b strings.Builder
			if err := gamelog.WriteLog(&b, []*gamelog.Game{g}); err != nil {
				t.Fatal(err)
			}
			skill := map[string]int64{}
			rowLuck := map[string]int64{}
			o := Options{Samples: 8, Seed: 3, OnDecision: func(d *Graded) error {
				if d.Equity != nil {
					skill[d.Player] -= toMicro(d.EquityLost)
				}
				if d.Luck != nil {
					rowLuck[d.Player] += toMicro(*d.Luck)
				}
				return nil
			}}
			s := run(t, []Input{textInput("g.log", b.String())}, o)
			if len(s.Players) != 2 {
				t.Fatalf("%d players", len(s.Players))
			}
			adjusted := 0.0
			for _, p := range s.Players {
				adjusted += p.Luck.Means.Adjusted
			}
			// Both starts add up to 1, and each side's errors are counted
			// against it and for the other: the adjusted results add up
			// to 1 as the results do.
			if math.Abs(adjusted-1) > 1e-5 {
				t.Errorf("%v game %d: the luck-adjusted results add up to %v", pair, gi, adjusted)
			}
			for _, p := range s.Players {
				l := p.Luck
				if l == nil || l.Games != 1 {
					t.Fatalf("%v game %d: %s has no luck of one game: %+v", pair, gi, p.Name, l)
				}
				where := func() string { return pair[0] + "-" + pair[1] + " game " + string(rune('1'+gi)) + ", " + p.Name }
				if l.StartMicro != start {
					t.Errorf("%s: start %d, want the model's 0-0, %d", where(), l.StartMicro, start)
				}
				if want := int64(p.GamesWon) * micro; l.ResultMicro != want {
					t.Errorf("%s: result %d, want %d", where(), l.ResultMicro, want)
				}
				if l.SkillMicro != skill[p.Name] {
					t.Errorf("%s: skill %d, the rows' losses %d", where(), l.SkillMicro, skill[p.Name])
				}
				other := s.Players[0]
				if other == p {
					other = s.Players[1]
				}
				if l.OppErrorsMicro != -skill[other.Name] {
					t.Errorf("%s: the opponent's errors %d, its rows' losses %d", where(), l.OppErrorsMicro, -skill[other.Name])
				}
				// A row's luck is the change since the player's last
				// decision, the opponent's play included.
				k := l.KindMicro
				if got := k["deal"] + k["draw"] + k["opponent"] + l.OppErrorsMicro; got != rowLuck[p.Name] {
					t.Errorf("%s: luck before decisions and the opponent's errors %d, the rows' luck %d", where(), got, rowLuck[p.Name])
				}
				if sum := l.StartMicro + l.total() + l.SkillMicro + l.OppErrorsMicro; sum != l.ResultMicro {
					t.Errorf("%s: start %d + luck %d + skill %d + the opponent's errors %d = %d, not the result %d", where(), l.StartMicro, l.total(), l.SkillMicro, l.OppErrorsMicro, sum, l.ResultMicro)
				}
				if m := l.Means; math.Abs(m.Start+m.Luck+m.Skill+m.OppErrors-m.Result) > 1e-9 || math.Abs(m.Adjusted-(m.Result-m.Luck)) > 1e-9 {
					t.Errorf("%s: the means a game do not add up: %+v", where(), m)
				}
			}
		}
	}
}
