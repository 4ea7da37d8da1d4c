package batch

import (
	"bytes"
	"context"
	"io"
	"testing"

	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/importer"
	"github.com/ginadvisor/ginadvisor/internal/testgames"
	"github.com/ginadvisor/ginadvisor/rules"
)

// simulatedLog plays eaai games of the heuristic against simple and
// returns them as a game log and as EAAI transcripts.
func simulatedLog(b testing.TB, games int) (log []byte, transcripts [][]byte) {
	b.Helper()
	var buf bytes.Buffer
	lw := gamelog.NewWriter(&buf)
	for _, lg := range testgames.PlayBetween(b, rules.Presets()["eaai"], "heuristic", "simple", games, 77) {
		var t bytes.Buffer
		if err := importer.WriteEAAI(&t, lg); err != nil {
			b.Fatal(err)
		}
		transcripts = append(transcripts, t.Bytes())
		if err := lw.Write(lg); err != nil {
			b.Fatal(err)
		}
	}
	return buf.Bytes(), transcripts
}

func benchBatch(b *testing.B, games int, o Options) {
	log, _ := simulatedLog(b, games)
	in := []Input{{Name: "bench.log", Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(log)), nil }}}
	b.ResetTimer()
	decisions := 0
	for i := 0; i < b.N; i++ {
		s, err := Run(context.Background(), in, o)
		if err != nil {
			b.Fatal(err)
		}
		decisions += s.Decisions
	}
	b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(decisions), "ns/decision")
}

// BenchmarkBatchQuick grades 200 games by deadwood and outs on every core,
// reading and replaying the log included. Target: 100,000 decisions/s on
// 2 cores.
func BenchmarkBatchQuick(b *testing.B) { benchBatch(b, 200, Options{Quick: true}) }

// BenchmarkBatchAdvisor grades 4 games with the advisor at the default
// budget on every core. Target: 200 decisions/s on 2 cores.
func BenchmarkBatchAdvisor(b *testing.B) { benchBatch(b, 4, Options{Seed: 1}) }

// BenchmarkConvertEAAI reads EAAI transcripts and replays them, as
// `convert` does, one transcript an op. Target: 10,000 in under a minute.
func BenchmarkConvertEAAI(b *testing.B) {
	_, ts := simulatedLog(b, 100)
	b.ResetTimer()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		t := ts[i%len(ts)]
		games, errs := importer.ReadEAAI(bytes.NewReader(t), "t.txt", [2]string{"a", "b"})
		if len(errs) > 0 || len(games) != 1 {
			b.Fatal(errs)
		}
		var out bytes.Buffer
		if err := gamelog.NewWriter(&out).Write(games[0]); err != nil {
			b.Fatal(err)
		}
	}
}
