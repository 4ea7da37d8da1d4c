package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
)

// Field is one rule value, described once for every place that names it:
// the command-line flags, the game log's rules line, the JSON of `rules
// --json`, the README's table and the rows of the rules command's table.
type Field struct {
	// Key names the field in the game log and in JSON.
	Key string
	// Flag is the command-line flag that overrides it.
	Flag string
	// Usage says what it means, for help and the README.
	Usage string
	// Int or Bool reaches the value in a Rules; exactly one is set.
	Int  func(*Rules) *int
	Bool func(*Rules) *bool
	// Min and Max bound an integer value.
	Min, Max int
	// OmitZero leaves the field out of a game log's rules line when it is
	// zero or false, as in its preset, so that logs written before it
	// existed read the same.
	OmitZero bool
	// Label names the field's row in the rules table, and Row is the
	// row's place in it, from 1, after the preset's name: the table keeps
	// the order people read the rules in (a tie beside the undercut it
	// is, the deal before the lay-offs), which is not the order of the
	// log and the JSON. A field without a Label has no row of its own:
	// another's row writes it (the big gin bonus, in big gin's).
	Label string
	Row   int
	// Text, when set, writes the row's value in words (Words).
	Text func(r *Rules) string
}

// MaxBonus bounds every bonus and the target, far above any real game and
// far below where sums of them could overflow.
const MaxBonus = 100_000

// Fields returns every rule value, in the order the rules are printed, in
// a slice of the caller's own.
func Fields() []Field { return slices.Clone(fields) }

var fields = []Field{
	{Key: "knock_limit", Flag: "knock-limit", Usage: "the most deadwood a knock may have", Int: func(r *Rules) *int { return &r.KnockLimit }, Max: 100, Label: "knock limit", Row: 1, Text: knockText},
	{Key: "gin_bonus", Flag: "gin-bonus", Usage: "the gin bonus", Int: func(r *Rules) *int { return &r.GinBonus }, Max: MaxBonus, Label: "gin bonus", Row: 2},
	{Key: "undercut_bonus", Flag: "undercut-bonus", Usage: "the undercut bonus", Int: func(r *Rules) *int { return &r.UndercutBonus }, Max: MaxBonus, Label: "undercut bonus", Row: 3},
	{Key: "big_gin", Flag: "big-gin", Usage: "allow big gin: 11 cards melded without a discard", Bool: func(r *Rules) *bool { return &r.BigGin }, Label: "big gin bonus", Row: 5, Text: bigGinText},
	{Key: "big_gin_bonus", Flag: "big-gin-bonus", Usage: "the big gin bonus", Int: func(r *Rules) *int { return &r.BigGinBonus }, Max: MaxBonus},
	{Key: "tie_is_undercut", Flag: "tie-undercut", Usage: "a tie goes to the defender as an undercut; otherwise the knocker scores 0", Bool: func(r *Rules) *bool { return &r.TieIsUndercut }, Label: "tie is an undercut", Row: 4},
	{Key: "target", Flag: "target", Usage: "the points that end a game", Int: func(r *Rules) *int { return &r.Target }, Min: 1, Max: MaxBonus, Label: "game to", Row: 6},
	{Key: "game_bonus", Flag: "game-bonus", Usage: "the bonus for winning the game", Int: func(r *Rules) *int { return &r.GameBonus }, Max: MaxBonus, Label: "game bonus", Row: 7},
	{Key: "box_bonus", Flag: "box-bonus", Usage: "the bonus per hand won, added at the end of the game", Int: func(r *Rules) *int { return &r.BoxBonus }, Max: MaxBonus, Label: "box bonus per hand won", Row: 8},
	{Key: "shutout_doubles", Flag: "shutout-double", Usage: "double the winner's hand points when the loser won no hand", Bool: func(r *Rules) *bool { return &r.ShutoutDoubles }, Label: "shutout doubles", Row: 9},
	{Key: "shutout_bonus", Flag: "shutout-bonus", Usage: "added to the game bonus when the loser scored nothing", Int: func(r *Rules) *int { return &r.ShutoutBonus }, Max: MaxBonus, Label: "shutout bonus", Row: 10},
	{Key: "oklahoma", Flag: "oklahoma", Usage: "the first upcard sets the knock limit; an ace means gin only", Bool: func(r *Rules) *bool { return &r.Oklahoma }, Label: "Oklahoma", Row: 11},
	{Key: "spades_double", Flag: "spades-double", Usage: "Oklahoma: a spade first upcard doubles the hand", Bool: func(r *Rules) *bool { return &r.SpadesDouble }, Label: "spade upcard doubles", Row: 12},
	{Key: "straight_gin", Flag: "straight", Usage: "straight gin: no knocking, only gin", Bool: func(r *Rules) *bool { return &r.StraightGin }, Label: "straight gin", Row: 13},
	{Key: "dead_stock", Flag: "dead-stock", Usage: "the hand dies with this many cards left in the stock", Int: func(r *Rules) *int { return &r.DeadStock }, Max: 31, Label: "hand dies with stock at", Row: 14},
	{Key: "fiftieth_card", Flag: "fiftieth-card", Usage: "the 50th-card rule: the last discard may still be taken to knock", Bool: func(r *Rules) *bool { return &r.FiftiethCard }, Label: "50th-card rule", Row: 15},
	{Key: "greedy_layoffs", Flag: "greedy-layoffs", Usage: "lay off as the EAAI framework does: own melds first, then deadwood card by card", Bool: func(r *Rules) *bool { return &r.GreedyLayoffs }, Label: "lay-offs", Row: 17, Text: layoffsText},
	{Key: "winner_deals", Flag: "winner-deals", Usage: "the winner of a hand deals the next; otherwise the deal alternates", Bool: func(r *Rules) *bool { return &r.WinnerDeals }, Label: "deal", Row: 16, Text: dealText},
	{Key: "repeat_ends", Flag: "repeat-ends", Usage: "OpenSpiel: a taken upcard may be discarded again, and the hand dies when both players in turn do so", Bool: func(r *Rules) *bool { return &r.RepeatEnds }, OmitZero: true, Label: "taken card discarded again", Row: 18},
	{Key: "take_limit", Flag: "take-limit", Usage: "OpenSpiel: the hand dies at this many takes of the upcard after the first offer (0: no limit)", Int: func(r *Rules) *int { return &r.TakeLimit }, Max: 200, OmitZero: true, Label: "takes before the hand dies", Row: 19, Text: func(r *Rules) string { return limitText(r.TakeLimit) }},
	{Key: "draw_limit", Flag: "draw-limit", Usage: "the hand dies at this many draws without a knock (0: no limit)", Int: func(r *Rules) *int { return &r.DrawLimit }, Max: 1000, OmitZero: true, Label: "draws before the hand dies", Row: 20, Text: func(r *Rules) string { return limitText(r.DrawLimit) }},
}

// The words of the rows whose value a number or a yes does not say.

// knockText is the knock limit, or why there is none to speak of.
func knockText(r *Rules) string {
	switch {
	case r.StraightGin:
		return "gin only (straight gin)"
	case r.Oklahoma:
		return fmt.Sprintf("the first upcard's value, at most %d; gin only on an ace", r.KnockLimit)
	}
	return strconv.Itoa(r.KnockLimit)
}

// bigGinText is the big gin bonus, where big gin is allowed.
func bigGinText(r *Rules) string {
	if r.BigGin {
		return strconv.Itoa(r.BigGinBonus)
	}
	return "not allowed"
}

// layoffsText says whose lay-offs are made.
func layoffsText(r *Rules) string {
	if r.GreedyLayoffs {
		return "greedy, deadwood only (EAAI)"
	}
	return "the defender's best"
}

// dealText says who deals the next hand.
func dealText(r *Rules) string {
	if r.WinnerDeals {
		return "winner deals"
	}
	return "alternates"
}

// limitText writes a take or draw limit: "no limit" for 0.
func limitText(n int) string {
	if n == 0 {
		return "no limit"
	}
	return strconv.Itoa(n)
}

// FieldByKey returns the field with the given key.
func FieldByKey(key string) (*Field, bool) {
	for i := range fields {
		if fields[i].Key == key {
			f := fields[i]
			return &f, true
		}
	}
	return nil, false
}

// ErrFieldValue means a rule value could not be read or is out of range.
var ErrFieldValue = errors.New("bad rule value")

// Format writes the field's value in r.
func (f *Field) Format(r *Rules) string {
	if f.Int != nil {
		return strconv.Itoa(*f.Int(r))
	}
	return strconv.FormatBool(*f.Bool(r))
}

// Words writes the field's value in r for people, as the rules table
// shows it: its Text, else the number, or yes or no.
func (f *Field) Words(r *Rules) string {
	switch {
	case f.Text != nil:
		return f.Text(r)
	case f.Int != nil:
		return strconv.Itoa(*f.Int(r))
	case *f.Bool(r):
		return "yes"
	}
	return "no"
}

// Range describes the values the field takes, for help and errors.
func (f *Field) Range() string {
	if f.Int != nil {
		return fmt.Sprintf("%d to %d", f.Min, f.Max)
	}
	return "true or false"
}

// Set reads value into the field of r, checking its range.
func (f *Field) Set(r *Rules, value string) error {
	if f.Int != nil {
		n, err := strconv.Atoi(value)
		if err != nil || n < f.Min || n > f.Max {
			return fmt.Errorf("%w: %s=%q: want a whole number from %d to %d", ErrFieldValue, f.Key, value, f.Min, f.Max)
		}
		*f.Int(r) = n
		return nil
	}
	b, err := strconv.ParseBool(value)
	if err != nil {
		return fmt.Errorf("%w: %s=%q: want true or false", ErrFieldValue, f.Key, value)
	}
	*f.Bool(r) = b
	return nil
}

// SetInt sets an integer field, checking its range.
func (f *Field) SetInt(r *Rules, n int) error {
	if f.Int == nil || n < f.Min || n > f.Max {
		return fmt.Errorf("%w: %s=%d: want a whole number from %d to %d", ErrFieldValue, f.Key, n, f.Min, f.Max)
	}
	*f.Int(r) = n
	return nil
}

// MarshalJSON writes the rules as one object: the name, then every field
// of Fields under its key, in order.
func (r Rules) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	name, _ := json.Marshal(r.Name)
	b.WriteString(`{"name":`)
	b.Write(name)
	for i := range fields {
		f := &fields[i]
		b.WriteString(`,"` + f.Key + `":` + f.Format(&r))
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads what MarshalJSON writes; a missing field keeps its
// value.
func (r *Rules) UnmarshalJSON(data []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	if v, ok := raw["name"]; ok {
		if err := json.Unmarshal(v, &r.Name); err != nil {
			return err
		}
	}
	for i := range fields {
		f := &fields[i]
		if v, ok := raw[f.Key]; ok {
			if err := f.Set(r, string(v)); err != nil {
				return err
			}
		}
	}
	return nil
}
