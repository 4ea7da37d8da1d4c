package batch

import (
	"flag"
	"os"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/browsertest"
)

var long = flag.Bool("long", false, "grade the larger samples too")

// TestMain says, in one visible line, when TestHTMLReport skipped for want of
// Chromium.
func TestMain(m *testing.M) {
	os.Exit(browsertest.Main(m, "TestHTMLReport"))
}
