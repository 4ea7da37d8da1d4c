package batch

import (
	"encoding/json"
	"io"
	"math"
	"strings"
	"testing"
)

// TestMergeRefusesWhatNoRunGives: a real run's summary merges, and each
// figure below, edited into it, is refused with the field named. Before,
// each was accepted: a sum of squares of 0 narrowed the merged interval,
// a worst decision of class "banana" passed through, and so on.
func TestMergeRefusesWhatNoRunGives(t *testing.T) {
	data, err := json.Marshal(sampleSummary(t))
	if err != nil {
		t.Fatal(err)
	}
	edited := func(edit func(*Summary)) Summary {
		var c Summary
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatal(err)
		}
		edit(&c)
		return c
	}
	if err := CheckMergeable([]Summary{edited(func(*Summary) {})}, false); err != nil {
		t.Fatalf("the run's own summary: %v", err)
	}
	for _, tt := range []struct {
		name string
		edit func(*Summary)
		want string
	}{
		{"squares of 0", func(c *Summary) { c.Players[0].LostSqNano = 0 }, "players[0].equity_lost_sq_nano is 0"},
		{"squares past the sum", func(c *Summary) { c.Players[0].LostSqNano = 1e9 * (c.Players[0].LostMicro/1e6 + 2) }, "equity_lost_sq_nano"},
		{"a class no decision has", func(c *Summary) { c.Players[0].Worst[0].Class = "banana" }, `worst[0].class is "banana"`},
		{"a worst loss past the total", func(c *Summary) {
			p := c.Players[0]
			p.Worst[0].EquityLost, p.Worst[0].EquityLostSE, p.Worst[0].Class = 0.5, 0, "blunder"
			p.LostMicro, p.ByKind[0].LostMicro, p.ByKind[1].LostMicro, p.ByKind[2].LostMicro, p.ByKind[3].LostMicro = 400000, 400000, 0, 0, 0
			p.LostSqNano = 160000000
		}, "more than the player's whole loss"},
		{"knock deadwood with no knock", func(c *Summary) { c.Players[0].Knocks, c.Players[0].Gins, c.Players[0].KnockDeadwood = 0, 0, 1000000 }, "knock_deadwood_sum is 1000000, not 0 to 100 a knock for 0 knocks"},
		{"knock deadwood past the limit", func(c *Summary) {
			for _, p := range c.Players {
				if p.Knocks > 0 {
					p.KnockDeadwood = 101 * p.Knocks
					return
				}
			}
			t.Fatal("no player knocked")
		}, "knock_deadwood_sum is"},
		{"knock turns past a hand", func(c *Summary) { c.Players[0].KnockTurns = 1e9 }, "knock_turns_sum is 1000000000"},
		{"a class its loss cannot be", func(c *Summary) {
			w := &c.Players[0].Worst[0]
			w.EquityLost, w.EquityLostSE, w.Class = 0.001, 0, "blunder"
		}, "is blunder, which a loss of 0.001 ± 0 cannot be"},
		{"luck's squares too many", func(c *Summary) { c.Players[0].Luck.LuckSq = 1e15 }, "luck.luck_sq_micro is 1000000000000000"},
		{"skill's squares past the square of its sum", func(c *Summary) {
			l := c.Players[0].Luck
			x := float64(l.SkillMicro) / 1e6
			l.SkillSq = int64(x*x*1e6) + 1000
		}, "luck.skill_sq_micro"},
		{"other thresholds", func(c *Summary) { c.Thresholds = [3]float64{0.03, 0.05, 0.1} }, "thresholds are"},
		{"luck's squares of 0", func(c *Summary) { c.Players[0].Luck.SkillSq = 0 }, "luck.skill_sq_micro is 0"},
		{"no thresholds", func(c *Summary) { c.Thresholds = [3]float64{} }, "thresholds are missing"},
		{"no file read", func(c *Summary) { c.Files = 0 }, "files is 0"},
		{"a budget no run has", func(c *Summary) { c.Samples = 123456 }, "samples is 123456"},
		{"a worst position that does not parse", func(c *Summary) { worstOf(t, c).Position = "p1 discard hand=banana" }, ".position does not parse"},
		{"a game result for a game not won", func(c *Summary) {
			p := loser(t, c)
			// The terms still add up and their squares fit (the square
			// of the adjusted results' sum is at least what its games
			// can give): only the result says a game was won.
			p.Luck.ResultMicro += 1_000_000
			p.Luck.OppErrorsMicro += 1_000_000
			adjusted := float64(p.Luck.ResultMicro-p.Luck.total()) / micro
			p.Luck.AdjustedSq = int64(math.Ceil(adjusted * adjusted * micro))
		}, "luck.result_micro is"},
	} {
		err := CheckMergeable([]Summary{edited(tt.edit)}, false)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
}

// TestReadSummariesEmptyFile: an empty file among the summaries is named
// as holding none, not read as no shard at all (merge exited 0 with it).
func TestReadSummariesEmptyFile(t *testing.T) {
	in := []Input{{Name: "empty.json", Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader("")), nil }}}
	if _, err := ReadSummaries(in); err == nil || !strings.Contains(err.Error(), "empty.json: no summary in it") {
		t.Errorf("an empty file: %v", err)
	}
}

// loser is a player of the summary that won no game.
func loser(t *testing.T, s *Summary) *Player {
	t.Helper()
	for _, p := range s.Players {
		if p.GamesWon == 0 && p.Luck != nil {
			return p
		}
	}
	t.Fatal("every player won a game")
	return nil
}
