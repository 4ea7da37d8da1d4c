package importer

import (
	"os"
	"path/filepath"
	"testing"
)

func TestSharedEAAISamples(t *testing.T) {
	files, _ := filepath.Glob("../../shared/eaai/*.txt")
	if len(files) == 0 {
		t.Skip("no shared samples")
	}
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		games, errs := ReadEAAI(fh, f, [2]string{"a", "b"})
		fh.Close()
		for _, e := range errs {
			t.Errorf("%v", e)
		}
		if len(games) != 1 {
			t.Errorf("%s: %d games", f, len(games))
			continue
		}
		g := games[0]
		t.Logf("%s: %d hands, final %v", f, len(g.Hands), g.Final.Totals)
	}
}
