// Command gradestability measures how stable batch's grades are: it
// grades the same inputs with several seeds, on one worker, and prints
// the share of decisions given two different confident classes, the share
// of grades "uncertain", the mean worlds a grade spent and the decisions
// graded a CPU-second (docs/batch.md, "A grade's noise").
//
//	go run ./lab/cmd/gradestability testdata/eaai/*.txt testdata/openspiel/*.jsonl
package main

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/ginadvisor/ginadvisor/batch"
	"github.com/ginadvisor/ginadvisor/internal/proccpu"
)

func main() {
	seeds := flag.String("seeds", "1,2,3", "the batch seeds, comma-separated")
	samples := flag.Int("samples", 0, "the grade's cap of worlds (0: batch's default)")
	flag.Parse()
	if err := run(flag.Args(), *seeds, *samples); err != nil {
		fmt.Fprintln(os.Stderr, "gradestability:", err)
		os.Exit(1)
	}
}

// grade is what one seed said of one decision.
type grade struct {
	class    string
	worlds   int
	lost, se float64
}

func run(files []string, seedList string, samples int) error {
	ins, err := batch.ExpandInputs(files, os.Stdin)
	if err != nil {
		return err
	}
	var runs []map[string]grade
	var cpu time.Duration
	decisions := 0
	for _, f := range strings.Split(seedList, ",") {
		seed, err := strconv.ParseUint(f, 10, 64)
		if err != nil {
			return fmt.Errorf("seed %q: %w", f, err)
		}
		rows := map[string]grade{}
		o := batch.Options{Samples: samples, Seed: seed, Workers: 1, OnDecision: func(d *batch.Graded) error {
			key := fmt.Sprintf("%s/%d/%d/%d/%d/%d/%d/%s", d.File, d.Game, d.Hand, d.Line, d.Seat, d.Turn, d.Stock, d.Move)
			rows[key] = grade{d.Class, d.Samples, d.EquityLost, d.EquityLostSE}
			return nil
		}}
		before := cpuTime()
		if _, err := batch.Run(context.Background(), ins, o); err != nil {
			return err
		}
		cpu += cpuTime() - before
		decisions += len(rows)
		runs = append(runs, rows)
	}
	report(runs, decisions, cpu)
	return nil
}

// report prints the figures over the decisions every seed graded.
func report(runs []map[string]grade, decisions int, cpu time.Duration) {
	var both, uncertain, rows, worlds, n, pairs, apart int
	for key := range runs[0] {
		p, a := seedsApart(runs, key)
		pairs, apart = pairs+p, apart+a
		confident := map[string]bool{}
		seen := 0
		for _, r := range runs {
			g, ok := r[key]
			if !ok {
				continue
			}
			seen++
			rows++
			worlds += g.worlds
			if g.class == "uncertain" {
				uncertain++
			} else {
				confident[g.class] = true
			}
		}
		if seen == len(runs) {
			n++
			if len(confident) > 1 {
				both++
			}
		}
	}
	fmt.Printf("%d decisions, %d seeds\n", n, len(runs))
	fmt.Printf("two different confident classes: %d (%.2f%%)\n", both, 100*float64(both)/float64(max(n, 1)))
	fmt.Printf("uncertain grades: %d of %d (%.2f%%)\n", uncertain, rows, 100*float64(uncertain)/float64(max(rows, 1)))
	fmt.Printf("pairs of seeds more than 3 combined SE apart: %d of %d with noise (%.2f%%)\n", apart, pairs, 100*float64(apart)/float64(max(pairs, 1)))
	fmt.Printf("mean worlds a grade: %.0f\n", float64(worlds)/float64(max(rows, 1)))
	fmt.Printf("decisions graded a CPU-second: %.0f (%d in %.1f s)\n", float64(decisions)/cpu.Seconds(), decisions, cpu.Seconds())
}

// seedsApart counts, for one decision, the pairs of seeds whose grades
// have noise (a standard error above 0 in either), and of them those whose
// losses lie more than 3 combined standard errors apart: with a right
// error, about 0.3% of them.
func seedsApart(runs []map[string]grade, key string) (pairs, apart int) {
	for i := range runs {
		for j := i + 1; j < len(runs); j++ {
			a, ok1 := runs[i][key]
			b, ok2 := runs[j][key]
			se := math.Hypot(a.se, b.se)
			if !ok1 || !ok2 || se == 0 {
				continue
			}
			pairs++
			if math.Abs(a.lost-b.lost) > 3*se {
				apart++
			}
		}
	}
	return pairs, apart
}

// cpuTime is the CPU the process has used, user and system; 0 where the
// system does not tell it.
func cpuTime() time.Duration {
	d, _ := proccpu.Used()
	return d
}
