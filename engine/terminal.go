package engine

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
)

// ErrInputEnded means a terminal player's input ran out mid-game.
var ErrInputEnded = errors.New("input ended")

// Terminal is a player that shows its view on a writer and reads its
// moves from a reader, so that a person can play against a bot.
type Terminal struct {
	in  *bufio.Reader
	out io.Writer
	err error
}

// NewTerminal returns a player that reads moves from in and writes
// prompts to out.
func NewTerminal(in io.Reader, out io.Writer) *Terminal {
	return &Terminal{in: bufio.NewReader(in), out: out}
}

// Name returns "you".
func (*Terminal) Name() string { return "you" }

// Err returns the error that stopped the player, such as the end of its
// input. The engine checks it after every decision.
func (p *Terminal) Err() error { return p.err }

// ask prompts and returns the next non-empty line, lower-cased and trimmed.
func (p *Terminal) ask(prompt string) string {
	for p.err == nil {
		fmt.Fprint(p.out, prompt)
		line, err := p.in.ReadString('\n')
		line = strings.TrimSpace(line)
		if line != "" {
			return line
		}
		if err != nil {
			p.err = ErrInputEnded
		}
	}
	return ""
}

func (p *Terminal) show(v *View) {
	up := "none"
	if c, ok := v.Upcard(); ok {
		up = c.String()
	}
	fmt.Fprintf(p.out, "\nYour hand: %s   (deadwood %d)\nUpcard: %s   Stock: %d   Score: you %d, opponent %d\n",
		v.Hand, meld.MinDeadwood(v.Hand), up, v.StockCount, v.Scores[v.Seat], v.Scores[1-v.Seat])
	if v.OpponentTook|v.OpponentDiscards != 0 {
		fmt.Fprintf(p.out, "Opponent took from the pile: %s   discarded: %s\n", orNone(v.OpponentTook), orNone(v.OpponentDiscards))
	}
}

func orNone(s notation.CardSet) string {
	if s == 0 {
		return "none"
	}
	return s.String()
}

// StartHand announces the hand.
func (p *Terminal) StartHand(v *View) {
	who := "you deal"
	if v.Dealer != v.Seat {
		who = "your opponent deals"
	}
	fmt.Fprintf(p.out, "\n=== Hand %d: %s. Knock limit %d. ===\n", v.HandNumber, who, v.KnockLimit)
}

// TakeUpcard asks whether to take the upcard.
func (p *Terminal) TakeUpcard(v *View) bool {
	p.show(v)
	c, _ := v.Upcard()
	for p.err == nil {
		var a string
		if v.FirstOffer {
			a = p.ask(fmt.Sprintf("Take the first upcard %s? [y]es / [n]o, pass: ", c))
		} else {
			a = p.ask(fmt.Sprintf("[t]ake %s or draw from the [s]tock? ", c))
		}
		switch strings.ToLower(a) {
		case "y", "yes", "t", "take":
			return true
		case "n", "no", "p", "pass", "s", "stock", "d", "draw":
			return false
		}
		if a != "" {
			fmt.Fprintln(p.out, "Please answer with one of the letters in brackets.")
		}
	}
	return false
}

// Discard asks which card to discard, with the advisor's best discard as
// a hint.
func (p *Terminal) Discard(v *View) notation.Card {
	fmt.Fprintf(p.out, "You drew %s. Hand: %s\n", v.Drawn, v.Hand)
	allowed := v.Hand
	if v.DrewFromPile {
		allowed = allowed.Without(v.Drawn)
	}
	for _, d := range meld.Discards(v.Hand) {
		if allowed.Has(d.Card) {
			fmt.Fprintf(p.out, "Hint: discarding %s leaves %d deadwood.\n", d.Card, d.Deadwood)
			break
		}
	}
	for p.err == nil {
		a := p.ask("Discard which card? ")
		if a == "" {
			break
		}
		c, err := notation.ParseCard(a)
		switch {
		case err != nil:
			fmt.Fprintln(p.out, err)
		case !v.Hand.Has(c):
			fmt.Fprintf(p.out, "You do not hold %s.\n", c)
		case v.DrewFromPile && c == v.Drawn:
			fmt.Fprintf(p.out, "You may not discard %s: you just took it from the pile.\n", c)
		default:
			return c
		}
	}
	// The input ended: return any legal card; the engine stops on Err.
	c, _ := allowed.First()
	return c
}

// Knock offers to knock when the deadwood allows it.
func (p *Terminal) Knock(v *View) (meld.Spread, bool) {
	dw := meld.MinDeadwood(v.Hand)
	if dw > v.KnockLimit || p.err != nil {
		return meld.Spread{}, false
	}
	what := fmt.Sprintf("Knock with %d deadwood", dw)
	if dw == 0 {
		what = "Go gin"
	}
	for p.err == nil {
		switch strings.ToLower(p.ask(what + "? [y/n] ")) {
		case "y", "yes":
			return meld.Arrangements(v.Hand)[0].Spread(), true
		case "n", "no":
			return meld.Spread{}, false
		}
	}
	return meld.Spread{}, false
}
