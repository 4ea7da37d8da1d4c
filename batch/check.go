package batch

import (
	"errors"
	"fmt"
	"github.com/ginadvisor/ginadvisor/advise"
	"github.com/ginadvisor/ginadvisor/position"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/ginadvisor/ginadvisor/game"
)

// Bounds on what a summary may say, so that merging summaries neither
// wraps a sum nor allocates more than their bytes justify.
const (
	// MaxCount bounds every count of a summary and of a merge: games,
	// hands, decisions and the sums of figures over them. Sums of equity
	// in millionths are bounded by their decisions instead, which keeps
	// every figure, merged, within an int64.
	MaxCount = 10_000_000_000
	// MaxPlayers bounds the players of one summary.
	MaxPlayers = 5_000
	// MaxErrors bounds the problems one summary lists.
	MaxErrors = 200_000
	// maxDeadwood is the most deadwood ten cards can hold.
	maxDeadwood = 100
	// maxMessage bounds an error's text, whatever the summary holds.
	maxMessage = 240
)

// ErrImpossible is wrapped by the error for a summary whose figures no
// run can give.
var ErrImpossible = errors.New("impossible figures")

// impossible is the error for a figure no run gives: where names the field,
// as the summary's JSON does.
func impossible(where, format string, args ...any) error {
	return fmt.Errorf("%w: %s %s", ErrImpossible, where, fmt.Sprintf(format, args...))
}

// clip makes text from a summary fit an error message: quoted, so that it
// holds no control character, and cut to n runes.
func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return strconv.Quote(string(r[:n])) + "…"
	}
	return strconv.Quote(s)
}

// oneLine makes an error message one printable line of at most
// maxMessage bytes.
func oneLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(s, "?"))
	if len(s) > maxMessage {
		cut := maxMessage
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// count is one count of a player, by its name in the summary's JSON.
type count struct {
	name string
	v    int
}

// counts lists the player's counts, each by its JSON name, histograms
// and series entry by entry.
func (p *Player) counts() []count {
	c := []count{{"games", p.Games}, {"games_won", p.GamesWon}, {"hands", p.Hands}, {"hands_won", p.HandsWon},
		{"knocks", p.Knocks}, {"gins", p.Gins}, {"undercuts", p.Undercuts}, {"points", p.Points},
		{"knock_deadwood_sum", p.KnockDeadwood}, {"knock_turns_sum", p.KnockTurns}, {"decisions", p.Decisions},
		{"matched", p.Matched}, {"inaccuracies", p.Inaccuracies}, {"mistakes", p.Mistakes}, {"blunders", p.Blunders}}
	for i, k := range p.ByKind {
		c = append(c, count{fmt.Sprintf("by_kind[%d].decisions", i), k.Decisions}, count{fmt.Sprintf("by_kind[%d].matched", i), k.Matched})
	}
	for i, n := range p.LostHistogram {
		c = append(c, count{fmt.Sprintf("lost_histogram[%d]", i), n})
	}
	for i := range p.DeadwoodSum {
		c = append(c, count{fmt.Sprintf("deadwood_by_turn_sum[%d]", i), p.DeadwoodSum[i]})
	}
	for i := range p.DeadwoodCount {
		c = append(c, count{fmt.Sprintf("deadwood_by_turn_count[%d]", i), p.DeadwoodCount[i]})
	}
	return c
}

// checkCounts refuses a summary whose figures no run gives, naming the
// first impossible field.
func (s *Summary) checkCounts() error {
	if s.Grading != "advisor" && s.Grading != "quick" {
		return impossible("grading", "is %s, not advisor or quick", clip(s.Grading, 20))
	}
	if s.Thresholds == [3]float64{} {
		// Every summary batch writes names its thresholds.
		return impossible("thresholds", "are missing")
	}
	if want := [3]float64{InaccuracyLoss, MistakeLoss, BlunderLoss}; s.Thresholds != want {
		// Classes counted at other thresholds would not add up with these.
		return impossible("thresholds", "are %v, not this version's %v", s.Thresholds, want)
	}
	if err := s.checkSamples(); err != nil {
		return err
	}
	for _, c := range []count{{"files", s.Files}, {"games_read", s.GamesRead}, {"games_skipped", s.GamesSkipped},
		{"games_analyzed", s.GamesAnalyzed}, {"hands", s.Hands}, {"decisions", s.Decisions}, {"decisions_ungraded", s.Ungraded}} {
		if c.v < 0 || c.v > MaxCount {
			return impossible(c.name, "is %d, not 0 to %d", c.v, MaxCount)
		}
	}
	if s.Files < 1 {
		// A run reads at least one input, or stops before it grades.
		return impossible("files", "is %d: a run reads at least one input", s.Files)
	}
	if s.GamesSkipped+s.GamesAnalyzed > s.GamesRead {
		return impossible("games_read", "is %d, fewer than the %d games skipped and analysed", s.GamesRead, s.GamesSkipped+s.GamesAnalyzed)
	}
	if len(s.Players) > MaxPlayers {
		return impossible("players", "number %d, more than %d", len(s.Players), MaxPlayers)
	}
	seen := make(map[string]bool, len(s.Players))
	var games, hands, decisions, gamesWon, handsWon int
	for i, p := range s.Players {
		where := fmt.Sprintf("players[%d]", i)
		if p == nil {
			return impossible(where, "is null")
		}
		if seen[p.Name] {
			return impossible(where, "repeats the name %s", clip(p.Name, 40))
		}
		seen[p.Name] = true
		if err := p.check(where); err != nil {
			return err
		}
		if err := p.checkLuckPresence(where, s.Grading); err != nil {
			return err
		}
		games, hands, decisions = games+p.Games, hands+p.Hands, decisions+p.Decisions
		gamesWon, handsWon = gamesWon+p.GamesWon, handsWon+p.HandsWon
	}
	// Each game analysed counts a game for both its seats, and each hand a
	// hand; each decision graded counts for the seat that made it.
	switch {
	case games != 2*s.GamesAnalyzed:
		return impossible("players", "played %d games in all, not twice the %d analysed", games, s.GamesAnalyzed)
	case hands != 2*s.Hands:
		return impossible("players", "played %d hands in all, not twice the %d hands", hands, s.Hands)
	case decisions != s.Decisions:
		return impossible("players", "made %d decisions in all, not the %d graded", decisions, s.Decisions)
	// A game or a hand has one winner at most (a dead hand has none).
	case gamesWon > s.GamesAnalyzed:
		return impossible("players", "won %d games in all, more than the %d analysed", gamesWon, s.GamesAnalyzed)
	case handsWon > s.Hands:
		return impossible("players", "won %d hands in all, more than the %d hands", handsWon, s.Hands)
	}
	return s.checkResults(s.GamesAnalyzed - gamesWon)
}

// checkSamples checks the budget is one a run grades at: none under quick
// grading; under the advisor's, the cap asked for, 1 to the most an advice
// spends (a grade plays it in whole chunks of worlds, but the summary
// records the cap as asked, which seeds the worlds).
func (s *Summary) checkSamples() error {
	switch {
	case s.Grading == "quick" && s.Samples != 0:
		return impossible("samples", "is %d under quick grading, which samples nothing", s.Samples)
	case s.Grading == "advisor" && (s.Samples < 1 || s.Samples > advise.MaxSamples):
		return impossible("samples", "is %d, not 1 to %d", s.Samples, advise.MaxSamples)
	}
	return nil
}

// checkResults checks each player's luck result, the sum of its games'
// final equities: exactly 1 for a game it won, 0 for one it lost, and
// between for one the record leaves unfinished, of which there are
// unfinished in all (the games analysed that no one won).
func (s *Summary) checkResults(unfinished int) error {
	for i, p := range s.Players {
		if p.Luck == nil {
			continue
		}
		lo := int64(p.GamesWon) * micro
		hi := lo + int64(min(unfinished, p.Games-p.GamesWon))*micro
		if r := p.Luck.ResultMicro; r < lo || r > hi {
			return impossible(fmt.Sprintf("players[%d].luck.result_micro", i), "is %d, not %d to %d for %d games won of %d, %d unfinished in all", r, lo, hi, p.GamesWon, p.Games, unfinished)
		}
	}
	return nil
}

// check refuses a player's figures that no run gives; where names the
// player in the summary.
func (p *Player) check(where string) error {
	if err := p.checkShape(where); err != nil {
		return err
	}
	for _, c := range p.counts() {
		if c.v < 0 || c.v > MaxCount {
			return impossible(where+"."+c.name, "is %d, not 0 to %d", c.v, MaxCount)
		}
	}
	for _, r := range []struct {
		part, whole string
		a, b        int
	}{
		{"games_won", "games", p.GamesWon, p.Games}, {"hands_won", "hands", p.HandsWon, p.Hands},
		{"knocks", "hands", p.Knocks, p.Hands}, {"gins", "knocks", p.Gins, p.Knocks},
		{"undercuts", "hands_won", p.Undercuts, p.HandsWon}, {"matched", "decisions", p.Matched, p.Decisions},
	} {
		if r.a > r.b {
			return impossible(where+"."+r.part, "is %d, more than its %s, %d", r.a, r.whole, r.b)
		}
	}
	if err := p.checkMicro(where, "equity_lost_micro", p.LostMicro, p.Decisions, micro); err != nil {
		return err
	}
	if err := p.checkSquares(where); err != nil {
		return err
	}
	// A knock lays down at most the highest knock limit any rules allow,
	// after at most the turns of a hand the driver lets run.
	if p.KnockDeadwood < 0 || int64(p.KnockDeadwood) > int64(maxKnockDeadwood)*int64(p.Knocks) {
		return impossible(where+".knock_deadwood_sum", "is %d, not 0 to %d a knock for %d knocks", p.KnockDeadwood, maxKnockDeadwood, p.Knocks)
	}
	if p.KnockTurns < p.Knocks || int64(p.KnockTurns) > int64(game.EndlessDraws)*int64(p.Knocks) {
		return impossible(where+".knock_turns_sum", "is %d, not 1 to %d a knock for %d knocks", p.KnockTurns, game.EndlessDraws, p.Knocks)
	}
	if err := p.checkNoise(where); err != nil {
		return err
	}
	if err := p.checkLuck(where); err != nil {
		return err
	}
	if err := p.checkKinds(where); err != nil {
		return err
	}
	if err := p.checkHistogram(where); err != nil {
		return err
	}
	return p.checkDeadwood(where)
}

// checkShape checks the lengths of the player's lists, which are fixed.
func (p *Player) checkShape(where string) error {
	for _, l := range []struct {
		name      string
		got, want int
	}{
		{"by_kind", len(p.ByKind), int(numKinds)}, {"lost_histogram", len(p.LostHistogram), len(lostBins) + 1},
		{"deadwood_by_turn_sum", len(p.DeadwoodSum), MaxTurns}, {"deadwood_by_turn_count", len(p.DeadwoodCount), MaxTurns},
	} {
		if l.got != l.want {
			return impossible(where+"."+l.name, "has %d entries, not %d", l.got, l.want)
		}
	}
	if len(p.Worst) > MaxWorst {
		return impossible(where+".worst", "has %d entries, more than %d", len(p.Worst), MaxWorst)
	}
	for i, w := range p.Worst {
		if err := w.check(fmt.Sprintf("%s.worst[%d]", where, i)); err != nil {
			return err
		}
		// A decision's loss is part of the player's total, to the
		// millionth the total counts in.
		if toMicro(w.EquityLost) > p.LostMicro {
			return impossible(fmt.Sprintf("%s.worst[%d].equity_lost", where, i), "is %g, more than the player's whole loss, %d millionths", w.EquityLost, p.LostMicro)
		}
	}
	for k := range p.ByKind {
		if p.ByKind[k].Kind != Kind(k).String() {
			return impossible(fmt.Sprintf("%s.by_kind[%d].kind", where, k), "is %s, not %s", clip(p.ByKind[k].Kind, 20), Kind(k))
		}
	}
	return nil
}

// check refuses a worst decision's figures that no run gives: a place
// out of the counts' range, a kind no decision has, a loss that is none
// or more than a whole game (as equity_lost_micro bounds each decision's),
// or a standard error below zero or past two games.
func (w BlunderRecord) check(where string) error {
	for _, c := range []count{{"line", w.Line}, {"game", w.Game}, {"hand", w.Hand}} {
		if c.v < 0 || c.v > MaxCount {
			return impossible(where+"."+c.name, "is %d, not 0 to %d", c.v, MaxCount)
		}
	}
	if !slices.Contains(kindNames[:], w.Kind) {
		return impossible(where+".kind", "is %s, no kind of decision", clip(w.Kind, 20))
	}
	if !slices.Contains(classNames[:], w.Class) {
		return impossible(where+".class", "is %s, no class of decision", clip(w.Class, 20))
	}

	if !(w.EquityLost > 0 && w.EquityLost <= 1) {
		return impossible(where+".equity_lost", "is %g, not above 0 to 1", w.EquityLost)
	}
	if !(w.EquityLostSE >= 0 && w.EquityLostSE <= 2) {
		return impossible(where+".equity_lost_se", "is %g, not 0 to 2", w.EquityLostSE)
	}
	if w.Class == Good.String() {
		return impossible(where+".class", "is good, which no worst list holds")
	}
	if _, err := position.Parse(w.Position); err != nil {
		return impossible(where+".position", "does not parse: %s", clip(err.Error(), 80))
	}
	if !w.classFits() {
		return impossible(where+".class", "is %s, which a loss of %g ± %g cannot be", w.Class, w.EquityLost, w.EquityLostSE)
	}
	return nil
}

// maxKnockDeadwood is the most deadwood a knock may lay down under any
// rules: the highest knock limit they allow.
const maxKnockDeadwood = 100

// checkSquares checks the sum of the squared losses against their sum:
// the squares of n losses sum to at least the square of their sum over n
// (Cauchy and Schwarz), and, each loss being at most 1, to at most their
// sum; both with room for the rounding of each term. A smaller sum of
// squares would narrow the interval of the mean loss.
func (p *Player) checkSquares(where string) error {
	if p.LostSqNano < 0 {
		return impossible(where+".equity_lost_sq_nano", "is %d, below 0", p.LostSqNano)
	}
	if p.Decisions == 0 {
		if p.LostSqNano != 0 {
			return impossible(where+".equity_lost_sq_nano", "is %d, for no decision", p.LostSqNano)
		}
		return nil
	}
	sum := float64(p.LostMicro) / micro
	if !squaresFit(sum, float64(p.LostSqNano)/1e9, p.Decisions, sum) {
		return impossible(where+".equity_lost_sq_nano", "is %d, not what %d decisions losing %d millionths in all can give", p.LostSqNano, p.Decisions, p.LostMicro)
	}
	return nil
}

// squaresFit says a sum of squares sq of n values whose sum is sum can
// be: at least sum²/n (Cauchy and Schwarz) and at most most, with room
// for each term's rounding to a millionth.
func squaresFit(sum, sq float64, n int, most float64) bool {
	slack := float64(n) * 1e-6
	return sq >= sum*sum/float64(n)-slack && sq <= most+slack
}

// classFits says the worst decision's class is one the grader can give its
// loss and standard error (ClassFits), a millionth either way, as both
// are published rounded.
func (w BlunderRecord) classFits() bool {
	return ClassFits(classNamed(w.Class), w.EquityLost, w.EquityLostSE, 1.0/micro)
}

// checkMicro checks a sum in millionths is 0 to per for each of n
// decisions; n is at most MaxCount, so the bound does not overflow.
func (p *Player) checkMicro(where, name string, v int64, n int, per int64) error {
	if v < 0 || v > int64(n)*per {
		return impossible(where+"."+name, "is %d, not 0 to %d for %d decisions", v, int64(n)*per, n)
	}
	return nil
}

// checkKinds checks the figures by kind of decision add up to the
// player's.
func (p *Player) checkKinds(where string) error {
	var decisions, matched int
	var lost int64
	for k, ks := range p.ByKind {
		w := fmt.Sprintf("%s.by_kind[%d]", where, k)
		if ks.Matched > ks.Decisions {
			return impossible(w+".matched", "is %d, more than its decisions, %d", ks.Matched, ks.Decisions)
		}
		if err := p.checkMicro(w, "equity_lost_micro", ks.LostMicro, ks.Decisions, micro); err != nil {
			return err
		}
		decisions, matched, lost = decisions+ks.Decisions, matched+ks.Matched, lost+ks.LostMicro
	}
	switch {
	case decisions != p.Decisions:
		return impossible(where+".by_kind", "counts %d decisions, not the player's %d", decisions, p.Decisions)
	case matched != p.Matched:
		return impossible(where+".by_kind", "counts %d matched, not the player's %d", matched, p.Matched)
	case lost != p.LostMicro:
		return impossible(where+".by_kind", "loses %d millionths, not the player's %d", lost, p.LostMicro)
	}
	return nil
}

// checkHistogram checks the histogram of equity lost counts every
// decision, and the classes its bins hold.
func (p *Player) checkHistogram(where string) error {
	h := p.LostHistogram
	total := 0
	for _, n := range h {
		total += n
	}
	// The bins from 0.02, 0.05 and 0.1 on hold the inaccuracies, the
	// mistakes and the blunders, and the uncertain grades of those losses:
	// a decided class is its loss's bin.
	switch {
	case total != p.Decisions:
		return impossible(where+".lost_histogram", "sums to %d, not the %d decisions", total, p.Decisions)
	case p.Inaccuracies > h[3]:
		return impossible(where+".inaccuracies", "is %d, more than the histogram's %d", p.Inaccuracies, h[3])
	case p.Mistakes > h[4]:
		return impossible(where+".mistakes", "is %d, more than the histogram's %d", p.Mistakes, h[4])
	case p.Blunders > h[5]+h[6]:
		return impossible(where+".blunders", "is %d, more than the histogram's %d", p.Blunders, h[5]+h[6])
	case h[3]+h[4]+h[5]+h[6]-p.Inaccuracies-p.Mistakes-p.Blunders > p.Uncertain:
		return impossible(where+".uncertain", "is %d, fewer than the histogram's losses of 0.02 and more in no class", p.Uncertain)
	}
	return nil
}

// checkDeadwood checks the deadwood by turn counts discards only, each
// with the deadwood ten cards can hold.
func (p *Player) checkDeadwood(where string) error {
	total := 0
	for i, n := range p.DeadwoodCount {
		if p.DeadwoodSum[i] > maxDeadwood*n {
			return impossible(fmt.Sprintf("%s.deadwood_by_turn_sum[%d]", where, i), "is %d, over %d a discard for %d discards", p.DeadwoodSum[i], maxDeadwood, n)
		}
		total += n
	}
	if discards := p.ByKind[Discard].Decisions; total > discards {
		return impossible(where+".deadwood_by_turn_count", "sums to %d, more than the %d discards", total, discards)
	}
	return nil
}

// checkTotals checks the merge of the parts stays within MaxCount, field
// by field, before any sum is made: so a merge never wraps.
func checkTotals(parts []Summary) error {
	var sum [7]int
	players := map[string][]int{}
	for i := range parts {
		s := &parts[i]
		for j, v := range []int{s.GamesRead, s.GamesSkipped, s.GamesAnalyzed, s.Hands, s.Decisions, s.Ungraded, len(s.Errors)} {
			if sum[j] > MaxCount-v {
				return fmt.Errorf("%w: %s: the merged %s would pass %d", ErrImpossible, s.name(i),
					[]string{"games_read", "games_skipped", "games_analyzed", "hands", "decisions", "decisions_ungraded", "errors"}[j], MaxCount)
			}
			sum[j] += v
		}
		for _, p := range s.Players {
			cs := p.counts()
			tot := players[p.Name]
			if tot == nil {
				tot = make([]int, len(cs))
				players[p.Name] = tot
			}
			for j, c := range cs {
				if tot[j] > MaxCount-c.v {
					return fmt.Errorf("%w: %s: the merged %s of player %s would pass %d", ErrImpossible, s.name(i), c.name, clip(p.Name, 40), MaxCount)
				}
				tot[j] += c.v
			}
		}
	}
	return nil
}

// checkNoise checks the uncertain grades and the squares of the losses:
// the classes other than good count no more than the decisions, and each
// squared loss is 0 to 1.
func (p *Player) checkNoise(where string) error {
	if p.Uncertain < 0 || p.Uncertain > MaxCount {
		return impossible(where+".uncertain", "is %d, not 0 to %d", p.Uncertain, MaxCount)
	}
	if n := p.Inaccuracies + p.Mistakes + p.Blunders + p.Uncertain; n > p.Decisions {
		return impossible(where+".uncertain", "with the other classes makes %d, more than the %d decisions", n, p.Decisions)
	}
	return p.checkMicro(where, "equity_lost_sq_nano", p.LostSqNano, p.Decisions, 1_000_000_000)
}

// checkLuck checks a player's luck: of no more games than it played, each
// sum within what its games, hands and decisions can move (a term moves
// the chain by at most a game), and the sums adding up, start + the luck
// of every kind + skill + the opponent's errors = result, as every run's
// do.
func (p *Player) checkLuck(where string) error {
	l := p.Luck
	if l == nil {
		return nil
	}
	where += ".luck"
	if l.Games < 0 || l.Games > p.Games {
		return impossible(where+".games", "is %d, not 0 to the player's %d games", l.Games, p.Games)
	}
	events := int64(l.Games+p.Hands+p.Decisions) * micro
	var sum int64
	for name, v := range l.KindMicro {
		if LuckKindNamed(name) < 0 {
			return impossible(where+".by_kind_micro", "names %s, no kind of luck", clip(name, 20))
		}
		if v < -events || v > events {
			return impossible(where+".by_kind_micro."+name, "is %d, beyond ±%d", v, events)
		}
		sum += v
	}
	games := int64(l.Games) * micro
	for _, f := range []struct {
		name      string
		v, lo, hi int64
	}{
		{"start_micro", l.StartMicro, 0, games}, {"result_micro", l.ResultMicro, 0, games},
		{"skill_micro", l.SkillMicro, -int64(p.Decisions) * micro, 0}, {"opponent_errors_micro", l.OppErrorsMicro, 0, events},
	} {
		if f.v < f.lo || f.v > f.hi {
			return impossible(where+"."+f.name, "is %d, not %d to %d", f.v, f.lo, f.hi)
		}
	}
	if got := l.StartMicro + sum + l.SkillMicro + l.OppErrorsMicro; got != l.ResultMicro {
		return impossible(where, "adds up to %d, not its result %d", got, l.ResultMicro)
	}
	sq := func(x float64) float64 { return x * x }
	for _, f := range []struct {
		name    string
		sum, sq int64
		most    float64 // the most the sum of squares can be, in games squared
	}{
		// A game's luck is at most its events', each moving the equity by
		// at most a game; its luck-adjusted result, its result less it;
		// its skill, never above 0, has squares summing to at most the
		// square of their sum.
		{"luck_sq_micro", sum, l.LuckSq, sq(float64(events) / micro)},
		{"skill_sq_micro", l.SkillMicro, l.SkillSq, sq(float64(l.SkillMicro) / micro)},
		{"adjusted_sq_micro", l.ResultMicro - sum, l.AdjustedSq, sq(float64(events)/micro + float64(l.Games))},
	} {
		// Fewer would narrow the intervals, more would widen them past
		// what the games can give.
		if f.sq < 0 || !squaresFit(float64(f.sum)/micro, float64(f.sq)/micro, max(l.Games, 1), f.most) {
			return impossible(where+"."+f.name, "is %d, not what %d games whose sum is %d millionths can give", f.sq, l.Games, f.sum)
		}
	}
	return nil
}

// checkLuckPresence checks a player has the luck its grading gives: under
// the advisor's, of every game it played, with the skill minus the equity
// its decisions lost; under quick grading, none.
func (p *Player) checkLuckPresence(where, grading string) error {
	l := p.Luck
	switch {
	case grading == "quick" && l != nil:
		return impossible(where+".luck", "is given under quick grading, which measures none")
	case grading == "quick":
		return nil
	case l == nil && p.Games > 0:
		return impossible(where+".luck", "is missing for the player's %d games", p.Games)
	case l == nil:
		return nil
	case l.Games != p.Games:
		return impossible(where+".luck.games", "is %d, not the player's %d games", l.Games, p.Games)
	case l.SkillMicro != -p.LostMicro:
		return impossible(where+".luck.skill_micro", "is %d, not minus the equity lost, %d", l.SkillMicro, -p.LostMicro)
	}
	return nil
}
