// Package registry is the lab's registry of players: every player of the
// product's (package players), by the same specs, and the lab's variants
// of the advisors that read their opponent, named by an option the
// product's specs do not take. There is one: filter=off, the advisor
// before its particle filter (worlds.NoFilter), the partner a change to
// the reading is measured against; filter=on is the advisor as it is.
// The lab's commands look their players up here.
package registry

import (
	"fmt"
	"strings"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/lab/worlds"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/players"
)

// LookupWith returns the constructor of the player a spec names: the
// product's spec, and the lab's options after it, anywhere among its own.
// Its errors are the product registry's (players.ErrOptions,
// players.ErrUnknownPlayer).
func LookupWith(spec string) (bot.NewPlayerFunc, error) {
	product, filter, err := cutLabOptions(spec)
	if err != nil {
		return nil, err
	}
	newPlayer, err := players.LookupWith(product, players.Options{})
	if err != nil || filter == "" {
		return newPlayer, err
	}
	name, _, _ := strings.Cut(product, ",")
	if e, _ := players.Lookup(name); e.Name != "advisor" && e.Name != "advisor-small" {
		return nil, fmt.Errorf("%w: %s takes no filter", players.ErrOptions, e.Name)
	}
	if filter == "on" {
		return newPlayer, nil
	}
	return func(seed uint64) bot.Player {
		p := newPlayer(seed)
		if a, ok := p.(*analyze.Player); ok {
			a.SetWorlds(worlds.NoFilter{})
		}
		return p
	}, nil
}

// cutLabOptions cuts the lab's options from spec: the product's spec
// without them, and the value of filter ("" when not given).
func cutLabOptions(spec string) (product, filter string, err error) {
	parts := strings.Split(spec, ",")
	kept := parts[:1]
	for _, kv := range parts[1:] {
		key, value, _ := strings.Cut(kv, "=")
		if strings.TrimSpace(key) != "filter" {
			kept = append(kept, kv)
			continue
		}
		value = strings.TrimSpace(value)
		switch {
		case filter != "":
			return "", "", fmt.Errorf("%w: filter is given twice in %q", players.ErrOptions, notation.Clip(spec, 60))
		case value != "on" && value != "off":
			return "", "", fmt.Errorf("%w: filter=%q is not on or off", players.ErrOptions, notation.Clip(value, 20))
		}
		filter = value
	}
	return strings.Join(kept, ","), filter, nil
}

// Names returns the players' names, the product's, in alphabetical order.
func Names() []string { return players.Names() }
