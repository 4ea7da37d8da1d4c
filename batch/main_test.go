package batch

import (
	"os"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/browsertest"
)

// TestMain says, in one visible line, when TestHTMLReport skipped for want of
// Chromium.
func TestMain(m *testing.M) {
	os.Exit(browsertest.Main(m, "TestHTMLReport"))
}
