package protocol

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// showdown is what the engine knows of a hand's end by a knock, gin or
// big gin: the knocker's melds, and the details reported after them (the
// defender's melds and lay-offs, the hands shown), each checked against
// everything seen before it is kept.
type showdown struct {
	// on says the hand ended by a knock, gin or big gin.
	on      bool
	knocker notation.Seat
	decl    rules.Declaration
	melds   meld.Spread
	// defMelds are the defender's melds, once reported (defSet).
	defMelds notation.CardSet
	defSet   bool
	// laid holds the cards laid off on each of the knocker's melds.
	laid [meld.MaxSpread]notation.CardSet
	// shown holds each seat's hand, once shown.
	shown [2]notation.CardSet
	// read says the opponent's shown hand was read for how it plays.
	read bool
}

// errShowdown is wrapped by every refusal of a showdown's detail.
var errShowdown = errors.New("impossible showdown")

func refuse(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{errShowdown}, args...)...)
}

// declarationOf names the declaration of a knock's event kind.
func declarationOf(kind game.EventKind) rules.Declaration {
	switch kind {
	case game.WentGin:
		return rules.DeclareGin
	case game.WentBigGin:
		return rules.DeclareBigGin
	}
	return rules.DeclareKnock
}

// laidAll returns every card laid off.
func (s *showdown) laidAll() notation.CardSet {
	var all notation.CardSet
	for _, l := range s.laid {
		all |= l
	}
	return all
}

// opponentKnocked says the hand ended by the opponent's knock.
func (e *Engine) opponentKnocked() bool {
	return e.sd.on && e.sd.knocker != e.pos.Seat()
}

// mayHold returns the cards seat may hold at the showdown: the engine's
// own hand, or for the opponent every card not seen elsewhere, narrowed
// to its hand once shown.
func (e *Engine) mayHold(seat notation.Seat) notation.CardSet {
	if seat == e.pos.Seat() {
		return e.pos.Hand()
	}
	if e.sd.shown[seat] != 0 {
		return e.sd.shown[seat]
	}
	return e.pos.Unseen() | e.pos.OpponentKnown()
}

// showdownEvent checks a showdown's detail and keeps it; of them, the
// opponent's hand is read for how it plays, once, and only when it holds.
// A refused detail changes nothing.
func (e *Engine) showdownEvent(seat notation.Seat, f []string) {
	if !e.sd.on {
		e.errorf("event: %s comes after a knock or gin", f[1])
		return
	}
	sd := e.sd
	var err error
	switch text := strings.Join(f[2:], " "); f[1] {
	case "melds":
		err = e.defenderMelds(&sd, seat, text)
	case "layoff":
		err = e.layoffs(&sd, seat, text)
	default:
		err = e.shownHand(&sd, seat, text)
	}
	if err != nil {
		e.errorf("event: %s %s: %v", seat, f[1], err)
		return
	}
	e.sd = sd
	if f[1] == "hand" && seat != e.pos.Seat() && !e.sd.read {
		e.sd.read = true
		e.reading.ReadShowdown(&e.pos, e.sd.shown[seat], e.opponentKnocked(), e.sd.melds)
	}
}

// defenderMelds checks the defender's melds ("-" for none): melds of
// cards it may hold, none laid off.
func (e *Engine) defenderMelds(sd *showdown, seat notation.Seat, text string) error {
	if seat == sd.knocker {
		return refuse("%s knocked: its melds came with the knock", seat)
	}
	if sd.defSet {
		return refuse("the defender's melds were reported already")
	}
	var sp meld.Spread
	if strings.TrimSpace(text) != "-" {
		var err error
		if sp, err = meld.ParseMelds(text); err != nil {
			return err
		}
	}
	if err := rules.CheckMelds(&sp); err != nil {
		return err
	}
	if bad := sp.Cards() &^ e.mayHold(seat); bad != 0 {
		return refuse("%s cannot be in %s's hand", bad, seat)
	}
	if both := sp.Cards() & sd.laidAll(); both != 0 {
		return refuse("%s was laid off", both)
	}
	sd.defMelds, sd.defSet = sp.Cards(), true
	return nil
}

// layoffs checks the defender's lay-offs, "C onto N, …" (N counts the
// knocker's melds from 1) or cards alone: against a knock, not gin; of
// cards the defender may hold, not in its melds nor laid off before; and
// each meld with its cards laid off still a meld.
func (e *Engine) layoffs(sd *showdown, seat notation.Seat, text string) error {
	if seat == sd.knocker {
		return refuse("%s knocked: only the defender lays off", seat)
	}
	if sd.decl != rules.DeclareKnock {
		return refuse("nothing is laid off against %s", sd.decl)
	}
	onto, loose, err := parseLayoffs(text, sd.melds.N)
	if err != nil {
		return err
	}
	var cards notation.CardSet
	for _, c := range onto {
		cards |= c
	}
	cards |= loose
	if bad := cards &^ e.mayHold(seat); bad != 0 {
		return refuse("%s cannot be in %s's hand", bad, seat)
	}
	if both := cards & (sd.defMelds | sd.laidAll()); both != 0 {
		return refuse("%s is melded or laid off already", both)
	}
	grown := sd.melds
	for i := range grown.N {
		grown.Melds[i] |= sd.laid[i] | onto[i]
		if meld.Classify(grown.Melds[i]) == meld.NotMeld {
			return refuse("%s does not fit meld %d (%s)", onto[i], i+1, sd.melds.Melds[i])
		}
	}
	placed := meld.Placements(&grown, loose)
	if len(placed) != loose.Len() {
		return refuse("%s do not fit the knocker's melds", loose)
	}
	for _, pl := range placed {
		onto[pl.Meld] = onto[pl.Meld].With(pl.Card)
	}
	for i := range grown.N {
		sd.laid[i] |= onto[i]
	}
	return nil
}

// parseLayoffs reads "C onto N, …": the cards for each meld, and those
// given with no meld.
func parseLayoffs(text string, melds int) (onto [meld.MaxSpread]notation.CardSet, loose notation.CardSet, err error) {
	for _, part := range strings.Split(text, ",") {
		cardText, target, hasTarget := strings.Cut(strings.TrimSpace(part), " onto ")
		cards, err := notation.ParseCards(cardText)
		if err != nil {
			return onto, 0, err
		}
		var set notation.CardSet
		for _, c := range cards {
			if set.Has(c) || loose.Has(c) {
				return onto, 0, refuse("%s is laid off twice", c)
			}
			set = set.With(c)
		}
		if !hasTarget {
			loose |= set
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(target))
		if err != nil || n < 1 || n > melds {
			return onto, 0, refuse("onto %q: the knocker laid down melds 1 to %d", notation.Clip(target, 40), melds)
		}
		for _, o := range onto {
			if o&set != 0 {
				return onto, 0, refuse("%s is laid off twice", o&set)
			}
		}
		onto[n-1] |= set
	}
	return onto, loose, nil
}

// shownHand checks a hand shown at the showdown: its size (eleven for
// big gin's declarer, ten otherwise); the engine's own is its hand; the
// opponent's holds only cards it may hold, and everything it is known to
// hold (the cards it took, its melds, its lay-offs), and a knocker's is a
// lay-down its melds allow.
func (e *Engine) shownHand(sd *showdown, seat notation.Seat, text string) error {
	hand, err := notation.ParseHand(text)
	if err != nil {
		return err
	}
	size := 10
	if seat == sd.knocker {
		size = sd.decl.HandSize()
	}
	if hand.Len() != size {
		return refuse("%s shows %d cards, not %d", seat, hand.Len(), size)
	}
	if sd.shown[seat] != 0 && sd.shown[seat] != hand {
		return refuse("%s showed %s before", seat, sd.shown[seat])
	}
	if seat == e.pos.Seat() {
		if hand != e.pos.Hand() {
			return refuse("the engine's hand is %s", e.pos.Hand())
		}
		sd.shown[seat] = hand
		return nil
	}
	if bad := hand &^ (e.pos.Unseen() | e.pos.OpponentKnown()); bad != 0 {
		return refuse("%s was seen elsewhere: it cannot be in %s's hand", bad, seat)
	}
	must := e.pos.OpponentKnown()
	if seat == sd.knocker {
		must |= sd.melds.Cards()
	} else {
		must |= sd.defMelds | sd.laidAll()
	}
	if missing := must &^ hand; missing != 0 {
		return refuse("%s holds %s, missing from the hand shown", seat, missing)
	}
	if seat == sd.knocker {
		if err := e.pos.Rules().CheckLayDown(sd.decl, &sd.melds, hand, e.pos.KnockLimit()); err != nil {
			return refuse("the hand does not hold its %s: %v", sd.decl, err)
		}
	}
	sd.shown[seat] = hand
	return nil
}
