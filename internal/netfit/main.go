// Command netfit fits the card net (reading.CardNet) to the rows that
// internal/readcal -dumpbin writes, and writes its weights as the Go
// source of reading/cardnet_weights.go. The rows of the games of even
// number train it; those of odd number are held out, and it prints the
// log-loss a card on them, the worlds' against the net's, by stage of
// the hand, after each pass over the training rows.
//
//	go run ./internal/readcal -games 600 -dumpbin heuristic.bin heuristic
//	go run ./internal/netfit -out reading/cardnet_weights.go heuristic.bin standin.bin
//
// The net is one hidden layer of rectified units beside a linear term,
// added to the worlds' log-odds of the card: at zero weights it says what
// the worlds say. It exits 1 on an error and 2 on a bad flag.
package main

import (
	"bufio"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/reading"
)

// rowLen is the floats of a row: the game's number, the hand's draws, the
// label, the worlds' log-odds, then the net's input.
const rowLen = 4 + reading.CardFeatures

// maxRows bounds the rows read, about 3 GB of them in memory.
const maxRows = 8 << 20

// rows are the cards of the data set, column by column.
type rows struct {
	x     [][reading.CardFeatures]float32
	y     []float32
	base  []float32
	draws []int32
	file  []int8
}

func main() {
	hidden := flag.Int("hidden", 32, "hidden units, from 1 to 256")
	epochs := flag.Int("epochs", 4, "passes over the training rows, from 1 to 100")
	rate := flag.Float64("rate", 1e-3, "Adam's step size")
	out := flag.String("out", "", "write the weights as Go source to this file (it must not exist)")
	flag.Parse()
	if *hidden < 1 || *hidden > 256 || *epochs < 1 || *epochs > 100 || !(*rate > 0 && *rate < 1) || flag.NArg() == 0 || flag.NArg() > 100 {
		fmt.Fprintln(os.Stderr, "netfit: -hidden 1-256, -epochs 1-100, -rate in (0, 1), and 1 to 100 row files")
		os.Exit(2)
	}
	if err := run(flag.Args(), *hidden, *epochs, *rate, *out); err != nil {
		fmt.Fprintln(os.Stderr, "netfit:", err)
		os.Exit(1)
	}
}

func run(paths []string, hidden, epochs int, rate float64, out string) error {
	// Refused before the fit, not after it: the file must not exist.
	if out != "" {
		if _, err := os.Lstat(out); err == nil {
			return fmt.Errorf("%q exists; netfit will not replace it", out)
		}
	}
	var train, test rows
	for i, p := range paths {
		if err := load(p, int8(i), &train, &test); err != nil {
			return err
		}
	}
	if len(train.y) == 0 || len(test.y) == 0 {
		return errors.New("no rows to train on or to hold out")
	}
	fmt.Printf("%d rows to train on, %d held out\n", len(train.y), len(test.y))
	n := newNet(hidden, rand.New(rand.NewPCG(1, 2)))
	fit := newAdam(n, rate)
	order := make([]int, len(train.y))
	for i := range order {
		order[i] = i
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for e := range epochs {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for start := 0; start+batch <= len(order); start += batch {
			fit.step(n, &train, order[start:start+batch])
		}
		fmt.Printf("pass %d: held out, log-loss a card, the worlds' then the net's,\n", e+1)
		fmt.Printf("%-14s  %-13s  %-13s  %-13s  %-13s\n", "", "draws 1-5", "6-11", "12-19", "20+")
		report(n, &test, paths)
	}
	if out == "" {
		return nil
	}
	return writeWeights(out, n)
}

// load reads a file of rows into train (games of even number) and test.
func load(path string, file int8, train, test *rows) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("%q: %w", path, bare(err))
	}
	defer f.Close()
	r := bufio.NewReader(f)
	var row [rowLen]float32
	for k := 0; ; k++ {
		err := binary.Read(r, binary.LittleEndian, &row)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%q: row %d: %w", path, k+1, err)
		}
		if len(train.y)+len(test.y) >= maxRows {
			return fmt.Errorf("%q: more than %d rows in all", path, maxRows)
		}
		g, draws, y := row[0], row[1], row[2]
		if g != float32(int32(g)) || draws < 0 || draws > 1<<10 || (y != 0 && y != 1) {
			return fmt.Errorf("%q: row %d is not a row of readcal -dumpbin", path, k+1)
		}
		dst := train
		if int32(g)%2 == 1 {
			dst = test
		}
		var x [reading.CardFeatures]float32
		copy(x[:], row[4:])
		for _, v := range x {
			if v != v || v > 1e3 || v < -1e3 {
				return fmt.Errorf("%q: row %d holds %v", path, k+1, v)
			}
		}
		dst.x = append(dst.x, x)
		dst.y = append(dst.y, y)
		dst.base = append(dst.base, row[3])
		dst.draws = append(dst.draws, int32(draws))
		dst.file = append(dst.file, file)
	}
}

// stageOf is the stage of the hand of draws, as readcal reports them.
func stageOf(draws int32) int {
	switch {
	case draws < 6:
		return 0
	case draws < 12:
		return 1
	case draws < 20:
		return 2
	}
	return 3
}

// logLoss is the log-loss of chance q for a card held (y 1) or not.
func logLoss(q float64, y float32) float64 {
	q = min(max(q, 1e-6), 1-1e-6)
	if y == 1 {
		return -math.Log(q)
	}
	return -math.Log(1 - q)
}

// report prints the held-out log-loss by file and stage.
func report(n *net, test *rows, paths []string) {
	type sums struct{ base, net [4]float64 }
	by := make([]sums, len(paths))
	count := make([][4]int, len(paths))
	h := make([]float64, n.hidden)
	for i := range test.y {
		s, f := stageOf(test.draws[i]), test.file[i]
		by[f].base[s] += logLoss(sigmoid(float64(test.base[i])), test.y[i])
		by[f].net[s] += logLoss(sigmoid(n.forward(&test.x[i], h)), test.y[i])
		count[f][s]++
	}
	for f, p := range paths {
		fmt.Printf("%-14s", notation.Clip(filepath.Base(p), 13))
		for s := range 4 {
			if c := float64(count[f][s]); c > 0 {
				fmt.Printf("  %.4f %.4f", by[f].base[s]/c, by[f].net[s]/c)
			} else {
				fmt.Printf("  -")
			}
		}
		fmt.Println()
	}
}

// bare is err without the path an *fs.PathError repeats, which the
// caller quotes itself: a name may hold escape bytes.
func bare(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	return err
}
