package arena

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/lines"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Pairing is the games of one pairing of players in logs: the players'
// names, specs and places as the games give them (a place is "" in a log
// older than the place tags), and the games by index.
type Pairing struct {
	Names  [2]string
	Specs  [2]string
	Places [2]string
	// Number is the pairing's number in its tournament, from its games'
	// pairing tag; 0 in a match's log or one older than the tag.
	Number int
	Games  map[int]*Game
	// Files are the logs the games came from, in the order first seen.
	Files []string
	// first is the pairing's first game, to which the others' matches
	// are compared, and logged its games by index, with their files.
	first  LoggedGame
	logged map[int]LoggedGame
}

// Pairings sorts logged games (of one run, or of its shards) into their
// pairings, in the order each first appears. A game that comes twice in a
// pairing is an error: a shard given twice, say; so is a game of another
// match among them (see LoggedGame).
func Pairings(games []*gamelog.Game) ([]*Pairing, error) {
	logged := make([]LoggedGame, len(games))
	for i, lg := range games {
		logged[i] = LoggedGame{Game: lg}
	}
	return PairingsOf(logged)
}

// LoggedGame is a game of a log, with the log's file ("" when not known),
// so that an error names the file at fault.
type LoggedGame struct {
	Game *gamelog.Game
	File string
}

// PairingsOf sorts logged games into their pairings, as Pairings does, and
// refuses games of another match than the first of their pairing's, by
// their file: games of the same players played under other rules, another
// clock or --max-hands, or dealt from another seed (another game of the
// same number, or the seed its pairs were dealt from), and a game that
// comes twice.
func PairingsOf(games []LoggedGame) ([]*Pairing, error) {
	var out []*Pairing
	byKey := map[[4]string]*Pairing{}
	for _, x := range games {
		lg := x.Game
		if src := tagValue(lg, gamelog.TagSource); src != matchSource {
			return nil, fmt.Errorf("%sgame %d was logged by %q, not by a match or a tournament, whose games come in mirrored pairs", inFile(x.File), lg.Number, printable(src))
		}
		key := [4]string{specOf(lg, 1), specOf(lg, 2), tagValue(lg, "place1"), tagValue(lg, "place2")}
		p := byKey[key]
		if p == nil {
			p = &Pairing{Specs: [2]string{key[0], key[1]}, Places: [2]string{key[2], key[3]}, Games: map[int]*Game{}, logged: map[int]LoggedGame{}}
			g := gameFromLog(lg)
			for k := range 2 {
				p.Names[k] = lg.Players[g.seatOf(k)]
			}
			p.first = x
			byKey[key] = p
			out = append(out, p)
		}
		if err := p.sameMatch(x); err != nil {
			return nil, err
		}
		g := gameFromLog(lg)
		if p.Number == 0 {
			p.Number = g.Pairing
		}
		if before, ok := p.logged[g.Index]; ok {
			return nil, p.twice(before, x)
		}
		p.Games[g.Index] = g
		p.logged[g.Index] = x
		if !slices.Contains(p.Files, x.File) {
			p.Files = append(p.Files, x.File)
		}
		if mate := p.Games[g.Index^1]; mate != nil && mate.Seed != g.Seed {
			return nil, fmt.Errorf("games %d and %d of %s against %s were dealt from other seeds, not as a mirrored pair", min(g.Index, mate.Index)+1, max(g.Index, mate.Index)+1, printable(p.Names[0]), printable(p.Names[1]))
		}
	}
	for _, p := range out {
		if err := p.sameSeed(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// inFile is "FILE: " for an error about a game of FILE, or "" when the
// file is not known.
func inFile(file string) string {
	if file == "" {
		return ""
	}
	return lines.Escape(file) + ": "
}

// fileName names a log's file in an error, "a log" when it is not known.
func fileName(file string) string {
	if file == "" {
		return "a log"
	}
	return lines.Escape(file)
}

// setupOf is what a logged game says of its match beyond its players and
// its deal, as the words of an error: its rules, its clock and its
// --max-hands, each a word before its value.
func setupOf(lg *gamelog.Game) [3][2]string {
	return [3][2]string{{"under the rules", rules.FormatSpec(lg.Rules)}, {"under the clock", orNone(tagValue(lg, tagClock))}, {"with --max-hands", orNone(tagValue(lg, tagMaxHands))}}
}

// sameMatch says how game x is of another match than the pairing's first
// game: another setup; nil when it is not.
func (p *Pairing) sameMatch(x LoggedGame) error {
	want, got := setupOf(p.first.Game), setupOf(x.Game)
	for i := range want {
		if i == 1 && (untaggedClock(p.first.Game) || untaggedClock(x.Game)) {
			// A game logged under a clock before the clock tag was is
			// taken as played under the other's, as --resume takes it.
			continue
		}
		if want[i] != got[i] {
			return p.foreign(x, fmt.Sprintf("its game %d was played %s %s, and %s's game %d %s", x.Game.Number, got[i][0], got[i][1], fileName(p.first.File), p.first.Game.Number, want[i][1]))
		}
	}
	return nil
}

// untaggedClock says a game was logged under a clock, its players' times
// in its tags, before the clock tag was.
func untaggedClock(lg *gamelog.Game) bool {
	return tagValue(lg, tagClock) == "" && timeFromLog(lg) != nil
}

// twice is the error of a game found twice: the same game (a log given
// twice, or a shard's twice), or two games of one number dealt apart, one
// of them from another match.
func (p *Pairing) twice(before, x LoggedGame) error {
	a, b := before.Game, x.Game
	if a.Seed != b.Seed || tagValue(a, TagDeal) != tagValue(b, TagDeal) {
		return p.foreign(x, fmt.Sprintf("its game %d was dealt from seed %d, and %s's from seed %d: another --seed or --deals", b.Number, b.Seed, fileName(before.File), a.Seed))
	}
	where := "twice in " + fileName(x.File)
	if before.File != x.File {
		where = "in both " + fileName(before.File) + " and " + fileName(x.File) + " (a log or a shard given twice?)"
	}
	return fmt.Errorf("game %d of %s against %s comes twice: %s", b.Number, printable(p.Names[0]), printable(p.Names[1]), where)
}

// foreign is the error of a game of another match than the pairing's
// first game's, saying how it differs.
func (p *Pairing) foreign(x LoggedGame, how string) error {
	if x.File != "" && x.File == p.first.File {
		return fmt.Errorf("%s holds games of two matches of %s against %s: %s", fileName(x.File), printable(p.Names[0]), printable(p.Names[1]), how)
	}
	return fmt.Errorf("%s is from another match than %s (both of %s against %s): %s", fileName(x.File), fileName(p.first.File), printable(p.Names[0]), printable(p.Names[1]), how)
}

// sameSeed refuses logs whose games were dealt from different --seed
// values, where no game number meets another: each file's seed is
// recovered from its games (engine.GameSeed is invertible), and taken as
// the file's only when two pairs or more agree on it, as a seeded match's
// do, and a --deals match's do not.
func (p *Pairing) sameSeed() error {
	bySeed := map[string]map[uint64]int{}
	for i, x := range p.logged {
		if i%2 != 0 || tagValue(x.Game, TagDeal) != "" {
			continue
		}
		if bySeed[x.File] == nil {
			bySeed[x.File] = map[uint64]int{}
		}
		bySeed[x.File][matchSeed(x.Game.Seed, i/2)]++
	}
	var first string
	var seed uint64
	for _, f := range p.Files {
		seeds := bySeed[f]
		if len(seeds) != 1 {
			continue
		}
		for s, n := range seeds {
			if n < 2 {
				continue
			}
			if first == "" {
				first, seed = f, s
			} else if s != seed {
				return fmt.Errorf("%s is from another match than %s (both of %s against %s): its games were dealt from --seed %d, and %s's from --seed %d",
					fileName(f), fileName(first), printable(p.Names[0]), printable(p.Names[1]), s, fileName(first), seed)
			}
		}
	}
	return nil
}

// Missing returns the numbers of the games, from 1, that the pairing's
// logs leave out below its last pair: the pairs of a shard not given, or
// of one stopped before its end. A half pair is not missing: the result
// drops it, and says so (Result.DroppedNote).
func (p *Pairing) Missing() []int {
	if len(p.Games) == 0 {
		return nil
	}
	last := slices.Max(slices.Collect(maps.Keys(p.Games))) / 2
	var out []int
	for k := 0; k < last; k++ {
		if p.Games[2*k] == nil && p.Games[2*k+1] == nil {
			out = append(out, 2*k+1, 2*k+2)
		}
	}
	return out
}

// MissingNote says which games the pairing's logs leave out, as pairs of
// game numbers, or "" when none is missing.
func (p *Pairing) MissingNote() string {
	m := p.Missing()
	if len(m) == 0 {
		return ""
	}
	var pairs []string
	for i := 0; i < len(m) && len(pairs) < 8; i += 2 {
		pairs = append(pairs, fmt.Sprintf("%d-%d", m[i], m[i+1]))
	}
	list := strings.Join(pairs, ", ")
	if n := len(m) / 2; n > len(pairs) {
		list += fmt.Sprintf(", … (%d pairs in all)", n)
	}
	return fmt.Sprintf("games %s of %s against %s are in none of the logs (a shard's log not given, or a run stopped early?); the result is over the games the logs hold", list, printable(p.Names[0]), printable(p.Names[1]))
}

// entrant is how StandingsFromLog tells player k of the pairing from the
// others: by its place and spec where the log gives a place, else by its
// name.
func (p *Pairing) entrant(k int) string {
	if p.Places[k] == "" {
		return "name " + p.Names[k]
	}
	return "place " + p.Places[k] + " " + p.Specs[k]
}

// specOf is a logged game's spec of player k (1 or 2), or, in an older
// log, its player tag.
func specOf(lg *gamelog.Game, k int) string {
	if v := tagValue(lg, fmt.Sprintf("spec%d", k)); v != "" {
		return v
	}
	return tagValue(lg, fmt.Sprintf("player%d", k))
}

// Result counts the pairing's games as a match does, in the order of
// their numbers, with sprt, when set, as the match's test: the result the
// match printed when it played them.
func (p *Pairing) Result(sprt *SPRT) Result {
	order := slices.Sorted(maps.Keys(p.Games))
	o := Options{Done: p.Games, SPRT: sprt, Games: order[len(order)-1] + 1}
	o.Players[0].Name, o.Players[1].Name = p.Names[0], p.Names[1]
	t := newTally(&o, order, func() {})
	t.arrive(context.Background(), nil)
	t.summarise()
	return t.r
}

// matchSeed is the --seed that deals pair k's games from seed, the
// inverse of engine.GameSeed: its mixing steps (xor-shifts and odd
// multipliers, each invertible modulo 2^64) undone in reverse.
func matchSeed(seed uint64, k int) uint64 {
	z := unshift(seed, 31)
	z = unshift(z*inverse(0x94d049bb133111eb), 27)
	z = unshift(z*inverse(0xbf58476d1ce4e5b9), 30)
	return z - uint64(k+1)*0x9e3779b97f4a7c15
}

// unshift inverts x ^ x>>s.
func unshift(y uint64, s uint) uint64 {
	x := y
	for i := s; i < 64; i += s {
		x ^= y >> i
	}
	return x
}

// inverse is a's inverse modulo 2^64, for an odd a, by Newton's iteration,
// which doubles the correct low bits at each step.
func inverse(a uint64) uint64 {
	x := a // correct to 3 bits, as a*a = 1 mod 8 for odd a
	for range 5 {
		x *= 2 - a*x
	}
	return x
}

// OnePairing is the pairing of logs that hold one match; logs of several
// pairings of players are refused, each named with its files.
func OnePairing(pairings []*Pairing) (*Pairing, error) {
	if len(pairings) == 1 {
		return pairings[0], nil
	}
	var held []string
	for _, p := range pairings {
		held = append(held, lines.Escape(fmt.Sprintf("%s against %s in %s", p.Names[0], p.Names[1], strings.Join(p.Files, ", "))))
	}
	return nil, fmt.Errorf("the logs hold the games of %d pairings of players (%s); a match is one: a log of another match is among them (or see tournament --from-log)", len(pairings), strings.Join(held, "; "))
}

// MissingNotes names, pairing by pairing, the games the logs leave out.
func MissingNotes(pairings []*Pairing) []string {
	var notes []string
	for _, p := range pairings {
		if note := p.MissingNote(); note != "" {
			notes = append(notes, lines.Escape(note))
		}
	}
	return notes
}
