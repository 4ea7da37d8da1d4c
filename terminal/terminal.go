// Package terminal is a person playing at a terminal: a player that shows
// its seat's position as text and reads the moves typed in reply.
package terminal

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/lines"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// ErrInputEnded means a terminal player's input ran out mid-game, or
// could not be read on (an *InputError).
var ErrInputEnded = errors.New("input ended")

// InputError is input that ends the game because it cannot be read on:
// binary data (lines.ErrBinary), a line with no end, or a failed read.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }

// Unwrap returns ErrInputEnded and the cause.
func (e *InputError) Unwrap() []error { return []error{ErrInputEnded, e.Err} }

// ErrQuit means the person at the terminal chose to quit.
var ErrQuit = errors.New("quit")

// Terminal is a player that shows its position on a writer and reads its
// moves from a reader, so that a person can play against a bot. It speaks
// of "you" and "the opponent", tells what the opponent did since the last
// prompt, and shows the hand grouped into melds and deadwood.
type Terminal struct {
	// Symbols writes suits as symbols (♣♦♥♠).
	Symbols bool
	// MeldStyle and DeadwoodStyle, when set, dress melds and deadwood, for
	// example in color.
	MeldStyle, DeadwoodStyle func(string) string
	// Hint, when set, gives the move to suggest at each decision, and
	// HintName says whose it is ("the advisor at 48 worlds"). Without it
	// the hint is the discard that leaves the least deadwood, and says so.
	Hint     func(ctx context.Context, pos *game.Position) (game.Move, error)
	HintName string

	in     *lines.Reader
	out    io.Writer
	number int // the hand last announced
	seen   int // events of the hand already told
}

// New returns a player that reads moves from in and writes
// prompts to out.
func New(in io.Reader, out io.Writer) *Terminal {
	r := lines.New(in, maxAnswer)
	// What is typed is text: binary data piped in ends the game at once.
	r.Text = true
	return &Terminal{in: r, out: out}
}

// Name returns "you".
func (*Terminal) Name() string { return "you" }

func (p *Terminal) card(c notation.Card) string {
	if p.Symbols {
		return c.Symbol()
	}
	return c.String()
}

func (p *Terminal) set(s notation.CardSet) string {
	if s == 0 {
		return "none"
	}
	if p.Symbols {
		return s.Symbols()
	}
	return s.String()
}

func (p *Terminal) meldText(s string) string {
	if p.MeldStyle != nil {
		return p.MeldStyle(s)
	}
	return s
}

func (p *Terminal) deadText(s string) string {
	if p.DeadwoodStyle != nil {
		return p.DeadwoodStyle(s)
	}
	return s
}

// spread writes melds as [7C 7D 7H] [AS 2S 3S].
func (p *Terminal) spread(sp meld.Spread) string {
	if sp.N == 0 {
		return "none"
	}
	parts := make([]string, sp.N)
	for i := 0; i < sp.N; i++ {
		parts[i] = p.meldText("[" + p.set(sp.Melds[i]) + "]")
	}
	return strings.Join(parts, " ")
}

// grouped shows a hand as its best melds and its deadwood.
func (p *Terminal) grouped(h notation.CardSet) string {
	sp, dead, _ := meld.FirstArrangement(h)
	return fmt.Sprintf("melds: %s  deadwood: %s (%d)", p.spread(sp), p.deadText(p.set(dead)), dead.Value())
}

// maxAnswer bounds an answer typed at a prompt; a longer line is refused
// and the question asked again.
const maxAnswer = 1024

// ask prompts and returns the next non-empty line, trimmed. "quit" ends
// the game, as the end of input does.
func (p *Terminal) ask(prompt string) (string, error) {
	for {
		fmt.Fprint(p.out, prompt)
		line, err := p.in.Next()
		switch {
		case errors.Is(err, lines.ErrTooLong):
			fmt.Fprintf(p.out, "That answer is over %d characters.\n", maxAnswer)
			continue
		case err == io.EOF:
			fmt.Fprintln(p.out)
			return "", ErrInputEnded
		case err != nil:
			// Binary data, or a read that failed: the cause is kept.
			fmt.Fprintln(p.out)
			return "", &InputError{Err: err}
		}
		line = strings.TrimSpace(line)
		switch strings.ToLower(line) {
		case "quit", "q", "exit":
			return "", ErrQuit
		case "":
			continue
		}
		return line, nil
	}
}

// news tells what happened since the last prompt, in the order played.
func (p *Terminal) news(pos *game.Position) {
	me := pos.Seat()
	for p.seen = max(p.seen, pos.FirstEvent()); p.seen < pos.NumEvents(); p.seen++ {
		e := pos.Event(p.seen)
		if e.Seat == me && e.Kind != game.Upcard {
			continue
		}
		switch e.Kind {
		case game.Upcard:
			fmt.Fprintf(p.out, "The first upcard is %s.\n", p.card(e.Card))
		case game.Passed:
			fmt.Fprintf(p.out, "The opponent passes %s.\n", p.card(e.Card))
		case game.Took:
			fmt.Fprintf(p.out, "The opponent takes %s from the discard pile.\n", p.card(e.Card))
		case game.Drew:
			fmt.Fprintln(p.out, "The opponent draws from the stock.")
		case game.Discarded:
			fmt.Fprintf(p.out, "The opponent discards %s.\n", p.card(e.Card))
		}
	}
}

func (p *Terminal) show(pos *game.Position) {
	p.news(pos)
	up := "empty"
	if c, ok := pos.Upcard(); ok {
		up = p.card(c)
	}
	s := pos.Setup()
	fmt.Fprintf(p.out, "\nYour hand: %s\n  %s\nTop of the discard pile: %s   Stock: %d cards   Score: you %d, the opponent %d\n",
		p.set(pos.Hand()), p.grouped(pos.Hand()), up, pos.StockCount(), s.Scores[pos.Seat()], s.Scores[pos.Seat().Other()])
	if known := pos.OpponentKnown(); known != 0 {
		fmt.Fprintf(p.out, "The opponent holds %s, taken from the pile.\n", p.set(known))
	}
}

// announce introduces a new hand once.
func (p *Terminal) announce(pos *game.Position) {
	s := pos.Setup()
	if s.Number == p.number {
		return
	}
	p.number, p.seen = s.Number, 0
	who := "you deal"
	if s.Dealer != pos.Seat() {
		who = "the opponent deals"
	}
	fmt.Fprintf(p.out, "\n=== Hand %d: %s. Knock limit %d. Type quit to stop. ===\n", s.Number, who, pos.KnockLimit())
}

// HandOver shows how the hand ended, in your terms.
func (p *Terminal) HandOver(pos *game.Position) {
	p.news(pos)
	res, _ := pos.Result()
	me := pos.Seat()
	p.number = 0
	if !res.Knocker.Valid() {
		fmt.Fprintf(p.out, "\nThe hand is dead: the stock ran out with no knock.\n")
		return
	}
	who := func(seat notation.Seat) string {
		if seat == me {
			return "You"
		}
		return "The opponent"
	}
	verb := map[rules.Outcome]string{rules.Gin: "go gin", rules.BigGin: "go big gin"}[res.Score.Outcome]
	switch {
	case verb == "" && res.Knocker == me:
		verb = "knock"
	case verb == "":
		verb = "knocks"
	case res.Knocker != me:
		verb = "goes" + strings.TrimPrefix(verb, "go")
	}
	fmt.Fprintf(p.out, "\n%s %s.\n", who(res.Knocker), verb)
	p.showdownLine(fmt.Sprintf("  %s laid down %s", who(res.Knocker), p.spread(res.Spread)),
		fmt.Sprintf("deadwood: %s (%d)", p.deadText(p.set(res.KnockerDeadwood)), res.KnockerDeadwood.Value()))
	dm, dd := res.DefenderMelds()
	d := res.Knocker.Other()
	melded := fmt.Sprintf("  %s melded %s", who(d), p.spread(dm))
	if res.Layoffs != 0 {
		melded += fmt.Sprintf(", laid off %s", p.meldText(p.set(res.Layoffs)))
	}
	p.showdownLine(melded, fmt.Sprintf("deadwood: %s (%d)", p.deadText(p.set(dd)), dd.Value()))
	winner := "You score"
	if res.Winner != me {
		winner = "The opponent scores"
	}
	fmt.Fprintf(p.out, "%s %d (%s).\n", winner, res.Score.Points, res.Score.Outcome.Words())
}

// showdownLine writes a side's melds and its deadwood on one line, or on
// two when one would pass 80 columns (color codes take none).
func (p *Terminal) showdownLine(melds, deadwood string) {
	if visibleWidth(melds)+2+visibleWidth(deadwood) <= 80 {
		fmt.Fprintf(p.out, "%s  %s\n", melds, deadwood)
		return
	}
	fmt.Fprintf(p.out, "%s\n    %s\n", melds, deadwood)
}

// colorCode matches a terminal's color escape, which takes no column.
var colorCode = regexp.MustCompile("\x1b\\[[0-9;]*m")

// visibleWidth is the columns s takes on a terminal.
func visibleWidth(s string) int {
	return utf8.RuneCountInString(colorCode.ReplaceAllString(s, ""))
}

// Move asks the person for the move of the phase.
func (p *Terminal) Move(ctx context.Context, pos *game.Position) (game.Move, error) {
	p.announce(pos)
	switch pos.Phase() {
	case game.FirstOffer, game.DrawPhase:
		return p.draw(ctx, pos)
	case game.DiscardPhase:
		return p.discard(ctx, pos)
	case game.KnockPhase:
		return p.knock(ctx, pos)
	}
	return game.Move{}, fmt.Errorf("nothing to decide in the %s phase", pos.Phase())
}

func (p *Terminal) draw(ctx context.Context, pos *game.Position) (game.Move, error) {
	p.show(pos)
	if pos.MustDraw() {
		fmt.Fprintln(p.out, "Both of you passed the first upcard: you draw from the stock.")
		return game.DrawMove(), nil
	}
	c, _ := pos.Upcard()
	decline := game.DrawMove()
	prompt := fmt.Sprintf("[t]ake %s from the discard pile, or draw from the [s]tock? ", p.card(c))
	answers := map[string]bool{"t": true, "take": true, "s": false, "stock": false}
	letters := "t or s"
	switch {
	case pos.Phase() == game.FirstOffer:
		decline = game.PassMove()
		prompt = fmt.Sprintf("Take the first upcard %s? [y]es / [n]o, pass: ", p.card(c))
		answers, letters = map[string]bool{"y": true, "yes": true, "n": false, "no": false}, "y or n"
	case pos.LastChance():
		decline = game.PassMove()
		prompt = fmt.Sprintf("The stock is out. Take %s to knock? [y]es / [n]o, the hand dies: ", p.card(c))
		answers, letters = map[string]bool{"y": true, "yes": true, "n": false, "no": false}, "y or n"
	}
	if err := p.hint(ctx, pos); err != nil {
		return game.Move{}, err
	}
	for {
		a, err := p.ask(prompt)
		if err != nil {
			return game.Move{}, err
		}
		take, ok := answers[strings.ToLower(a)]
		switch {
		case !ok:
			fmt.Fprintf(p.out, "%q is not an answer here: type %s, or quit.\n", a, letters)
		case take:
			fmt.Fprintf(p.out, "You took %s.\n", p.card(c))
			return game.TakeMove(), nil
		default:
			return decline, nil
		}
	}
}

// hint shows the move that Hint suggests, named; without Hint it shows
// nothing but at a discard (see discard).
func (p *Terminal) hint(ctx context.Context, pos *game.Position) error {
	if p.Hint == nil {
		return nil
	}
	m, err := p.Hint(ctx, pos)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		fmt.Fprintf(p.out, "(No hint: %v.)\n", err)
		return nil
	}
	fmt.Fprintf(p.out, "Hint (%s): %s.\n", p.HintName, p.moveText(m))
	return nil
}

// moveText names a move as the prompts do.
func (p *Terminal) moveText(m game.Move) string {
	switch m.Kind {
	case game.Take:
		return "take the upcard"
	case game.Draw:
		return "draw from the stock"
	case game.Pass:
		return "pass"
	case game.Discard:
		return "discard " + p.card(m.Card)
	case game.PlayOn:
		return "play on"
	case game.Knock:
		return "knock with " + p.spread(m.Spread)
	case game.Gin, game.BigGin:
		return "go gin with " + p.spread(m.Spread)
	}
	return m.Kind.String()
}

// discard asks which card to discard, with a hint: Hint's, or the discard
// that leaves the least deadwood, named as such.
func (p *Terminal) discard(ctx context.Context, pos *game.Position) (game.Move, error) {
	hand := pos.Hand()
	drawn, fromPile := pos.Drawn()
	if pos.Rules().CanDeclare(rules.DeclareBigGin, hand, 0) {
		fmt.Fprintf(p.out, "You drew %s: big gin!\n", p.card(drawn))
		sp, _, _ := meld.FirstArrangement(hand)
		return game.BigGinMove(sp), nil
	}
	if !fromPile {
		fmt.Fprintf(p.out, "You drew %s.\n", p.card(drawn))
	}
	fmt.Fprintf(p.out, "Your hand: %s\n  %s\n", p.set(hand), p.grouped(hand))
	allowed := hand
	if fromPile {
		allowed = allowed.Without(drawn)
	}
	if p.Hint != nil {
		if err := p.hint(ctx, pos); err != nil {
			return game.Move{}, err
		}
	} else {
		for _, d := range meld.Discards(hand) {
			if allowed.Has(d.Card) {
				fmt.Fprintf(p.out, "Least deadwood: discarding %s leaves %d.\n", p.card(d.Card), d.Deadwood)
				break
			}
		}
	}
	for {
		a, err := p.ask("Discard which card? ")
		if err != nil {
			return game.Move{}, err
		}
		c, err := notation.ParseCard(a)
		switch {
		case err != nil:
			fmt.Fprintf(p.out, "%q is not a card (%v): type a card of your hand, such as %s, or quit.\n", a, errors.Unwrap(err), p.card(mustFirst(allowed)))
		case !hand.Has(c):
			fmt.Fprintf(p.out, "You do not hold %s.\n", p.card(c))
		case fromPile && c == drawn:
			fmt.Fprintf(p.out, "You may not discard %s: you just took it from the pile.\n", p.card(c))
		default:
			return game.DiscardMove(c), nil
		}
	}
}

func mustFirst(s notation.CardSet) notation.Card {
	c, _ := s.First()
	return c
}

// knock offers to knock, or go gin: with the best melds, or with melds you
// type.
func (p *Terminal) knock(ctx context.Context, pos *game.Position) (game.Move, error) {
	hand := pos.Hand()
	dw := meld.MinDeadwood(hand)
	what := fmt.Sprintf("You may knock with %d deadwood", dw)
	if dw == 0 {
		what = "You have gin"
	}
	best, _, _ := meld.FirstArrangement(hand)
	fmt.Fprintf(p.out, "%s. Your best melds: %s\n", what, p.spread(best))
	if err := p.hint(ctx, pos); err != nil {
		return game.Move{}, err
	}
	for {
		a, err := p.ask("[k]nock with these melds, [m]eld your own way, or [p]lay on? ")
		if err != nil {
			return game.Move{}, err
		}
		switch strings.ToLower(a) {
		case "k", "knock":
			return game.LayDown(hand, best), nil
		case "p", "play":
			return game.PlayOnMove(), nil
		case "m", "meld":
			m, ok, err := p.ownMelds(pos.Rules(), hand, pos.KnockLimit())
			if err != nil || ok {
				return m, err
			}
		default:
			fmt.Fprintf(p.out, "%q is not an answer here: type k, m or p, or quit.\n", a)
		}
	}
}

// ownMelds reads melds the person chooses to lay down, and checks them by
// the rulebook. ok is false when the person gives up and goes back to the
// knock question.
func (p *Terminal) ownMelds(r *rules.Rules, hand notation.CardSet, limit int) (game.Move, bool, error) {
	for {
		a, err := p.ask("Your melds, separated by | (such as 7C 7D 7H | AS 2S 3S), or [b]ack: ")
		if err != nil {
			return game.Move{}, false, err
		}
		if l := strings.ToLower(a); l == "b" || l == "back" {
			return game.Move{}, false, nil
		}
		sp, err := meld.ParseMelds(a)
		if err != nil {
			fmt.Fprintf(p.out, "Those are not melds: %v.\n", err)
			continue
		}
		err = r.CheckLayDown(rules.DeclarationOf(hand, &sp), &sp, hand, limit)
		switch dead := hand &^ sp.Cards(); {
		case err == nil:
			return game.LayDown(hand, sp), true, nil
		case errors.Is(err, rules.ErrMeldsNotInHand):
			fmt.Fprintf(p.out, "You do not hold %s.\n", p.set(sp.Cards()&^hand))
		case errors.Is(err, rules.ErrOverLimit):
			fmt.Fprintf(p.out, "That leaves %d deadwood (%s), over the knock limit of %d.\n", dead.Value(), p.set(dead), limit)
		default:
			fmt.Fprintf(p.out, "You may not lay those down: %v.\n", err)
		}
	}
}
