package terminal

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Game is a game of play: the person at the terminal against a bot, and
// the log it goes to once over.
type Game struct {
	Opponent string // the bot's name, as play's --opponent gives it
	Rules    rules.Rules
	Seed     uint64
	Log      *gamelog.File // nil: the game is not logged
	LogPath  string
}

// Play plays the game to its end on w and logs it. A game stopped before
// its end, by quit, the end of the input or an error, is not logged, and
// its log, when this run created it, is removed: a file holding only the
// header would refuse the rerun that the message suggests. Input that
// could not be read ends the game with the error of reading it.
func (g Game) Play(ctx context.Context, w io.Writer, seats [2]bot.Player) (err error) {
	logged := false
	if g.Log != nil {
		defer func() {
			if !logged {
				err = errors.Join(err, g.Log.Remove())
			} else if cerr := g.Log.Close(); err == nil && cerr != nil {
				err = fmt.Errorf("--log: %w", cerr)
			}
		}()
	}
	// The player shows each showdown; the game adds the score.
	setup := engine.GameSetup{Rules: g.Rules, Seed: g.Seed, Record: g.Log != nil, OnHand: func(st *game.State) {
		res, _ := st.Result()
		fmt.Fprintf(w, "Score: you %d, the opponent (%s) %d.\n", res.Totals[0], g.Opponent, res.Totals[1])
	}}
	st, rec, err := engine.PlayGame(ctx, setup, seats)
	if errors.Is(err, ErrQuit) || errors.Is(err, ErrInputEnded) {
		// Quitting, or Ctrl-D, ends the game cleanly.
		_, werr := fmt.Fprintf(w, "\nGame stopped. To play this deal again: ginadvisor play --seed %d --opponent %s --rules %s\n",
			g.Seed, g.Opponent, rules.FormatSpec(g.Rules))
		if ie, ok := errors.AsType[*InputError](err); ok {
			return ie.Err
		}
		return werr
	}
	if err != nil {
		return err
	}
	if g.Log != nil {
		lg, err := rec.Logged(1, "ginadvisor play")
		if err == nil {
			err = g.Log.Write(lg)
		}
		if err != nil {
			return fmt.Errorf("--log: %w", err)
		}
		logged = true
		fmt.Fprintf(w, "The game is in %s: review it with ginadvisor batch %s, or on the board.\n", g.LogPath, g.LogPath)
	}
	f := st.Final
	who := "You win"
	if f.Winner == notation.P2 {
		who = "The bot wins"
	}
	bonuses := len(f.Breakdown[0]) > 1 || len(f.Breakdown[1]) > 1
	if !bonuses {
		_, err = fmt.Fprintf(w, "\n%s: %d to %d. Seed %d.\n", who, f.Totals[0], f.Totals[1], g.Seed)
		return err
	}
	// The total with its parts, as the board lists them.
	fmt.Fprintf(w, "\n%s: %d to %d, with bonuses. Seed %d.\n", who, f.Totals[0], f.Totals[1], g.Seed)
	for seat, name := range [2]string{"You", "The opponent"} {
		var parts []string
		for _, l := range f.Breakdown[seat] {
			parts = append(parts, fmt.Sprintf("%s %d", l.Label, l.Points))
		}
		_, err = fmt.Fprintf(w, "  %s: %s.\n", name, strings.Join(parts, ", "))
	}
	return err
}
