// Package testmelds reads the melds a test writes by hand. It stands
// apart from testcards because it imports meld, whose own tests use
// testcards.
package testmelds

import (
	"testing"

	"github.com/ginadvisor/ginadvisor/meld"
)

// Spread reads melds in the form meld.ParseMelds takes; "" is no melds.
func Spread(t testing.TB, s string) meld.Spread {
	t.Helper()
	if s == "" {
		return meld.Spread{}
	}
	sp, err := meld.ParseMelds(s)
	if err != nil {
		t.Fatalf("ParseMelds(%q): %v", s, err)
	}
	return sp
}
