package batch

import (
	"encoding/csv"
	"math"
	"strconv"
	"strings"
	"testing"
)

// TestPlayersCSV writes the players of a real run and reads the file
// back: one row a player under the header, with the summary's accuracy
// and counts. The advisor's run is sampleRuns' grading of the sample,
// shared with the tests of its summaries. Quick grading has no accuracy:
// its column is empty.
func TestPlayersCSV(t *testing.T) {
	s := sampleSummary(t)
	checkPlayersCSV(t, &s)
	q := run(t, fileInputs(t, samples[0], samples[1]), Options{Quick: true})
	var b strings.Builder
	if err := WritePlayersCSV(&b, &q); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(strings.NewReader(b.String())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows[1:] {
		if r[12] != "" || r[len(r)-1] != "" {
			t.Errorf("quick grading's row %v has an accuracy or a luck", r)
		}
	}
}

// checkPlayersCSV checks the CSV of s's players against s.
func checkPlayersCSV(t *testing.T, s *Summary) {
	t.Helper()
	var b strings.Builder
	if err := WritePlayersCSV(&b, s); err != nil {
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
		if r[col["name"]] != p.Name || dec != p.Decisions || p.Accuracy == nil || math.Abs(acc-*p.Accuracy) > 1e-6 {
			t.Errorf("row %v, player %s: %d decisions, accuracy %v", r, p.Name, p.Decisions, p.Accuracy)
		}
	}
}
