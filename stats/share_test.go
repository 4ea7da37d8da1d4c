package stats

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

func TestShare(t *testing.T) {
	for _, tt := range []struct {
		x      float64
		digits int
		want   string
	}{
		{0, 1, "0.0%"},
		{1, 1, "100.0%"},
		{0.5, 1, "50.0%"},
		{0.0005, 1, "0.1%"}, // 0.05 rounds up, to a figure it is not below
		{0.0004, 1, "<0.1%"},
		{0.9995, 1, ">99.9%"},
		{0.99949, 1, "99.9%"},
		{0.0047, 0, "<1%"},
		{0.0051, 0, "1%"},
		{0.996, 0, ">99%"},
		{0.994, 0, "99%"},
		{1e-12, 2, "<0.01%"},
	} {
		if got := Share(tt.x, tt.digits); got != tt.want {
			t.Errorf("Share(%v, %d) = %q, want %q", tt.x, tt.digits, got, tt.want)
		}
	}
}

// TestShareNeverClaimsCertainty: against the plain rounded figure, a
// share strictly between 0 and 1 never reads as 0 or 100, and otherwise
// reads as the plain figure does.
func TestShareNeverClaimsCertainty(t *testing.T) {
	for i := 0; i <= 200_000; i++ {
		x := float64(i) / 200_000
		for digits := range 3 {
			got := Share(x, digits)
			plain := strconv.FormatFloat(100*x, 'f', digits, 64)
			v, _ := strconv.ParseFloat(plain, 64)
			certain := v == 0 || v == 100
			switch {
			case x > 0 && x < 1 && certain:
				if !strings.HasPrefix(got, "<") && !strings.HasPrefix(got, ">") {
					t.Fatalf("Share(%v, %d) = %q claims certainty", x, digits, got)
				}
			case got != plain+"%":
				t.Fatalf("Share(%v, %d) = %q, want %q", x, digits, got, plain+"%")
			}
		}
	}
}

func ExampleShare() {
	fmt.Println(Share(0.0004, 1), Share(0.25, 1), Share(0.9996, 1))
	// Output: <0.1% 25.0% >99.9%
}
