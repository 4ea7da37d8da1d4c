// Command accuracyfit fits batch's player accuracy to simulated games:
// from `batch --json` summaries, the first of games of the advisor, the
// second of games of the random player (each against simple), it fits
// the floor and the scale of lichess's curve so that the advisor scores
// 100 and random 0, and prints the constants and the calibration table of
// every player of every summary given, as docs/batch.md shows them.
//
//	go run ./lab/cmd/accuracyfit adv.json rnd.json small.json heur.json
package main

import (
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/ginadvisor/ginadvisor/batch"
)

// totals are one player's decisions and equity lost, over the summaries.
type totals struct {
	decisions int
	lostMicro int64
}

func (t totals) mean() float64 {
	return float64(t.lostMicro) / 1e6 / float64(max(1, t.decisions))
}

func main() {
	advisor := flag.String("advisor", "advisor", "the player of the first summary that scores 100")
	random := flag.String("random", "random", "the player of the second summary that scores 0")
	flag.Parse()
	if err := run(flag.Args(), *advisor, *random); err != nil {
		fmt.Fprintln(os.Stderr, "accuracyfit:", err)
		os.Exit(1)
	}
}

// row is one player of one summary.
type row struct {
	file, name string
	totals
}

func run(files []string, advisor, random string) error {
	if len(files) < 2 {
		return fmt.Errorf("give the summary of the advisor's games, then of random's, then any more")
	}
	var rows []row
	grading := ""
	for _, f := range files {
		s, err := read(f)
		if err != nil {
			return err
		}
		if grading != "" && s.Grading != grading {
			return fmt.Errorf("%s is graded %s, the others %s", f, s.Grading, grading)
		}
		grading = s.Grading
		for _, p := range s.Players {
			rows = append(rows, row{filepath.Base(f), p.Name, totals{p.Decisions, p.LostMicro}})
		}
	}
	find := func(file, name string) (totals, bool) {
		for _, r := range rows {
			if r.file == filepath.Base(file) && r.name == name && r.decisions > 0 {
				return r.totals, true
			}
		}
		return totals{}, false
	}
	a, ok1 := find(files[0], advisor)
	r, ok2 := find(files[1], random)
	if !ok1 || !ok2 || r.mean() <= a.mean() {
		return fmt.Errorf("need decisions of %s in %s and of %s in %s, %s losing more", advisor, files[0], random, files[1], random)
	}
	fit := batch.FitAccuracy(a.mean(), r.mean())
	fmt.Printf("grading %s: floor %.5f (%.3f%% a decision), scale %.3f\n\n", grading, fit.Floor, 100*fit.Floor, fit.Scale)
	fmt.Println("| games | player | decisions | equity lost a decision | accuracy | lichess's move accuracy, averaged |")
	fmt.Println("| --- | --- | ---: | ---: | ---: | ---: |")
	slices.SortStableFunc(rows, func(x, y row) int { return cmp.Compare(x.mean(), y.mean()) })
	for _, t := range rows {
		fmt.Printf("| %s | %s | %d | %.3f%% | %.1f | %.1f |\n", t.file, t.name, t.decisions, 100*t.mean(), fit.Of(t.mean()), batch.Accuracy(t.mean()))
	}
	return nil
}

func read(path string) (batch.Summary, error) {
	var s batch.Summary
	data, err := os.ReadFile(path)
	if err != nil {
		return s, err
	}
	if err := json.Unmarshal(data, &s); err != nil {
		return s, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}
