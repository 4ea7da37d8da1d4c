// Command logsummary writes a game log as a table of its games, one line
// a game: what an SPRT or a rating needs of a match's log (who played
// where, who won, the final score, the hands and the clocks), in a few
// per cent of its bytes. The lab keeps these in place of its runs' whole
// logs; a whole log is in the repository's history.
//
//	xz -dc lab/results/sprt-x.log.xz | go run ./lab/cmd/logsummary > sprt-x.games.tsv
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ginadvisor/ginadvisor/gamelog"
)

// columns are the table's columns, the tags of a match's game among
// them; a tag a game lacks is written "-".
var columns = []string{"game", "seed", "place1", "place2", "winner", "p1", "p2", "hands", "forfeit", "time1", "time2"}

func main() {
	if err := summarize(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "logsummary:", err)
		os.Exit(1)
	}
}

// summarize writes the table of the log read from in: first, as comments,
// the first game's players and spec tags, then a header and a line a
// game.
func summarize(in io.Reader, out io.Writer) error {
	w := bufio.NewWriter(out)
	r := gamelog.NewReader(bufio.NewReaderSize(in, 1<<20), "stdin")
	first := true
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if first {
			fmt.Fprintf(w, "# players %q %q\n", g.Players[0], g.Players[1])
			for _, t := range g.Tags {
				if strings.HasPrefix(t.Key, "spec") || strings.HasPrefix(t.Key, "player") || t.Key == "source" {
					fmt.Fprintf(w, "# tag %s %q\n", t.Key, t.Value)
				}
			}
			fmt.Fprintln(w, strings.Join(columns, "\t"))
			first = false
		}
		fmt.Fprintln(w, strings.Join(row(g), "\t"))
	}
	return w.Flush()
}

// row is a game's line of the table.
func row(g *gamelog.Game) []string {
	tag := func(k string) string {
		for _, t := range g.Tags {
			if t.Key == k {
				return t.Value
			}
		}
		return "-"
	}
	forfeit := "-"
	if g.Forfeit != nil {
		forfeit = g.Forfeit.Seat.String()
	}
	return []string{fmt.Sprint(g.Number), fmt.Sprint(g.Seed), tag("place1"), tag("place2"), g.Final.Winner.String(),
		fmt.Sprint(g.Final.Totals[0]), fmt.Sprint(g.Final.Totals[1]), fmt.Sprint(len(g.Hands)), forfeit, tag("time1"), tag("time2")}
}
