package engine

import (
	"context"
	"math/rand/v2"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// GameSetup is what a game starts from.
type GameSetup struct {
	Rules rules.Rules
	Seed  uint64
	// Deck, when set, is the first hand's deck, top first (see
	// game.Deal); the hands after it are shuffled from Seed, the second
	// hand by its first shuffle.
	Deck        *[notation.NumCards]notation.Card
	FirstDealer notation.Seat
	// Record keeps every finished hand in the game's record, with all
	// its events; a game not recorded allocates nothing for them.
	Record bool
	// OnHand, when set, is called after each hand with its finished state.
	OnHand func(st *game.State)
	// MaxHands stops a game that never reaches the target (two players
	// that never knock); 0 means 1000.
	MaxHands int
}

// GameRecord is the record of a whole game: each hand is its finished
// state, which holds the deal, the stock and the result, and its every
// event.
type GameRecord struct {
	Seed        uint64
	Rules       rules.Rules
	Players     [2]string
	FirstDealer notation.Seat
	Hands       []game.State
	// Events holds each hand's events, in order, by index into Hands. A
	// State keeps only the latest game.MaxEvents of a hand that runs past
	// game.MaxDraws draws, as one may where the rules set no draw limit;
	// these are all of them, up to game.EndlessDraws draws.
	Events [][]game.Event
	Final  rules.GameResult
}

// GameStats counts what happened in a game, by seat where it matters.
type GameStats struct {
	Hands    int
	Outcomes [5]int // by rules.Outcome
	// Won counts hands won by seat; Points the points won in them.
	Won    [2]int
	Points [2]int
	// Knocks, Gins, BigGins and Undercut count by the seat that knocked;
	// Undercuts by the seat that undercut.
	Knocks    [2]int
	Gins      [2]int
	BigGins   [2]int
	Undercuts [2]int
	Draws     int
	Final     rules.GameResult
	// Unfinished is set when MaxHands ran out before the target.
	Unfinished bool
}

// add counts a finished hand.
func (st *GameStats) add(res *game.Result) {
	st.Hands++
	st.Draws += res.Draws
	st.Outcomes[res.Score.Outcome]++
	if res.Winner.Valid() {
		st.Won[res.Winner]++
		st.Points[res.Winner] += res.Score.Points
	}
	switch res.Score.Outcome {
	case rules.Knock:
		st.Knocks[res.Knocker]++
	case rules.Gin:
		st.Knocks[res.Knocker]++
		st.Gins[res.Knocker]++
	case rules.BigGin:
		st.Knocks[res.Knocker]++
		st.BigGins[res.Knocker]++
	case rules.Undercut:
		st.Knocks[res.Knocker]++
		st.Undercuts[res.Winner]++
	}
}

// PlayGame plays a game to the rules' target. The seed fixes the shuffles;
// the same seed and players give the same game. A cancelled context stops
// it before the next move.
func PlayGame(ctx context.Context, s GameSetup, players [2]bot.Player) (GameStats, *GameRecord, error) {
	rng := rand.New(rand.NewPCG(s.Seed, 0x9e3779b97f4a7c15))
	g := rules.NewGame(s.Rules)
	var st GameStats
	var rec *GameRecord
	if s.Record {
		rec = &GameRecord{Seed: s.Seed, Rules: s.Rules, Players: [2]string{players[0].Name(), players[1].Name()}, FirstDealer: s.FirstDealer}
	}
	maxHands := s.MaxHands
	if maxHands == 0 {
		maxHands = 1000
	}
	dealer := s.FirstDealer
	ctxPlayers := players
	if ctx.Done() != nil {
		for i := range players {
			ctxPlayers[i] = &cancellable{players[i]}
		}
	}
	for !g.Over() {
		if g.Hands >= maxHands {
			st.Unfinished = true
			break
		}
		setup := HandSetup{Setup: game.Setup{Rules: s.Rules, Dealer: dealer, Number: g.Hands + 1, Scores: g.Score}, Rng: rng}
		if g.Hands == 0 {
			setup.Deck = s.Deck
		}
		if rec != nil {
			// Room for any hand the State's record holds; a longer one
			// grows it. A game not recorded allocates none.
			events := make([]game.Event, 0, game.MaxEvents)
			setup.Events = &events
		}
		hand, err := PlayHand(ctx, setup, ctxPlayers)
		if err != nil {
			return st, rec, err
		}
		res, _ := hand.Result()
		if rec != nil {
			rec.Hands = append(rec.Hands, hand)
			rec.Events = append(rec.Events, *setup.Events)
		}
		if s.OnHand != nil {
			s.OnHand(&hand)
		}
		st.add(&res)
		scoreHand(g, &res)
		dealer = s.Rules.NextDealer(dealer, res.Winner)
	}
	st.Final = g.Final()
	if rec != nil {
		rec.Final = st.Final
	}
	return st, rec, nil
}

// cancellable stops a player's game when its context is done.
type cancellable struct{ bot.Player }

func (c *cancellable) Move(ctx context.Context, p *game.Position) (game.Move, error) {
	if err := ctx.Err(); err != nil {
		return game.Move{}, err
	}
	return c.Player.Move(ctx, p)
}
