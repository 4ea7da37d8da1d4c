package board

import (
	"os"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/browsertest"
)

// TestMain says, in one visible line, when TestBoardInBrowser skipped for want of
// Chromium.
func TestMain(m *testing.M) {
	os.Exit(browsertest.Main(m, "TestBoardInBrowser"))
}
