package players

import (
	"context"
	"slices"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/testpositions"
	"github.com/ginadvisor/ginadvisor/position"
)

// TestHint: the hint is named by its budget, and suggests a legal move:
// the dead king, where it is the card to dump.
func TestHint(t *testing.T) {
	p, err := position.Parse(testpositions.DeadCard)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		samples int
		name    string
	}{{16, "the advisor at 16 worlds"}, {64, "the advisor at 64 worlds"}} {
		samples := tt.samples
		name, hint := Hint(samples)
		m, err := hint(context.Background(), &p)
		if err != nil {
			t.Fatalf("%d worlds: %v", samples, err)
		}
		if name != tt.name {
			t.Errorf("%d worlds: named %q, want %q", samples, name, tt.name)
		}
		if !slices.Contains(p.Legal(nil), m) || m.String() != "discard KS" {
			t.Errorf("%d worlds: hint %v, want the legal discard KS", samples, m)
		}
	}
}
