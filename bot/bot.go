// Package bot holds everything that chooses moves: the built-in players
// (simple, random, heuristic and the advisor), the one interface they
// implement, and the registry that names them for every command.
//
// A player sees only a game.Position built from its own seat's events;
// nothing else of the state reaches it. The fast players also implement
// game.Policy, so that rollouts can play them on complete states, as does
// ReadingRollout, the rollout opponent that plays a style drawn from what
// package reading makes of the opponent.
package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/reading"
)

// Player makes the decisions of one seat.
type Player interface {
	// Name names the player in logs and summaries.
	Name() string
	// Move decides for the seat to move. pos is the player's own copy of
	// its position, in the phase to decide. A player that cannot decide,
	// such as one whose input ended or whose time ran out, returns an
	// error, which ends the game.
	Move(ctx context.Context, pos *game.Position) (game.Move, error)
	// HandOver tells the player how the hand ended: pos is over, and at a
	// showdown its Result shows both hands.
	HandOver(pos *game.Position)
}

// NewPlayerFunc makes a player for one game from a seed for its random
// choices.
type NewPlayerFunc func(seed uint64) Player

// Options tune the players that have knobs. The zero value gives every
// player its default.
type Options struct {
	// AdvisorSamples is the advisor's budget, in sampled worlds a
	// decision; 0 means DefaultAdvisorSamples.
	AdvisorSamples int
	// AdvisorMargin is how many standard errors a move's gain over the
	// advisor's baseline must reach before it departs from the baseline;
	// 0 means advise.DefaultMargin.
	AdvisorMargin float64
}

// MaxAdvisorMargin bounds the advisor's margin wherever a user sets it:
// beyond it, the advisor all but never departs from its baseline.
const MaxAdvisorMargin = 10

// Entry is one built-in player: its name, a line that says how it plays,
// and its constructor.
type Entry struct {
	Name string
	Help string
	// Make returns the player's constructor under the options.
	Make func(o Options) NewPlayerFunc
	// New is Make with the default options.
	New NewPlayerFunc
}

func entry(name, help string, mk func(o Options) NewPlayerFunc) Entry {
	return Entry{Name: name, Help: help, Make: mk, New: mk(Options{})}
}

// styledEntry is the entry of a Styled sparring partner: it has no
// options and makes no random choice.
func styledEntry(name, help string, k reading.KnockRule, d reading.DiscardRule, t reading.TakeRule) Entry {
	return entry(name, help, func(Options) NewPlayerFunc {
		return func(uint64) Player { return NewStyled(name, k, d, t) }
	})
}

// Registry returns the built-in players in alphabetical order, in a slice
// of the caller's own.
func Registry() []Entry {
	return []Entry{
		entry("advisor", "the Monte Carlo advisor: sampled worlds and rollouts, reading how its opponent knocks",
			func(o Options) NewPlayerFunc {
				return func(seed uint64) Player { return newAdvisor(seed, o.AdvisorSamples, o) }
			}),
		entry("advisor-fixed", "the advisor before it read its opponent: every opponent is simple, margin 2.5",
			func(o Options) NewPlayerFunc {
				return func(seed uint64) Player {
					if o.AdvisorMargin == 0 {
						o.AdvisorMargin = FixedAdvisorMargin
					}
					a := newAdvisor(seed, o.AdvisorSamples, o)
					a.Fixed = true
					return a
				}
			}),
		entry("advisor-small", "the advisor at a small budget, 48 worlds a decision",
			func(o Options) NewPlayerFunc {
				return func(seed uint64) Player { return newAdvisor(seed, SmallAdvisorSamples, o) }
			}),
		styledEntry("cautious", "knocks only with 3 or less, throws what the opponent is unlikely to use",
			reading.KnockLow, reading.DiscardSafe, reading.TakeIntoMeld),
		styledEntry("grabber", "knocks at once, takes any upcard that lowers its deadwood",
			reading.KnockAtOnce, reading.DiscardDeadwood, reading.TakeToLower),
		entry("heuristic", "holds for gin and undercuts, knocks only early; takes the upcard into a meld",
			func(Options) NewPlayerFunc { return func(seed uint64) Player { return NewHeuristic(seed) } }),
		styledEntry("patient", "knocks only late in the hand or for gin, keeps the most draws open",
			reading.KnockLate, reading.DiscardOpen, reading.TakeToLower),
		entry("random", "any legal move at random",
			func(Options) NewPlayerFunc { return func(seed uint64) Player { return NewRandom(seed) } }),
		entry("simple", "the EAAI baseline: knocks at once, discards the most deadwood",
			func(Options) NewPlayerFunc { return func(seed uint64) Player { return NewSimple(seed) } }),
	}
}

// Names returns the built-in players' names in alphabetical order.
func Names() []string {
	var names []string
	for _, e := range Registry() {
		names = append(names, e.Name)
	}
	return names
}

// ErrUnknownPlayer means no built-in player has the name asked for.
var ErrUnknownPlayer = errors.New("unknown player")

// Lookup returns the built-in player of that name, in any case.
func Lookup(name string) (Entry, error) {
	for _, e := range Registry() {
		if strings.EqualFold(e.Name, strings.TrimSpace(name)) {
			return e, nil
		}
	}
	return Entry{}, fmt.Errorf("%w %q (known: %s)", ErrUnknownPlayer, name, strings.Join(Names(), ", "))
}

// ErrOptions means an option is out of its range.
var ErrOptions = errors.New("bad player option")

// LookupWith returns the constructor of the built-in player a spec names,
// under the options, which it checks. A spec is a player's name, then
// options of its own after commas, which override o for that player:
// "advisor,samples=512" is the advisor at 512 worlds a decision, whatever
// the other seat's budget. There are two options: samples, for the
// advisor and advisor-fixed, and margin (advise.Options.Margin), for every
// advisor.
func LookupWith(spec string, o Options) (NewPlayerFunc, error) {
	name, rest, more := strings.Cut(spec, ",")
	e, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	isAdvisor := strings.HasPrefix(e.Name, "advisor")
	for more {
		var kv string
		kv, rest, more = strings.Cut(rest, ",")
		key, value, ok := strings.Cut(kv, "=")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		switch {
		case !ok:
			return nil, fmt.Errorf("%w: %q in %q is not key=value", ErrOptions, notation.Clip(kv, 20), notation.Clip(spec, 60))
		case key != "samples" && key != "margin":
			return nil, fmt.Errorf("%w: %q is not a player option (samples and margin are)", ErrOptions, notation.Clip(key, 20))
		case !isAdvisor || key == "samples" && e.Name == "advisor-small":
			return nil, fmt.Errorf("%w: %s takes no %s", ErrOptions, e.Name, key)
		case key == "samples":
			n, err := strconv.Atoi(value)
			if err != nil || n < 1 {
				return nil, fmt.Errorf("%w: samples=%q is not a whole number from 1 to %d", ErrOptions, notation.Clip(value, 20), MaxAdvisorSamples)
			}
			o.AdvisorSamples = n
		default:
			x, err := strconv.ParseFloat(value, 64)
			// ParseFloat takes "NaN" and "Inf", which the comparison
			// turns away.
			if err != nil || !(x > 0 && x <= MaxAdvisorMargin) {
				return nil, fmt.Errorf("%w: margin=%q is not a number above 0, at most %d", ErrOptions, notation.Clip(value, 20), MaxAdvisorMargin)
			}
			o.AdvisorMargin = x
		}
	}
	if o.AdvisorSamples < 0 || o.AdvisorSamples > MaxAdvisorSamples {
		return nil, fmt.Errorf("%w: the advisor's samples must be from 1 to %d, not %d", ErrOptions, MaxAdvisorSamples, o.AdvisorSamples)
	}
	if o.AdvisorMargin < 0 || o.AdvisorMargin > MaxAdvisorMargin || o.AdvisorMargin != o.AdvisorMargin {
		return nil, fmt.Errorf("%w: the advisor's margin must be from 0 to %d, not %g", ErrOptions, MaxAdvisorMargin, o.AdvisorMargin)
	}
	return e.Make(o), nil
}

// MustLookup is Lookup for names known to be built in; it panics on any
// other, so it is for tests and fixed tables only.
func MustLookup(name string) Entry {
	e, err := Lookup(name)
	if err != nil {
		panic(err)
	}
	return e
}

// Help returns one line per built-in player, "name  how it plays", for
// help texts.
func Help() string {
	var b strings.Builder
	width := 0
	for _, e := range Registry() {
		width = max(width, len(e.Name))
	}
	// Two spaces after the longest name, so that a help wrapper finds the
	// description's column on every line.
	for _, e := range Registry() {
		fmt.Fprintf(&b, "  %-*s  %s\n", width, e.Name, e.Help)
	}
	return b.String()
}
