package batch

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// listLimits bounds the lists of a summary, by their place in it: a
// summary that passes decodes into no more than its figures need. Lists
// elsewhere are not decoded, and need no bound.
var listLimits = map[string]int{
	"shards":                         MaxShards,
	"errors":                         MaxErrors,
	"players":                        MaxPlayers,
	"thresholds":                     3,
	"players.by_kind":                int(numKinds),
	"players.lost_histogram":         len(lostBins) + 1,
	"players.deadwood_by_turn_sum":   MaxTurns,
	"players.deadwood_by_turn_count": MaxTurns,
	"players.worst":                  MaxWorst,
}

// checkShape reads a summary's JSON token by token, before it is decoded,
// and refuses a list longer than its place allows, naming it.
func checkShape(raw []byte) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	return walk(dec, "", func() string { return "the summary" })
}

// walk reads one value: at is its place, as listLimits names places, and
// where names it for an error, made only when needed.
func walk(dec *json.Decoder, at string, where func() string) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch tok {
	case json.Delim('{'):
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return err
			}
			key, _ := k.(string)
			place := placeOf(at, key)
			if err := walk(dec, place, func() string { return where() + "." + key }); err != nil {
				return err
			}
		}
	case json.Delim('['):
		limit, bounded := listLimits[at]
		for n := 0; dec.More(); n++ {
			if bounded && n == limit {
				return fmt.Errorf("%w: %s has more than %d entries", ErrImpossible, where(), limit)
			}
			if err := walk(dec, at, func() string { return fmt.Sprintf("%s[%d]", where(), n) }); err != nil {
				return err
			}
		}
	default:
		return nil
	}
	_, err = dec.Token() // the closing delimiter
	return err
}

// placeOf is the place of key within at, as listLimits names places. JSON
// field names match without regard to case, as encoding/json matches them.
func placeOf(at, key string) string {
	for place := range listLimits {
		parent, name := "", place
		if i := strings.LastIndexByte(place, '.'); i >= 0 {
			parent, name = place[:i], place[i+1:]
		}
		if parent == at && strings.EqualFold(name, key) {
			return place
		}
	}
	return "-" // a place with no bound, nor any below it
}
