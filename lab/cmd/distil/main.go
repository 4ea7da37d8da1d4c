// Command distil distils the advisor at a high budget into the lab's
// ranking model of the moves (lab/rank).
//
// "distil verdicts" reads game logs, and for every decision of the
// seats it may see whole (every few, with -every) asks the advisor at
// -samples worlds a candidate, seeded from the position, for its verdict
// on each candidate; it writes one verdict a line (rank.WriteVerdict) to
// standard output. "distil fit" reads verdicts, fits the model on all but
// every fourth (the held-out quarter), prints the equity each pick loses
// against the best measured move, the model's and the heuristic's, on
// both parts, and writes the model as JSON to -out, a new file (it never
// writes over one). "distil imitate" fits the model to one player's own
// moves in game logs instead: a fitted policy of its style, for the
// reading (imitate.go).
//
//	go run ./lab/cmd/distil verdicts -samples 4096 -every 3 games.log > verdicts.tsv
//	go run ./lab/cmd/distil fit -prune 6 -out model.json verdicts.tsv
//	go run ./lab/cmd/distil imitate -player heuristic -out style.json games.log
//
// It exits 1 on an error, 2 on bad usage.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"os/signal"
	"slices"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/lab/fitfile"
	"github.com/ginadvisor/ginadvisor/lab/rank"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/stats"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: distil verdicts|fit|regret|imitate [flags] FILE...")
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var err error
	switch os.Args[1] {
	case "verdicts":
		err = verdicts(ctx, os.Args[2:], os.Stdout)
	case "fit":
		err = fit(os.Args[2:], os.Stdout)
	case "regret":
		err = regret(ctx, os.Args[2:], os.Stdout)
	case "imitate":
		err = imitate(os.Args[2:], os.Stdout)
	default:
		fmt.Fprintf(os.Stderr, "distil: unknown command %q: verdicts, fit, regret or imitate\n", os.Args[1])
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "distil:", err)
		os.Exit(1)
	}
}

// verdicts writes the advisor's verdicts on the decisions of the logs.
func verdicts(ctx context.Context, args []string, w io.Writer) error {
	fs := flag.NewFlagSet("verdicts", flag.ContinueOnError)
	samples := fs.Int("samples", 4096, "worlds a candidate")
	every := fs.Int("every", 1, "ask every Nth decision")
	knocks := fs.Bool("knocks", false, "ask only the knock decisions")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *samples < 1 || *samples > 100_000 || *every < 1 {
		return fmt.Errorf("-samples %d, -every %d: need 1 to 100,000 worlds and every 1 or more", *samples, *every)
	}
	n := 0
	for _, name := range fs.Args() {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		games, err := gamelog.ReadLog(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		for _, g := range games {
			var werr error
			err := g.Replay(func(d *gamelog.Decision) bool {
				if d.Partial || len(d.Position.Legal(nil)) < 2 || *knocks && d.Position.Phase() != game.KnockPhase {
					return true
				}
				if n++; n%*every != 0 {
					return true
				}
				v, err := verdict(ctx, &d.Position, *samples)
				if err == nil {
					err = rank.WriteVerdict(w, v)
				}
				werr = err
				return err == nil && ctx.Err() == nil
			})
			if err := errors.Join(werr, err, ctx.Err()); err != nil {
				return fmt.Errorf("%s: game %d: %w", name, g.Number, err)
			}
		}
	}
	return nil
}

// verdict asks the advisor at samples worlds a candidate, seeded from the
// position's text, so that a decision's verdict is the same in any file.
func verdict(ctx context.Context, p *game.Position, samples int) (*rank.Verdict, error) {
	a, err := analyze.Advise(ctx, p, analyze.Options{Samples: samples, Workers: 1, MovesOnly: true, Seed: verdictSeed(p)})
	if err != nil {
		return nil, err
	}
	v := &rank.Verdict{Position: *p}
	for _, c := range a.Candidates {
		v.Moves = append(v.Moves, c.Move)
		v.Equity = append(v.Equity, c.Equity)
		v.SE = append(v.SE, c.EquitySE)
	}
	return v, nil
}

// verdictSeed is a verdict's seed: the FNV-1a hash of the position's
// record. It is not analyze.SeedOf, whose hash covers more, because
// rank-v1's verdicts were drawn with it; regret plays the advisor at the
// seed after it, apart from the verdict's worlds.
func verdictSeed(p *game.Position) uint64 {
	text, _ := position.FormatHistory(p)
	h := fnv.New64a()
	h.Write([]byte(text))
	return h.Sum64()
}

// regret plays the advisor at -samples worlds on the held-out quarter of
// the verdicts, and prints what its pick loses against the verdict's best
// move: with its own baseline and, with -model, with the model's, and the
// paired difference. -adaptive plays the search a game clock plays: every
// candidate in every chunk, stopped once the best is clear.
func regret(ctx context.Context, args []string, w io.Writer) error {
	fs := flag.NewFlagSet("regret", flag.ContinueOnError)
	model := fs.String("model", "", "the model's JSON file")
	samples := fs.Int("samples", 256, "the advisor's worlds a candidate")
	adaptive := fs.Bool("adaptive", false, "stop once the best move is clear, as under a clock")
	limit := fs.Duration("time", 0, "search each decision for this long, as under a clock (worlds then cap it)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	sources := []analyze.WorldSource{nil}
	if *model != "" {
		data, err := os.ReadFile(*model)
		if err != nil {
			return err
		}
		m, err := rank.ReadModel(data)
		if err != nil {
			return err
		}
		sources = append(sources, rank.Source{Model: m})
	}
	all, err := readVerdicts(fs.Args())
	if err != nil {
		return err
	}
	lost := make([]stats.Mean, len(sources))
	var diffs stats.Mean
	for i := 3; i < len(all); i += 4 {
		v := &all[i]
		best := slices.Max(v.Equity)
		lostHere := make([]float64, len(sources))
		for k, src := range sources {
			a, err := analyze.Search{Worlds: src}.Advise(ctx, &v.Position, analyze.Options{Samples: *samples, Adaptive: *adaptive, Time: *limit, Workers: 1, MovesOnly: true, Seed: verdictSeed(&v.Position) + 1})
			if err != nil {
				return err
			}
			j := slices.IndexFunc(v.Moves, func(mv game.Move) bool { return mv.String() == a.Best().String() })
			if j < 0 {
				return fmt.Errorf("the advisor's %v is not among the verdict's moves", a.Best())
			}
			lostHere[k] = best - v.Equity[j]
			lost[k].Add(lostHere[k])
		}
		if len(sources) == 2 {
			diffs.Add(lostHere[1] - lostHere[0])
		}
	}
	fmt.Fprintf(w, "the advisor at %d worlds (adaptive %v, time %v) on %d held-out decisions: its own baseline loses %.3f%% ± %.3f", *samples, *adaptive, *limit, lost[0].N(), 100*lost[0].Mean(), 100*lost[0].SE())
	if len(sources) == 2 {
		fmt.Fprintf(w, ", the model's %.3f%%, difference %+.3f ± %.3f points", 100*lost[1].Mean(), 100*diffs.Mean(), 100*diffs.SE())
	}
	fmt.Fprintln(w)
	return nil
}

func readVerdicts(names []string) ([]rank.Verdict, error) {
	var all []rank.Verdict
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		vs, err := rank.ReadVerdicts(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		all = append(all, vs...)
	}
	return all, nil
}

// fit fits the model and reports its regrets.
func fit(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("fit", flag.ContinueOnError)
	out := fs.String("out", "", "write the model here (a new file)")
	prune := fs.Float64("prune", 0, "leave out candidates this far below the best score")
	temp := fs.Float64("temp", 0, "the target's equity a unit of log-odds (0: 0.01)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	all, err := readVerdicts(fs.Args())
	if err != nil {
		return err
	}
	train, test := fitfile.Holdout(all)
	m := rank.Fit(train, rank.FitOptions{Temp: *temp})
	m.Prune = *prune
	for _, part := range []struct {
		name string
		vs   []rank.Verdict
	}{{"fitted on", train}, {"held out", test}} {
		r := m.Regrets(part.vs)
		fmt.Fprintf(w, "%s: %d decisions; equity lost against the best measured: model %.3f%%, heuristic %.3f%%, difference %+.3f ± %.3f points; best picked: model %.1f%%, heuristic %.1f%%; pruned %.2f a decision, the best among them %.2f%%\n",
			part.name, r.N, 100*r.Model, 100*r.Heuristic, 100*r.Diff, 100*r.DiffSE, 100*r.ModelBest, 100*r.HeuristicBest, r.Pruned, 100*r.PrunedBest)
	}
	for g := range m.W {
		var mine []rank.Verdict
		for _, v := range test {
			if k, ok := rank.GroupOf(&v.Position); ok && int(k) == g {
				mine = append(mine, v)
			}
		}
		r := m.Regrets(mine)
		fmt.Fprintf(w, "held out, %s: %d decisions; lost: model %.3f%%, heuristic %.3f%%, difference %+.3f ± %.3f points\n",
			rank.FeatureName(g, 1), r.N, 100*r.Model, 100*r.Heuristic, 100*r.Diff, 100*r.DiffSE)
	}
	for g, ws := range m.W {
		fmt.Fprintf(w, "group %d:", g)
		for k, x := range ws {
			fmt.Fprintf(w, " %s=%.3f", rank.FeatureName(g, k), x)
		}
		fmt.Fprintln(w)
	}
	if *out == "" {
		return nil
	}
	return fitfile.WriteNew(*out, m)
}
