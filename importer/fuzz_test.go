package importer

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func addSamples(f *testing.F, pattern string) {
	files, _ := filepath.Glob(filepath.Join(sampleDir, pattern))
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
}

// FuzzReadEAAI feeds arbitrary text to the transcript reader: it must
// never panic, and every game it accepts must replay under its rules.
func FuzzReadEAAI(f *testing.F) {
	addSamples(f, "eaai/*.txt")
	addSamples(f, "eaai/damaged/*.txt")
	f.Add([]byte("Player 0 is dealt [AC].\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		games, _ := ReadEAAI(bytes.NewReader(data), "fuzz", [2]string{"a", "b"})
		for _, g := range games {
			if err := g.Replay(nil); err != nil {
				t.Fatalf("an accepted game does not replay: %v", err)
			}
		}
	})
}

// FuzzReadOpenSpiel feeds arbitrary text to the history reader.
func FuzzReadOpenSpiel(f *testing.F) {
	addSamples(f, "openspiel/*")
	f.Add([]byte(`{"game":"gin_rummy()","actions":[1,2,3]}`))
	f.Add([]byte("[Meta]\nVersion: 1\n[Game]\ngin_rummy(knock_card=7)\n[State]\n1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		games, _ := ReadOpenSpiel(bytes.NewReader(data), "fuzz")
		for _, g := range games {
			if err := g.Replay(nil); err != nil {
				t.Fatalf("an accepted history does not replay: %v", err)
			}
		}
	})
}

// FuzzOpen detects and reads arbitrary input through the common entry.
func FuzzOpen(f *testing.F) {
	addSamples(f, "eaai/*.txt")
	addSamples(f, "openspiel/*")
	f.Add([]byte("ginadvisor-log 2\n"))
	f.Add([]byte{0, 1, 2})
	f.Fuzz(func(t *testing.T, data []byte) {
		src, err := Open(bytes.NewReader(data), "fuzz", Options{})
		if err != nil {
			return
		}
		for i := 0; i < 1000; i++ {
			if _, err := src.Next(); err != nil && err.Error() == "EOF" {
				return
			}
		}
	})
}

// TestByteOrderMark reads each format with a byte-order mark in front: it
// is detected and read as without.
func TestByteOrderMark(t *testing.T) {
	for _, path := range []string{"../testdata/eaai/heuristic-vs-simple-001.txt", "../testdata/openspiel/heuristic-vs-simple.jsonl", "../testdata/sample.log"} {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := Open(bytes.NewReader(data), path, Options{})
		if err != nil {
			t.Fatal(err)
		}
		marked, err := Open(bytes.NewReader(append([]byte("\uFEFF"), data...)), path, Options{})
		if err != nil {
			t.Fatalf("%s with a byte-order mark: %v", path, err)
		}
		if plain.Format != marked.Format {
			t.Fatalf("%s: %s, then %s", path, plain.Format, marked.Format)
		}
		a, errA := plain.Next()
		b, errB := marked.Next()
		if errA != nil || errB != nil || len(a.Hands) != len(b.Hands) {
			t.Fatalf("%s: %v / %v", path, errA, errB)
		}
	}
}
