package report

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/stats"
)

// Measure names one thing the search measured of a move: the share of its
// worlds that ended one way, the hand's mean points, or what the move
// leaves (deadwood, outs, danger, a knock's undercuts).
type Measure uint8

// The measures a Why may compare. The shares of the worlds come from the
// rollouts' endings (advise.Ending), from the seat's side.
const (
	// OwnKnocks is the share of the worlds in which the seat knocks and
	// is not undercut (gin apart).
	OwnKnocks Measure = iota
	// OwnGins is the share in which the seat goes gin.
	OwnGins
	// OwnUndercuts is the share in which the seat's knock is undercut.
	OwnUndercuts
	// OppKnocks is the share in which the opponent knocks and is not
	// undercut (gin apart).
	OppKnocks
	// OppGins is the share in which the opponent goes gin.
	OppGins
	// OppUndercuts is the share in which the seat undercuts the
	// opponent's knock.
	OppUndercuts
	// DeadHands is the share in which the hand ends with no knock.
	DeadHands
	// MeanPoints is the hand's mean points to the seat (negative when the
	// opponent scores).
	MeanPoints
	// DeadwoodLeft is the deadwood the move leaves in the hand.
	DeadwoodLeft
	// KnockOuts counts, for a discard, the unseen cards that would bring
	// a knock at the next draw.
	KnockOuts
	// DiscardDanger is, for a discard, the chance the opponent can meld
	// the card.
	DiscardDanger
	// KnockUndercut is, for a knock, the share of its worlds in which it
	// was undercut.
	KnockUndercut
)

// Difference is one measure of the recommended move beside the
// runner-up's.
type Difference struct {
	Measure Measure
	// Best is the recommended move's value, Other the runner-up's; Other
	// is NaN where the runner-up has none (a knock's undercut share
	// beside playing on).
	Best, Other float64
	// Equity is what the difference is worth to the recommendation, in
	// equity, where the search values it apart: a shift of the outcome
	// mix, or the rest of the two moves' difference (MeanPoints). It is
	// 0 for what a move leaves, which explains the mix and is not valued
	// apart from it.
	Equity float64
}

// Why is why the advice recommends its move over its rival, from what
// the search measured: the one or two differences of their outcomes worth
// the most equity and one fact of what the move leaves, or, when the two
// are equal within the noise, that they are, and why the recommendation
// stands. Package analyze makes it, and picks the rival; Sentence says it
// in one sentence.
type Why struct {
	// Best is the recommended move, Other its rival.
	Best, Other game.Move
	// Only says the decision has one legal move: nothing else is set.
	Only bool
	// Tie says the rival is equal to the recommendation within the noise
	// (advise.Candidate.Tie); Ties counts the candidates that are, the
	// rival among them.
	Tie  bool
	Ties int
	// Plainer says the recommendation is the baseline, the heuristic's
	// own move; OtherClear that the rival, too, gains clearly over the
	// baseline. Baseline is that move when neither of the two is it.
	Plainer, OtherClear bool
	Baseline            *game.Move
	// Loss is the rival's loss against the recommendation, in equity,
	// with the standard error of their paired difference.
	Loss, LossSE float64
	// Reasons are the differences of the outcomes that favour the
	// recommendation most in equity, largest first: one or two; none on
	// a tie, or where no one difference favours it (the sentence then
	// gives the difference of equity, Loss).
	Reasons []Difference
	// Fact, when set, is what the move leaves beside what the runner-up
	// leaves, in its favour: its deadwood, outs, danger or, for a knock,
	// its undercuts.
	Fact *Difference
	// Subject names the player whose decision it is, as the sentence
	// calls it: empty (or "you") says "you", as to the player advised; a
	// name, such as a bot's in a game's review, says "random gins" and
	// "random's knock".
	Subject string
}

// String is the sentence with cards written as in the notation.
func (w *Why) String() string { return w.Sentence(notation.CardSet.String) }

// Sentence says why in one sentence, writing cards with cards (such as
// notation.CardSet.String, or a style's suit symbols). The zero Why says
// nothing.
func (w *Why) Sentence(cards func(notation.CardSet) string) string {
	switch {
	case w.Only:
		return moveName(w.Best, cards) + ": the only legal move."
	case w.Tie:
		return w.tieSentence(cards)
	case len(w.Reasons) == 0 && w.Loss <= 0:
		return ""
	}
	after := " after " + moveAfter(w.Other, cards)
	who := subjectOf(w.Subject)
	var s string
	switch len(w.Reasons) {
	case 0:
		// No one difference of the outcomes favours it: the equity does.
		s = fmt.Sprintf("%s: %s chance of winning the game measures %s ± %s higher than%s", moveName(w.Best, cards), who.possessive(), points(w.Loss), points(w.LossSE), after)
	case 1:
		s = moveName(w.Best, cards) + ": " + w.Reasons[0].clause(who, " of the worlds", after)
	default:
		s = moveName(w.Best, cards) + ": " + w.Reasons[0].clause(who, " of the worlds", after) + ", and " + w.Reasons[1].clause(who, "", "")
	}
	if w.Fact != nil {
		s += "; " + w.Fact.clause(who, "", "")
	}
	return s + "."
}

// tieSentence says that the two moves are equal within the noise, how far
// apart they measured, and why the recommendation stands.
func (w *Why) tieSentence(cards func(notation.CardSet) string) string {
	best, other := moveName(w.Best, cards), moveName(w.Other, cards)
	apart := fmt.Sprintf("%s ± %s apart", points(math.Abs(w.Loss)), points(w.LossSE))
	if w.Loss < 0 {
		apart = fmt.Sprintf("%s measured %s ± %s higher", other, points(-w.Loss), points(w.LossSE))
	}
	s := fmt.Sprintf("%s and %s are equal within the noise (%s)", best, other, apart)
	switch more := w.Ties - 1; {
	case more == 1:
		s += ", as is 1 other move"
	case more > 1:
		s += fmt.Sprintf(", as are %d other moves", more)
	}
	b := moveShort(w.Best, cards)
	switch {
	case w.Plainer:
		return s + "; " + b + " is the plainer move (the heuristic's own)."
	case w.Baseline == nil:
		return s + "; " + b + " measured higher."
	case w.OtherClear:
		return s + "; " + b + " measured higher, and both gain clearly over the heuristic's " + moveShort(*w.Baseline, cards) + "."
	case w.Loss >= 0:
		return s + "; " + b + " measured higher, and only " + b + " gains clearly over the heuristic's " + moveShort(*w.Baseline, cards) + "."
	}
	return s + "; only " + b + " gains clearly over the heuristic's " + moveShort(*w.Baseline, cards) + "."
}

// subject is the player a sentence is about: "" for "you".
type subject string

// subjectOf reads Why.Subject: "you" is the player advised.
func subjectOf(name string) subject {
	if name == "you" {
		return ""
	}
	return subject(name)
}

// noun is the subject of a clause: "you" or the name.
func (s subject) noun() string {
	if s == "" {
		return "you"
	}
	return string(s)
}

// possessive is whose a thing is: "your" or the name's.
func (s subject) possessive() string {
	if s == "" {
		return "your"
	}
	return string(s) + "'s"
}

// verb conjugates a verb in the present for the subject: "you gin",
// "random gins".
func (s subject) verb(v string) string {
	if s == "" {
		return v
	}
	return v + "s"
}

// clause says one difference, of the player who: the recommendation's
// value against the runner-up's, with of after a share's value and after
// at the end (the first clause of a sentence names the runner-up, the
// second need not).
func (d Difference) clause(who subject, of, after string) string {
	b, o := d.values()
	switch d.Measure {
	case OwnKnocks:
		return who.noun() + " " + who.verb("knock") + " and " + who.verb("score") + " in " + b + of + " against " + o + after
	case OwnGins:
		return who.noun() + " " + who.verb("gin") + " in " + b + of + " against " + o + after
	case OwnUndercuts:
		return who.possessive() + " knock is undercut in " + b + of + " against " + o + after
	case OppKnocks:
		return "the opponent knocks and scores in " + b + of + " against " + o + after
	case OppGins:
		return "the opponent gins in " + b + of + " against " + o + after
	case OppUndercuts:
		return who.noun() + " " + who.verb("undercut") + " the opponent in " + b + of + " against " + o + after
	case DeadHands:
		return "the hand dies in " + b + of + " against " + o + after
	case MeanPoints:
		return "the hand brings " + who.noun() + " " + b + " points on average against " + o + after
	case DeadwoodLeft:
		return "it leaves " + b + " deadwood against " + o + after
	case KnockOuts:
		outs := " outs"
		if b == "1" {
			outs = " out"
		}
		return "it leaves " + b + outs + " to a knock against " + o + after
	case DiscardDanger:
		return "the opponent can use the card in " + b + " of its hands against " + o + after
	case KnockUndercut:
		if math.IsNaN(d.Other) {
			return "the knock is undercut in " + b + " of the worlds"
		}
		return "the knock is undercut in " + b + " of the worlds against " + o + after
	}
	return ""
}

// values writes the two values of a difference as its measure is written:
// shares in whole per cent (a tenth where the two would read the same),
// points signed to a tenth, counts whole.
func (d Difference) values() (best, other string) {
	switch d.Measure {
	case MeanPoints:
		return fmt.Sprintf("%+.1f", d.Best), fmt.Sprintf("%+.1f", d.Other)
	case DeadwoodLeft, KnockOuts:
		return strconv.Itoa(int(d.Best)), strconv.Itoa(int(d.Other))
	}
	for digits := 0; ; digits++ {
		best, other = stats.Share(d.Best, digits), stats.Share(d.Other, digits)
		if best != other || digits == 1 {
			return best, other
		}
	}
}

// points writes a difference of equity in points of equity (per cent),
// to a tenth.
func points(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) + "%" }

// moveName names a move as the advice's text does: "discard 9S", "draw",
// or a knock with its melds.
func moveName(m game.Move, cards func(notation.CardSet) string) string {
	switch m.Kind {
	case game.Discard:
		return "discard " + cards(m.Card.Set())
	case game.Knock, game.Gin, game.BigGin:
		return m.Kind.String() + " " + meldsText(m, cards)
	}
	return m.Kind.String()
}

// moveShort names a move in a few words: a discard by its card.
func moveShort(m game.Move, cards func(notation.CardSet) string) string {
	if m.Kind == game.Discard {
		return cards(m.Card.Set())
	}
	return moveName(m, cards)
}

// moveAfter names the runner-up as "after …" ends: "9S", "drawing",
// "knocking with …".
func moveAfter(m game.Move, cards func(notation.CardSet) string) string {
	switch m.Kind {
	case game.Discard:
		return cards(m.Card.Set())
	case game.Draw:
		return "drawing"
	case game.Take:
		return "taking the upcard"
	case game.Pass:
		return "passing"
	case game.PlayOn:
		return "playing on"
	case game.Knock:
		return "knocking with " + meldsText(m, cards)
	case game.Gin:
		return "going gin with " + meldsText(m, cards)
	case game.BigGin:
		return "going big gin with " + meldsText(m, cards)
	}
	return m.Kind.String()
}

// meldsText writes a knock's melds, separated by " | ", as every table
// writes them.
func meldsText(m game.Move, cards func(notation.CardSet) string) string {
	parts := make([]string, m.Spread.N)
	for i := range parts {
		parts[i] = cards(m.Spread.Melds[i])
	}
	return strings.Join(parts, " | ")
}
