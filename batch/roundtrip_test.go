package batch

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/longtest"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/testhands"
	"github.com/ginadvisor/ginadvisor/position"
)

// TestDecisionPositionsReadBack writes the position of every decision of
// random hands under every preset and some overrides, and of an eaai hand
// past game.MaxDraws draws, as batch's CSV and JSON Lines write it: read
// from either file (every fourth decision's; with -long, every one's), it
// is the position graded, as advise reads it.
func TestDecisionPositionsReadBack(t *testing.T) {
	var csvBuf, jsonBuf bytes.Buffer
	cw, err := NewCSVWriter(&csvBuf)
	if err != nil {
		t.Fatal(err)
	}
	jw := NewJSONLWriter(&jsonBuf)
	var graded []game.Position
	each := func(s testhands.Step) {
		for i := range s.Positions {
			p := s.Positions[i]
			if !p.Started() || p.Phase() == game.Over || p.Turn() != p.Seat() {
				continue
			}
			d := &Graded{Position: exactPosition(&p)}
			if err := cw.Write(d); err != nil {
				t.Fatal(err)
			}
			if err := jw.Write(d); err != nil {
				t.Fatal(err)
			}
			graded = append(graded, p)
		}
	}
	hands, draws := 1, game.MaxDraws+24 // -long: 2 hands a preset, a hand twice past MaxDraws
	if longtest.Enabled() {
		hands, draws = 2, 2*game.MaxDraws+30
	}
	testhands.Random(t, hands, 17, each)
	testhands.Long(t, draws, each)
	if err := cw.Flush(); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&csvBuf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := len(CSVColumns()) - 1
	dec := json.NewDecoder(&jsonBuf)
	read := 0
	for i := range graded {
		var line struct {
			Position string `json:"position"`
		}
		if err := dec.Decode(&line); err != nil {
			t.Fatal(err)
		}
		// Parsing the history form costs most: the everyday run reads
		// back every fourth decision's, -long every one.
		if i%4 != 0 && !longtest.Enabled() {
			continue
		}
		read++
		for _, text := range []string{rows[i+1][col], line.Position} {
			q, err := position.Parse(text)
			if err != nil {
				t.Fatalf("%s\ndoes not read back: %v", text, err)
			}
			p := &graded[i]
			if !reflect.DeepEqual(p.Facts(), q.Facts()) || p.Turn() != q.Turn() || p.Phase() != q.Phase() || p.OpponentDiscards() != q.OpponentDiscards() {
				t.Fatalf("%s\nreads back as another position:\n%+v\n%+v", text, p.Facts(), q.Facts())
			}
		}
	}
	t.Logf("%d of %d decisions read back from the CSV and from the JSON Lines", read, len(graded))
}
