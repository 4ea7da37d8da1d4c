// Package batch grades every decision of game logs against the advisor
// and summarises each player's play: win and outcome rates, agreement with
// the advisor by kind of decision, the equity lost, and the worst
// blunders. Summaries keep counts and sums, so that summaries of shards
// merge into exactly the summary of one run.
package batch

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/stats"
)

// Kind is a kind of decision.
type Kind int

// The kinds of decision.
const (
	Upcard    Kind = iota // the first offer, or the 50th-card rule's last chance
	Draw                  // the pile or the stock
	Discard               // which card
	KnockKind             // knock (and with which melds) or play on
	numKinds
)

var kindNames = [...]string{Upcard: "upcard", Draw: "draw", Discard: "discard", KnockKind: "knock"}

// String returns the kind's stable name.
func (k Kind) String() string { return kindNames[k] }

// Kinds returns every kind of decision, in the order a player's ByKind
// holds them.
func Kinds() []Kind {
	ks := make([]Kind, numKinds)
	for k := range ks {
		ks[k] = Kind(k)
	}
	return ks
}

// Class grades a decision by the equity it lost.
type Class int

// The classes, from no loss to a blunder.
const (
	Good Class = iota
	Inaccuracy
	Mistake
	Blunder
	// Uncertain is a decision whose loss the worlds spent on it could not
	// place in one class at 95%: it sits too near a threshold.
	Uncertain
	numClasses
)

var classNames = [...]string{Good: "good", Inaccuracy: "inaccuracy", Mistake: "mistake", Blunder: "blunder", Uncertain: "uncertain"}

// String returns the class's stable name.
func (c Class) String() string { return classNames[c] }

// Thresholds of equity lost, as a fraction of the chance of winning the
// game, from which a decision is an inaccuracy, a mistake or a blunder.
// They follow lichess's idea (a drop in the chance of winning) scaled to
// gin rummy, where a game has some 80 decisions a seat and a single one
// seldom moves the chance by more than a few points.
const (
	InaccuracyLoss = 0.02
	MistakeLoss    = 0.05
	BlunderLoss    = 0.10
)

// Classify grades an equity loss.
func Classify(lost float64) Class {
	switch {
	case lost >= BlunderLoss:
		return Blunder
	case lost >= MistakeLoss:
		return Mistake
	case lost >= InaccuracyLoss:
		return Inaccuracy
	}
	return Good
}

// NoiseNote says, for people, what the ± of a graded decision's loss is
// and how its class is decided: the text and HTML reports both print it.
const NoiseNote = "The ± of a loss is one standard error: of the worlds that graded it and of the filter that read the opponent's hand. A class is given when the loss's 95% interval (1.96 standard errors either way) lies within it, and the grade is uncertain otherwise, naming the classes the interval spans."

// GradeZ is how many standard errors either side of a loss its interval
// spans for a class to be decided: 1.96, a 95% interval.
const GradeZ = 1.96

// ClassFits says class c is one the grader can give a decision whose
// loss and standard error, as published, are lost and se; slack allows for
// their rounding. The grader decides a class when its interval's low end,
// the loss less GradeZ standard errors (cut at 0), and its high end fall
// in one class; the high end reaches past the loss's own interval to
// whatever another candidate might beat the move by, and the error
// published for the advice itself is that of its lead. So a decided class
// holds the loss and the low end, and an uncertain grade is any whose low
// end is below the top class: from a blunder's low end, the high end can
// only be a blunder too. Merge checks every worst decision with it.
func ClassFits(c Class, lost, se, slack float64) bool {
	low := math.Max(0, lost-GradeZ*se)
	if c == Uncertain {
		return Classify(math.Max(0, low-slack)) < Blunder
	}
	within := func(x float64) bool { return Classify(math.Max(0, x-slack)) <= c && c <= Classify(x+slack) }
	return within(low) && within(lost)
}

// classWithNoise classes a loss measured with standard error se, and says
// whether the class is decided: whether the loss's 95% interval, cut at
// 0, lies within one class.
func classWithNoise(lost, se float64) (c Class, decided bool) {
	lo, hi := math.Max(0, lost-GradeZ*se), lost+GradeZ*se
	return Classify(lost), Classify(lo) == Classify(hi)
}

// micro is the fixed-point unit of equity sums: integers add in any
// order, so merged shards give exactly the one-run figures.
const micro = 1_000_000

func toMicro(x float64) int64 { return int64(math.Round(x * micro)) }

// Accuracy is lichess's move accuracy, 0 to 100, for a drop in the
// chance of winning of lost (a fraction): 103.1668 * exp(-0.04354 *
// loss%) - 3.1669.
func Accuracy(lost float64) float64 {
	return accuracyCurve(0.04354 * 100 * lost)
}

// accuracyCurve is lichess's curve, 100 at x = 0 and 0 at x = ln(103.1668
// / 3.1669), clamped to 0..100.
func accuracyCurve(x float64) float64 {
	a := 103.1668*math.Exp(-x) - 3.1669
	return math.Max(0, math.Min(100, a))
}

// AccuracyFit is the calibration of a player's accuracy for one way of
// grading: the mean equity a decision the grading charges to the
// advisor's own play (Floor: the grader's disagreement with a player as
// strong as itself, which counts as no loss) and the scale of lichess's
// curve above it (Scale, per percentage point), fitted so that the
// advisor scores 100 and the random player 0 (docs/batch.md).
type AccuracyFit struct {
	Floor float64 `json:"floor"`
	Scale float64 `json:"scale"`
}

// AccuracyFitFor returns the calibration of a grading ("advisor" or
// "quick"), fitted by lab/cmd/accuracyfit on simulated games.
func AccuracyFitFor(grading string) AccuracyFit {
	if grading == "quick" {
		return AccuracyFit{Floor: quickFloor, Scale: quickScale}
	}
	return AccuracyFit{Floor: advisorFloor, Scale: advisorScale}
}

// The fitted constants (go run ./lab/cmd/accuracyfit, docs/batch.md):
// the advisor's and random's mean equity lost a decision, as a fraction,
// under each grading.
const (
	advisorFloor = 0.00168
	advisorScale = 3.395
	quickFloor   = 0.00595
	quickScale   = 0.897
)

// Of is the accuracy, 0 to 100, of a player who lost meanLost of the
// chance of winning a decision on average: lichess's curve, applied to the
// loss in percentage points above the floor, times the scale.
func (f AccuracyFit) Of(meanLost float64) float64 {
	return accuracyCurve(f.Scale * 100 * math.Max(0, meanLost-f.Floor))
}

// FitAccuracy fits the calibration to two anchors: the mean equity lost
// a decision of the advisor (scored 100) and of the random player (scored
// 0).
func FitAccuracy(advisorLost, randomLost float64) AccuracyFit {
	return AccuracyFit{Floor: advisorLost, Scale: math.Log(103.1668/3.1669) / (100 * (randomLost - advisorLost))}
}

// KindStats are one player's figures for one kind of decision.
type KindStats struct {
	Kind       string  `json:"kind"`
	Decisions  int     `json:"decisions"`
	Matched    int     `json:"matched"`
	EquityLost float64 `json:"equity_lost"`
	LostMicro  int64   `json:"equity_lost_micro"`
	// MatchRate is the share of the decisions that matched the advice:
	// nil, null in the JSON, when there is none.
	MatchRate *float64 `json:"match_rate"`
}

// BlunderRecord is one of a player's worst decisions, with its position in
// the notation, ready for `ginadvisor advise`.
type BlunderRecord struct {
	File       string  `json:"file"`
	Line       int     `json:"line"`
	Game       int     `json:"game"`
	Hand       int     `json:"hand"`
	Kind       string  `json:"kind"`
	Move       string  `json:"move"`
	Best       string  `json:"best"`
	EquityLost float64 `json:"equity_lost"`
	// EquityLostSE is the grade's standard error, and Class its class.
	EquityLostSE float64 `json:"equity_lost_se"`
	Class        string  `json:"class"`
	Position     string  `json:"position"`
}

// surely is the least the decision lost at 95%, in millionths: the worst
// decisions are those surely worst, not those the noise made look worst.
func (b BlunderRecord) surely() int64 {
	return toMicro(b.EquityLost - GradeZ*b.EquityLostSE)
}

// MaxTurns bounds the deadwood-by-turn series.
const MaxTurns = 30

// LostBins returns the upper edges of the histogram of equity lost per
// decision, in a slice of the caller's own; the last bin is open.
func LostBins() []float64 { return []float64{0.0001, 0.01, 0.02, 0.05, 0.1, 0.2} }

// lostBins are the edges LostBins returns, for the hot path.
var lostBins = LostBins()

// Player is one player's summary. Counts and sums are kept beside every
// rate, so that summaries merge.
type Player struct {
	Name        string     `json:"name"`
	Games       int        `json:"games"`
	GamesWon    int        `json:"games_won"`
	WinRate     float64    `json:"win_rate"`
	WinRateCI95 [2]float64 `json:"win_rate_ci95"`
	Hands       int        `json:"hands"`
	HandsWon    int        `json:"hands_won"`
	HandRate    float64    `json:"hand_win_rate"`
	HandRateCI  [2]float64 `json:"hand_win_rate_ci95"`
	Knocks      int        `json:"knocks"` // hands ended by this player, gin included
	Gins        int        `json:"gins"`
	Undercuts   int        `json:"undercuts"` // undercuts made against the opponent's knock
	Points      int        `json:"points"`
	// KnockDeadwood and KnockTurns sum the deadwood laid down and the
	// player's own turns taken, over its knocks; their means are nil,
	// null in the JSON, for a player that never knocked.
	KnockDeadwood     int      `json:"knock_deadwood_sum"`
	KnockTurns        int      `json:"knock_turns_sum"`
	MeanKnockDeadwood *float64 `json:"mean_knock_deadwood"`
	MeanTurnsToKnock  *float64 `json:"mean_turns_to_knock"`
	Decisions         int      `json:"decisions"`
	Matched           int      `json:"matched"`
	EquityLost        float64  `json:"equity_lost"`
	LostMicro         int64    `json:"equity_lost_micro"`
	// MeanEquityLost, MeanLostCI95 and ErrorRate, like Accuracy, are nil
	// (null in the JSON) for a player with no graded decision.
	MeanEquityLost *float64 `json:"mean_equity_lost"`
	// LostSqNano sums the squares of the equity lost, in billionths: with
	// LostMicro, the spread of the losses behind MeanLostCI95, the 95%
	// interval of the mean equity lost a decision. It holds both the
	// spread between decisions and each grade's own noise.
	LostSqNano   int64       `json:"equity_lost_sq_nano"`
	MeanLostCI95 *[2]float64 `json:"mean_equity_lost_ci95"`
	// ErrorRate is the equity lost per 100 decisions, in games: the mean
	// equity lost a decision times 100, as the backgammon analysers rate
	// a player's errors.
	ErrorRate *float64 `json:"error_rate"`
	// Accuracy is the player's accuracy, 0 to 100, from its mean equity
	// lost a decision: AccuracyFitFor(the grading).Of(MeanEquityLost).
	// It is null under --quick, whose rule of thumb rates every
	// rule-based player as high as the advisor, and for a player with no
	// graded decision.
	Accuracy *float64 `json:"accuracy"`
	// AccuracyCI95 is the accuracy of each end of MeanLostCI95: the
	// noise of the accuracy, which moves with the seed as the mean loss
	// does. Null when Accuracy is.
	AccuracyCI95 *[2]float64 `json:"accuracy_ci95"`
	Inaccuracies int         `json:"inaccuracies"`
	Mistakes     int         `json:"mistakes"`
	Blunders     int         `json:"blunders"`
	// Uncertain counts the decisions whose class the grader could not
	// decide (class "uncertain"); they count in no other class.
	Uncertain int `json:"uncertain"`
	// Luck splits the player's results into the cards' part and the
	// decisions' part (advisor grading only).
	Luck   *Luck       `json:"luck,omitempty"`
	ByKind []KindStats `json:"by_kind"`
	// LostHistogram counts decisions by equity lost, in LostBins().
	LostHistogram []int `json:"lost_histogram"`
	// DeadwoodByTurn sums the deadwood left after each of the player's
	// discards, by its turn in the hand (1 to MaxTurns), with counts.
	DeadwoodSum   []int           `json:"deadwood_by_turn_sum"`
	DeadwoodCount []int           `json:"deadwood_by_turn_count"`
	Worst         []BlunderRecord `json:"worst"`
}

// MaxWorst is how many of the worst decisions a summary keeps a player.
const MaxWorst = 10

func newPlayer(name string) *Player {
	p := &Player{Name: name, LostHistogram: make([]int, len(lostBins)+1),
		DeadwoodSum: make([]int, MaxTurns), DeadwoodCount: make([]int, MaxTurns)}
	for _, k := range Kinds() {
		p.ByKind = append(p.ByKind, KindStats{Kind: k.String()})
	}
	return p
}

// Problem is an input that failed: a damaged game or an unreadable file.
type Problem = gamelog.Problem

// Summary is the result of a batch: mergeable across shards.
type Summary struct {
	// Grading says how decisions were graded: "advisor" or "quick".
	Grading string   `json:"grading"`
	Samples int      `json:"samples"`
	Seed    uint64   `json:"seed"`
	Shards  []string `json:"shards"`
	// Inputs identifies the inputs, their names in order (the last two
	// elements of each path): shards of one run share it. Complete says every game of the shard was analysed;
	// a run stopped by a cancel or an error is partial.
	Inputs        string `json:"inputs"`
	Complete      bool   `json:"complete"`
	Files         int    `json:"files"`
	GamesRead     int    `json:"games_read"`
	GamesSkipped  int    `json:"games_skipped"`
	GamesAnalyzed int    `json:"games_analyzed"`
	Hands         int    `json:"hands"`
	Decisions     int    `json:"decisions"`
	// Ungraded counts decisions of seats whose cards the log does not
	// fully know: they are replayed but not graded.
	Ungraded   int        `json:"decisions_ungraded"`
	Errors     []Problem  `json:"errors"`
	Players    []*Player  `json:"players"`
	Thresholds [3]float64 `json:"thresholds"`
	// from names the summary's source in errors, once read.
	from string
}

// name names the i-th of the summaries being merged, by its source when
// it was read from one.
func (s *Summary) name(i int) string {
	if s.from != "" {
		return s.from
	}
	return fmt.Sprintf("summary %d", i+1)
}

func (s *Summary) player(name string) *Player {
	for _, p := range s.Players {
		if p.Name == name {
			return p
		}
	}
	p := newPlayer(name)
	s.Players = append(s.Players, p)
	return p
}

// addDecision counts one graded decision.
func (p *Player) addDecision(d *Graded) {
	lost := toMicro(d.EquityLost)
	p.Decisions++
	p.LostMicro += lost
	p.LostSqNano += int64(math.Round(d.EquityLost * d.EquityLost * 1e9))
	k := &p.ByKind[d.Kind]
	k.Decisions++
	k.LostMicro += lost
	if d.Matched {
		p.Matched++
		k.Matched++
	}
	switch classNamed(d.Class) {
	case Inaccuracy:
		p.Inaccuracies++
	case Mistake:
		p.Mistakes++
	case Blunder:
		p.Blunders++
	case Uncertain:
		p.Uncertain++
	}
	bin := len(lostBins)
	for i, edge := range lostBins {
		if d.EquityLost < edge {
			bin = i
			break
		}
	}
	p.LostHistogram[bin]++
	if d.Kind == Discard && d.Turn >= 1 && d.Turn <= MaxTurns {
		p.DeadwoodSum[d.Turn-1] += d.Deadwood
		p.DeadwoodCount[d.Turn-1]++
	}
	// The worst are errors: a good decision, whatever it lost, is none.
	if d.EquityLost > 0 && d.Class != Good.String() {
		p.Worst = append(p.Worst, BlunderRecord{File: d.File, Line: d.Line, Game: d.Game, Hand: d.Hand, Kind: d.Kind.String(),
			Move: d.Move, Best: d.Best, EquityLost: float64(lost) / micro, EquityLostSE: d.EquityLostSE, Class: d.Class, Position: d.Position})
		p.trimWorst()
	}
}

// trimWorst keeps the MaxWorst worst, by the least each surely lost, in
// an order that does not depend on the order they came in.
func (p *Player) trimWorst() {
	slices.SortFunc(p.Worst, func(a, b BlunderRecord) int {
		return cmp.Or(cmp.Compare(b.surely(), a.surely()), cmp.Compare(b.EquityLost, a.EquityLost), cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Game, b.Game), cmp.Compare(a.Position, b.Position))
	})
	if len(p.Worst) > MaxWorst {
		p.Worst = p.Worst[:MaxWorst]
	}
}

// finish works out every rate from the counts and sums, and puts players
// and problems in a canonical order.
func (s *Summary) finish() {
	s.Thresholds = [3]float64{InaccuracyLoss, MistakeLoss, BlunderLoss}
	if s.Errors == nil {
		s.Errors = []Problem{}
	}
	if s.Shards == nil {
		s.Shards = []string{}
	}
	slices.SortFunc(s.Errors, func(a, b Problem) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Message, b.Message))
	})
	slices.Sort(s.Shards)
	slices.SortFunc(s.Players, func(a, b *Player) int { return cmp.Compare(a.Name, b.Name) })
	if s.Players == nil {
		s.Players = []*Player{}
	}
	for _, p := range s.Players {
		p.WinRate, p.WinRateCI95 = ratio(p.GamesWon, p.Games), stats.Wilson(p.GamesWon, p.Games)
		p.HandRate, p.HandRateCI = ratio(p.HandsWon, p.Hands), stats.Wilson(p.HandsWon, p.Hands)
		p.MeanKnockDeadwood = mean(p.KnockDeadwood, p.Knocks)
		p.MeanTurnsToKnock = mean(p.KnockTurns, p.Knocks)
		p.EquityLost = float64(p.LostMicro) / micro
		p.MeanEquityLost, p.MeanLostCI95, p.ErrorRate, p.Accuracy, p.AccuracyCI95 = nil, nil, nil, nil, nil
		if p.Decisions > 0 {
			lost := p.EquityLost / float64(p.Decisions)
			ci := meanInterval(p.LostMicro, p.LostSqNano, p.Decisions)
			rate := 100 * lost
			p.MeanEquityLost, p.MeanLostCI95, p.ErrorRate = &lost, &ci, &rate
		}
		if p.Decisions > 0 && s.Grading != "quick" {
			fit := AccuracyFitFor(s.Grading)
			a := fit.Of(*p.MeanEquityLost)
			// The accuracy falls as the loss grows: the interval's high
			// loss is its low accuracy.
			ci := [2]float64{fit.Of(p.MeanLostCI95[1]), fit.Of(p.MeanLostCI95[0])}
			p.Accuracy, p.AccuracyCI95 = &a, &ci
		}
		if p.Luck != nil {
			p.Luck.finish()
		}
		for i := range p.ByKind {
			k := &p.ByKind[i]
			k.EquityLost = float64(k.LostMicro) / micro
			k.MatchRate = mean(k.Matched, k.Decisions)
		}
		if p.Worst == nil {
			p.Worst = []BlunderRecord{}
		}
		p.trimWorst()
	}
}

// classNamed is the class of a graded decision's name.
func classNamed(name string) Class {
	for c, n := range classNames {
		if n == name {
			return Class(c)
		}
	}
	return Good
}

// meanInterval is the 95% interval of the mean of n losses, from their
// sum in millionths and the sum of their squares in billionths; the low
// end is cut at 0.
func meanInterval(sumMicro, sqNano int64, n int) [2]float64 {
	if n == 0 {
		return [2]float64{}
	}
	k := float64(n)
	mean := float64(sumMicro) / micro / k
	half := GradeZ * meanSE(mean*k, float64(sqNano)/1e9, k)
	return [2]float64{math.Max(0, mean-half), mean + half}
}

// meanSE is the standard error of a mean from the sum and the sum of
// squares of n values.
func meanSE(sum, sq, n float64) float64 {
	if n < 2 {
		return 0
	}
	mean := sum / n
	return math.Sqrt(math.Max(0, sq/n-mean*mean) / (n - 1))
}

// mean is a / b, or nil when b is 0: no figure without the data.
func mean(a, b int) *float64 {
	if b == 0 {
		return nil
	}
	m := float64(a) / float64(b)
	return &m
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// merge adds p's counts and sums to q's, and keeps the worst decisions
// of both.
func (q *Player) merge(p *Player) {
	q.Games += p.Games
	q.GamesWon += p.GamesWon
	q.Hands += p.Hands
	q.HandsWon += p.HandsWon
	q.Knocks += p.Knocks
	q.Gins += p.Gins
	q.Undercuts += p.Undercuts
	q.Points += p.Points
	q.KnockDeadwood += p.KnockDeadwood
	q.KnockTurns += p.KnockTurns
	q.Decisions += p.Decisions
	q.Matched += p.Matched
	q.LostMicro += p.LostMicro
	q.LostSqNano += p.LostSqNano
	q.Inaccuracies += p.Inaccuracies
	q.Mistakes += p.Mistakes
	q.Blunders += p.Blunders
	q.Uncertain += p.Uncertain
	if p.Luck != nil {
		if q.Luck == nil {
			q.Luck = new(Luck)
		}
		q.Luck.merge(p.Luck)
	}
	for k := range q.ByKind {
		if k < len(p.ByKind) {
			q.ByKind[k].Decisions += p.ByKind[k].Decisions
			q.ByKind[k].Matched += p.ByKind[k].Matched
			q.ByKind[k].LostMicro += p.ByKind[k].LostMicro
		}
	}
	for i := range q.LostHistogram {
		if i < len(p.LostHistogram) {
			q.LostHistogram[i] += p.LostHistogram[i]
		}
	}
	for i := 0; i < MaxTurns && i < len(p.DeadwoodSum) && i < len(p.DeadwoodCount); i++ {
		q.DeadwoodSum[i] += p.DeadwoodSum[i]
		q.DeadwoodCount[i] += p.DeadwoodCount[i]
	}
	// The worst stay at most MaxWorst, however many games and shards
	// come in.
	q.Worst = append(q.Worst, p.Worst...)
	q.trimWorst()
}

// Merge combines summaries of disjoint shares of the same inputs, graded
// the same way, into the summary one run over all of them gives.
func Merge(parts ...Summary) Summary {
	var out Summary
	out.Complete = len(parts) > 0
	for i, s := range parts {
		if i == 0 {
			out.Grading, out.Samples, out.Seed, out.Inputs = s.Grading, s.Samples, s.Seed, s.Inputs
		}
		out.Complete = out.Complete && s.Complete
		out.Shards = append(out.Shards, s.Shards...)
		out.Files = max(out.Files, s.Files)
		out.GamesRead += s.GamesRead
		out.GamesSkipped += s.GamesSkipped
		out.GamesAnalyzed += s.GamesAnalyzed
		out.Hands += s.Hands
		out.Decisions += s.Decisions
		out.Ungraded += s.Ungraded
		out.Errors = append(out.Errors, s.Errors...)
		for _, p := range s.Players {
			out.player(p.Name).merge(p)
		}
	}
	out.finish()
	return out
}
