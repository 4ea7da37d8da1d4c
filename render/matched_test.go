package render

import (
	"testing"

	"github.com/ginadvisor/ginadvisor/batch"
)

// TestMatchedAdviceInterval: the share of decisions that matched the
// advice comes with its 95% interval, Wilson's over the decisions (80 of
// 100: 71.1% to 86.7%, worked by hand from Wilson's formula).
func TestMatchedAdviceInterval(t *testing.T) {
	p := &batch.Player{Name: "a", Decisions: 100, Matched: 80}
	rows := playerRows([]*batch.Player{p})
	for i, r := range rows {
		if r[0] == "matched advice" {
			if i+1 >= len(rows) || rows[i+1][1] != "71.1% to 86.7%" {
				t.Errorf("the row after matched advice: %v", rows[i+1])
			}
			return
		}
	}
	t.Fatalf("no matched advice row in %v", rows)
}
