package arena

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDealsRefuseWhatIsNotDeals: binary data is refused as binary, at
// the start or on a line; a record of another kind is named for what it
// is, with the way to use it.
func TestDealsRefuseWhatIsNotDeals(t *testing.T) {
	dir := t.TempDir()
	nul := filepath.Join(dir, "nul.txt")
	if err := os.WriteFile(nul, []byte(strings.Repeat("12345\n", 100)+"67\x0089\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ path, want string }{
		{"/dev/urandom", "/dev/urandom:1: binary data, not text, not deals"},
		{nul, nul + ":101: binary data, not text, not deals"},
		{"../testdata/eaai/heuristic-vs-simple-001.txt", "an EAAI transcript, not deals"},
		{"../testdata/openspiel/heuristic-vs-simple.jsonl", "an OpenSpiel history, not deals"},
	} {
		_, err := ReadDeals(tt.path)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.path, err, tt.want)
		}
	}
}
