package importer

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// OpenSpiel's gin_rummy action ids.
const (
	osDrawUpcard = 52
	osDrawStock  = 53
	osPass       = 54
	osKnock      = 55
	osMeldBase   = 56
	osMelds      = 185
)

// osSuits is OpenSpiel's suit order; a card id is suit*13 + rank.
const osSuits = "scdh"

// osCard turns an OpenSpiel card id into a card.
func osCard(id int) (notation.Card, bool) {
	if id < 0 || id >= 52 {
		return 0, false
	}
	c, err := notation.ParseCard(string("A23456789TJQK"[id%13]) + string(osSuits[id/13]))
	return c, err == nil
}

// osMeld decodes an OpenSpiel meld id (0-184) into its cards: sets are
// 5*rank + the missing suit (4 for all four suits); runs of 3, 4 and 5
// cards follow at 65, 109 and 149, by suit then lowest rank.
func osMeld(id int) (notation.CardSet, bool) {
	var ids []int
	switch {
	case id < 0 || id >= osMelds:
		return 0, false
	case id < 65:
		r, m := id/5, id%5
		for s := 0; s < 4; s++ {
			if s != m {
				ids = append(ids, s*13+r)
			}
		}
	default:
		base, per, n := 65, 11, 3
		if id >= 149 {
			base, per, n = 149, 9, 5
		} else if id >= 109 {
			base, per, n = 109, 10, 4
		}
		s, r := (id-base)/per, (id-base)%per
		for k := 0; k < n; k++ {
			ids = append(ids, s*13+r+k)
		}
	}
	var set notation.CardSet
	for _, i := range ids {
		c, _ := osCard(i)
		set = set.With(c)
	}
	return set, true
}

// OpenSpielHistory is one hand as OpenSpiel records it: the game string
// with its parameters, and every action, chance actions included.
type OpenSpielHistory struct {
	Game    string    `json:"game"`
	Actions []int     `json:"actions"`
	Returns []float64 `json:"returns,omitempty"`
	Agents  []string  `json:"agents,omitempty"`
	// Line is the file line the history starts on; ActionLines, when set
	// (OpenSpiel's save format holds one action a line), the line of each
	// action.
	Line        int   `json:"-"`
	ActionLines []int `json:"-"`
}

// lineOf is the file line of action i.
func (h *OpenSpielHistory) lineOf(i int) int {
	if i >= 0 && i < len(h.ActionLines) {
		return h.ActionLines[i]
	}
	return h.Line
}

// OpenSpielRules returns the rules of an OpenSpiel game string such as
// "gin_rummy()" or "gin_rummy(knock_card=7,oklahoma=True)".
func OpenSpielRules(s string) (rules.Rules, error) {
	r := rules.Presets()["openspiel"]
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "gin_rummy(") || !strings.HasSuffix(s, ")") {
		return r, fmt.Errorf("%q is not an OpenSpiel gin_rummy game string", shorten(s))
	}
	inner := s[len("gin_rummy(") : len(s)-1]
	for _, kv := range strings.Split(inner, ",") {
		kv = strings.TrimSpace(kv)
		if kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return r, fmt.Errorf("game parameter %q has no value", kv)
		}
		n, nerr := strconv.Atoi(v)
		switch k {
		case "knock_card", "gin_bonus", "undercut_bonus":
			if nerr != nil || n < 0 || n > rules.MaxBonus {
				return r, fmt.Errorf("game parameter %s=%s is not a number in range", k, v)
			}
			switch k {
			case "knock_card":
				r.KnockLimit = n
			case "gin_bonus":
				r.GinBonus = n
			default:
				r.UndercutBonus = n
			}
		case "oklahoma":
			switch v {
			case "True", "true":
				r.Oklahoma = true
			case "False", "false":
			default:
				return r, fmt.Errorf("game parameter oklahoma=%s is not True or False", v)
			}
		case "hand_size", "num_ranks", "num_suits":
			want := map[string]int{"hand_size": 10, "num_ranks": 13, "num_suits": 4}[k]
			if n != want {
				return r, fmt.Errorf("game parameter %s=%s: only the standard %d is supported", k, v, want)
			}
		default:
			return r, fmt.Errorf("unknown game parameter %q", k)
		}
	}
	return r, nil
}

// osError is an error at one action of a history.
func osError(h *OpenSpielHistory, i int, format string, args ...any) *gamelog.Error {
	return &gamelog.Error{Line: h.lineOf(i), Msg: fmt.Sprintf("action %d (index %d): %s", h.Actions[i], i, fmt.Sprintf(format, args...))}
}

// ConvertOpenSpiel turns one OpenSpiel history into a one-hand game of
// the log, replayed under the rules its game string gives, with OpenSpiel's
// endings: the wall, the repeated upcard and the upcard limit. A recorded
// result (Returns) must match the one the rules give.
func ConvertOpenSpiel(h *OpenSpielHistory, number int) (*gamelog.Game, *gamelog.Error) {
	r, err := OpenSpielRules(h.Game)
	if err != nil {
		return nil, &gamelog.Error{Line: h.Line, Msg: err.Error()}
	}
	if len(h.Actions) < 21 {
		return nil, &gamelog.Error{Line: h.Line, Msg: fmt.Sprintf("%d actions do not finish the deal", len(h.Actions))}
	}
	cardAt := func(i int) (notation.Card, *gamelog.Error) {
		c, ok := osCard(h.Actions[i])
		if !ok {
			return 0, osError(h, i, "not a card")
		}
		return c, nil
	}
	// The deal: seat 0's ten cards, seat 1's, then the upcard. Seat 0
	// always moves first, so seat 1 deals.
	hand := gamelog.Hand{Number: 1, Dealer: 1, Knocker: notation.NoSeat, Winner: notation.NoSeat, Line: h.Line, ResultLine: h.Line, ScoreLine: h.Line}
	var dealt notation.CardSet
	for i := 0; i < 21; i++ {
		c, e := cardAt(i)
		if e != nil {
			return nil, e
		}
		if dealt.Has(c) {
			return nil, osError(h, i, "%s is dealt twice", c)
		}
		dealt = dealt.With(c)
		switch {
		case i < 10:
			hand.Deal[0] = append(hand.Deal[0], c)
		case i < 20:
			hand.Deal[1] = append(hand.Deal[1], c)
		default:
			hand.Upcard = c
		}
	}
	// The stock's order is known only as far as it was drawn: each draw
	// from the stock is followed by a chance action naming the card. The
	// rest is filled with the cards never seen.
	var stock []notation.Card
	seen := dealt
	for i := 21; i < len(h.Actions); i++ {
		if h.Actions[i] == osDrawStock && i+1 < len(h.Actions) {
			c, e := cardAt(i + 1)
			if e != nil {
				return nil, e
			}
			if seen.Has(c) {
				return nil, osError(h, i+1, "%s is drawn, but it is not in the stock", c)
			}
			seen = seen.With(c)
			stock = append(stock, c)
			i++
		}
	}
	full := append([]notation.Card(nil), stock...)
	for c := range (notation.FullDeck &^ seen).All() {
		full = append(full, c)
	}
	if len(full) != game.StockSize {
		return nil, &gamelog.Error{Line: h.Line, Msg: "the deal and the draws do not leave a 31-card stock"}
	}
	hand.Stock = stock
	setup := game.Setup{Rules: r, Dealer: 1, Number: 1}
	st, gerr := game.FromDeal(setup, [2]notation.CardSet{notation.SetOf(hand.Deal[0]...), notation.SetOf(hand.Deal[1]...)}, hand.Upcard, full)
	if gerr != nil {
		return nil, &gamelog.Error{Line: h.Line, Msg: gerr.Error()}
	}
	apply := func(i int, m game.Move) *gamelog.Error {
		seat := st.Turn()
		implicit := m.Kind == game.PlayOn // the log leaves playing on unsaid
		card := m.Card
		switch m.Kind {
		case game.Take, game.Pass:
			card, _ = st.Upcard()
		case game.Draw:
			card = st.Stock()[0]
		}
		if err := st.Apply(m); err != nil {
			return osError(h, i, "%v", err)
		}
		switch {
		case implicit:
		case m.Kind != game.Knock && m.Kind != game.Gin:
			hand.Moves = append(hand.Moves, gamelog.Move{Seat: seat, Kind: m.Kind, Card: card, Line: h.lineOf(i)})
		default:
			hand.Moves = append(hand.Moves, gamelog.Move{Seat: seat, Kind: m.Kind, Line: h.lineOf(i)})
		}
		return nil
	}
	i := 21
	knocking := false
	for ; i < len(h.Actions) && st.Phase() != game.Over; i++ {
		a := h.Actions[i]
		switch st.Phase() {
		case game.FirstOffer:
			switch a {
			case osDrawUpcard:
				if e := apply(i, game.TakeMove()); e != nil {
					return nil, e
				}
			case osPass:
				if e := apply(i, game.PassMove()); e != nil {
					return nil, e
				}
			default:
				return nil, osError(h, i, "the first upcard may only be taken or passed")
			}
		case game.DrawPhase:
			switch {
			case st.LastChance() && a == osPass:
				if e := apply(i, game.PassMove()); e != nil {
					return nil, e
				}
			case st.LastChance() && a == osKnock:
				// At the wall a knock takes the upcard.
				if e := apply(i, game.TakeMove()); e != nil {
					return nil, e
				}
				knocking = true
			case a == osDrawUpcard:
				if e := apply(i, game.TakeMove()); e != nil {
					return nil, e
				}
			case a == osDrawStock:
				if e := apply(i, game.DrawMove()); e != nil {
					return nil, e
				}
				i++ // the chance action, read above
			default:
				return nil, osError(h, i, "not a move of the %s phase", st.Phase())
			}
		case game.DiscardPhase:
			if a == osKnock && !knocking {
				knocking = true
				continue
			}
			c, e := cardAt(i)
			if e != nil {
				return nil, osError(h, i, "not a move of the discard phase")
			}
			if e := apply(i, game.DiscardMove(c)); e != nil {
				return nil, e
			}
			if st.Phase() == game.KnockPhase && !knocking {
				if e := apply(i, game.PlayOnMove()); e != nil {
					return nil, e
				}
			}
			if knocking && st.Phase() != game.KnockPhase {
				return nil, osError(h, i, "the knock cannot be made with this discard")
			}
		case game.KnockPhase:
			var e *gamelog.Error
			if i, e = convertKnock(h, i, &st, &hand, apply); e != nil {
				return nil, e
			}
			i-- // the loop's increment
		}
	}
	if st.Phase() != game.Over {
		if knocking && st.Phase() == game.KnockPhase {
			return nil, &gamelog.Error{Line: h.Line, Msg: "the history stops before the knocker's melds"}
		}
		return nil, &gamelog.Error{Line: h.Line, Msg: fmt.Sprintf("the history stops in the %s phase, before the hand ends", st.Phase())}
	}
	if i < len(h.Actions) {
		return nil, osError(h, i, "an action after the hand is over")
	}
	res, _ := st.Result()
	if !res.Knocker.Valid() {
		hand.Score = rules.DeadHand()
	} else {
		hand.Score = r.ScoreKnock(hand.KnockerDeadwood.Value(), hand.DefenderDeadwood.Value(), false, r.Multiplier(st.FirstUpcard()))
		switch hand.Score.Winner {
		case rules.Knocker:
			hand.Winner = hand.Knocker
		case rules.Defender:
			hand.Winner = hand.Knocker.Other()
		}
		hand.Totals[hand.Winner] = hand.Score.Points
	}
	if len(h.Returns) > 0 {
		var want [2]float64
		if hand.Winner.Valid() {
			want[hand.Winner] = float64(hand.Score.Points)
			want[hand.Winner.Other()] = -float64(hand.Score.Points)
		}
		if len(h.Returns) != 2 || math.Abs(h.Returns[0]-want[0]) > 1e-9 || math.Abs(h.Returns[1]-want[1]) > 1e-9 {
			return nil, &gamelog.Error{Line: h.Line, Msg: fmt.Sprintf("the rules give returns %v, but the history records %v", want, h.Returns)}
		}
	}
	players := [2]string{"seat0", "seat1"}
	if len(h.Agents) == 2 && h.Agents[0] != "" && h.Agents[1] != "" {
		players = [2]string{h.Agents[0], h.Agents[1]}
	}
	g := &gamelog.Game{Number: number, Rules: r, Players: players, FirstDealer: 1, Line: h.Line, FinalLine: h.Line,
		Tags:  []gamelog.Tag{{Key: gamelog.TagSource, Value: "OpenSpiel " + strings.TrimSpace(h.Game)}},
		Hands: []gamelog.Hand{hand}}
	tally := rules.NewGame(r)
	tally.Score = hand.Totals
	g.Final = tally.Final()
	if err := gamelog.Check(g); err != nil {
		if e, ok := err.(*gamelog.Error); ok {
			return nil, e
		}
		return nil, &gamelog.Error{Line: h.Line, Msg: err.Error()}
	}
	return g, nil
}

// convertKnock reads the knocker's melds and pass, then the defender's
// lay-offs and melds, from action i on; the knocker has just discarded. It
// returns the index after the hand's last action.
func convertKnock(h *OpenSpielHistory, i int, st *game.State, hand *gamelog.Hand, apply func(int, game.Move) *gamelog.Error) (int, *gamelog.Error) {
	knocker := st.Turn()
	defender := knocker.Other()
	held := st.Hand(knocker)
	other := st.Hand(defender)
	meldsUntilPass := func(from notation.CardSet) ([]notation.CardSet, notation.CardSet, *gamelog.Error) {
		var out []notation.CardSet
		for ; i < len(h.Actions); i++ {
			a := h.Actions[i]
			if a == osPass {
				i++
				return out, from, nil
			}
			m, ok := osMeld(a - osMeldBase)
			if !ok {
				return nil, 0, osError(h, i, "not a meld")
			}
			if m&^from != 0 {
				return nil, 0, osError(h, i, "the meld's %s is not in the hand", m&^from)
			}
			from &^= m
			out = append(out, m)
		}
		return nil, 0, &gamelog.Error{Line: h.Line, Msg: "the history stops while melds are laid"}
	}
	start := i
	melds, rest, e := meldsUntilPass(held)
	if e != nil {
		return i, e
	}
	sp, err := meld.NewSpread(melds...)
	if err != nil {
		return i, osError(h, start, "the knocker's melds: %v", err)
	}
	m := game.KnockMove(sp)
	if rest == 0 {
		m = game.GinMove(sp)
	}
	if e := apply(start, m); e != nil {
		return i, e
	}
	hand.Knocker, hand.Spread, hand.KnockerDeadwood = knocker, sp, rest
	// Against gin there are no lay-offs: the defender only melds.
	grown := sp.Melds
	if rest != 0 {
		for ; i < len(h.Actions) && h.Actions[i] != osPass; i++ {
			c, ok := osCard(h.Actions[i])
			if !ok || !other.Has(c) {
				return i, osError(h, i, "not a card the defender can lay off")
			}
			placed := false
			for k := 0; k < sp.N; k++ {
				if meld.Classify(grown[k].With(c)) != meld.NotMeld {
					grown[k] = grown[k].With(c)
					hand.Layoffs = append(hand.Layoffs, meld.Placement{Card: c, Meld: k})
					placed = true
					break
				}
			}
			if !placed {
				return i, osError(h, i, "%s fits none of the knocker's melds", c)
			}
			other = other.Without(c)
		}
		if i >= len(h.Actions) {
			return i, &gamelog.Error{Line: h.Line, Msg: "the history stops during the lay-offs"}
		}
		i++ // the pass that ends the lay-offs
	}
	dm, left, e := meldsUntilPass(other)
	if e != nil {
		return i, e
	}
	dsp, err := meld.NewSpread(dm...)
	if err != nil {
		return i, &gamelog.Error{Line: h.Line, Msg: "the defender's melds: " + err.Error()}
	}
	hand.DefenderMelds, hand.DefenderDeadwood = dsp, left
	return i, nil
}

// ReadOpenSpiel reads OpenSpiel histories: JSON lines with at least "game"
// and "actions" (and, when present, "returns" to check and "agents" to
// name the seats), or OpenSpiel's own save format (SerializeGameAndState:
// [Meta], [Game] and [State] with one action a line), one or more.
func ReadOpenSpiel(r io.Reader, name string) ([]*gamelog.Game, []*gamelog.Error) {
	var games []*gamelog.Game
	var errs []*gamelog.Error
	add := func(h *OpenSpielHistory) {
		g, e := ConvertOpenSpiel(h, len(games)+len(errs)+1)
		if e != nil {
			e.File = name
			errs = append(errs, e)
			return
		}
		games = append(games, g)
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	n := 0
	var saved *OpenSpielHistory // a save-format history being read
	section := ""
	flush := func() {
		if saved != nil {
			add(saved)
			saved = nil
		}
	}
	for sc.Scan() {
		n++
		text := strings.TrimSpace(sc.Text())
		switch {
		case text == "":
			continue
		case strings.HasPrefix(text, "{"):
			flush()
			var h OpenSpielHistory
			if err := json.Unmarshal([]byte(text), &h); err != nil {
				errs = append(errs, &gamelog.Error{File: name, Line: n, Msg: "not a JSON history: " + err.Error()})
				continue
			}
			if h.Game == "" || h.Actions == nil {
				errs = append(errs, &gamelog.Error{File: name, Line: n, Msg: `a history needs "game" and "actions"`})
				continue
			}
			h.Line = n
			add(&h)
		case strings.HasPrefix(text, "#"):
			continue
		case text == "[Meta]":
			flush()
			saved = &OpenSpielHistory{Line: n}
			section = "meta"
		case text == "[Game]" || text == "[State]":
			if saved == nil {
				errs = append(errs, &gamelog.Error{File: name, Line: n, Msg: text + " before [Meta]"})
				continue
			}
			section = strings.ToLower(strings.Trim(text, "[]"))
		default:
			if saved == nil {
				errs = append(errs, &gamelog.Error{File: name, Line: n, Msg: fmt.Sprintf("not an OpenSpiel history line: %q", shorten(text))})
				continue
			}
			switch section {
			case "meta":
				if text != "Version: 1" {
					errs = append(errs, &gamelog.Error{File: name, Line: n, Msg: fmt.Sprintf("unknown save format %q", shorten(text))})
					saved = nil
				}
			case "game":
				saved.Game = text
			case "state":
				a, err := strconv.Atoi(text)
				if err != nil {
					errs = append(errs, &gamelog.Error{File: name, Line: n, Msg: fmt.Sprintf("%q is not an action", shorten(text))})
					saved = nil
					continue
				}
				saved.Actions = append(saved.Actions, a)
				saved.ActionLines = append(saved.ActionLines, n)
			}
		}
	}
	flush()
	if err := sc.Err(); err != nil {
		errs = append(errs, &gamelog.Error{File: name, Line: n + 1, Msg: err.Error()})
	}
	return games, errs
}
