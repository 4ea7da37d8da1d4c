package main

import (
	"encoding/binary"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/reading"
)

// writeRows writes rows of the readcal -dumpbin format to a new file.
func writeRows(t *testing.T, rows [][rowLen]float32, tail []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "rows.bin")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if err := binary.Write(f, binary.LittleEndian, r); err != nil {
			t.Fatal(err)
		}
	}
	f.Write(tail)
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// row is a row of game g, label y, its features all x.
func row(g int, y, x float32) [rowLen]float32 {
	var r [rowLen]float32
	r[0], r[1], r[2], r[3] = float32(g), 7, y, x
	for i := 4; i < rowLen; i++ {
		r[i] = x
	}
	return r
}

// TestLoadSplitsAndChecks: the rows of even games train and those of odd
// games are held out, as written; a cut row, a label not 0 or 1, a game
// that is not whole, or a feature out of bounds is refused with the row's
// number.
func TestLoadSplitsAndChecks(t *testing.T) {
	path := writeRows(t, [][rowLen]float32{row(1, 1, 0.5), row(2, 0, -0.25), row(4, 1, 2)}, nil)
	var train, test rows
	if err := load(path, 3, &train, &test); err != nil {
		t.Fatal(err)
	}
	if len(train.y) != 2 || len(test.y) != 1 || test.y[0] != 1 || train.x[1][5] != 2 || train.base[0] != -0.25 || train.file[0] != 3 || test.draws[0] != 7 {
		t.Fatalf("train %+v, test %+v", train.y, test.y)
	}
	for name, bad := range map[string]struct {
		rows [][rowLen]float32
		tail []byte
	}{
		"a cut row":     {[][rowLen]float32{row(1, 1, 0)}, []byte{1, 2, 3}},
		"a label of 2":  {[][rowLen]float32{row(1, 2, 0)}, nil},
		"a game of 1.5": {[][rowLen]float32{row(1, 1, 0), func() [rowLen]float32 { r := row(1, 1, 0); r[0] = 1.5; return r }()}, nil},
		"a feature 1e9": {[][rowLen]float32{row(1, 1, 1e9)}, nil},
		"draws below 0": {[][rowLen]float32{func() [rowLen]float32 { r := row(1, 1, 0); r[1] = -1; return r }()}, nil},
	} {
		var a, b rows
		err := load(writeRows(t, bad.rows, bad.tail), 0, &a, &b)
		if err == nil || !strings.Contains(err.Error(), "row ") {
			t.Errorf("%s: error %v, want one naming the row", name, err)
		}
	}
}

// TestWriteWeightsWritesGoOnce: the weights are Go source that parses,
// with each of the card net's names, and a file that exists is not
// replaced.
func TestWriteWeightsWritesGoOnce(t *testing.T) {
	n := newNet(3, rand.New(rand.NewPCG(1, 1)))
	path := filepath.Join(t.TempDir(), "w.go")
	if err := writeWeights(path, n); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), path, src, 0); err != nil {
		t.Fatalf("not Go: %v", err)
	}
	for _, name := range []string{"cardNetHidden = 3", "cardNetW1", "cardNetB1", "cardNetW2", "cardNetLinear", "cardNetBias"} {
		if !strings.Contains(string(src), name) {
			t.Errorf("no %s in the weights", name)
		}
	}
	// Every weight reads back as the float32 fitted, in order.
	var want []float32
	for _, w := range [][]float64{n.w1, n.b1, n.out, n.lin} {
		for _, x := range w {
			want = append(want, float32(x))
		}
	}
	var got []float32
	for _, line := range strings.Split(string(src), "\n") {
		if !strings.HasPrefix(line, "\t") {
			continue
		}
		for _, lit := range strings.Fields(strings.ReplaceAll(line, ",", " ")) {
			x, err := strconv.ParseFloat(lit, 32)
			if err != nil {
				t.Fatalf("%q: %v", lit, err)
			}
			got = append(got, float32(x))
		}
	}
	if len(got) != 3*reading.CardFeatures+3+3+reading.CardFeatures {
		t.Fatalf("%d weights written", len(got))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("weight %d reads back as %v, not %v", i, got[i], want[i])
		}
	}
	if err := writeWeights(path, n); err == nil {
		t.Error("an existing file was replaced")
	}
}

// FuzzLoad: whatever the file holds, load returns an error or rows as
// the format promises: labels of 0 or 1, whole games split by parity,
// draws from 0 to 1,024, and one row of train or test for each whole row
// of the file.
func FuzzLoad(f *testing.F) {
	var good [rowLen]float32
	good[0], good[2] = 3, 1
	seed := make([]byte, 0, 4*rowLen)
	seed, _ = binary.Append(seed, binary.LittleEndian, good)
	f.Add(seed)
	f.Add(seed[:17])
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "rows.bin")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		var train, test rows
		if err := load(path, 0, &train, &test); err != nil {
			return
		}
		if len(train.y)+len(test.y) != len(data)/(4*rowLen) {
			t.Fatalf("%d rows from %d bytes", len(train.y)+len(test.y), len(data))
		}
		for _, r := range []*rows{&train, &test} {
			for i, y := range r.y {
				if (y != 0 && y != 1) || r.draws[i] < 0 || r.draws[i] > 1<<10 {
					t.Fatalf("row %d: label %v, draws %d", i, y, r.draws[i])
				}
			}
		}
	})
}

// TestRunRefusesAnExistingOutput: an -out that exists is refused before
// the rows are read or the net fitted, and is left as it was.
func TestRunRefusesAnExistingOutput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "w.go")
	if err := os.WriteFile(out, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := run([]string{filepath.Join(t.TempDir(), "no such rows")}, 4, 1, 1e-3, out)
	if err == nil || !strings.Contains(err.Error(), "exists") {
		t.Fatalf("error %v, want one saying the output exists", err)
	}
	if b, _ := os.ReadFile(out); string(b) != "keep" {
		t.Fatalf("the output now holds %q", b)
	}
}
