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
// one table. played holds, for each kind, the settings its games were
// played with (settingsOf); run is the run line of the file being read
// (runLine), nil before one. only, when set, names the kinds read: the
// outcome lines of the others are skipped.
type outcomes struct {
	won    map[string]map[int]float64
	played map[string]string
	run    map[string]string
	only   []string
}

// The bounds of what join reads.
const (
	// maxOutcomeLine bounds a line of a run's stderr.
	maxOutcomeLine = 4096
	// maxJoinBytes bounds a file.
	maxJoinBytes = 64 << 20
)

// runLine is the line a run prints first on stderr: what its outcomes
// depend on besides the game number, so that join refuses to mix games
// of one kind played with other settings.
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

// kindSettings names the settings of a run line that each kind's games
// depend on, besides the seed, on which every kind's do. The advisor's
// own games and the true hand's depend on no other: an own game of a run
// of a short chain is the same game as one of a run of a long chain.
var kindSettings = map[string][]string{
	"own":      nil,
	"true":     nil,
	"filter":   {"eps", "particles", "moves"},
	"fitted":   {"eps", "particles", "moves", "policy"},
	"scored":   {"scorer"},
	"chain":    {"burn", "steps", "hands", "eps"},
	"fitchain": {"burn", "steps", "hands", "eps", "policy"},
}

// parseRun reads a run line's settings, each a word and the word after
// it, and refuses a setting without a value or named twice.
func parseRun(text string) (map[string]string, error) {
	f := strings.Fields(text)[1:]
	if len(f)%2 != 0 {
		return nil, fmt.Errorf("%q: a setting without a value", clip(text))
	}
	run := map[string]string{}
	for i := 0; i < len(f); i += 2 {
		if _, ok := run[f[i]]; ok {
			return nil, fmt.Errorf("%q: %s named twice", clip(text), clip(f[i]))
		}
		run[f[i]] = f[i+1]
	}
	return run, nil
}

// settingsOf is what of run the games of kind depend on, in a fixed
// order, a setting run does not name left out; "" for no run line.
func settingsOf(kind string, run map[string]string) string {
	if run == nil {
		return ""
	}
	var b strings.Builder
	for _, name := range append([]string{"seed"}, kindSettings[kind]...) {
		if v, ok := run[name]; ok {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(name + " " + v)
		}
	}
	return b.String()
}

// read adds the outcome lines of r, named name in errors, and skips every
// other line. A game read twice must agree: runs that overlap played the
// same deal, and an outcome that differs is a different run. The games
// of a kind must all have been played with the same settings, as the run
// line before them names them; the lines of a file without one join as
// they are.
func (o *outcomes) read(r io.Reader, name string) error {
	o.run = nil
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1024), maxOutcomeLine)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		switch {
		case strings.HasPrefix(text, "run "):
			run, err := parseRun(text)
			if err != nil {
				return fmt.Errorf("%s:%d: %w", name, line, err)
			}
			o.run = run
		case strings.HasPrefix(text, "outcome "):
			kind, game, won, err := parseOutcome(text)
			if err != nil {
				return fmt.Errorf("%s:%d: %w", name, line, err)
			}
			if o.only != nil && !slices.Contains(o.only, kind) {
				continue
			}
			if err := o.add(kind, game, won); err != nil {
				return fmt.Errorf("%s:%d: %w", name, line, err)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s:%d: %w (a line over %d bytes)", name, line+1, err, maxOutcomeLine)
	}
	return nil
}

// add adds one game of kind, played with the settings of the run line
// read last.
func (o *outcomes) add(kind string, game int, won float64) error {
	if s := settingsOf(kind, o.run); s != "" {
		if was, ok := o.played[kind]; ok && was != s {
			return fmt.Errorf("%s game %d was played with %q, the %s games before it with %q", kind, game, clip(s), kind, clip(was))
		}
		if o.played == nil {
			o.played = map[string]string{}
		}
		o.played[kind] = s
	}
	if was, ok := o.won[kind][game]; ok && was != won {
		return fmt.Errorf("%s game %d won %g, and %g in an earlier line", kind, game, won, was)
	}
	if o.won == nil {
		o.won = map[string]map[int]float64{}
	}
	if o.won[kind] == nil {
		o.won[kind] = map[int]float64{}
	}
	o.won[kind][game] = won
	return nil
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
//
// only, when set, names the kinds to table; the others' lines are
// skipped, so that a run's games of one kind join another run's of the
// same kind played with other settings.
func joinFiles(names, only []string) error {
	if len(names) == 0 {
		return errors.New("-join: name one or more files of earlier runs' stderr")
	}
	o := outcomes{only: only}
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
	var played []string
	for _, k := range kinds {
		if s, ok := o.played[k]; ok {
			played = append(played, k+": "+s)
		}
	}
	if len(played) > 0 {
		fmt.Printf("The runs: %s.\n", strings.Join(played, "; "))
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
