package batch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/internal/testgames"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/rules"
)

// randomGame is one game's worth of generated figures: per-seat game
// counts and graded decisions, with a problem now and then.
type randomGame struct {
	players   [2]*Player
	decisions []Graded
	problem   *Problem
	hands     int
}

func generate(rng *rand.Rand, n int) []randomGame {
	names := []string{"ann", "bob", "cat"}
	var out []randomGame
	for g := 0; g < n; g++ {
		var rg randomGame
		a, b := names[rng.IntN(3)], names[rng.IntN(3)]
		for i, name := range []string{a, b} {
			p := newPlayer(name)
			p.Games, p.GamesWon = 1, rng.IntN(2)
			p.Hands, p.HandsWon = 1+rng.IntN(8), rng.IntN(3)
			p.Knocks, p.Gins, p.Undercuts, p.Points = rng.IntN(3), rng.IntN(2), rng.IntN(2), rng.IntN(120)
			p.KnockDeadwood, p.KnockTurns = rng.IntN(20), rng.IntN(30)
			rg.players[i] = p
		}
		rg.hands = rg.players[0].Hands
		for d := rng.IntN(12); d > 0; d-- {
			lost := 0.0
			if rng.IntN(3) == 0 {
				lost = float64(rng.IntN(300000)) / 1e6
			}
			seat := rng.IntN(2)
			rg.decisions = append(rg.decisions, Graded{File: "f", Line: rng.IntN(1000), Game: g, Hand: 1,
				Player: []string{a, b}[seat], Seat: seat + 1, Kind: Kind(rng.IntN(int(numKinds))), Turn: 1 + rng.IntN(35),
				Deadwood: rng.IntN(90), EquityLost: lost, Matched: lost == 0, Move: "draw", Best: "take",
				Position: fmt.Sprint(rng.Uint64())})
		}
		if rng.IntN(5) == 0 {
			rg.problem = &Problem{File: "f", Line: rng.IntN(100), Message: "damaged"}
		}
		out = append(out, rg)
	}
	return out
}

// summarize builds a summary of games the slow, obvious way: one game
// after another into one summary.
func summarize(games []randomGame) Summary {
	s := Summary{Grading: "advisor", Samples: 8, Seed: 1}
	for _, g := range games {
		if g.problem != nil {
			s.GamesRead++
			s.GamesSkipped++
			s.Errors = append(s.Errors, *g.problem)
			continue
		}
		s.GamesRead++
		s.GamesAnalyzed++
		s.Hands += g.hands
		// The game's figures are added field by field here, not by
		// merge, which is what the test checks.
		for _, gp := range g.players {
			p := s.player(gp.Name)
			p.Games += gp.Games
			p.GamesWon += gp.GamesWon
			p.Hands += gp.Hands
			p.HandsWon += gp.HandsWon
			p.Knocks += gp.Knocks
			p.Gins += gp.Gins
			p.Undercuts += gp.Undercuts
			p.Points += gp.Points
			p.KnockDeadwood += gp.KnockDeadwood
			p.KnockTurns += gp.KnockTurns
		}
		for i := range g.decisions {
			s.Decisions++
			s.player(g.decisions[i].Player).addDecision(&g.decisions[i])
		}
	}
	s.finish()
	return s
}

// TestMergeOfGeneratedSummaries splits generated games into shares in
// many ways: merging the shares' summaries gives the summary of all.
func TestMergeOfGeneratedSummaries(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 200; trial++ {
		games := generate(rng, 1+rng.IntN(30))
		want := asJSON(t, summarize(games))
		k := 1 + rng.IntN(5)
		shares := make([][]randomGame, k)
		for _, g := range games {
			i := rng.IntN(k)
			shares[i] = append(shares[i], g)
		}
		var parts []Summary
		for _, sh := range shares {
			// Each share as Run would build it, through add and merge.
			part := Summary{Grading: "advisor", Samples: 8, Seed: 1}
			for _, g := range sh {
				part.GamesRead++
				if g.problem != nil {
					part.GamesSkipped++
					part.Errors = append(part.Errors, *g.problem)
					continue
				}
				// The game's figures as a worker counts them, its
				// decisions folded in one by one.
				r := result{hands: g.hands}
				for i, gp := range g.players {
					p := *gp
					p.ByKind, p.LostHistogram = slices.Clone(gp.ByKind), slices.Clone(gp.LostHistogram)
					p.DeadwoodSum, p.DeadwoodCount = slices.Clone(gp.DeadwoodSum), slices.Clone(gp.DeadwoodCount)
					r.games[i] = &p
				}
				for i := range g.decisions {
					r.fold(&g.decisions[i])
				}
				part.add(&r)
			}
			part.finish()
			parts = append(parts, part)
		}
		if got := asJSON(t, Merge(parts...)); got != want {
			t.Fatalf("trial %d, %d shares: the merge differs from the whole:\n%s\n---\n%s", trial, k, got, want)
		}
	}
}

// TestRunStopsWhenCancelled cancels a run in the middle of reading: it
// returns the context's error, analyses no more games once cancelled, and
// leaves nothing running (go test -race checks the reader's figures).
func TestRunStopsWhenCancelled(t *testing.T) {
	games := testgames.Play(t, rules.Presets()["eaai"], 40, 3)
	var b strings.Builder
	if err := gamelog.WriteLog(&b, games); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for trial := 0; trial < 5; trial++ {
		ctx, cancel := context.WithCancel(context.Background())
		stopAt := 1 + trial*3
		s, err := Run(ctx, []Input{textInput("a.log", text), textInput("b.log", text)}, Options{Quick: true, Workers: 2,
			Progress: func(n int) {
				if n == stopAt {
					cancel()
				}
			}})
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("trial %d: err %v, want context.Canceled", trial, err)
		}
		if s.GamesAnalyzed >= 80 {
			t.Fatalf("trial %d: %d games analysed after a cancel at %d", trial, s.GamesAnalyzed, stopAt)
		}
	}
}

// TestSinks sends decisions to two writers and closes them in reverse
// order, once.
func TestSinks(t *testing.T) {
	var order []string
	var s Sinks
	if s.OnDecision() != nil {
		t.Fatal("a sink with no writer")
	}
	n := 0
	s.Add(func(*Graded) error { n++; return nil }, func() error { order = append(order, "a"); return nil }, func() { order = append(order, "abort") })
	s.Add(func(*Graded) error { n += 10; return nil }, func() error { order = append(order, "b"); return errors.New("full") }, nil)
	if err := s.OnDecision()(&Graded{}); err != nil || n != 11 {
		t.Fatalf("n %d, err %v", n, err)
	}
	if err := s.Close(); err == nil || err.Error() != "full" {
		t.Fatalf("close: %v", err)
	}
	s.Abort() // nothing after the close
	if err := s.Close(); err != nil || fmt.Sprint(order) != "[b a]" {
		t.Fatalf("second close %v, order %v", err, order)
	}
	var u Sinks
	u.Add(func(*Graded) error { return nil }, func() error { order = append(order, "closed"); return nil }, func() { order = append(order, "aborted") })
	u.Abort()
	if err := u.Close(); err != nil || fmt.Sprint(order) != "[b a aborted]" {
		t.Fatalf("abort then close: %v, order %v", err, order)
	}
}

// TestPositionsReadBack grades games played under a preset with changed
// rules: every decision's position, as the CSV and the worst-decision
// lists write it, reads back to the same position under the same rules.
func TestPositionsReadBack(t *testing.T) {
	r, err := rules.Apply(rules.Presets()["modern"], rules.Override{Key: "knock_limit", Value: "7"}, rules.Override{Key: "target", Value: "150"})
	if err != nil {
		t.Fatal(err)
	}
	games := testgames.Play(t, r, 2, 11)
	var b strings.Builder
	if err := gamelog.WriteLog(&b, games); err != nil {
		t.Fatal(err)
	}
	n := 0
	_, err = Run(context.Background(), []Input{textInput("changed.log", b.String())}, Options{Quick: true, Workers: 1,
		OnDecision: func(d *Graded) error {
			p, err := position.Parse(d.Position)
			if err != nil {
				return fmt.Errorf("%s: %w", d.Position, err)
			}
			if got := p.Setup().Rules; !rules.SameGame(got, r) || exactPosition(&p) != d.Position {
				return fmt.Errorf("%s read back under %+v", d.Position, got)
			}
			n++
			return nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	if n < 50 {
		t.Fatalf("only %d decisions", n)
	}
}

// TestFIFOInADirectory: a FIFO under an input directory is skipped as no
// regular file, and the run ends; reading it would wait for ever.
func TestFIFOInADirectory(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe"), 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	ins, err := ExpandInputs([]string{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	var s Summary
	go func() {
		var err error
		s, err = Run(context.Background(), ins, Options{Quick: true})
		done <- err
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the run did not end: it is reading the FIFO")
	}
	if len(s.Errors) != 1 || !strings.Contains(s.Errors[0].Message, "not a regular file") {
		t.Fatalf("problems %+v", s.Errors)
	}
}

// TestMatchedMeansTheBest: in both gradings, a decision is matched exactly
// when the move written is the best written.
func TestMatchedMeansTheBest(t *testing.T) {
	for _, quick := range []bool{true, false} {
		n := 0
		_, err := Run(context.Background(), []Input{openSpielHands(t, 1)}, Options{Quick: quick, Samples: 4, Workers: 1,
			OnDecision: func(d *Graded) error {
				n++
				if d.Matched != (d.Move == d.Best) {
					return fmt.Errorf("matched %v for %s, best %s", d.Matched, d.Move, d.Best)
				}
				return nil
			}})
		if err != nil || n == 0 {
			t.Fatalf("quick %v: %v after %d decisions", quick, err, n)
		}
	}
}

// TestCheckMergeable refuses what is not the shards of one run, each once.
func TestCheckMergeable(t *testing.T) {
	shard := func(i, n int) Summary {
		return Summary{Grading: "quick", Shards: []string{fmt.Sprintf("%d/%d", i, n)}, Inputs: "abc", Complete: true,
			Files: 1, Thresholds: [3]float64{InaccuracyLoss, MistakeLoss, BlunderLoss}}
	}
	partial := shard(2, 2)
	partial.Complete = false
	other := shard(2, 2)
	other.Inputs = "xyz"
	negative := shard(2, 2)
	negative.GamesRead = -5
	won := shard(2, 2)
	won.Players = []*Player{newPlayer("a")}
	won.Players[0].Games, won.Players[0].GamesWon = 5, 99
	tests := []struct {
		name  string
		parts []Summary
		want  string
	}{
		{"whole", []Summary{shard(1, 2), shard(2, 2)}, ""},
		{"twice", []Summary{shard(1, 2), shard(1, 2)}, "given twice"},
		{"a gap", []Summary{shard(1, 3), shard(3, 3)}, "missing: 2/3"},
		{"partial", []Summary{shard(1, 2), partial}, "partial"},
		{"other inputs", []Summary{shard(1, 2), other}, "other inputs"},
		{"an empty object", []Summary{{}}, "no shard"},
		{"negative counts", []Summary{shard(1, 2), negative}, "games_read is -5"},
		{"more won than played", []Summary{shard(1, 2), won}, "players[0].games_won is 99, more than its games, 5"},
	}
	for _, tt := range tests {
		err := CheckMergeable(tt.parts, false)
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || !errors.Is(err, ErrSummary)) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
	if err := CheckMergeable([]Summary{shard(1, 2), partial}, true); err != nil {
		t.Errorf("partial allowed: %v", err)
	}
}

// TestReadSummariesText reads summaries as text files are found: with a
// byte-order mark, which is skipped, or as binary data, which is refused
// as such.
func TestReadSummariesText(t *testing.T) {
	s := asJSON(t, Summary{Grading: "quick", Shards: []string{"1/1"}, Complete: true})
	src := func(name, text string) Input {
		return Input{Name: name, Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(text)), nil }}
	}
	parts, err := ReadSummaries([]Input{src("bom.json", "\uFEFF"+s)})
	if err != nil || len(parts) != 1 || parts[0].Grading != "quick" {
		t.Errorf("a summary after a byte-order mark: %v, %+v", err, parts)
	}
	_, err = ReadSummaries([]Input{src("bin.json", "\x00\x01\xff{")})
	if err == nil || !strings.Contains(err.Error(), "bin.json: binary data") {
		t.Errorf("binary input: %v", err)
	}
}
