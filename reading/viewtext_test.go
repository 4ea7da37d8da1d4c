package reading

import (
	"strings"
	"testing"
)

// TestViewNeverReadsCertain: the sentence of what the reading holds
// writes a chance above 0 as "<1%", not "0%", and one under 1 as ">99%".
func TestViewNeverReadsCertain(t *testing.T) {
	v := View{Declined: true, CouldKnock: 0.004}
	v.Weights[0], v.Weights[1] = 0.996, 0.004
	v.Take[0], v.Discard[0] = 1, 1
	s := v.String()
	for _, want := range []string{"could have knocked <1% of the time", " >99%"} {
		if !strings.Contains(s, want) {
			t.Errorf("%q lacks %q", s, want)
		}
	}
	if strings.Contains(s, " 0%") || strings.Contains(s, " 100%,") {
		t.Errorf("%q reads a chance as certain", s)
	}
}
