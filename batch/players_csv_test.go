package batch

import (
	"encoding/csv"
	"strconv"
	"strings"
	"testing"
)

// TestPlayersCSV writes the players of a real run and reads the file
// back: one row a player under the header, with the summary's accuracy
// and counts.
func TestPlayersCSV(t *testing.T) {
	s := run(t, fileInputs(t, samples[0], samples[1]), Options{Quick: true})
	var b strings.Builder
	if err := WritePlayersCSV(&b, &s); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(strings.NewReader(b.String())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(s.Players)+1 || strings.Join(rows[0], ",") != strings.Join(PlayerCSVColumns(), ",") {
		t.Fatalf("%d rows for %d players, header %v", len(rows), len(s.Players), rows[0])
	}
	col := map[string]int{}
	for i, c := range rows[0] {
		col[c] = i
	}
	for i, p := range s.Players {
		r := rows[i+1]
		acc, _ := strconv.ParseFloat(r[col["accuracy"]], 64)
		dec, _ := strconv.Atoi(r[col["decisions"]])
		if r[col["name"]] != p.Name || dec != p.Decisions || acc-p.Accuracy > 1e-6 || p.Accuracy-acc > 1e-6 {
			t.Errorf("row %v, player %s: %d decisions, accuracy %g", r, p.Name, p.Decisions, p.Accuracy)
		}
	}
}
