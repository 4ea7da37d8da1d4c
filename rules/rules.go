// Package rules holds the rule sets of gin rummy, the one rulebook of what
// a knock, gin, big gin or lay-off may lay down (CheckLayDown and its
// kin, with reason sentinels errors.Is can test), and settles hands and
// games under them: who wins a showdown, for how many points, and the
// bonuses at the end of a game, each with a breakdown a person can check.
package rules

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/ginadvisor/ginadvisor/notation"
)

// Rules is one rule set. The zero value is not useful; start from a preset.
type Rules struct {
	// Name is the preset the rules came from, with "+" when changed.
	Name string `json:"name"`
	// KnockLimit is the most deadwood a knock may have.
	KnockLimit int `json:"knock_limit"`
	// GinBonus is added to the opponent's deadwood when a player goes gin.
	GinBonus int `json:"gin_bonus"`
	// UndercutBonus is added to the difference when the defender undercuts.
	UndercutBonus int `json:"undercut_bonus"`
	// BigGin allows an 11-card gin without a discard.
	BigGin bool `json:"big_gin"`
	// BigGinBonus replaces the gin bonus for big gin.
	BigGinBonus int `json:"big_gin_bonus"`
	// TieIsUndercut gives a tie to the defender as an undercut. Without it
	// a tie scores nothing for the knocker.
	TieIsUndercut bool `json:"tie_is_undercut"`
	// Target is the score that ends a game.
	Target int `json:"target"`
	// GameBonus goes to the winner of the game.
	GameBonus int `json:"game_bonus"`
	// BoxBonus goes to each player for each hand they won (the line bonus).
	BoxBonus int `json:"box_bonus"`
	// ShutoutDoubles doubles the winner's hand points when the loser won
	// no hand, before the box bonus is added.
	ShutoutDoubles bool `json:"shutout_doubles"`
	// ShutoutBonus is added to the game bonus when the loser scored no
	// points at all (wikiHow: a game bonus of 100, or 200 on a shutout).
	ShutoutBonus int `json:"shutout_bonus"`
	// Oklahoma takes the knock limit from the first upcard: its value, and
	// gin only for an ace.
	Oklahoma bool `json:"oklahoma"`
	// SpadesDouble doubles a hand whose first upcard is a spade (Oklahoma).
	SpadesDouble bool `json:"spades_double"`
	// StraightGin forbids knocking: only gin ends a hand.
	StraightGin bool `json:"straight_gin"`
	// DeadStock is the stock size at which a hand ends with no score.
	DeadStock int `json:"dead_stock"`
	// FiftiethCard lets the opponent take the last discard to knock when
	// the stock reaches DeadStock (the 50th-card rule).
	FiftiethCard bool `json:"fiftieth_card"`
	// GreedyLayoffs lays off as the EAAI framework's engine does: the
	// defender keeps its first minimal arrangement and lays off only its
	// deadwood, card by card, each on the first meld it fits. Otherwise the
	// defender gets its best outcome, rearranging its own melds if that
	// lets it lay off more.
	GreedyLayoffs bool `json:"greedy_layoffs"`
	// WinnerDeals gives the next deal to the winner of a hand; otherwise
	// the deal alternates. After a dead hand the same dealer deals again.
	WinnerDeals bool `json:"winner_deals"`
	// RepeatEnds follows OpenSpiel: a card just taken from the pile may be
	// discarded again, and when both players in turn take the upcard and
	// discard it, the hand dies.
	RepeatEnds bool `json:"repeat_ends"`
	// TakeLimit, when set, kills the hand at this many takes of the upcard
	// after the first offer; the last take is not made (OpenSpiel: 50).
	TakeLimit int `json:"take_limit"`
	// DrawLimit, when set, kills a hand that reaches this many draws (both
	// seats') without a knock. Two players who keep taking each other's
	// discards could otherwise play forever; the standard presets set 128,
	// while eaai and openspiel set none, as their hosts do (OpenSpiel ends
	// such hands by RepeatEnds and TakeLimit).
	DrawLimit int `json:"draw_limit"`
}

// Standard returns the North American default: knock at 10 or less, gin
// 25, undercut 25 with ties to the defender, game to 100, no big gin.
func Standard() Rules { return standard }

var standard = Rules{
	Name:          "standard",
	KnockLimit:    10,
	GinBonus:      25,
	UndercutBonus: 25,
	BigGinBonus:   31,
	TieIsUndercut: true,
	Target:        100,
	DeadStock:     2,
	DrawLimit:     128,
}

// Presets returns the named rule sets, by name, in a map of the caller's
// own: changing it changes no one else's rules.
func Presets() map[string]Rules { return maps.Clone(presets) }

var presets = map[string]Rules{
	"standard": standard,
	"modern": func() Rules {
		r := standard
		r.Name = "modern"
		r.BigGin = true
		r.BigGinBonus = 31
		r.BoxBonus = 25
		r.GameBonus = 100
		r.ShutoutDoubles = true
		return r
	}(),
	"uk": func() Rules {
		r := standard
		r.Name = "uk"
		r.GinBonus = 20
		r.UndercutBonus = 10
		return r
	}(),
	"oklahoma": func() Rules {
		r := standard
		r.Name = "oklahoma"
		r.Oklahoma = true
		return r
	}(),
	"straight": func() Rules {
		r := standard
		r.Name = "straight"
		r.StraightGin = true
		r.KnockLimit = 0
		return r
	}(),
	// OpenSpiel's gin_rummy: a tie scores nothing, the wall lets the next
	// player take the last discard to knock, and two more ways to end a
	// hand with no score.
	"openspiel": func() Rules {
		r := standard
		r.Name = "openspiel"
		r.TieIsUndercut = false
		r.FiftiethCard = true
		r.RepeatEnds = true
		r.TakeLimit = 50
		r.DrawLimit = 0
		return r
	}(),
	"eaai": func() Rules {
		r := standard
		r.Name = "eaai"
		r.GreedyLayoffs = true
		// The EAAI framework plays a hand on until the stock runs out.
		r.DrawLimit = 0
		return r
	}(),
}

// ErrUnknownPreset is returned by Preset for a name it does not know.
var ErrUnknownPreset = errors.New("unknown rules preset")

// PresetNames returns the preset names in alphabetical order.
func PresetNames() []string {
	return slices.Sorted(maps.Keys(presets))
}

// Preset returns the named preset. Names are not case sensitive.
func Preset(name string) (Rules, error) {
	r, ok := presets[strings.ToLower(strings.TrimSpace(name))]
	if !ok {
		return Rules{}, fmt.Errorf("%w %q (known: %s)", ErrUnknownPreset, name, strings.Join(PresetNames(), ", "))
	}
	return r, nil
}

// Validate reports rule values that make no sense.
func (r Rules) Validate() error {
	switch {
	case r.KnockLimit < 0:
		return fmt.Errorf("knock limit %d is negative", r.KnockLimit)
	case r.GinBonus < 0 || r.UndercutBonus < 0 || r.BigGinBonus < 0 || r.GameBonus < 0 || r.BoxBonus < 0 || r.ShutoutBonus < 0:
		return errors.New("bonuses may not be negative")
	case r.Target <= 0:
		return fmt.Errorf("game target %d must be positive", r.Target)
	case r.DeadStock < 0 || r.DeadStock > 31:
		return fmt.Errorf("dead-stock size %d must be from 0 to 31", r.DeadStock)
	case r.StraightGin && r.Oklahoma:
		return errors.New("straight gin and Oklahoma both set the knock limit: choose one")
	case r.StraightGin && r.KnockLimit != 0:
		return fmt.Errorf("straight gin allows gin only, so its knock limit is 0, not %d", r.KnockLimit)
	case r.SpadesDouble && !r.Oklahoma:
		return errors.New("spade doubling is an Oklahoma rule: add --oklahoma (or --rules oklahoma)")
	}
	return nil
}

// Deal describes what of a deal the rules depend on: the first upcard.
type Deal struct {
	// Upcard is the first upcard; it matters only under Oklahoma rules.
	Upcard notation.Card
	// HasUpcard says whether Upcard is known.
	HasUpcard bool
}

// ErrNoUpcard means the rules are Oklahoma's and the deal's first upcard,
// which sets the knock limit, is not known: no limit may be assumed.
var ErrNoUpcard = errors.New("under Oklahoma rules the first upcard sets the knock limit, and it is not given")

// CheckDeal says whether the deal tells what the rules depend on: under
// Oklahoma rules, the first upcard.
func (r Rules) CheckDeal(d Deal) error {
	if r.Oklahoma && !d.HasUpcard {
		return ErrNoUpcard
	}
	return nil
}

// KnockLimitFor returns the knock limit in force for a deal: 0 (gin only)
// in straight gin, the first upcard's value under Oklahoma (an ace allows
// gin only), and KnockLimit otherwise.
func (r Rules) KnockLimitFor(d Deal) int {
	switch {
	case r.StraightGin:
		return 0
	case r.Oklahoma && d.HasUpcard:
		if d.Upcard.Rank() == notation.Ace {
			return 0
		}
		return min(d.Upcard.Value(), r.KnockLimit)
	}
	return r.KnockLimit
}

// Multiplier returns 2 when Oklahoma spade doubling applies to the deal,
// and 1 otherwise.
func (r Rules) Multiplier(d Deal) int {
	if r.Oklahoma && r.SpadesDouble && d.HasUpcard && d.Upcard.Suit() == notation.Spades {
		return 2
	}
	return 1
}
