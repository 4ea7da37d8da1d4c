package analyze

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/internal/testhands"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/reading"
)

// fakeSource is a WorldSource that notes the decisions it is asked and
// draws one hand in every world.
type fakeSource struct {
	hand  notation.CardSet
	asked []*Decision
}

func (f *fakeSource) Worlds(d *Decision) advise.Worlds {
	f.asked = append(f.asked, d)
	return advise.Worlds{Hands: func(*rand.Rand) notation.CardSet { return f.hand }, Share: 1}
}

// TestWorldsComeFromTheSeam: the advisor that reads draws the filter's
// hands in FilterShare of its worlds, unless a WorldSource is plugged in,
// whose worlds are then the search's and which is asked once, with the
// decision's position, seed, weighing and time limit; the fixed model
// draws neither and asks nothing.
func TestWorldsComeFromTheSeam(t *testing.T) {
	st := dealt(t, rand.New(rand.NewPCG(2, 2)))
	pol := [2]game.Policy{bot.NewSimple(1), bot.NewSimple(2)}
	for st.Draws() < 6 || st.Turn() != 0 || st.Phase() != game.DrawPhase {
		if st.Phase() == game.Over {
			t.Fatal("the hand ended early")
		}
		if err := st.Apply(pol[st.Turn()].Choose(&st)); err != nil {
			t.Fatal(err)
		}
	}
	p := st.Position(0)
	rng := rand.New(rand.NewPCG(1, 1))
	for _, c := range []struct {
		name      string
		fixed     bool
		source    bool
		wantShare float64
		wantAsked int
	}{
		{"by default, the filter", false, false, FilterShare, 0},
		{"with a source, its worlds", false, true, 1, 1},
		{"with a source and a time limit", false, true, 1, 1},
		{"the fixed model, none", true, true, 0, 0},
	} {
		src := &fakeSource{hand: st.Hand(1) & p.Unseen()}
		o := Options{Seed: 9}
		if c.fixed {
			o.Model = ModelFixed
		}
		var s Search
		if c.source {
			s.Worlds = src
		}
		if c.name == "with a source and a time limit" {
			o.Time = 70 * time.Millisecond
		}
		so := searchOptions(&p, o, s)
		if so.Worlds.Share != c.wantShare || (so.Worlds.Hands != nil) != (c.wantShare > 0) {
			t.Errorf("%s: hands %v, share %g, want share %g", c.name, so.Worlds.Hands != nil, so.Worlds.Share, c.wantShare)
		}
		if len(src.asked) != c.wantAsked {
			t.Fatalf("%s: the source asked %d times, want %d", c.name, len(src.asked), c.wantAsked)
		}
		if c.wantAsked == 0 {
			continue
		}
		if d := src.asked[0]; d.Position != &p || d.Seed != 9 || d.Accept == nil || d.Time != o.Time {
			t.Errorf("%s: asked at %p seed %d (accept %v) within %v, want %p seed 9 with the reading's weighing within %v", c.name, d.Position, d.Seed, d.Accept != nil, d.Time, &p, o.Time)
		}
		if h := so.Worlds.Hands(rng); h != src.hand {
			t.Errorf("%s: a world holds %v, the source drew %v", c.name, h, src.hand)
		}
	}
}

// TestDecisionFilterIsTheAdvisors: the filter a WorldSource reads, and
// the one the advisor's own worlds draw from at the same decision, is the
// filter of the options' reading and seed and of the search's particles
// (not the default's): all three draw the same hands.
func TestDecisionFilterIsTheAdvisors(t *testing.T) {
	st := dealt(t, rand.New(rand.NewPCG(4, 4)))
	pol := [2]game.Policy{bot.NewSimple(1), bot.NewSimple(2)}
	var style reading.Style
	checked := 0
	for st.Phase() != game.Over {
		if st.Turn() == 0 && st.Draws() > 2 {
			p := st.Position(0)
			o := Options{Seed: uint64(st.Draws()), Reading: &style}
			s := Search{Particles: 64}
			want, ok := reading.Filter(&style, &p, 64, o.Seed)
			own := searchOptions(&p, o, s).Worlds
			src := &fakeSource{}
			s.Worlds = src
			searchOptions(&p, o, s)
			if len(src.asked) != 1 {
				t.Fatalf("draw %d: the source asked %d times", st.Draws(), len(src.asked))
			}
			told, tok := src.asked[0].Filter()
			if tok != ok || (own.Hands != nil) != ok {
				t.Fatalf("draw %d: a filter %v, the source's %v, the advisor's worlds draw from one %v", st.Draws(), ok, tok, own.Hands != nil)
			}
			if ok {
				checked++
			}
			for k := range 20 {
				if !ok {
					break
				}
				x := want.Draw(rand.New(rand.NewPCG(7, uint64(k))))
				y := told.Draw(rand.New(rand.NewPCG(7, uint64(k))))
				z := own.Hands(rand.New(rand.NewPCG(7, uint64(k))))
				if x != y || x != z {
					t.Fatalf("draw %d: the filter drew %v, the source's %v, the advisor's worlds %v", st.Draws(), x, y, z)
				}
			}
		}
		if err := st.Apply(pol[st.Turn()].Choose(&st)); err != nil {
			t.Fatal(err)
		}
	}
	if checked < 5 {
		t.Fatalf("only %d decisions checked", checked)
	}
}

// dealt deals the first hand of an eaai game from a deck shuffled by rng,
// seat 1 dealing.
func dealt(t testing.TB, rng *rand.Rand) game.State { return testhands.EAAIDeal(t, rng) }

// TestDefaultOptionsAreTheZeroValues: an advice whose options are left at
// their zero values is an advice at DefaultOptions, so that the one
// constructor documents every default Advise gives.
func TestDefaultOptionsAreTheZeroValues(t *testing.T) {
	if got, want := (Options{}).withDefaults(), DefaultOptions(); got != want {
		t.Fatalf("the zero options take %+v, DefaultOptions is %+v", got, want)
	}
	timed := Options{Time: time.Second}.withDefaults()
	if timed.Samples != advise.MaxSamples {
		t.Fatalf("a timed advice's worlds default to %d, want advise.MaxSamples", timed.Samples)
	}
}
