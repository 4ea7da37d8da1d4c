// Package players is the one registry of every built-in player, by name:
// the rule-based players of package bot and the advisor players of
// package analyze. Every command that takes a player's name, and the
// arena, looks it up here.
package players

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/notation"
)

// Options tune the players that have knobs. The zero value gives every
// player its default.
type Options struct {
	// AdvisorSamples is the advisor's budget, in sampled worlds a
	// decision; 0 means analyze.DefaultPlayerSamples.
	AdvisorSamples int
	// AdvisorMargin is how many standard errors a move's gain over the
	// advisor's baseline must reach before it departs from the baseline;
	// 0 means advise.DefaultMargin.
	AdvisorMargin float64
}

// Entry is one built-in player: its name, a line that says how it plays,
// and its constructor.
type Entry struct {
	Name string
	Help string
	// Make returns the player's constructor under the options.
	Make func(o Options) bot.NewPlayerFunc
	// New is Make with the default options.
	New bot.NewPlayerFunc
}

func entry(name, help string, mk func(o Options) bot.NewPlayerFunc) Entry {
	return Entry{Name: name, Help: help, Make: mk, New: mk(Options{})}
}

// Registry returns the built-in players in alphabetical order, in a slice
// of the caller's own.
func Registry() []Entry {
	return []Entry{
		entry("advisor", "the Monte Carlo advisor: sampled worlds and rollouts, reading how its opponent knocks",
			func(o Options) bot.NewPlayerFunc {
				return func(seed uint64) bot.Player {
					return analyze.NewPlayer(seed, o.AdvisorSamples, o.AdvisorMargin, false)
				}
			}),
		entry("advisor-fixed", "the advisor before it read its opponent: every opponent is simple, margin 2.5",
			func(o Options) bot.NewPlayerFunc {
				return func(seed uint64) bot.Player {
					if o.AdvisorMargin == 0 {
						o.AdvisorMargin = analyze.FixedPlayerMargin
					}
					return analyze.NewPlayer(seed, o.AdvisorSamples, o.AdvisorMargin, true)
				}
			}),
		entry("advisor-small", "the advisor at a small budget, 48 worlds a decision",
			func(o Options) bot.NewPlayerFunc {
				return func(seed uint64) bot.Player {
					return analyze.NewPlayer(seed, analyze.SmallPlayerSamples, o.AdvisorMargin, false)
				}
			}),
		entry("cautious", "knocks only with 3 or less, throws what the opponent is unlikely to use",
			func(Options) bot.NewPlayerFunc {
				return func(uint64) bot.Player {
					return bot.NewCautious()
				}
			}),
		entry("grabber", "knocks at once, takes any upcard that lowers its deadwood",
			func(Options) bot.NewPlayerFunc {
				return func(uint64) bot.Player {
					return bot.NewGrabber()
				}
			}),
		entry("heuristic", "holds for gin and undercuts, knocks only early; takes the upcard into a meld",
			func(Options) bot.NewPlayerFunc { return func(seed uint64) bot.Player { return bot.NewHeuristic(seed) } }),
		entry("patient", "knocks only late in the hand or for gin, keeps the most draws open",
			func(Options) bot.NewPlayerFunc {
				return func(uint64) bot.Player {
					return bot.NewPatient()
				}
			}),
		entry("random", "any legal move at random",
			func(Options) bot.NewPlayerFunc { return func(seed uint64) bot.Player { return bot.NewRandom(seed) } }),
		entry("simple", "the EAAI baseline: knocks at once, discards the most deadwood",
			func(Options) bot.NewPlayerFunc { return func(seed uint64) bot.Player { return bot.NewSimple(seed) } }),
		entry("standin", "the strongest public player as described: takes only into a meld that lowers, looks a draw ahead, knocks only in its first 3 turns",
			func(Options) bot.NewPlayerFunc { return func(seed uint64) bot.Player { return bot.NewStandIn(seed) } }),
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
// the other seat's budget. There are two options, what a user sets of an
// advisor: samples, for the advisor and advisor-fixed, and margin
// (advise.Options.Margin), for every advisor. A key given twice is
// refused, as in a rules spec: which of the two was meant cannot be known.
func LookupWith(spec string, o Options) (bot.NewPlayerFunc, error) {
	name, rest, more := strings.Cut(spec, ",")
	e, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	given := map[string]bool{}
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
		case !strings.HasPrefix(e.Name, "advisor") || key == "samples" && e.Name == "advisor-small":
			return nil, fmt.Errorf("%w: %s takes no %s", ErrOptions, e.Name, key)
		case given[key]:
			return nil, fmt.Errorf("%w: %s is given twice in %q", ErrOptions, key, notation.Clip(spec, 60))
		}
		given[key] = true
		if err := setOption(&o, key, value); err != nil {
			return nil, err
		}
	}
	if o.AdvisorSamples < 0 || o.AdvisorSamples > advise.MaxSamples {
		return nil, fmt.Errorf("%w: the advisor's samples must be from 1 to %d, not %d", ErrOptions, advise.MaxSamples, o.AdvisorSamples)
	}
	if m := o.AdvisorMargin; m < 0 || m > analyze.MaxMargin || m != m {
		return nil, fmt.Errorf("%w: the advisor's margin must be from 0 to %d, not %g", ErrOptions, analyze.MaxMargin, m)
	}
	return e.Make(o), nil
}

// setOption sets the spec's option key, samples or margin, to value.
func setOption(o *Options, key, value string) error {
	if key == "samples" {
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 {
			return fmt.Errorf("%w: samples=%q is not a whole number from 1 to %d", ErrOptions, notation.Clip(value, 20), advise.MaxSamples)
		}
		o.AdvisorSamples = n
		return nil
	}
	x, err := strconv.ParseFloat(value, 64)
	// ParseFloat takes "NaN" and "Inf", which the comparison turns away.
	if err != nil || !(x > 0 && x <= analyze.MaxMargin) {
		return fmt.Errorf("%w: margin=%q is not a number above 0, at most %d", ErrOptions, notation.Clip(value, 20), analyze.MaxMargin)
	}
	o.AdvisorMargin = x
	return nil
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
