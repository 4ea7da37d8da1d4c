package batch

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/internal/testgames"
)

// hiddenSeat is the sample log's first game as p1 would keep it, who
// does not see p2's deal or stock draws: p2's decisions are partial.
func hiddenSeat(t *testing.T) Input {
	t.Helper()
	f, err := os.Open("../testdata/sample.log")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := gamelog.ReadLog(f)
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	testgames.HideSecondSeat(g)
	var b strings.Builder
	if err := gamelog.WriteLog(&b, []*gamelog.Game{g}); err != nil {
		t.Fatal(err)
	}
	return textInput("hidden.log", b.String())
}

// TestCountIsWhatRunGrades checks Count against a quick run of the same
// inputs, damaged games and shards included: the decisions Run passes on
// one by one, and the games it analyses.
func TestCountIsWhatRunGrades(t *testing.T) {
	ins := fileInputs(t, append([]string{
		"../testdata/eaai/damaged/truncated.txt",
		"../testdata/eaai/damaged/missing-draw.txt",
	}, samples...)...)
	ins = append(ins, textInput("binary.bin", "\x00\x01\x02gin"), openSpielHands(t, 3), hiddenSeat(t))
	for _, shards := range []int{1, 3} {
		for shard := range shards {
			o := Options{Quick: true, Shard: shard, Shards: shards}
			got, err := Count(context.Background(), ins, o)
			if err != nil {
				t.Fatal(err)
			}
			streamed := 0
			o.OnDecision = func(*Graded) error { streamed++; return nil }
			s := run(t, ins, o)
			want := Size{Games: s.GamesAnalyzed, Decisions: streamed}
			if got != want || s.Decisions != streamed || got.Decisions == 0 || shards == 1 && s.Ungraded == 0 {
				t.Errorf("shard %d/%d: counted %+v, the run graded %+v (summary %d)", shard+1, shards, got, want, s.Decisions)
			}
		}
	}
}

// TestCountStopsWithItsContext checks a cancelled count says so.
func TestCountStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Count(ctx, fileInputs(t, samples...), Options{}); err == nil {
		t.Error("a cancelled count did not fail")
	}
}
