package arena

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestNoFiguresWithoutGames: a player without games, as the last of an
// interrupted tournament is, gets no rating, interval or score: "n/a" in
// the text and the page, null in the JSON; and a match with no hand has no
// points a hand.
func TestNoFiguresWithoutGames(t *testing.T) {
	s := Standings{Names: []string{"a", "b", "idle"},
		Wins:  [][]int{{0, 3, 0}, {1, 0, 0}, {0, 0, 0}},
		Pairs: [][][3]int{{{}, {1, 1, 0}, {}}, {{0, 1, 1}, {}, {}}, {{}, {}, {}}}}
	s.fit()
	idle := s.Ratings[2]
	if idle.Games != 0 || idle.Elo != nil || idle.EloCI != nil || idle.Points != nil {
		t.Fatalf("a player without games has figures: %+v", idle)
	}
	if s.Ratings[0].Points == nil || *s.Ratings[0].Points != 0.75 {
		t.Errorf("a's score %v, want 0.75", s.Ratings[0].Points)
	}
	if idle.NoInterval != "no games" {
		t.Errorf("idle's missing interval: %q, want %q", idle.NoInterval, "no games")
	}
	var page bytes.Buffer
	if err := s.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	html := page.String()
	row := html[strings.Index(html, "<tr><td>idle</td>"):]
	row = row[:strings.Index(row, "</tr>")]
	if !strings.Contains(row, "<td>n/a</td>") || strings.Contains(row, "%") {
		t.Errorf("page: %s", row)
	}
	js, _ := json.Marshal(s)
	var back struct {
		Ratings []map[string]any `json:"ratings"`
	}
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"elo", "elo_ci95", "score"} {
		if v, ok := back.Ratings[2][key]; !ok || v != nil {
			t.Errorf("JSON %s = %v, want null", key, v)
		}
	}

	var tally matchTally
	tally.o = &Options{}
	tally.summarise()
	js, err := json.Marshal(tally.r)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(js), `"points_per_hand":null`) || !strings.Contains(string(js), `"elo":null`) {
		t.Errorf("a match without games: %s", js)
	}
}
