// Command ceiling measures what a perfect reading of the opponent's hand
// would be worth to the advisor, by kind of decision: it plays the
// advisor, told the opponent's true hidden cards at its decisions of one
// kind (worlds.Oracle: every world of such a decision holds them, the
// stock still drawn at random), against a partner, in mirrored eaai
// games, and prints the advisor's share of the games won with the paired
// 95% interval, for each kind asked. With -share below 1 only that share
// of a told decision's worlds hold the true hand, the others drawn as
// without it. A partner is a player spec of the lab's registry
// (lab/registry). The kinds run side by side, one game at a time each
// (the partner's hand is watched between its moves). With -marginal the
// hand is told card by card instead (worlds.Cards): every world of a told
// decision is drawn card by card, each card's chance moved -share of the
// way to the truth; -share 0 is then the worlds drawn card by card with
// no truth told. With -melds only the cards the opponent melds are told
// (worlds.Melds), in -share of the worlds. With -danger only whether the
// hand would meld each discard is told, at the discards (worlds.Danger):
// each discard's worlds are weighed so that the share of them in which it
// melds moves -share of the way to the truth. It exits 1 on an error, 2
// on a bad flag.
//
//	go run ./lab/cmd/ceiling -games 300 -seed 121 -kinds all,discard,knock,draw advisor
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/lab/registry"
	"github.com/ginadvisor/ginadvisor/lab/worlds"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

func main() {
	games := flag.Int("games", 300, "mirrored games of each kind (even)")
	seed := flag.Uint64("seed", 121, "seed of the deals")
	kinds := flag.String("kinds", "all,discard,knock,draw", "kinds: all, draw, discard, knock")
	share := flag.Float64("share", 1, "share of a told decision's worlds holding it, in (0, 1]")
	marginal := flag.Bool("marginal", false, "tell the hand card by card: -share of each card's chance, in [0, 1]")
	melds := flag.Bool("melds", false, "tell only the hand's melded cards, in -share of the worlds")
	danger := flag.Bool("danger", false, "tell only whether the hand melds each discard, -share of the way")
	flag.Parse()
	if err := run(*games, *seed, *kinds, *share, mode{*marginal, *melds, *danger}, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "ceiling:", err)
		os.Exit(1)
	}
}

// kindNames are the kinds of decision, as -kinds names them, and the rows'
// titles.
var kindNames = map[string]string{
	"all":     "every decision",
	"draw":    "the upcard and draw decisions",
	"discard": "the discards",
	"knock":   "the knock decisions",
}

// wants says whether a decision at phase is of kind.
func wants(kind string, phase game.Phase) bool {
	switch kind {
	case "draw":
		return phase == game.FirstOffer || phase == game.DrawPhase
	case "discard":
		return phase == game.DiscardPhase
	case "knock":
		return phase == game.KnockPhase
	}
	return kind == "all"
}

// oracle answers the advisor's decisions of kind with the opponent's
// hidden cards, from hand, the opponent's hand at its last decision: what
// the seat has not seen of it. It does not answer where that is not the
// number of cards the opponent hides. It counts its answers in told.
func oracle(kind string, hand *notation.CardSet, told *int) func(p *game.Position) (notation.CardSet, bool) {
	return func(p *game.Position) (notation.CardSet, bool) {
		if !wants(kind, p.Phase()) {
			return 0, false
		}
		hidden, ok := worlds.HiddenOf(*hand, p)
		if ok {
			*told++
		}
		return hidden, ok
	}
}

// result is one kind's figures.
type result struct {
	won float64
	ci  [2]float64
	err error
}

// mode is how the hand is told: card by card, only its melds, or only
// whether it melds each discard.
type mode struct{ marginal, melds, danger bool }

// telling is the oracle's way of telling the hand in mode m.
func (m mode) telling() worlds.Telling {
	switch {
	case m.marginal:
		return worlds.Cards
	case m.melds:
		return worlds.Melds
	case m.danger:
		return worlds.Danger
	}
	return worlds.Hand
}

// btoi is 1 for true.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func run(games int, seed uint64, kindList string, share float64, m mode, args []string) error {
	marginal := m.marginal
	if n := btoi(m.marginal) + btoi(m.melds) + btoi(m.danger); n > 1 {
		return errors.New("-marginal, -melds and -danger: choose one")
	}
	if len(args) != 1 {
		return errors.New("name one partner, a player spec such as advisor or heuristic")
	}
	if games <= 0 || games%2 != 0 || games > engine.MaxGames {
		return fmt.Errorf("-games %d: need an even number from 2 to %d", games, engine.MaxGames)
	}
	if !(share > 0 && share <= 1) && !(marginal && share == 0) {
		return fmt.Errorf("-share %g: need a share above 0 (with -marginal, 0 or above), at most 1", share)
	}
	kinds := strings.Split(kindList, ",")
	for _, k := range kinds {
		if _, ok := kindNames[k]; !ok {
			return fmt.Errorf("-kinds: %q is not all, draw, discard or knock", notation.Clip(k, 20))
		}
	}
	partner, err := registry.LookupWith(args[0])
	if err != nil {
		return err
	}
	advisor, err := registry.LookupWith("advisor")
	if err != nil {
		return err
	}
	results := make([]result, len(kinds))
	var wg sync.WaitGroup
	for i, kind := range kinds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = play(kind, games, seed, share, m, advisor, partner)
		}()
	}
	wg.Wait()
	switch {
	case marginal:
		fmt.Printf("The advisor told the opponent's true hand card by card, %g of each card's chance,\n", share)
	case m.melds:
		fmt.Printf("The advisor told the opponent's melded cards in %g of the worlds,\n", share)
	case m.danger:
		fmt.Printf("The advisor told whether the opponent melds each discard, %g of the way,\n", share)
	default:
		fmt.Printf("The advisor told the opponent's true hand in %g of the worlds,\n", share)
	}
	fmt.Printf("against %s: %d mirrored eaai games of seed %d a row.\n\n", notation.Clip(args[0], 30), games, seed)
	fmt.Println("| the true hand at | games won % (paired 95%) |")
	fmt.Println("|---|---|")
	for i, r := range results {
		if r.err != nil {
			return fmt.Errorf("%s: %w", kinds[i], r.err)
		}
		fmt.Printf("| %s | %.1f [%.1f, %.1f] |\n", kindNames[kinds[i]], 100*r.won, 100*r.ci[0], 100*r.ci[1])
	}
	return nil
}

// play runs one kind's games, one at a time, so that the oracle reads the
// partner's hand of the game in play.
func play(kind string, games int, seed uint64, share float64, m mode, advisor, partner bot.NewPlayerFunc) result {
	eaai, _ := rules.Preset("eaai")
	var hand notation.CardSet
	var r result
	told := 0
	sum, err := engine.Simulate(context.Background(), engine.SimOptions{
		Rules: eaai, Games: games, Seed: seed, Workers: 1, Mirrored: true,
		Names: [2]string{"advisor told the hand", "partner"},
		Players: [2]bot.NewPlayerFunc{
			func(s uint64) bot.Player {
				pl := advisor(s)
				if a, ok := pl.(*analyze.Player); ok {
					a.SetWorlds(&worlds.Oracle{Told: oracle(kind, &hand, &told), Share: share, Tell: m.telling()})
				}
				return pl
			},
			func(s uint64) bot.Player { return &worlds.Watched{Player: partner(s), Hand: &hand} },
		},
		Progress: func(done int) {
			if done%50 == 0 {
				fmt.Fprintf(os.Stderr, "%s: %d of %d games\n", kind, done, games)
			}
		},
	})
	if err == nil && told == 0 {
		err = errors.New("the advisor was never told the hand")
	}
	if err != nil {
		r.err = err
		return r
	}
	p := sum.Players[0]
	r.won = p.WinRate
	if p.WinRatePairedCI95 != nil {
		r.ci = *p.WinRatePairedCI95
	}
	return r
}
