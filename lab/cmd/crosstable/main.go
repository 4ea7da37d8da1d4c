// Command crosstable plays a mirrored round robin between players and
// prints the cross-table in Markdown, for the documentation: each cell is
// the row player's win rate against the column player, with the paired
// 95% interval. A player is a spec of the lab's registry (lab/registry):
// a built-in player, with options, or a lab variant such as
// advisor,filter=off, the advisor before its particle filter.
//
//	go run ./lab/cmd/crosstable -games 2000 -rules eaai simple heuristic cautious
//
// With -against NAME, only the pairings of that player with each of the
// others are played, and the table has its row and column alone filled:
// what a new player's row costs without replaying the rest.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/lab/registry"
	"github.com/ginadvisor/ginadvisor/rules"
)

func main() {
	games := flag.Int("games", 2000, "games a pairing, even (mirrored pairs)")
	preset := flag.String("rules", "eaai", "the rules spec")
	seed := flag.Uint64("seed", 1, "the seed")
	against := flag.String("against", "", "play only this player's pairings (it must be among the names)")
	flag.Parse()
	if err := run(*games, *preset, *seed, *against, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "crosstable:", err)
		os.Exit(1)
	}
}

func run(games int, spec string, seed uint64, against string, names []string) error {
	r, err := rules.ParseSpec(spec)
	if err != nil {
		return err
	}
	if len(names) < 2 {
		return fmt.Errorf("name two players or more, of: %s", strings.Join(registry.Names(), ", "))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cells := map[[2]int]string{}
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			if against != "" && names[i] != against && names[j] != against {
				continue
			}
			var makers [2]bot.NewPlayerFunc
			for k, n := range []string{names[i], names[j]} {
				newPlayer, err := registry.LookupWith(n)
				if err != nil {
					return err
				}
				makers[k] = newPlayer
			}
			s, err := engine.Simulate(ctx, engine.SimOptions{Rules: r, Players: makers, Names: [2]string{names[i], names[j]}, Games: games, Seed: seed, Mirrored: true})
			if err != nil {
				return err
			}
			for k, at := range [][2]int{{i, j}, {j, i}} {
				p := s.Players[k]
				ci := p.WinRatePairedCI95
				cells[at] = fmt.Sprintf("%.1f [%.1f, %.1f]", 100*p.WinRate, 100*ci[0], 100*ci[1])
			}
			fmt.Fprintf(os.Stderr, "%s against %s: %s, %d games\n", names[i], names[j], cells[[2]int{i, j}], s.Games)
		}
	}
	fmt.Printf("| wins %% (paired 95%%) | %s |\n|---|%s\n", strings.Join(names, " | "), strings.Repeat("---|", len(names)))
	for i, n := range names {
		row := []string{n}
		for j := range names {
			c, ok := cells[[2]int{i, j}]
			if !ok {
				c = "-"
			}
			row = append(row, c)
		}
		fmt.Printf("| %s |\n", strings.Join(row, " | "))
	}
	return nil
}
