package main

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/lab/worlds"
)

// outcomes are the games each kind of worlds won, by game number of the
// seed's row, as runs print them on stderr ("outcome chain game 123 won
// 1"): runs that stopped part way, or played some kinds only, join into
// one table. run is the run line the runs printed (runLine), "" before
// any.
type outcomes struct {
	won map[string]map[int]float64
	run string
}

// The bounds of what join reads.
const (
	// maxOutcomeLine bounds a line of a run's stderr.
	maxOutcomeLine = 4096
	// maxJoinBytes bounds a file.
	maxJoinBytes = 64 << 20
)

// runLine is the line a run prints first on stderr: what its outcomes
// depend on besides the game number, so that join refuses to mix runs of
// other seeds or chains.
func runLine(c config) string {
	m := c.chain
	line := fmt.Sprintf("run seed %d burn %d steps %d hands %d eps %g", c.seed, m.Burn, m.Steps, m.Hands, m.Eps)
	// The filter's size is named only when it is not the default, so
	// that runs from before the filter join runs of it.
	n, moves := cmp.Or(c.filter.Particles, worlds.DefaultParticles), cmp.Or(c.filter.Moves, worlds.DefaultMoves)
	if n != worlds.DefaultParticles || moves != worlds.DefaultMoves {
		line += fmt.Sprintf(" particles %d moves %d", n, moves)
	}
	if len(c.policies) > 0 {
		line += fmt.Sprintf(" policy %016x", c.policyHash)
	}
	if c.scorer != nil {
		line += fmt.Sprintf(" scorer %016x", c.scorerHash)
	}
	return line
}

// read adds the outcome lines of r, named name in errors, and skips every
// other line. A game read twice must agree: runs that overlap played the
// same deal, and an outcome that differs is a different run. A run line
// must agree with those read before it; files of runs that printed none
// join as they are.
func (o *outcomes) read(r io.Reader, name string) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1024), maxOutcomeLine)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		switch {
		case strings.HasPrefix(text, "run "):
			joined, ok := joinRuns(o.run, text)
			if !ok {
				return fmt.Errorf("%s:%d: %q is another run than %q", name, line, clip(text), clip(o.run))
			}
			o.run = joined
		case strings.HasPrefix(text, "outcome "):
			kind, game, won, err := parseOutcome(text)
			if err != nil {
				return fmt.Errorf("%s:%d: %w", name, line, err)
			}
			if was, ok := o.won[kind][game]; ok && was != won {
				return fmt.Errorf("%s:%d: %s game %d won %g, and %g in an earlier line", name, line, kind, game, won, was)
			}
			if o.won == nil {
				o.won = map[string]map[int]float64{}
			}
			if o.won[kind] == nil {
				o.won[kind] = map[int]float64{}
			}
			o.won[kind][game] = won
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s:%d: %w (a line over %d bytes)", name, line+1, err, maxOutcomeLine)
	}
	return nil
}

// joinRuns joins two run lines: they agree when every setting both name
// (a word and the word after it) has the same value, for a setting one
// names alone, such as the policy of kind fitted, matters to no outcome
// of the other. The joined line names every setting of both, a's first.
// An empty a joins anything; a line of an odd number of words is a
// setting without a value, which agrees with no other line.
func joinRuns(a, b string) (string, bool) {
	if a == "" {
		return b, true
	}
	fa, fb := strings.Fields(a)[1:], strings.Fields(b)[1:]
	if len(fa)%2 != 0 || len(fb)%2 != 0 {
		return a, a == b
	}
	value := map[string]string{}
	for i := 0; i < len(fa); i += 2 {
		value[fa[i]] = fa[i+1]
	}
	joined := slices.Clone(fa)
	for i := 0; i < len(fb); i += 2 {
		v, ok := value[fb[i]]
		switch {
		case !ok:
			value[fb[i]] = fb[i+1]
			joined = append(joined, fb[i], fb[i+1])
		case v != fb[i+1]:
			return a, false
		}
	}
	return "run " + strings.Join(joined, " "), true
}

// errOutcome says a line that starts as an outcome line is not one.
var errOutcome = errors.New("not an outcome line")

// parseOutcome reads "outcome KIND game N won W": a known kind, a game
// from 1 to engine.MaxGames in plain digits, and W 0 or 1.
func parseOutcome(text string) (kind string, game int, won float64, err error) {
	f := strings.Fields(text)
	if len(f) != 6 || f[0] != "outcome" || f[2] != "game" || f[4] != "won" {
		return "", 0, 0, fmt.Errorf("%w: %q, want \"outcome KIND game N won 0|1\"", errOutcome, clip(text))
	}
	kind = f[1]
	if _, ok := titles[kind]; !ok {
		return "", 0, 0, fmt.Errorf("%w: kind %q, want one of %s", errOutcome, clip(kind), strings.Join(kindOrder, ", "))
	}
	game, err = strconv.Atoi(f[3])
	if err != nil || game < 1 || game > engine.MaxGames || f[3][0] == '+' {
		return "", 0, 0, fmt.Errorf("%w: game %q, want a number from 1 to %d", errOutcome, clip(f[3]), engine.MaxGames)
	}
	switch f[5] {
	case "0":
		return kind, game, 0, nil
	case "1":
		return kind, game, 1, nil
	}
	return "", 0, 0, fmt.Errorf("%w: won %q, want 0 or 1", errOutcome, clip(f[5]))
}

// aligned returns, for the mirrored pairs every kind finished (games 2k+1
// and 2k+2 of the row), each kind's games in order, and the pairs' first
// games.
func (o *outcomes) aligned(kinds []string) (map[string][]float64, []int) {
	var firsts []int
	for g := range o.won[kinds[0]] {
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
			_, a := o.won[k][g]
			_, b := o.won[k][g+1]
			all = all && a && b
		}
		if !all {
			continue
		}
		kept = append(kept, g)
		for _, k := range kinds {
			won[k] = append(won[k], o.won[k][g], o.won[k][g+1])
		}
	}
	return won, kept
}

// joinFiles prints the table of the outcome lines of the files named,
// over the mirrored pairs that every kind in them finished.
func joinFiles(names []string) error {
	if len(names) == 0 {
		return errors.New("-join: name one or more files of earlier runs' stderr")
	}
	var o outcomes
	for _, name := range names {
		if err := o.readFile(name); err != nil {
			return err
		}
	}
	var kinds []string
	for _, k := range kindOrder {
		if len(o.won[k]) > 0 {
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
	fmt.Printf("The advisor against heuristic: %d mirrored eaai games of the row, the pairs every kind finished (games %s), the same deals for each.\n", 2*len(firsts), spans(firsts))
	if o.run != "" {
		fmt.Printf("The runs: %s.\n", strings.TrimPrefix(o.run, "run "))
	}
	fmt.Println()
	table(kinds, won)
	return nil
}

// readFile reads the file named, refusing one over maxJoinBytes.
func (o *outcomes) readFile(name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	lr := &io.LimitedReader{R: f, N: maxJoinBytes + 1}
	if err := o.read(lr, name); err != nil {
		return err
	}
	if lr.N == 0 {
		return fmt.Errorf("%s: over %d bytes, more than a run's stderr", name, maxJoinBytes)
	}
	return nil
}

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

// clip shortens text for an error message.
func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}
