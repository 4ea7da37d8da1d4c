package arena

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/ginadvisor/ginadvisor/gamelog"
)

// GameTime is the thinking time each player used in one game, by player
// index, as the arena measured it: from sending go to the answer for an
// engine, the Move call for a built-in player.
type GameTime struct {
	Used [2]time.Duration
	// Least is each player's least time left after any of its decisions,
	// before the increment, which HasLeft says a game clock gave: at
	// sudden death, its time left at the end of the game.
	Least   [2]time.Duration
	HasLeft bool
}

// The log's tags of a game's time, numbered by player as spec1 and spec2
// are: the time used and the least time left, in milliseconds to the
// microsecond.
const (
	tagTimeUsed = "time"
	tagTimeLeft = "timeleft"
)

// timeTags are a game's time as log tags: none for a game not timed.
func (gt *GameTime) timeTags() []gamelog.Tag {
	if gt == nil {
		return nil
	}
	var tags []gamelog.Tag
	for k := range 2 {
		tags = append(tags, gamelog.Tag{Key: fmt.Sprintf("%s%d", tagTimeUsed, k+1), Value: formatMs(gt.Used[k])})
	}
	for k := range 2 {
		if gt.HasLeft {
			tags = append(tags, gamelog.Tag{Key: fmt.Sprintf("%s%d", tagTimeLeft, k+1), Value: formatMs(gt.Least[k])})
		}
	}
	return tags
}

// timeFromLog reads a logged game's time from its tags: nil when the log
// does not carry it (an older log, a match without a clock) or carries
// it malformed, so that such a game counts no time rather than none used.
func timeFromLog(lg *gamelog.Game) *GameTime {
	gt := &GameTime{}
	lefts := 0
	for k := range 2 {
		used, ok := parseMs(tagValue(lg, fmt.Sprintf("%s%d", tagTimeUsed, k+1)))
		if !ok {
			return nil
		}
		gt.Used[k] = used
		if left, ok := parseMs(tagValue(lg, fmt.Sprintf("%s%d", tagTimeLeft, k+1))); ok {
			gt.Least[k] = left
			lefts++
		}
	}
	gt.HasLeft = lefts == 2
	if !gt.HasLeft {
		gt.Least = [2]time.Duration{}
	}
	return gt
}

// formatMs writes a duration in milliseconds to the microsecond.
func formatMs(d time.Duration) string {
	return strconv.FormatFloat(float64(d.Microseconds())/1000, 'f', 3, 64)
}

// maxLoggedMs bounds a time read from a log: 10^9 ms, eleven days; the sums
// of many such games saturate (addTime) rather than wrap.
const maxLoggedMs = 1e9

// parseMs reads what formatMs writes, to the same microsecond.
func parseMs(s string) (time.Duration, bool) {
	x, err := strconv.ParseFloat(s, 64)
	// A game's time is at most a day on the arena's clocks; one past
	// maxLoggedMs is a damaged or hostile log, refused.
	if err != nil || x < 0 || x > maxLoggedMs || math.IsNaN(x) {
		return 0, false
	}
	return time.Duration(math.Round(x*1000)) * time.Microsecond, true
}

// timeSum adds up the games' times for the match's result.
type timeSum struct {
	games       int
	total, most [2]time.Duration
	leftGames   int
	least       [2]time.Duration
}

// add counts one game's time; a game without it is left out.
func (s *timeSum) add(gt *GameTime) {
	if gt == nil {
		return
	}
	s.games++
	for k := range 2 {
		s.total[k] = addTime(s.total[k], gt.Used[k])
		s.most[k] = max(s.most[k], gt.Used[k])
	}
	if !gt.HasLeft {
		return
	}
	for k := range 2 {
		if s.leftGames == 0 || gt.Least[k] < s.least[k] {
			s.least[k] = gt.Least[k]
		}
	}
	s.leftGames++
}

// put sets the result's time figures, in milliseconds: none when no game
// was timed, and no least time left when no game had a game clock.
func (s *timeSum) put(r *Result) {
	r.TimedGames = s.games
	if s.games == 0 {
		return
	}
	var mean, most [2]float64
	for k := range 2 {
		mean[k] = math.Round(float64(s.total[k].Microseconds())/float64(s.games)) / 1000
		most[k] = float64(s.most[k].Microseconds()) / 1000
	}
	r.TimeAGame, r.MaxTimeAGame = &mean, &most
	if s.leftGames > 0 {
		least := [2]float64{float64(s.least[0].Microseconds()) / 1000, float64(s.least[1].Microseconds()) / 1000}
		r.LeastLeft = &least
	}
}

// timeLine is the result's line for people of the players' time a game,
// or "" when no game was timed.
func (r *Result) timeLine() string {
	if r.TimeAGame == nil || r.MaxTimeAGame == nil {
		return ""
	}
	line := "time a game:"
	for k := range 2 {
		if k > 0 {
			line += ";"
		}
		line += fmt.Sprintf(" %s mean %s, most %s", printable(r.Names[k]), span(r.TimeAGame[k]), span(r.MaxTimeAGame[k]))
		if r.LeastLeft != nil {
			line += ", least left " + span(r.LeastLeft[k])
		}
	}
	if r.TimedGames < r.Games {
		line += fmt.Sprintf(" (over the %d of %d games whose time is known)", r.TimedGames, r.Games)
	}
	return line + "\n"
}

// span writes milliseconds for people: seconds from a second up,
// microseconds below a millisecond.
func span(ms float64) string {
	switch {
	case ms >= 1000:
		return fmt.Sprintf("%.1f s", ms/1000)
	case ms >= 1 || ms == 0:
		return fmt.Sprintf("%.1f ms", ms)
	}
	return fmt.Sprintf("%.0f µs", ms*1000)
}

// addTime is a + b for non-negative durations, at most the largest
// time.Duration: a log of hostile times cannot wrap a sum negative.
func addTime(a, b time.Duration) time.Duration {
	if b > math.MaxInt64-a {
		return math.MaxInt64
	}
	return a + b
}
