package batch

import (
	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/stats"
	"math"
)

// LuckKind names the chance events whose equity a luck term measures.
type LuckKind int

// The kinds of luck: the cards dealt (and what the opponent did before
// the seat's first decision of the hand), the seat's own stock draws,
// the opponent's turns (its draws and the cards its play revealed), and
// the end of the hand (the knock, the lay-offs and the score).
const (
	LuckDeal LuckKind = iota
	LuckDraw
	LuckOpponent
	LuckShowdown
	numLuckKinds
	noLuck LuckKind = -1
)

var luckNames = [...]string{LuckDeal: "deal", LuckDraw: "draw", LuckOpponent: "opponent", LuckShowdown: "showdown"}

// LuckKindNamed is the kind of luck of a stable name, or -1.
func LuckKindNamed(name string) LuckKind {
	for k, n := range luckNames {
		if n == name {
			return LuckKind(k)
		}
	}
	return noLuck
}

// String returns the kind's stable name.
func (k LuckKind) String() string {
	if k < 0 || k >= numLuckKinds {
		return ""
	}
	return luckNames[k]
}

// GameLuck splits one seat's result in a game into where it came from,
// in millionths of a game: the equity at the start, the luck of each
// kind, the seat's decisions' part (Skill: minus the equity they lost) and
// the opponent's (OppErrors: the equity the opponent's decisions lost, a
// gain to the seat). Start + the luck + Skill + OppErrors = Result,
// exactly: the terms are the changes in one chain of the seat's equity,
// which starts at the equity model's value before the first deal and ends
// at the result, 1 or 0, with the opponent's errors taken out of the luck
// of its turns. As the backgammon analysers count it, neither player's
// errors are the other's luck.
type GameLuck struct {
	Start     int64
	Luck      [numLuckKinds]int64
	Skill     int64
	OppErrors int64
	Result    int64
}

// settleLuck closes both seats' chains after the game: each takes its
// result, and the opponent's errors out of the luck of the opponent's
// turns, where the chain met them.
func settleLuck(chains *[2]luckChain) [2]GameLuck {
	var out [2]GameLuck
	for seat := range out {
		out[seat] = chains[seat].g
		out[seat].Result = chains[seat].v
	}
	for seat := range out {
		opp := -out[1-seat].Skill
		out[seat].OppErrors = opp
		out[seat].Luck[LuckOpponent] -= opp
	}
	return out
}

// Total is the luck of every kind together.
func (g *GameLuck) Total() int64 {
	var t int64
	for _, x := range g.Luck {
		t += x
	}
	return t
}

// luckChain follows one seat's equity through a game, as its decisions
// are graded. The equity is measured afresh only after a chance event
// (a deal, the seat's stock draw, the opponent's turn): the advised
// move's value at the next decision, less the value the chain held,
// is the luck of that event. A decision moves the chain by minus the
// equity it lost. Between two decisions with no chance event between
// (a take and its discard, a discard and the knock decision) the chain
// carries its value, so the search's noise is not counted as luck.
type luckChain struct {
	v       int64 // the seat's equity now, in millionths
	pending LuckKind
	g       GameLuck
}

// startLuck begins each seat's chain at the equity model's value before
// the first deal: the first seat's, and the rest of the game for the
// other, so that the two starts add up to exactly one game (the model's
// value at 0-0, rounded to a millionth, is a hair under a half). The
// seats' luck-adjusted results, each its start plus its skill plus the
// other's errors, then add up to exactly one game too.
func startLuck(eq *advise.Equity) [2]luckChain {
	var c [2]luckChain
	first := toMicro(eq.Win(0, 0))
	for seat, v := range [2]int64{first, micro - first} {
		c[seat] = luckChain{v: v, pending: LuckDeal, g: GameLuck{Start: v}}
	}
	return c
}

// chance notes a chance event before the seat's next valued decision;
// the first kind since the last decision names the term.
func (c *luckChain) chance(k LuckKind) {
	if c.pending == noLuck {
		c.pending = k
	}
}

// decide adds a valued decision: before is the advised move's equity
// (measured afresh when a chance event came first) and lost the equity
// the move played lost. It returns the luck term the decision resolved
// and its kind, or noLuck.
func (c *luckChain) decide(before float64, lost float64) (luck int64, kind LuckKind) {
	kind = c.pending
	if kind != noLuck {
		fresh := toMicro(before)
		luck = fresh - c.v
		c.g.Luck[kind] += luck
		c.v = fresh
		c.pending = noLuck
	}
	l := toMicro(lost)
	c.g.Skill -= l
	c.v -= l
	return luck, kind
}

// endHand closes a hand at the value end: the equity of the scores after
// it, or the game's result after its last hand.
func (c *luckChain) endHand(end int64) {
	c.g.Luck[LuckShowdown] += end - c.v
	c.v = end
	c.pending = LuckDeal
}

// handEnd is the seat's value after hand h of g: the result when the
// hand ended the game, else the equity model's value of the totals.
func handEnd(g *gamelog.Game, h int, seat notation.Seat, eq *advise.Equity) int64 {
	if h == len(g.Hands)-1 && g.Final.Winner.Valid() {
		if g.Final.Winner == seat {
			return micro
		}
		return 0
	}
	t := g.Hands[h].Totals
	return toMicro(eq.Win(t[seat], t[seat.Other()]))
}

// Luck is a player's GameLuck summed over its games, in millionths of a
// game so that shards merge exactly, with the means a game worked out.
// Start + Luck + Skill + OppErrors = Result, over every game as in each:
// Adjusted, the luck-adjusted result, is Result less Luck (Start + Skill +
// OppErrors), the result both sides' decisions would have brought with
// average cards.
type Luck struct {
	Games          int              `json:"games"`
	StartMicro     int64            `json:"start_micro"`
	KindMicro      map[string]int64 `json:"by_kind_micro"`
	SkillMicro     int64            `json:"skill_micro"`
	OppErrorsMicro int64            `json:"opponent_errors_micro"`
	ResultMicro    int64            `json:"result_micro"`
	// LuckSq, SkillSq and AdjustedSq sum the squares of each game's luck
	// in all, skill and luck-adjusted result, in millionths of a game
	// squared: with the sums, the spread from game to game behind the
	// intervals of Means. It holds the seed's part too: another seed
	// draws other worlds, and moves a game's figures.
	LuckSq     int64     `json:"luck_sq_micro"`
	SkillSq    int64     `json:"skill_sq_micro"`
	AdjustedSq int64     `json:"adjusted_sq_micro"`
	Means      LuckMeans `json:"per_game"`
}

// LuckMeans are a player's luck figures, the mean a game, in games won.
type LuckMeans struct {
	Start     float64            `json:"start"`
	ByKind    map[string]float64 `json:"by_kind"`
	Luck      float64            `json:"luck"`
	Skill     float64            `json:"skill"`
	OppErrors float64            `json:"opponent_errors"`
	Result    float64            `json:"result"`
	Adjusted  float64            `json:"adjusted"`
	// LuckCI95, SkillCI95 and AdjustedCI95 are the 95% intervals of the
	// means of Luck, Skill and Adjusted over the games (Student's t), nil
	// (null) with fewer than two games.
	LuckCI95     *[2]float64 `json:"luck_ci95"`
	SkillCI95    *[2]float64 `json:"skill_ci95"`
	AdjustedCI95 *[2]float64 `json:"adjusted_ci95"`
}

// addGame adds one game's figures.
func (l *Luck) addGame(g *GameLuck) {
	luck := g.Total()
	one := Luck{Games: 1, StartMicro: g.Start, SkillMicro: g.Skill, OppErrorsMicro: g.OppErrors, ResultMicro: g.Result,
		KindMicro: make(map[string]int64, numLuckKinds),
		LuckSq:    squareMicro(luck), SkillSq: squareMicro(g.Skill), AdjustedSq: squareMicro(g.Result - luck)}
	for k, v := range g.Luck {
		one.KindMicro[LuckKind(k).String()] = v
	}
	l.merge(&one)
}

// merge adds another player's sums. The kinds are those a summary names,
// every one of them kept even at 0; checkLuck refused any other before a
// merge.
func (l *Luck) merge(o *Luck) {
	l.Games += o.Games
	l.StartMicro += o.StartMicro
	l.SkillMicro += o.SkillMicro
	l.OppErrorsMicro += o.OppErrorsMicro
	l.ResultMicro += o.ResultMicro
	l.LuckSq += o.LuckSq
	l.SkillSq += o.SkillSq
	l.AdjustedSq += o.AdjustedSq
	if l.KindMicro == nil {
		l.KindMicro = make(map[string]int64, numLuckKinds)
	}
	for k := range numLuckKinds {
		name := k.String()
		l.KindMicro[name] += o.KindMicro[name]
	}
}

// total is the luck of every kind, in millionths.
func (l *Luck) total() int64 {
	var t int64
	for _, v := range l.KindMicro {
		t += v
	}
	return t
}

// finish works out the means a game.
func (l *Luck) finish() {
	n := float64(max(l.Games, 1))
	per := func(x int64) float64 { return float64(x) / micro / n }
	total := l.total()
	l.Means = LuckMeans{Start: per(l.StartMicro), Luck: per(total), Skill: per(l.SkillMicro), OppErrors: per(l.OppErrorsMicro),
		Result: per(l.ResultMicro), Adjusted: per(l.ResultMicro - total), ByKind: map[string]float64{}}
	for name, v := range l.KindMicro {
		l.Means.ByKind[name] = per(v)
	}
	// Each interval stops where its figure can go: a game's luck moves
	// its equity by at most a game either way, the skill is never above
	// 0 (no decision gains) and a result with average cards is a chance
	// of winning. With few games, Student's t reaches far past them.
	l.Means.LuckCI95 = within(gamesInterval(total, l.LuckSq, l.Games), -1, 1, l.Means.Luck)
	l.Means.SkillCI95 = within(gamesInterval(l.SkillMicro, l.SkillSq, l.Games), -1, 0, l.Means.Skill)
	l.Means.AdjustedCI95 = within(gamesInterval(l.ResultMicro-total, l.AdjustedSq, l.Games), 0, 1, l.Means.Adjusted)
}

// within cuts the interval ci to lo..hi, widened to hold mean, which a
// hostile or unusual record may put outside; nil stays nil.
func within(ci *[2]float64, lo, hi, mean float64) *[2]float64 {
	if ci == nil {
		return nil
	}
	lo, hi = min(lo, mean), max(hi, mean)
	return &[2]float64{min(max(ci[0], lo), hi), max(min(ci[1], hi), lo)}
}

// squareMicro is the square of v millionths of a game, in millionths of
// a game squared.
func squareMicro(v int64) int64 {
	x := float64(v) / micro
	return int64(math.Round(x * x * micro))
}

// gamesInterval is the 95% interval of the mean of n games' figures, from
// their sum in millionths and the sum of their squares (squareMicro), by
// Student's t; nil for fewer than two games, which show no spread.
func gamesInterval(sum, sq int64, n int) *[2]float64 {
	if n < 2 {
		return nil
	}
	k := float64(n)
	mean := float64(sum) / micro / k
	half := stats.T95(n-1) * meanSE(mean*k, float64(sq)/micro, k)
	return &[2]float64{mean - half, mean + half}
}
