package arena

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestBradleyTerryRecoversStrengths fits a synthetic round robin whose
// strengths are known: each fitted rating lies within its interval of the
// truth in most players, and within twice it in all.
func TestBradleyTerryRecoversStrengths(t *testing.T) {
	truth := []float64{-150, -60, 0, 40, 170}
	rng := rand.New(rand.NewPCG(4, 4))
	n := len(truth)
	wins := make([][]int, n)
	for i := range wins {
		wins[i] = make([]int, n)
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			p := Score(truth[i] - truth[j])
			for range 2000 {
				if rng.Float64() < p {
					wins[i][j]++
				} else {
					wins[j][i]++
				}
			}
		}
	}
	elo, ci := BradleyTerry(wins)
	inside := 0
	for i := range n {
		half := (ci[i][1] - ci[i][0]) / 2
		if half <= 0 || half > 40 {
			t.Errorf("player %d: interval %v", i, ci[i])
		}
		if math.Abs(elo[i]-truth[i]) <= half {
			inside++
		}
		if math.Abs(elo[i]-truth[i]) > 2*half {
			t.Errorf("player %d: fitted %.1f, truth %.1f, interval ±%.1f", i, elo[i], truth[i], half)
		}
	}
	if inside < 3 {
		t.Errorf("only %d of %d truths inside their intervals", inside, n)
	}
	// The ratings' mean is 0, so the truths (mean 0 too) compare directly.
	sum := 0.0
	for _, e := range elo {
		sum += e
	}
	if math.Abs(sum) > 1e-6 {
		t.Errorf("ratings sum to %g", sum)
	}
}

// TestBradleyTerrySweep: a player that won every game keeps a finite
// rating above the rest.
func TestBradleyTerrySweep(t *testing.T) {
	wins := [][]int{{0, 10, 10}, {0, 0, 6}, {0, 4, 0}}
	elo, ci := BradleyTerry(wins)
	if math.IsInf(elo[0], 0) || math.IsNaN(elo[0]) || elo[0] <= elo[1] || elo[0] <= elo[2] || math.IsNaN(ci[0][0]) {
		t.Fatalf("%v %v", elo, ci)
	}
}

// TestRoundRobin plays a small round robin of built-in players: every
// pairing is played, the cross-table adds up, and heuristic, much the
// strongest of the three, rates first.
func TestRoundRobin(t *testing.T) {
	specs := specsOf(t, "simple", "heuristic", "cautious")
	eaai, _ := rules.Preset("eaai")
	pairings := 0
	s, err := Tournament(context.Background(), TournamentOptions{Players: specs, Match: Options{Rules: eaai, Games: 200, Seed: 2, Concurrency: 2},
		OnPairing: func(i, j int, r Result) { pairings++ }})
	if err != nil {
		t.Fatal(err)
	}
	if pairings != 3 {
		t.Fatalf("%d pairings", pairings)
	}
	for i := range 3 {
		for j := range 3 {
			if i != j && s.Wins[i][j]+s.Wins[j][i] != 200 {
				t.Errorf("%s and %s played %d games", s.Names[i], s.Names[j], s.Wins[i][j]+s.Wins[j][i])
			}
		}
	}
	if *s.Ratings[1].Elo <= *s.Ratings[0].Elo || *s.Ratings[1].Elo <= *s.Ratings[2].Elo {
		t.Errorf("heuristic does not rate first: %+v", s.Ratings)
	}
	// A gauntlet plays only the first player's pairings.
	g, err := Tournament(context.Background(), TournamentOptions{Players: specs, Gauntlet: true, Match: Options{Rules: eaai, Games: 20, Seed: 2}})
	if err != nil || g.Wins[1][2]+g.Wins[2][1] != 0 || g.Wins[0][1]+g.Wins[1][0] != 20 {
		t.Errorf("gauntlet: %v %v", g.Wins, err)
	}
}

// TestTournamentPage: the page holds every player, escaped, and every
// rating.
func TestTournamentPage(t *testing.T) {
	s := Standings{Names: []string{"a<b>", "c"}, Wins: [][]int{{0, 7}, {3, 0}}}
	elo, ci := BradleyTerry(s.Wins)
	for i, n := range s.Names {
		s.Ratings = append(s.Ratings, Standing{Name: n, Elo: &elo[i], EloCI: &ci[i]})
	}
	var b strings.Builder
	if err := s.WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{"a&lt;b&gt;", "7 of 10", "3 of 10", fmt.Sprintf("%.0f", math.Abs(elo[0]))} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(page, "a<b>") || strings.Contains(page, "http") {
		t.Error("the page holds a raw name or refers to the network")
	}
}

// TestTextKeepsControlBytesOff: a player's name that holds terminal escapes
// reaches a match's text as "?" (render escapes the standings' names).
func TestTextKeepsControlBytesOff(t *testing.T) {
	evil := "a\x1b]0;pwned\x07b"
	var b strings.Builder
	r := Result{Names: [2]string{evil, "simple"}, Games: 2, Pairs: 1}
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(b.String(), "\x1b\x07") || !strings.Contains(b.String(), "a?]0;pwned?b") {
		t.Errorf("%q", b.String())
	}
}

// TestTournamentInterrupted stops a round robin during its second pairing:
// the standings hold the first pairing's games, rated, and say they were
// interrupted, with the context's error.
func TestTournamentInterrupted(t *testing.T) {
	specs := specsOf(t, "simple", "heuristic", "cautious")
	eaai, _ := rules.Preset("eaai")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, err := Tournament(ctx, TournamentOptions{Players: specs, Match: Options{Rules: eaai, Games: 20, Seed: 2},
		OnPairing: func(i, j int, r Result) { cancel() }})
	if !errors.Is(err, context.Canceled) || !s.Interrupted {
		t.Fatalf("interrupted %v, error %v; want interrupted, context.Canceled", s.Interrupted, err)
	}
	if s.Wins[0][1]+s.Wins[1][0] != 20 || len(s.Ratings) != 3 || s.Ratings[0].Games != 20 {
		t.Fatalf("the standings lose the games played: %v %+v", s.Wins, s.Ratings)
	}
	for _, r := range s.Ratings {
		if r.Games == 0 {
			if r.Elo != nil || r.EloCI != nil {
				t.Errorf("a player without games is rated: %+v", r)
			}
			continue
		}
		if r.Elo == nil || math.IsNaN(*r.Elo) || math.IsInf(*r.Elo, 0) {
			t.Errorf("rating %+v", r)
		}
	}
}

// TestTournamentConcurrencyAcrossPairings plays one round robin with one
// game at a time and with two at once, the pairings then sharing them: the
// standings are the same, and so are the logged games, as a set (their
// order may differ). The games are logged from several pairings at once,
// and the run under -race checks the log is written one game at a time.
func TestTournamentConcurrencyAcrossPairings(t *testing.T) {
	specs := placed(specsOf(t, "simple", "heuristic", "cautious", "simple"))
	eaai, _ := rules.Preset("eaai")
	run := func(concurrency int) (Standings, []string, []string) {
		var logged, told []string
		o := TournamentOptions{Players: specs, Match: Options{Rules: eaai, Games: 12, Seed: 5, Concurrency: concurrency},
			OnGame: func(i, j int, players [2]Spec, g *Game) error {
				var b strings.Builder
				if err := WriteGame(gamelog.NewWriter(&b), g, players, eaai); err != nil {
					return err
				}
				logged = append(logged, b.String())
				return nil
			},
			OnPairing: func(i, j int, r Result) { told = append(told, fmt.Sprint(i, j, r.Wins)) }}
		s, err := Tournament(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(logged)
		return s, logged, told
	}
	s1, log1, told1 := run(1)
	s2, log2, told2 := run(2)
	if len(log1) != 6*12 {
		t.Fatalf("%d games logged, want %d", len(log1), 6*12)
	}
	if !reflect.DeepEqual(s1, s2) {
		t.Errorf("the standings differ:\n%+v\n%+v", s1, s2)
	}
	if !slices.Equal(log1, log2) {
		t.Error("the logged games differ")
	}
	if !slices.Equal(told1, told2) {
		t.Errorf("the pairings are told otherwise: %q, %q", told1, told2)
	}
}

// TestTournamentGamesSpanPairings: at a concurrency of 2 the first
// pairing's first game waits for a game of another pairing to start, which
// it does only when the pairings share the concurrency; played one pairing
// after another, the tournament would wait for ever (the test's guard
// fails it instead).
func TestTournamentGamesSpanPairings(t *testing.T) {
	specs := specsOf(t, "simple", "heuristic", "cautious")
	const marker = 4747 // this test's seed: other tests' games pass
	other := make(chan struct{})
	var once sync.Once
	gameStarts = func(o *Options, i int) {
		if o.Seed != marker {
			return
		}
		if o.Pairing > 1 {
			once.Do(func() { close(other) })
			return
		}
		if i == 0 {
			select {
			case <-other:
			case <-time.After(time.Minute):
				t.Error("no game of another pairing started while the first pairing's first game waited")
			}
		}
	}
	defer func() { gameStarts = nil }()
	eaai, _ := rules.Preset("eaai")
	s, err := Tournament(context.Background(), TournamentOptions{Players: specs, Match: Options{Rules: eaai, Games: 4, Seed: marker, Concurrency: 2}})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if s.Ratings[i].Games != 8 {
			t.Errorf("%s played %d games, want 8", s.Names[i], s.Ratings[i].Games)
		}
	}
}
