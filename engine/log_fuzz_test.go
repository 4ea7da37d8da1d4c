package engine

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/ginadvisor/ginadvisor/rules"
)

// FuzzReadLog feeds mutated logs to the reader. It must never panic, and a
// log it accepts must write back to text that reads the same.
func FuzzReadLog(f *testing.F) {
	s, err := Simulate(SimOptions{Rules: rules.Presets["modern"], Players: [2]NewPlayerFunc{Players["simple"], Players["random"]}, Names: [2]string{"simple", "random"}, Games: 2, Seed: 3, Record: true})
	if err != nil {
		f.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteLog(&buf, s.Records); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.String())
	f.Add(LogHeader + "\ngame 1 seed 1 first-dealer p1\n")
	f.Add("")
	f.Fuzz(func(t *testing.T, text string) {
		lr := NewLogReader(bytes.NewReader([]byte(text)))
		for i := 0; i < 100; i++ {
			g, err := lr.Next()
			if err != nil {
				if errors.Is(err, io.EOF) {
					return
				}
				continue
			}
			var out bytes.Buffer
			if err := WriteLog(&out, []*GameRecord{g}); err != nil {
				t.Fatal(err)
			}
			back, err := ReadLog(&out)
			if err != nil || len(back) != 1 {
				t.Fatalf("a game read from the log does not read back: %v\n%s", err, out.String())
			}
		}
	})
}
