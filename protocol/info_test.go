package protocol

import (
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/testpositions"
)

// infoFields reads an info move line: its move and its fields, each a
// name and a value after the move, as docs/protocol.md writes them.
func infoFields(t *testing.T, line string) (move string, fields map[string]string) {
	t.Helper()
	rest, ok := strings.CutPrefix(line, "info move ")
	i := strings.Index(rest, " equity ")
	if !ok || i < 0 {
		t.Fatalf("not an info move line: %q", line)
	}
	words := strings.Fields(rest[i:])
	if len(words)%2 != 0 {
		t.Fatalf("an info move line's fields are not in pairs: %q", line)
	}
	fields = map[string]string{}
	for j := 0; j < len(words); j += 2 {
		fields[words[j]] = words[j+1]
	}
	return rest[:i], fields
}

// TestInfoSaysTiesAndWhy: each info move line says whether the move ties
// with the recommendation (tie 1 or 0, the recommendation's 0), and an
// info string says why just before the bestmove: at a near tie, that the
// moves are equal; at a knock decision, why the move is preferred; with
// one legal move, that it is the only one.
func TestInfoSaysTiesAndWhy(t *testing.T) {
	tests := []struct {
		name  string
		setup []string
		why   string
		tie   bool
	}{
		{"near tie", []string{"position " + testpositions.NearTie}, "equal within the noise", true},
		{"late knock", []string{"position " + testpositions.LateKnock}, "knock 7C 7D 7H | KC KD KH | 2S 3S 4S: ", false},
		// docs/protocol.md's exchange, to the go after the engine's discard.
		{"only move", []string{"newhand seat p1 dealer p2 number 1 hand 2C 3C 7C JD 4H 5H 6H 9H QH JS upcard 5S",
			"event p1 pass 5S", "event p2 take 5S", "event p2 discard KD", "event p1 draw AS", "event p1 discard 9H"}, "playon: the only legal move.", false},
	}
	for _, tc := range tests {
		answers := session(t, append(tc.setup, "go")...)
		lines := strings.Split(answers[len(answers)-1], "\n")
		n := len(lines)
		if n < 3 || !strings.HasPrefix(lines[n-1], "bestmove ") || !strings.HasPrefix(lines[n-2], "info string ") {
			t.Errorf("%s: want info lines, an info string and bestmove:\n%s", tc.name, strings.Join(lines, "\n"))
			continue
		}
		best := strings.TrimPrefix(lines[n-1], "bestmove ")
		ties, first := 0, true
		for _, l := range lines {
			if !strings.HasPrefix(l, "info move ") {
				continue
			}
			move, f := infoFields(t, l)
			switch f["tie"] {
			case "1":
				ties++
			case "0":
			default:
				t.Errorf("%s: %q has tie %q, want 1 or 0", tc.name, l, f["tie"])
			}
			if first && (move != best || f["tie"] != "0") {
				t.Errorf("%s: the first info line %q, want the best move %s with tie 0", tc.name, l, best)
			}
			first = false
		}
		why := strings.TrimPrefix(lines[n-2], "info string ")
		if !strings.Contains(why, tc.why) || (ties > 0) != tc.tie {
			t.Errorf("%s: %d ties, why %q; want ties %v and a why with %q", tc.name, ties, why, tc.tie, tc.why)
		}
	}
}
