package arena

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/rules"
)

// fields is a value's JSON as a map, so that the tests read the result
// as a program reads it.
func fields(t *testing.T, v any) map[string]any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// resultOfWinners counts games won by the given players (0, 1, or -1
// for none), game i at index i, as a log of them would.
func resultOfWinners(winners []int) Result {
	p := &Pairing{Names: [2]string{"a", "b"}, Games: map[int]*Game{}}
	for i, w := range winners {
		p.Games[i] = &Game{Index: i, First: i % 2, Winner: w, Forfeiter: -1}
	}
	return p.Result(nil)
}

// repeat returns n copies of x.
func repeat(x, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = x
	}
	return out
}

// checkOneBase checks that a result's figures stand on one base: the
// games counted are the complete pairs' games; with no pair there is no
// win rate, no Elo and no interval; otherwise the interval holds the
// estimate, and the Elo is infinite exactly where its interval's end is.
func checkOneBase(t *testing.T, m map[string]any) {
	t.Helper()
	games, pairs := m["games"].(float64), m["pairs"].(float64)
	if games != 2*pairs {
		t.Errorf("%v games over %v pairs", games, pairs)
	}
	if pairs == 0 {
		for _, k := range []string{"win_rate", "win_rate_ci95", "elo", "elo_ci95"} {
			if m[k] != nil {
				t.Errorf("no pair, yet %s is %v", k, m[k])
			}
		}
		return
	}
	rate, _ := m["win_rate"].(float64)
	ci, _ := m["win_rate_ci95"].([]any)
	if len(ci) != 2 || !(ci[0].(float64) <= rate && rate <= ci[1].(float64)) {
		t.Fatalf("win rate %v outside its interval %v", rate, ci)
	}
	eci, _ := m["elo_ci95"].([]any)
	if len(eci) != 2 {
		t.Fatalf("elo_ci95 %v", m["elo_ci95"])
	}
	// null is an infinite Elo: at a score of 1 the estimate and the
	// interval's upper end, at 0 the estimate and its lower end.
	if (rate == 1) != (m["elo"] == nil && eci[1] == nil) && rate != 0 {
		t.Errorf("win rate %v, Elo %v, interval %v", rate, m["elo"], eci)
	}
	if (rate == 0) != (m["elo"] == nil && eci[0] == nil) && rate != 1 {
		t.Errorf("win rate %v, Elo %v, interval %v", rate, m["elo"], eci)
	}
	if (ci[1].(float64) == 1) != (eci[1] == nil) {
		t.Errorf("interval %v, Elo interval %v", ci, eci)
	}
}

// TestResultOverCompletePairs counts matches cut at odd places: every
// figure is over the complete pairs, the games outside them are named as
// dropped, a result without a pair has no rate, Elo or interval, and a
// perfect score's interval reaches its infinite Elo. Before, a match of
// 37 games gave a rate over 37 games and an interval over 18 pairs, no
// game gave 0.0% [0.0, 0.0] and Elo +0 [+0, +0], and 14 pairs all won
// gave Elo +inf with a finite interval.
func TestResultOverCompletePairs(t *testing.T) {
	alternate := make([]int, 37)
	for i := range alternate {
		alternate[i] = i % 3 % 2
	}
	for _, c := range []struct {
		name    string
		winners []int
		games   int
		dropped []float64
	}{
		{"37 games", alternate, 36, []float64{37}},
		{"one game", []int{0}, 0, []float64{1}},
		{"14 pairs all won", repeat(0, 28), 28, nil},
		{"14 pairs all lost", repeat(1, 28), 28, nil},
		{"18 pairs won, the 37th game lost", append(repeat(0, 36), 1), 36, []float64{37}},
		{"18 pairs lost, the 37th game won", append(repeat(1, 36), 0), 36, []float64{37}},
		{"one pair split", []int{0, 0}, 2, nil},
		{"no winners", repeat(-1, 6), 6, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := resultOfWinners(c.winners)
			m := fields(t, r)
			if m["games"] != float64(c.games) {
				t.Errorf("games %v, want %d", m["games"], c.games)
			}
			var dropped []float64
			if d, ok := m["dropped_games"].([]any); ok {
				for _, x := range d {
					dropped = append(dropped, x.(float64))
				}
			}
			if len(dropped) != len(c.dropped) || len(dropped) > 0 && dropped[0] != c.dropped[0] {
				t.Errorf("dropped_games %v, want %v", m["dropped_games"], c.dropped)
			}
			checkOneBase(t, m)
			var b bytes.Buffer
			if err := r.WriteText(&b); err != nil {
				t.Fatal(err)
			}
			if c.games == 0 && (strings.Contains(b.String(), "[0.0, 0.0]") || strings.Contains(b.String(), "Elo +0")) {
				t.Errorf("a result without pairs:\n%s", b.String())
			}
		})
	}
}

// TestInterruptedMatchDropsHalfPair stops a match whose first 37 games
// are done (as a resumed log gives them) before its 38th: the result is
// over the 18 complete pairs, and the progress output says which game was
// dropped. Before, it counted 37 games, 18 pairs, and said nothing. A
// match stopped before its first game has no rate at all.
func TestInterruptedMatchDropsHalfPair(t *testing.T) {
	eaai, _ := rules.Preset("eaai")
	a, _ := ParseSpec("simple")
	b, _ := ParseSpec("random")
	done := map[int]*Game{}
	for i := range 37 {
		done[i] = &Game{Index: i, First: i % 2, Winner: i % 3 % 2, Forfeiter: -1, Resumed: true}
	}
	stopped, cancel := context.WithCancel(context.Background())
	cancel()
	var progress bytes.Buffer
	r, err := Play(stopped, Options{Rules: eaai, Games: 40, Seed: 5, Players: [2]Spec{a, b}, Progress: &progress, Done: done})
	if err == nil {
		t.Fatal("no error from a stopped match")
	}
	m := fields(t, r)
	if m["games"] != 36.0 || m["pairs"] != 18.0 {
		t.Errorf("games %v, pairs %v; want 36 and 18", m["games"], m["pairs"])
	}
	checkOneBase(t, m)
	if s := progress.String(); !strings.Contains(s, "game 37 does not count") || !strings.Contains(s, "18 complete pairs (36 games)") {
		t.Errorf("progress does not say game 37 was dropped:\n%s", s)
	}

	r, _ = Play(stopped, Options{Rules: eaai, Games: 2, Seed: 5, Players: [2]Spec{a, b}})
	checkOneBase(t, fields(t, r))
	var text bytes.Buffer
	if err := r.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(text.String(), "[0.0, 0.0]") || strings.Contains(text.String(), "Elo +0") {
		t.Errorf("a match of no games:\n%s", text.String())
	}
}

// TestStandingsOnOneBase rates tournaments with players without games,
// pairings of a single pair and sweeps: a player without games has no
// rating and no interval, and no interval is of zero width (a player of
// too few pairs has none, and says "too few pairs"). Before, a
// player without games was rated with an interval of zero width, and one
// pair a pairing gave intervals of zero width.
func TestStandingsOnOneBase(t *testing.T) {
	type pairing struct {
		i, j  int
		pairs [3]int // i won both, split, lost both
	}
	for _, c := range []struct {
		name     string
		players  int
		pairings []pairing
		noGames  []int // players without games
		tooFew   bool
	}{
		{"interrupted: a player without games", 3, []pairing{{0, 1, [3]int{6, 3, 1}}}, []int{2}, false},
		{"one pair a pairing", 3, []pairing{{0, 1, [3]int{1, 0, 0}}, {0, 2, [3]int{0, 1, 0}}, {1, 2, [3]int{0, 0, 1}}}, nil, true},
		{"a sweep", 2, []pairing{{0, 1, [3]int{10, 0, 0}}}, nil, false},
		{"a sweep with a third", 3, []pairing{{0, 1, [3]int{10, 0, 0}}, {0, 2, [3]int{8, 0, 0}}, {1, 2, [3]int{3, 4, 3}}}, nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			names := []string{"a", "b", "c", "d"}[:c.players]
			s := newStandings(names)
			for _, p := range c.pairings {
				var r Result
				r.PairResults = p.pairs
				r.Wins = [2]int{2*p.pairs[0] + p.pairs[1], 2*p.pairs[2] + p.pairs[1]}
				s.add(p.i, p.j, r)
			}
			s.fit()
			m := fields(t, s)
			ratings := m["ratings"].([]any)
			for k, x := range ratings {
				rt := x.(map[string]any)
				none := false
				for _, n := range c.noGames {
					none = none || n == k
				}
				if none {
					if rt["elo"] != nil || rt["elo_ci95"] != nil {
						t.Errorf("%s has no games, yet elo %v, elo_ci95 %v", rt["name"], rt["elo"], rt["elo_ci95"])
					}
					continue
				}
				elo, ok := rt["elo"].(float64)
				if !ok || math.IsNaN(elo) {
					t.Errorf("%s: elo %v", rt["name"], rt["elo"])
				}
				ci, _ := rt["elo_ci95"].([]any)
				if ci == nil {
					if !c.tooFew {
						t.Errorf("%s: no interval", rt["name"])
					} else if rt["no_interval"] != "too few pairs" {
						t.Errorf("%s: no interval, for %q", rt["name"], rt["no_interval"])
					}
					continue
				}
				if c.tooFew {
					t.Errorf("%s: an interval %v from one pair a pairing", rt["name"], ci)
				}
				if lo, hi := ci[0].(float64), ci[1].(float64); !(lo < hi) || elo < lo || elo > hi {
					t.Errorf("%s: elo %v, interval %v", rt["name"], elo, ci)
				}
			}
			for _, r := range s.Ratings {
				if r.EloCI == nil {
					continue
				}
				if lo, hi := Elo(r.EloCI[0]).String(), Elo(r.EloCI[1]).String(); lo == hi {
					t.Errorf("%s: an interval of zero width, [%s, %s]", r.Name, lo, hi)
				}
			}
		})
	}
}
