package batch

import (
	"context"
	"fmt"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// analyseGame replays a game and grades each decision of each seat.
func analyseGame(ctx context.Context, j job, o *Options) result {
	g := j.game
	r := gameFigures(g)
	gr := grader{ctx: ctx, j: j, o: o, names: seatNames(g), hand: -1, r: &r}
	if !o.Quick {
		// The equity model is built once for the game's rules.
		gr.equity = advise.ForRules(g.Rules)
		gr.luck = startLuck(gr.equity)
	}
	err := g.Replay(gr.decision)
	if gr.failed == nil && err == nil && gr.equity != nil {
		gr.endHand()
		settled := settleLuck(&gr.luck)
		for seat := range notation.NumSeats {
			r.games[seat].Luck = new(Luck)
			r.games[seat].Luck.addGame(&settled[seat])
		}
	}
	if gr.failed != nil {
		r.err = gr.failed
	} else if err != nil {
		// The reader replayed the game already; a failure here is a bug.
		r.err = fmt.Errorf("%s: game %d: %w", j.file, g.Number, err)
	}
	return r
}

// gameFigures counts what the game's record says of each seat: games,
// hands and points won, knocks, gins and undercuts.
func gameFigures(g *gamelog.Game) result {
	names := seatNames(g)
	var r result
	for seat := range notation.NumSeats {
		p := newPlayer(names[seat])
		p.Games = 1
		if g.Final.Winner == seat {
			p.GamesWon = 1
		}
		r.games[seat] = p
	}
	for hi := range g.Hands {
		r.hands++
		handFigures(&g.Hands[hi], &r)
	}
	return r
}

// handFigures adds one hand's outcome to each seat's figures.
func handFigures(h *gamelog.Hand, r *result) {
	var turns [2]int
	for _, m := range h.Moves {
		if m.Kind == game.Discard {
			turns[m.Seat]++
		}
	}
	for seat := range notation.NumSeats {
		p := r.games[seat]
		p.Hands++
		if h.Winner == seat {
			p.HandsWon++
			p.Points += h.Score.Points
			if h.Score.Outcome == rules.Undercut {
				p.Undercuts++
			}
		}
		if h.Knocker == seat {
			p.Knocks++
			if h.Score.Outcome == rules.Gin || h.Score.Outcome == rules.BigGin {
				p.Gins++
			}
			p.KnockDeadwood += h.KnockerDeadwood.Value()
			p.KnockTurns += turns[seat]
		}
	}
}

// grader grades the decisions of one game as its replay meets them.
type grader struct {
	ctx    context.Context
	j      job
	o      *Options
	names  [2]string
	equity *advise.Equity
	r      *result
	turn   [2]int // each seat's own turn in the hand
	hand   int
	// luck follows each seat's equity through the game (advisor grading).
	luck   [2]luckChain
	failed error
}

// endHand closes the hand being replayed in each seat's luck chain.
func (gr *grader) endHand() {
	if gr.hand < 0 || gr.equity == nil {
		return
	}
	for seat := range notation.NumSeats {
		gr.luck[seat].endHand(handEnd(gr.j.game, gr.hand, seat, gr.equity))
	}
}

// decision is the replay's callback: it grades one decision, or stops
// the replay at a cancel or a failed grade.
func (gr *grader) decision(d *gamelog.Decision) bool {
	if err := gr.ctx.Err(); err != nil {
		gr.failed = err
		return false
	}
	if d.Hand != gr.hand {
		gr.endHand()
		gr.hand, gr.turn = d.Hand, [2]int{}
	}
	pos := &d.Position
	kind, ok := kindOf(pos)
	if pos.Phase() == game.DiscardPhase {
		gr.turn[d.Seat]++
	}
	// Whatever the seat does, the opponent meets it as chance; the seat's
	// own stock draw is chance to itself.
	gr.luck[d.Seat.Other()].chance(LuckOpponent)
	defer func() {
		if d.Move.Kind == game.Draw {
			gr.luck[d.Seat].chance(LuckDraw)
		}
	}()
	if !ok {
		return true
	}
	if d.Partial {
		gr.r.ungraded++
		return true
	}
	gd, err := gr.grade(d, kind)
	if err != nil {
		gr.failed = fmt.Errorf("%s:%d: %w", gr.j.file, d.Line, err)
		return false
	}
	if err := gr.keep(&gd); err != nil {
		gr.failed = err
		return false
	}
	return true
}

// grade grades one decision with a choice, by the advisor or --quick.
func (gr *grader) grade(d *gamelog.Decision, kind Kind) (Graded, error) {
	pos := &d.Position
	gd := Graded{File: gr.j.file, Line: d.Line, Game: gr.j.game.Number, Hand: d.Hand + 1, Player: gr.names[d.Seat], Seat: d.Seat.Number(),
		Kind: kind, Turn: max(gr.turn[d.Seat], 1), Stock: pos.StockCount(), Move: moveName(kind, d.Move),
		Deadwood: moveDeadwood(pos, d.Move), OpponentHand: opponentHand(d)}
	var best game.Move
	class := Good
	if gr.o.Quick {
		best, gd.EquityLost = gradeQuick(pos, d.Move)
	} else {
		gd.Seed = analyze.SeedOf(pos, gr.o.settings(), gr.o.Seed)
		g, err := gradeAdvisor(gr.ctx, pos, d.Move, gr.o.Samples, gd.Seed, gr.equity)
		if err != nil {
			return gd, err
		}
		best, gd.EquityLost, gd.Samples, class = g.best, g.lost, g.worlds, g.class
		gd.Seed, gd.Particles, gd.Replicas = g.seed, g.particles, Replicas
		gd.EquityLostSE = float64(toMicro(g.lostSE)) / micro
		if g.valued {
			eq := g.played
			gd.Equity = &eq
			luck, kind := gr.luck[d.Seat].decide(g.before, g.lost)
			if kind != noLuck {
				l := float64(luck) / micro
				gd.Luck, gd.LuckKind = &l, kind.String()
			}
		}
	}
	// The loss is published in millionths, and its class is that of the
	// loss as published, so that the class, the histogram and a reader
	// of the row agree: 0.0199999996 read 0.02 and was classed good.
	gd.EquityLost = float64(toMicro(gd.EquityLost)) / micro
	switch {
	case gr.o.Quick:
		class = Classify(gd.EquityLost)
	case class != Uncertain:
		if c, decided := classWithNoise(gd.EquityLost, gd.EquityLostSE); decided {
			class = c
		}
	}
	if gr.o.Quick && gd.EquityLost == 0 {
		// Quick grading loses nothing with the move played: it is as
		// good as the best the rule of thumb knows.
		best = d.Move
	}
	gd.Best = moveName(kind, best)
	// Matched means the move is the best, as written.
	gd.Matched = best.Same(d.Move)
	gd.Class = class.String()
	if gr.o.OnDecision != nil || gd.EquityLost > 0 {
		gd.Position = exactPosition(pos)
	}
	return gd, nil
}

// opponentHand writes the opponent's hand at a decision, its cards the
// log does not know as "?".
func opponentHand(d *gamelog.Decision) string {
	h := d.State.Hand(d.Seat.Other())
	text := h.Minus(d.Guessed).String()
	for range h.Intersect(d.Guessed).Len() {
		if text != "" {
			text += " "
		}
		text += "?"
	}
	return text
}
