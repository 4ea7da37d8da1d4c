// Command labengine is ginadvisor's engine (the protocol of
// docs/protocol.md) with a lab experiment plugged into the advisor's
// seam, so that the arena plays it against the product's engine:
//
//	go build -o labengine ./lab/cmd/labengine
//	ginadvisor match --p1 'engine:./labengine -rank model.json' \
//	  --p2 'engine:ginadvisor engine' --sprt 'elo0=0 elo1=14' ...
//
// With -rank FILE the search's baseline and candidates are the ranking
// model's (lab/rank, as distil fit writes it). With -styles FILE,... the
// worlds are drawn from the resample-move particle filter
// (worlds.ResampleMove) replaying the opponent's play as a mixture of
// the styles fitted by distil imitate; with -chain N as well, from the
// tempered chain (worlds.MCMC) at N steps a decision replaying that
// mixture, and with -chain N alone, replaying heuristic's own code;
// under a clock the chain takes no more than half of each decision's
// time (worlds.MCMC's Share), the search the rest. With -scorer FILE
// the worlds are the advisor's own pool weighed by a scorer of whole
// hands (worlds.Scored, as lab/cmd/handscore writes it). With no flag it
// is the product's engine. With -slow D it tells on stderr of any
// decision unanswered after D, with its hand and what the engine is
// doing (the arena's --stderr keeps it). It exits 1 on an error, 2 on bad usage.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/lab/rank"
	"github.com/ginadvisor/ginadvisor/lab/worlds"
	"github.com/ginadvisor/ginadvisor/protocol"
)

func main() {
	model := flag.String("rank", "", "the ranking model's JSON file")
	styles := flag.String("styles", "", "styles of play fitted by distil imitate (JSON files, comma-separated) for the resample-move filter")
	scorer := flag.String("scorer", "", "a scorer of whole hands fitted by lab/cmd/handscore (JSON)")
	slow := flag.Duration("slow", 0, "tell on stderr of any decision still unanswered after this long, with its hand and the goroutines' stacks (0: never)")
	chain := flag.Int("chain", 0, "draw the worlds from the tempered chain at this many steps a decision (and as many before a hand's first), replaying -styles or heuristic's own code")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, usage)
		os.Exit(2)
	}
	var in io.Reader = os.Stdin
	var out io.Writer = os.Stdout
	if *slow > 0 {
		wt := &watch{bound: *slow, log: os.Stderr}
		in, out = wt.input(in), wt.output(out)
	}
	e := protocol.New(out, "ginadvisor-lab")
	w, err := experiment(*model, *styles, *scorer, *chain)
	switch {
	case errors.Is(err, errUsage):
		fmt.Fprintln(os.Stderr, usage)
		os.Exit(2)
	case err != nil:
		fmt.Fprintln(os.Stderr, "labengine:", err)
		os.Exit(1)
	case w != nil:
		e.SetWorlds(w)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := e.Serve(ctx, in); err != nil {
		fmt.Fprintln(os.Stderr, "labengine:", err)
		os.Exit(1)
	}
}

const usage = "usage: labengine [-slow D] [-rank FILE | [-chain STEPS] [-styles FILE,...] | -scorer FILE]"

// errUsage is the error of more than one experiment asked for.
var errUsage = errors.New("one experiment at most")

// maxChainSteps bounds -chain.
const maxChainSteps = 10_000_000

// experiment returns the world source of the experiment the flags name,
// read from its files: the ranking model's, the fitted styles' or the
// scorer's; nil for none, the product's engine. chain, above 0, draws
// the worlds from the chain at that many steps instead of the filter.
func experiment(model, styles, scorer string, chain int) (analyze.WorldSource, error) {
	set := 0
	for _, f := range []string{model, styles, scorer} {
		if f != "" {
			set++
		}
	}
	switch {
	case set > 1 || chain > 0 && (model != "" || scorer != ""):
		return nil, errUsage
	case chain < 0 || chain > maxChainSteps:
		return nil, fmt.Errorf("-chain %d: need from 1 to %d steps a decision", chain, maxChainSteps)
	case chain > 0:
		m := &worlds.MCMC{Burn: chain, Steps: chain}
		var err error
		m.Styles, err = worlds.ReadStyles(styles)
		return m, err
	case model != "":
		m, _, err := rank.ReadModelFile(model)
		if err != nil {
			return nil, err
		}
		return rank.Source{Model: m}, nil
	case styles != "":
		f := &worlds.ResampleMove{}
		var err error
		f.Styles, err = worlds.ReadStyles(styles)
		return f, err
	case scorer != "":
		s, _, err := worlds.ReadHandScorerFile(scorer)
		if err != nil {
			return nil, err
		}
		return worlds.Scored{Scorer: s}, nil
	}
	return nil, nil
}
