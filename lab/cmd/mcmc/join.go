package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/ginadvisor/ginadvisor/engine"
)

// outcomes are the games each kind of worlds won, by game number of the
// seed's row, as runs print them on stderr ("outcome chain game 123 won
// 1"): runs that stopped part way, or played some kinds only, join into
// one table.
type outcomes map[string]map[int]float64

// maxOutcomeLine bounds a line of a run's stderr that join reads.
const maxOutcomeLine = 4096

// read adds the outcome lines of r, named name in errors, and skips every
// other line. A game read twice must agree: runs that overlap played the
// same deal, and an outcome that differs is a different run.
func (o outcomes) read(r io.Reader, name string) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1024), maxOutcomeLine)
	for line := 1; sc.Scan(); line++ {
		if !strings.HasPrefix(sc.Text(), "outcome ") {
			continue
		}
		var kind string
		var game int
		var won float64
		if n, err := fmt.Sscanf(sc.Text(), "outcome %s game %d won %g", &kind, &game, &won); err != nil || n != 3 {
			return fmt.Errorf("%s:%d: not an outcome line: %q", name, line, clip(sc.Text()))
		}
		if _, ok := titles[kind]; !ok || game < 1 || game > engine.MaxGames || (won != 0 && won != 1) {
			return fmt.Errorf("%s:%d: kind %q, game %d, won %g: want a kind of %s, a game from 1 to %d and 0 or 1", name, line, clip(kind), game, won, strings.Join(allKinds, ", "), engine.MaxGames)
		}
		if o[kind] == nil {
			o[kind] = map[int]float64{}
		}
		if was, ok := o[kind][game]; ok && was != won {
			return fmt.Errorf("%s:%d: %s game %d won %g, and %g in an earlier line", name, line, kind, game, won, was)
		}
		o[kind][game] = won
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// aligned returns, for the mirrored pairs every kind finished (games 2k+1
// and 2k+2 of the row), each kind's games in order, and the pairs' first
// games.
func (o outcomes) aligned(kinds []string) (map[string][]float64, []int) {
	var firsts []int
	for g := range o[kinds[0]] {
		if g%2 == 1 {
			firsts = append(firsts, g)
		}
	}
	slices.Sort(firsts)
	won := map[string][]float64{}
	var kept []int
	for _, g := range firsts {
		all := true
		for _, k := range kinds {
			_, a := o[k][g]
			_, b := o[k][g+1]
			all = all && a && b
		}
		if !all {
			continue
		}
		kept = append(kept, g)
		for _, k := range kinds {
			won[k] = append(won[k], o[k][g], o[k][g+1])
		}
	}
	return won, kept
}

// clip shortens text for an error message.
func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}

// joinFiles prints the table of the outcome lines of the files named,
// over the mirrored pairs that every kind in them finished.
func joinFiles(names []string) error {
	if len(names) == 0 {
		return fmt.Errorf("-join: name one or more files of earlier runs' stderr")
	}
	o := outcomes{}
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		err = o.read(io.LimitReader(f, maxJoinBytes), name)
		f.Close()
		if err != nil {
			return err
		}
	}
	var kinds []string
	for _, k := range allKinds {
		if len(o[k]) > 0 {
			kinds = append(kinds, k)
		}
	}
	if len(kinds) == 0 {
		return fmt.Errorf("-join: no outcome lines in %s", strings.Join(names, ", "))
	}
	won, firsts := o.aligned(kinds)
	if len(firsts) == 0 {
		return fmt.Errorf("-join: no mirrored pair that every kind (%s) finished", strings.Join(kinds, ", "))
	}
	fmt.Printf("The advisor against heuristic: %d mirrored eaai games of the row, the pairs every kind finished (games %s), the same deals for each.\n\n", 2*len(firsts), spans(firsts))
	table(kinds, won)
	return nil
}

// maxJoinBytes bounds what join reads of one file.
const maxJoinBytes = 64 << 20

// spans writes the games of the pairs that start at firsts (sorted) as
// runs: "1-178, 181-300".
func spans(firsts []int) string {
	var b strings.Builder
	for i := 0; i < len(firsts); {
		j := i
		for j+1 < len(firsts) && firsts[j+1] == firsts[j]+2 {
			j++
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d-%d", firsts[i], firsts[j]+1)
		i = j + 1
	}
	return b.String()
}
