package enginecheck

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// hand is a scripted hand: the lines that tell the engine of it, and the
// engine's seat's view of it, by which its answers are judged.
type hand struct {
	pos   game.Position
	lines []string
	// knock holds the opponent's melds once it has knocked.
	knock    meld.Spread
	knocked  bool
	knockGin bool
}

// newHand deals the engine's seat its cards and turns the upcard.
func newHand(r rules.Rules, seat, dealer notation.Seat, cards, up string) (*hand, error) {
	h := &hand{pos: game.NewPosition(seat, game.Setup{Rules: r, Dealer: dealer, Number: 1})}
	cs, err := notation.ParseCards(cards)
	if err != nil {
		return nil, err
	}
	for _, c := range cs {
		if err := h.pos.Observe(game.Event{Kind: game.Dealt, Seat: seat, Card: c}); err != nil {
			return nil, err
		}
	}
	u, err := notation.ParseCard(up)
	if err != nil {
		return nil, err
	}
	if err := h.pos.Observe(game.Event{Kind: game.Upcard, Card: u}); err != nil {
		return nil, err
	}
	h.lines = append(h.lines, "newgame", fmt.Sprintf("newhand seat %s dealer %s number 1 hand %s upcard %s", seat, dealer, cards, up))
	return h, nil
}

// play adds events, each "SEAT VERB [CARD | MELDS]" as the protocol writes
// them; playing on after a discard is implicit, as in the protocol.
func (h *hand) play(events ...string) error {
	for _, text := range events {
		if err := h.event(text); err != nil {
			return fmt.Errorf("the script's %q: %v", text, err)
		}
		h.lines = append(h.lines, "event "+text)
	}
	return nil
}

func (h *hand) event(text string) error {
	f := strings.Fields(text)
	seat, err := notation.ParseSeat(f[0])
	if err != nil {
		return err
	}
	kind, ok := game.ParseVerb(f[1])
	if !ok {
		return fmt.Errorf("unknown verb %q", f[1])
	}
	ev := game.Event{Kind: kind, Seat: seat, Card: game.Unknown}
	switch kind {
	case game.Knocked, game.WentGin:
		if h.knock, err = meld.ParseMelds(strings.Join(f[2:], " ")); err != nil {
			return err
		}
		h.knocked, h.knockGin = seat != h.pos.Seat(), kind == game.WentGin
	default:
		if len(f) > 2 {
			if ev.Card, err = notation.ParseCard(f[2]); err != nil {
				return err
			}
		}
	}
	if h.pos.Phase() == game.KnockPhase && kind != game.Knocked && kind != game.WentGin {
		if err := h.pos.Observe(game.Event{Kind: game.PlayedOn, Seat: h.pos.Turn()}); err != nil {
			return err
		}
	}
	return h.pos.Observe(ev)
}

// judge checks the engine's move: legal where the seat stands, or, after
// the opponent's knock, the defender's melds and lay-offs.
func (h *hand) judge(move string) error {
	if h.knocked {
		return h.judgeDefence(move)
	}
	p := &h.pos
	if p.Phase() == game.KnockPhase && p.Turn() != p.Seat() {
		_ = p.Observe(game.Event{Kind: game.PlayedOn, Seat: p.Turn()})
	}
	m, err := game.ParseMove(move)
	if err != nil {
		return fmt.Errorf("%w: %q: %v", ErrAnswer, notation.Clip(move, 80), err)
	}
	var kinds []string
	for _, l := range p.Legal(nil) {
		if l.Kind != m.Kind {
			kinds = appendNew(kinds, l.Kind.String())
			continue
		}
		switch m.Kind {
		case game.Discard:
			if l.Card == m.Card {
				return nil
			}
		case game.Knock, game.Gin, game.BigGin:
			return layDown(p, m)
		default:
			return nil
		}
	}
	return fmt.Errorf("%w: %q in the %s phase; legal: %s", ErrIllegal, notation.Clip(move, 80), p.Phase(), h.legalText())
}

// legalText lists the seat's legal moves in short.
func (h *hand) legalText() string {
	var out []string
	for _, l := range h.pos.Legal(nil) {
		switch l.Kind {
		case game.Discard:
			out = append(out, "discard "+l.Card.String())
		default:
			out = appendNew(out, l.Kind.String())
		}
	}
	return strings.Join(out, ", ")
}

func appendNew(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// layDown checks a knock, gin or big gin by the rules' one check.
func layDown(p *game.Position, m game.Move) error {
	d := map[game.MoveKind]rules.Declaration{game.Knock: rules.DeclareKnock, game.Gin: rules.DeclareGin, game.BigGin: rules.DeclareBigGin}[m.Kind]
	if err := p.Rules().CheckLayDown(d, &m.Spread, p.Hand(), p.KnockLimit()); err != nil {
		return fmt.Errorf("%w: %s %s: %v", ErrIllegal, m.Kind, game.SpreadString(&m.Spread), err)
	}
	return nil
}

// judgeDefence checks "melds MELDS [layoff C onto N, …]": melds of the
// seat's hand, and lay-offs of its other cards, against a knock only,
// each fitting the knocker's meld it names.
func (h *hand) judgeDefence(move string) error {
	rest, ok := strings.CutPrefix(move, "melds ")
	if !ok {
		return fmt.Errorf("%w: %q after the opponent's knock, want melds MELDS [layoff C onto N, …]", ErrAnswer, notation.Clip(move, 80))
	}
	meldText, layText, _ := strings.Cut(rest, " layoff ")
	var sp meld.Spread
	if t := strings.TrimSpace(meldText); t != "-" && t != "" {
		var err error
		if sp, err = meld.ParseMelds(t); err != nil {
			return fmt.Errorf("%w: melds %q: %v", ErrAnswer, notation.Clip(t, 80), err)
		}
	}
	hand := h.pos.Hand()
	if extra := sp.Cards() &^ hand; extra != 0 {
		return fmt.Errorf("%w: melds %s not in the hand", ErrIllegal, extra)
	}
	if strings.TrimSpace(layText) == "" {
		return nil
	}
	grown := h.knock
	var laid notation.CardSet
	for _, part := range strings.Split(layText, ",") {
		cardText, target, _ := strings.Cut(strings.TrimSpace(part), " onto ")
		c, err := notation.ParseCard(strings.TrimSpace(cardText))
		n, nerr := strconv.Atoi(strings.TrimSpace(target))
		if err != nil || nerr != nil || n < 1 || n > grown.N {
			return fmt.Errorf("%w: layoff %q: want C onto N, N from 1 to %d", ErrAnswer, notation.Clip(part, 40), grown.N)
		}
		grown.Melds[n-1] = grown.Melds[n-1].With(c)
		laid = laid.With(c)
	}
	deadwood := notation.CardSet(1)
	if h.knockGin {
		deadwood = 0
	}
	if err := rules.CheckLayoffs(&h.knock, deadwood, hand&^sp.Cards(), laid); err != nil {
		return fmt.Errorf("%w: %v", ErrIllegal, err)
	}
	for i := range grown.N {
		if meld.Classify(grown.Melds[i]) == meld.NotMeld {
			return fmt.Errorf("%w: %s laid off onto meld %d does not fit", ErrIllegal, grown.Melds[i]&^h.knock.Melds[i], i+1)
		}
	}
	return nil
}
