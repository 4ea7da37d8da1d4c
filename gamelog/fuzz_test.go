package gamelog_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/rules"
)

// FuzzReadLog feeds mutated logs to the reader. It must never panic, every
// error must be typed, and a game it accepts must write back to text that
// reads back the same.
func FuzzReadLog(f *testing.F) {
	// Short games keep the fuzzer fast: a one-hand game to 25 points.
	short := rules.Presets()["modern"]
	short.Target = 25
	f.Add(write(f, simulate(f, short, 1, 57)))
	f.Add(gamelog.Header() + "\ngame 1 seed 1 first-dealer p1\n")
	f.Add("")
	f.Fuzz(func(t *testing.T, text string) {
		done := make(chan bool)
		go func() {
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				panic(fmt.Sprintf("reading takes over 10 s: %q", text))
			}
		}()
		defer close(done)
		lr := gamelog.NewReader(strings.NewReader(text), "fuzz")
		for i := 0; i < 100; i++ {
			g, err := lr.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				if !errors.Is(err, gamelog.ErrLog) {
					t.Fatalf("untyped error %v", err)
				}
				continue
			}
			var out bytes.Buffer
			if err := gamelog.WriteLog(&out, []*gamelog.Game{g}); err != nil {
				t.Fatal(err)
			}
			back, err := gamelog.ReadLog(bytes.NewReader(out.Bytes()))
			if err != nil || len(back) != 1 || !reflect.DeepEqual(normalize(back[0]), normalize(g)) {
				t.Fatalf("a game read from the log does not read back: %v\n%s", err, out.String())
			}
		}
	})
}

// FuzzWriteRead writes a real game with fuzzed metadata and reads it back:
// any name, tag or seed must come back equal, field by field.
func FuzzWriteRead(f *testing.F) {
	base := simulate(f, rules.Presets()["eaai"], 1, 9)[0]
	f.Add("Ada Lovelace", "event", "Café «night» \"quoted\"\ttab", uint64(7), true)
	f.Add("", "k", "", uint64(0), false)
	f.Fuzz(func(t *testing.T, name, key, value string, seed uint64, hasSeed bool) {
		// A tag key is one word of graphic characters.
		if key == "" || strings.ContainsAny(key, " \t\r\n\v\f\u0085\u00a0") || strings.ContainsFunc(key, func(r rune) bool { return r < 0x21 || r == 0x7f }) || !utf8Valid(key) {
			key = "k"
		}
		g := *base
		g.Players = [2]string{name, value}
		g.Tags = []gamelog.Tag{{Key: key, Value: value}, {Key: gamelog.TagSource, Value: name}}
		g.Seed, g.HasSeed = seed, hasSeed
		if !hasSeed {
			g.Seed = 0
		}
		var out bytes.Buffer
		if err := gamelog.WriteLog(&out, []*gamelog.Game{&g}); err != nil {
			t.Fatal(err)
		}
		back, err := gamelog.ReadLog(bytes.NewReader(out.Bytes()))
		if err != nil || len(back) != 1 {
			t.Fatalf("%v\n%s", err, out.String())
		}
		if !reflect.DeepEqual(normalize(back[0]), normalize(&g)) {
			t.Fatalf("metadata does not read back:\n%+v\n%+v", back[0].Tags, g.Tags)
		}
	})
}

func utf8Valid(s string) bool { return strings.ToValidUTF8(s, "\uFFFD") == s }

// FuzzParsePosition reads arbitrary positions: no panic, typed errors, and
// a position read writes back to a short form that reads back the same.
func FuzzParsePosition(f *testing.F) {
	f.Add("p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=KS,7H stock=30 first=KS took=- passed=KS discards=7H dealer=p2")
	f.Add("history p1 dealer=p2: dealt AC 3C 4C TD KD AH 5H TH JH 6S ; upcard KS ; p1 pass KS ; p2 pass KS")
	f.Add("p2 discard hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S,7S pile=KS stock=30 drawn=7S took=- passed=KS discards=- dealer=p1")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := position.Parse(s)
		if err != nil {
			if !errors.Is(err, position.ErrPosition) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		short := position.Format(&p)
		q, err := position.Parse(short)
		if err != nil {
			t.Fatalf("%q reads, but its short form %q does not: %v", s, short, err)
		}
		if again := position.Format(&q); again != short {
			t.Fatalf("short form does not round-trip:\n%s\n%s", short, again)
		}
	})
}
