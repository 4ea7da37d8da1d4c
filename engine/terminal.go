package engine

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

// ErrInputEnded means a terminal player's input ran out mid-game.
var ErrInputEnded = errors.New("input ended")

// Terminal is a player that shows its position on a writer and reads its
// moves from a reader, so that a person can play against a bot.
type Terminal struct {
	// Symbols writes suits as symbols (♣♦♥♠).
	Symbols bool
	in      *bufio.Reader
	out     io.Writer
	number  int // the hand last announced
}

func (p *Terminal) card(c notation.Card) string {
	if p.Symbols {
		return c.Symbol()
	}
	return c.String()
}

func (p *Terminal) set(s notation.CardSet) string {
	if p.Symbols {
		return s.Symbols()
	}
	return s.String()
}

// NewTerminal returns a player that reads moves from in and writes
// prompts to out.
func NewTerminal(in io.Reader, out io.Writer) *Terminal {
	return &Terminal{in: bufio.NewReader(in), out: out}
}

// Name returns "you".
func (*Terminal) Name() string { return "you" }

// ask prompts and returns the next non-empty line, trimmed.
func (p *Terminal) ask(prompt string) (string, error) {
	for {
		fmt.Fprint(p.out, prompt)
		line, err := p.in.ReadString('\n')
		line = strings.TrimSpace(line)
		if line != "" {
			return line, nil
		}
		if err != nil {
			return "", ErrInputEnded
		}
	}
}

func (p *Terminal) show(pos *game.Position) {
	up := "none"
	if c, ok := pos.Upcard(); ok {
		up = p.card(c)
	}
	s := pos.Setup()
	fmt.Fprintf(p.out, "\nYour hand: %s   (deadwood %d)\nUpcard: %s   Stock: %d   Score: you %d, opponent %d\n",
		p.set(pos.Hand()), meld.MinDeadwood(pos.Hand()), up, pos.StockCount(), s.Scores[pos.Seat()], s.Scores[1-pos.Seat()])
	if pos.OpponentTook()|pos.OpponentDiscards() != 0 {
		fmt.Fprintf(p.out, "Opponent took from the pile: %s   discarded: %s\n", p.orNone(pos.OpponentTook()), p.orNone(pos.OpponentDiscards()))
	}
}

func (p *Terminal) orNone(s notation.CardSet) string {
	if s == 0 {
		return "none"
	}
	return p.set(s)
}

// announce introduces a new hand once.
func (p *Terminal) announce(pos *game.Position) {
	s := pos.Setup()
	if s.Number == p.number {
		return
	}
	p.number = s.Number
	who := "you deal"
	if s.Dealer != pos.Seat() {
		who = "your opponent deals"
	}
	fmt.Fprintf(p.out, "\n=== Hand %d: %s. Knock limit %d. ===\n", s.Number, who, pos.KnockLimit())
}

// HandOver resets the announcement for the next hand; the command that
// runs the game shows the result.
func (p *Terminal) HandOver(*game.Position) { p.number = 0 }

// Move asks the person for the move of the phase.
func (p *Terminal) Move(_ context.Context, pos *game.Position) (game.Move, error) {
	p.announce(pos)
	switch pos.Phase() {
	case game.FirstOffer, game.DrawPhase:
		return p.draw(pos)
	case game.DiscardPhase:
		return p.discard(pos)
	case game.KnockPhase:
		return p.knock(pos)
	}
	return game.Move{}, fmt.Errorf("nothing to decide in the %s phase", pos.Phase())
}

func (p *Terminal) draw(pos *game.Position) (game.Move, error) {
	p.show(pos)
	if pos.MustDraw() {
		fmt.Fprintln(p.out, "Both passed the first upcard: you draw from the stock.")
		return game.DrawMove, nil
	}
	c, _ := pos.Upcard()
	decline := game.DrawMove
	prompt := fmt.Sprintf("[t]ake %s or draw from the [s]tock? ", p.card(c))
	switch {
	case pos.Phase() == game.FirstOffer:
		decline = game.PassMove
		prompt = fmt.Sprintf("Take the first upcard %s? [y]es / [n]o, pass: ", p.card(c))
	case pos.LastChance():
		decline = game.PassMove
		prompt = fmt.Sprintf("The stock is out. Take %s to knock? [y]es / [n]o, the hand dies: ", p.card(c))
	}
	for {
		a, err := p.ask(prompt)
		if err != nil {
			return game.Move{}, err
		}
		switch strings.ToLower(a) {
		case "y", "yes", "t", "take":
			return game.TakeMove, nil
		case "n", "no", "p", "pass", "s", "stock", "d", "draw":
			return decline, nil
		}
		fmt.Fprintln(p.out, "Please answer with one of the letters in brackets.")
	}
}

// discard asks which card to discard, with the best discard as a hint.
func (p *Terminal) discard(pos *game.Position) (game.Move, error) {
	hand := pos.Hand()
	drawn, fromPile := pos.Drawn()
	if pos.Rules().BigGin && meld.MinDeadwood(hand) == 0 {
		fmt.Fprintf(p.out, "You drew %s: big gin!\n", p.card(drawn))
		return bigGinMove(hand), nil
	}
	fmt.Fprintf(p.out, "You drew %s. Hand: %s\n", p.card(drawn), p.set(hand))
	allowed := hand
	if fromPile {
		allowed = allowed.Without(drawn)
	}
	for _, d := range meld.Discards(hand) {
		if allowed.Has(d.Card) {
			fmt.Fprintf(p.out, "Hint: discarding %s leaves %d deadwood.\n", p.card(d.Card), d.Deadwood)
			break
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
			fmt.Fprintln(p.out, err)
		case !hand.Has(c):
			fmt.Fprintf(p.out, "You do not hold %s.\n", p.card(c))
		case fromPile && c == drawn:
			fmt.Fprintf(p.out, "You may not discard %s: you just took it from the pile.\n", p.card(c))
		default:
			return game.DiscardMove(c), nil
		}
	}
}

// knock offers to knock, or go gin, with the best arrangement.
func (p *Terminal) knock(pos *game.Position) (game.Move, error) {
	hand := pos.Hand()
	dw := meld.MinDeadwood(hand)
	what := fmt.Sprintf("Knock with %d deadwood", dw)
	if dw == 0 {
		what = "Go gin"
	}
	for {
		a, err := p.ask(what + "? [y/n] ")
		if err != nil {
			return game.Move{}, err
		}
		switch strings.ToLower(a) {
		case "y", "yes":
			sp, _, _ := meld.FirstArrangement(hand)
			return knockMove(hand, sp), nil
		case "n", "no":
			return game.PassMove, nil
		}
	}
}
