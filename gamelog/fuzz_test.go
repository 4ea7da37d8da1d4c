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
	"unicode"

	"github.com/ginadvisor/ginadvisor/gamelog"
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
		if !printable(name) || !printable(value) {
			// Text no log may hold is refused, never read back.
			if !errors.Is(err, gamelog.ErrText) {
				t.Fatalf("%q, %q: %v, want ErrText", name, value, err)
			}
			return
		}
		if err != nil || len(back) != 1 {
			t.Fatalf("%v\n%s", err, out.String())
		}
		if !reflect.DeepEqual(normalize(back[0]), normalize(&g)) {
			t.Fatalf("metadata does not read back:\n%+v\n%+v", back[0].Tags, g.Tags)
		}
	})
}

func utf8Valid(s string) bool { return strings.ToValidUTF8(s, "\uFFFD") == s }

// printable says s is UTF-8 with no control character but the tab.
func printable(s string) bool {
	return utf8Valid(s) && !strings.ContainsFunc(s, func(r rune) bool { return r != '\t' && unicode.IsControl(r) })
}
