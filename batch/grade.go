package batch

import (
	"context"
	"math"

	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Graded is one graded decision: a row of --csv and --jsonl.
type Graded struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Game   int    `json:"game"`
	Hand   int    `json:"hand"`
	Player string `json:"player"`
	Seat   int    `json:"seat"`
	Kind   Kind   `json:"-"`
	// Turn is the seat's own turn in the hand, from 1; Stock the cards
	// left in the stock at the decision.
	Turn       int     `json:"turn"`
	Stock      int     `json:"stock"`
	Move       string  `json:"move"`
	Best       string  `json:"best"`
	Matched    bool    `json:"matched"`
	EquityLost float64 `json:"equity_lost"`
	// EquityLostSE is the standard error of EquityLost: the noise of the
	// sampled worlds (0 for --quick, which does not sample).
	EquityLostSE float64 `json:"equity_lost_se"`
	// Class is drawn from the loss and its error: "uncertain" when the
	// worlds spent could not place the loss in one class at 95%.
	Class string `json:"class"`
	// Deadwood is what the move leaves: after a discard, the hand's least
	// deadwood; at a knock decision, the deadwood of the knock, or of the
	// hand when playing on; -1 for draws.
	Deadwood int    `json:"deadwood"`
	Position string `json:"position"`
	// Equity is the mover's chance of winning the game after the move
	// played, as the advisor values it; advisor grading only.
	Equity *float64 `json:"equity,omitempty"`
	// Samples and Seed are the worlds of the grade's last search and
	// their seed (advisor grading only): `advise --full --samples N --seed
	// S --particles P` on Position shows the same values for the advised
	// move and the move played. The seed is drawn from the decision alone
	// (analyze.SeedOf).
	Samples int    `json:"samples,omitempty"`
	Seed    uint64 `json:"seed,omitempty"`
	// Particles is the particles of the opponent's filter when the grade
	// needed more than the advisor's own (`advise --particles`); 0 else.
	// Replicas is the independent replicas the filter ran as, which share
	// the particles between them (`advise --replicas`), so that
	// EquityLostSE holds the filter's noise too.
	Particles int `json:"particles,omitempty"`
	Replicas  int `json:"replicas,omitempty"`
	// Luck is the equity that chance brought the player since its last
	// graded decision (advisor grading only; see GameLuck), and LuckKind
	// the event it measures: "deal", "draw" or "opponent".
	Luck     *float64 `json:"luck,omitempty"`
	LuckKind string   `json:"luck_kind,omitempty"`
	// OpponentHand is the opponent's hand at the decision, as the log
	// knows it: its cards in the notation, then "?" for each card the
	// log does not show (gamelog.Decision.Guessed).
	OpponentHand string `json:"opponent_hand,omitempty"`
}

// KindName is Kind as text, for JSON.
func (g *Graded) KindName() string { return g.Kind.String() }

// kindOf names the kind of a decision, or false for a forced one.
func kindOf(p *game.Position) (Kind, bool) {
	switch p.Phase() {
	case game.FirstOffer:
		return Upcard, true
	case game.DrawPhase:
		if p.MustDraw() {
			return 0, false
		}
		if p.LastChance() {
			return Upcard, true
		}
		return Draw, true
	case game.DiscardPhase:
		return Discard, true
	case game.KnockPhase:
		return KnockKind, true
	}
	return 0, false
}

// moveDeadwood is the deadwood a move leaves, as Graded.Deadwood says:
// -1 for the draw phase's moves, whose hand is not known in advance or
// not yet decided.
func moveDeadwood(p *game.Position, m game.Move) int {
	switch m.Kind {
	case game.Take, game.Draw, game.Pass:
		return -1
	}
	return p.DeadwoodAfter(m)
}

// advisorGrade is what the advisor's grading found of one decision.
type advisorGrade struct {
	best game.Move
	// lost is the equity the move lost against the advised move, with
	// its standard error; class is drawn from them, Uncertain when the
	// worlds spent could not decide it.
	lost, lostSE float64
	class        Class
	// played and before are the equity after the move played and the
	// equity the advised move keeps, the played move's plus lost: the
	// values the luck analysis chains. valued is false when the advice
	// did not value the move played.
	played, before float64
	valued         bool
	worlds         int
	// seed and particles are the last search's: its worlds' seed and
	// its filter's particles (0 for the advisor's own).
	seed      uint64
	particles int
}

// gradeAdvisor values the move against the advisor's, as analyze gives it
// to the advise command for the same position and seed: the opponent read
// from the position's own record. The equity lost is the advised move's
// gain over the baseline less the move's own, both measured in the same
// sampled worlds. Every candidate plays every world (advise.Options.Full),
// chunk by chunk, until the class of the loss is decided at 95%: first up
// to FirstWorlds worlds with the advisor's own filter, then, if that did
// not decide it, afresh with a finer filter up to cap worlds. A grade
// still undecided there is Uncertain.
func gradeAdvisor(ctx context.Context, p *game.Position, m game.Move, cap int, seed uint64, equity *advise.Equity) (advisorGrade, error) {
	first := min(cap, FirstWorlds)
	g, decided, err := gradeStage(ctx, p, m, first, FirstParticles, seed, equity)
	g.seed = seed
	if err != nil || decided || first >= cap {
		return g, err
	}
	seed2 := seed ^ 0x9e3779b97f4a7c15
	g, _, err = gradeStage(ctx, p, m, cap, FinerParticles, seed2, equity)
	g.seed, g.particles = seed2, FinerParticles
	return g, err
}

// gradeStage is one search of a grade: up to cap worlds, with particles
// in the opponent's filter (0: the advisor's own), judged after each
// chunk.
func gradeStage(ctx context.Context, p *game.Position, m game.Move, cap, particles int, seed uint64, equity *advise.Equity) (advisorGrade, bool, error) {
	var (
		last    advisorGrade
		decided bool
	)
	judge := func(st *advise.Standing) bool {
		last, decided = judgeGrade(p, st, m)
		// A move the advice did not value is not charged: nothing to
		// decide.
		if decided && (st.Worlds >= MinWorlds || !last.valued) || st.Worlds >= cap {
			return true
		}
		dropBeaten(p, st, m)
		return false
	}
	s := analyze.Search{Judge: judge, Particles: particles, Replicas: Replicas, Equity: equity}
	_, err := s.Advise(ctx, p, analyze.Options{Samples: cap, Seed: seed, Workers: 1, MovesOnly: true})
	if err != nil {
		return advisorGrade{best: m}, false, err
	}
	if last.worlds == 0 {
		// One legal move: nothing was sampled, nothing lost.
		return advisorGrade{best: m}, true, nil
	}
	return last, decided, nil
}

// judgeGrade grades the move played from a search's standing, and says
// whether its class is decided. The loss is measured against the advised
// move; its interval's low end is that loss less GradeZ standard errors,
// and its high end the most that any candidate's paired difference over
// the move played could be, at GradeZ standard errors: a move that is the
// advice's own is not "good" until no other move might beat it by an
// inaccuracy. The class is decided when both ends fall in one class.
func judgeGrade(p *game.Position, st *advise.Standing, m game.Move) (g advisorGrade, decided bool) {
	cands := st.Candidates
	g = advisorGrade{best: cands[0].Move, worlds: st.Worlds, class: Good}
	i := playedIndex(p, cands, m)
	if i < 0 {
		// A move the advice did not value is not charged.
		return g, true
	}
	c := cands[i]
	g.lost, g.lostSE = math.Max(0, c.Loss), c.LossSE
	lower, upper := math.Max(0, g.lost-GradeZ*g.lostSE), g.lost+GradeZ*g.lostSE
	for j := range cands {
		if j == i || st.Dropped(j) {
			continue
		}
		d, se := st.Versus(j, i)
		upper = math.Max(upper, d+GradeZ*se)
		if i == 0 && j == 1 {
			// The advised move played: its error is that of the lead
			// over the runner-up.
			g.lostSE = se
		}
	}
	decided = Classify(lower) == Classify(upper)
	g.class = Uncertain
	if decided {
		g.class = Classify(g.lost)
	}
	g.played, g.valued = c.Equity, true
	g.before = c.Equity + g.lost
	return g, decided
}

// The grader's budget. A grade judges its class after every chunk of
// advise.ChunkWorlds worlds, but decides it on no fewer than MinWorlds:
// on fewer, the spread of the rollouts' outcomes (most worlds score two
// moves alike, a few very differently) is too poorly known to trust. The
// first FirstWorlds worlds read the opponent with a filter of
// FirstParticles, the advisor's own; a grade still undecided then starts
// again, up to its cap, with a filter of FinerParticles, whose draw adds
// less noise (docs/batch.md, "A grade's noise"). Either filter runs as
// Replicas independent replicas sharing its particles, each drawn from in
// turn, so that a loss's error holds the filter's noise beside the
// worlds': with one filter, over the three EAAI transcripts of testdata
// and three seeds, 0.40% of the decisions' pairs of seeds lay more than 3
// combined errors apart (a right error puts 0.27% there); with 8
// replicas, 0.22%, for 4.6% uncertain grades rather than 4.1% (with 16,
// test figures no better). A candidate DropZ standard errors below the
// advised move, neither the advice nor the move played, stops being
// played: it can change neither. At 2.5 rather than 3, over the 1,494
// decisions and three seeds of docs/batch.md's stability check, the
// grading took 5% less CPU with as many decisions given two confident
// classes (0.67%) and no more uncertain (3.90%, against 3.93%); at 2, 15%
// less, but 4.11% uncertain.
const (
	MinWorlds      = 256
	FirstWorlds    = 512
	FirstParticles = analyze.FilterParticles
	FinerParticles = 8192
	Replicas       = 8
	DropZ          = 2.5
)

// dropBeaten stops playing the candidates that are clearly worse than the
// advised move: neither the advice nor the move played, they cannot
// change the grade, and the worlds spent on the rest go faster.
func dropBeaten(p *game.Position, st *advise.Standing, m game.Move) {
	played := playedIndex(p, st.Candidates, m)
	for j, c := range st.Candidates {
		if j > 0 && j != played && !st.Dropped(j) && c.Loss > DropZ*c.LossSE && c.LossSE > 0 {
			st.Drop(j)
		}
	}
}

// playedIndex finds the move played among the advice's candidates, or
// -1. A knock whose spread the advice did not value is stood for by the
// valued knock that leaves the same deadwood.
func playedIndex(p *game.Position, cands []advise.Candidate, m game.Move) int {
	for i, c := range cands {
		if c.Move.Same(m) {
			return i
		}
	}
	if m.Kind == game.Knock || m.Kind == game.Gin {
		dw := (p.Hand() &^ m.Spread.Cards()).Value()
		for i, c := range cands {
			if (c.Move.Kind == game.Knock || c.Move.Kind == game.Gin) && c.Deadwood == dw {
				return i
			}
		}
	}
	return -1
}

// quickPointValue is the equity that --quick counts for each point of
// deadwood a move gives away, and quickOutValue for each live card that
// would complete a meld.
const (
	quickPointValue = 0.01
	quickOutValue   = 0.002
)

// gradeQuick grades by exact deadwood and outs alone, for huge log sets:
//   - a discard should leave the least deadwood, and among those the most
//     live cards that would complete a meld;
//   - the upcard should be taken when, after the best discard, it leaves
//     less deadwood than the hand has now;
//   - at a knock decision, only a missed gin counts.
func gradeQuick(p *game.Position, m game.Move) (best game.Move, lost float64) {
	hand := p.Hand()
	switch p.Phase() {
	case game.DiscardPhase:
		if m.Kind != game.Discard {
			return m, 0
		}
		allowed := hand
		if drawn, fromPile := p.Drawn(); fromPile && !p.Rules().RepeatEnds {
			allowed = allowed.Without(drawn)
		}
		unseen := p.Unseen()
		value := func(c notation.Card) float64 {
			rest := hand.Without(c)
			return quickPointValue*float64(meld.MinDeadwood(rest)) - quickOutValue*float64((meld.Completions(rest)&unseen).Len())
		}
		bestCard, bestValue := m.Card, math.Inf(1)
		for c := range allowed.All() {
			if v := value(c); v < bestValue || v == bestValue && c.Rank() > bestCard.Rank() {
				bestCard, bestValue = c, v
			}
		}
		return game.DiscardMove(bestCard), math.Max(0, value(m.Card)-bestValue)
	case game.FirstOffer, game.DrawPhase:
		up, ok := p.Upcard()
		if !ok {
			return m, 0
		}
		now := meld.MinDeadwood(hand)
		taken := math.MaxInt
		for d := range hand.All() {
			taken = min(taken, meld.MinDeadwood(hand.With(up).Without(d)))
		}
		other := game.DrawMove()
		if p.Phase() == game.FirstOffer || p.LastChance() {
			other = game.PassMove()
		}
		if taken < now {
			if m.Kind == game.Take {
				return m, 0
			}
			return game.TakeMove(), quickPointValue * float64(now-taken)
		}
		return other, 0
	case game.KnockPhase:
		if p.Rules().CanDeclare(rules.DeclareGin, hand, p.KnockLimit()) && m.Kind != game.Gin {
			sp, _, _ := meld.FirstArrangement(hand)
			return game.GinMove(sp), quickPointValue * float64(p.Rules().GinBonus)
		}
		return m, 0
	}
	return m, 0
}
