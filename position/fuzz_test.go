package position_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/rules"
)

// FuzzParsePosition reads arbitrary positions: no panic, typed errors, and
// a position read writes back to a short form that reads back the same.
func FuzzParsePosition(f *testing.F) {
	f.Add("p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=KS,7H stock=30 first=KS took=- passed=KS discards=7H dealer=p1")
	f.Add("p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=KS,7H stock=30 took=- passed=KS discards=7H dealer=p1 rules=modern,knock_limit=5,target=250 score=240-3 number=4")
	f.Add("history p1 dealer=p2: dealt AC 3C 4C TD KD AH 5H TH JH 6S ; upcard KS ; p1 pass KS ; p2 pass KS")
	f.Add("p2 discard hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S,7S pile=KS stock=30 drawn=7S took=- passed=KS discards=- dealer=p1")
	f.Add("p2 discard turn=p1 hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=5S stock=30 first=5S took=- passed=5S discards=- draws=1 dealer=p2")
	f.Add("p1 first-offer turn=p2 hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=5S stock=31 took=- passed=- discards=- dealer=p2")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := position.Parse(s)
		if err != nil {
			if !errors.Is(err, position.ErrPosition) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		short := position.Format(&p)
		if len(short) > position.MaxLen {
			t.Fatalf("a short form of %d bytes", len(short))
		}
		q, err := position.Parse(short)
		if err != nil {
			t.Fatalf("%q reads, but its short form %q does not: %v", s, short, err)
		}
		if again := position.Format(&q); again != short {
			t.Fatalf("short form does not round-trip:\n%s\n%s", short, again)
		}
		if !rules.SameGame(p.Setup().Rules, q.Setup().Rules) {
			t.Fatalf("the rules change in the round trip: %s", short)
		}
	})
}

// FuzzRulesRoundTrip plays a hand under a preset with fuzzed overrides of
// every rule field and writes each decision of both seats in both forms:
// each must read back to the same position under the same rules.
func FuzzRulesRoundTrip(f *testing.F) {
	f.Add(uint64(1), uint8(0), []byte{})
	f.Add(uint64(2), uint8(3), []byte{5, 0, 0, 1, 0, 1, 250, 0, 0, 1, 0, 0, 0, 0, 3})
	f.Add(uint64(3), uint8(5), []byte{255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255})
	f.Fuzz(func(t *testing.T, seed uint64, preset uint8, overrides []byte) {
		names := rules.PresetNames()
		r := rules.Presets()[names[int(preset)%len(names)]]
		fields := rules.Fields()
		for i, b := range overrides {
			if i >= len(fields) {
				break
			}
			fl := &fields[i]
			if fl.Bool != nil {
				*fl.Bool(&r) = b&1 == 1
				continue
			}
			// Spread a byte over the field's range, ends included.
			v := fl.Min + int(b)*(fl.Max-fl.Min)/255
			if err := fl.SetInt(&r, v); err != nil {
				t.Fatal(err)
			}
		}
		r.Name += "+"
		if r.Validate() != nil {
			return
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		deck := [notation.NumCards]notation.Card(notation.FullDeck.Cards())
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		st, err := game.Deal(game.Setup{Rules: r, Dealer: notation.Seat(seed % 2), Number: 1}, &deck)
		if err != nil {
			t.Fatal(err)
		}
		var legal []game.Move
		for step := 0; st.Phase() != game.Over && step < 60; step++ {
			p := st.Position(st.Turn())
			short := position.Format(&p)
			q, err := position.Parse(short)
			if err != nil {
				t.Fatalf("%s\n%v", short, err)
			}
			if !rules.SameGame(q.Setup().Rules, r) || q.Setup().Rules.BaseName() != r.BaseName() {
				t.Fatalf("rules %+v read back as %+v from %s", r, q.Setup().Rules, short)
			}
			if again := position.Format(&q); again != short {
				t.Fatalf("short form does not round-trip:\n%s\n%s", short, again)
			}
			// A knock decision the history would read as made has no
			// history form.
			if hist, ok := position.FormatHistory(&p); ok {
				h, err := position.Parse(hist)
				if err != nil {
					t.Fatalf("%s\n%v", hist, err)
				}
				if !rules.SameGame(h.Setup().Rules, r) || position.Format(&h) != short {
					t.Fatalf("the history form disagrees:\n%s\n%s", hist, short)
				}
			}
			legal = st.Legal(legal[:0])
			if err := st.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// TestRulesSpecErrors checks that a bad rules spec in a position names its
// column and its cause.
func TestRulesSpecErrors(t *testing.T) {
	const good = "p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=KS,7H stock=30 took=- passed=KS discards=7H dealer=p1 rules="
	tests := []struct {
		spec  string
		cause error
		at    int // the column of the part at fault, from the spec's start
	}{
		{"modren", rules.ErrUnknownPreset, 0},
		{"modern,target=0", rules.ErrFieldValue, 7},
		{"modern,knock_limit=5,colour=red", rules.ErrSpec, 21},
		{"modern,target=250,target=300", rules.ErrSpec, 18},
		{"straight,oklahoma=true", rules.ErrSpec, 0},
	}
	for _, tt := range tests {
		_, err := position.Parse(good + tt.spec)
		var pe *position.Error
		if !errors.As(err, &pe) || !errors.Is(err, tt.cause) || !errors.Is(err, position.ErrPosition) {
			t.Errorf("%s: %v, want a position error caused by %v", tt.spec, err, tt.cause)
			continue
		}
		if want := len(good) + 1 + tt.at; pe.Col != want {
			t.Errorf("%s: column %d, want %d", tt.spec, pe.Col, want)
		}
	}
}
