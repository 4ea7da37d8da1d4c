package board

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/report"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Play sessions: a game against a built-in bot, the person at the page in
// seat p1. The game runs in its own goroutine, whose person player waits
// for the page's moves; a session left alone for sessionIdle ends, and at
// most maxSessions run at once.
const (
	maxSessions = 16
	sessionIdle = 30 * time.Minute
)

// sessions holds the games in play.
type sessions struct {
	mu   sync.Mutex
	byID map[string]*session
}

// session is one game: turns carries the person's positions to the page,
// moves the page's moves back.
type session struct {
	id       string
	opponent string
	cancel   context.CancelFunc
	turns    chan turn
	moves    chan game.Move
	mu       sync.Mutex
	last     time.Time
	pending  *turn // the decision the page must answer
	over     bool
	log      string // the game's log, once over
	err      error
	handEnds []string
}

// turn is what the page sees at the person's decision.
type turn struct {
	pos game.Position
}

// person is the bot.Player of the page's seat.
type person struct{ s *session }

func (person) Name() string { return "you" }

func (h person) HandOver(p *game.Position) {
	res, _ := p.Result()
	text := fmt.Sprintf("Hand %d: %s", p.Setup().Number, res.Score.Outcome)
	if res.Winner.Valid() {
		text += fmt.Sprintf(", %s won %d points", map[bool]string{true: "you", false: "the opponent"}[res.Winner == p.Seat()], res.Score.Points)
	}
	if opp := res.Hands[p.Seat().Other()]; opp != 0 {
		text += "; the opponent held " + opp.String()
	}
	h.s.mu.Lock()
	h.s.handEnds = append(h.s.handEnds, text)
	h.s.mu.Unlock()
}

func (h person) Move(ctx context.Context, p *game.Position) (game.Move, error) {
	if p.MustDraw() {
		return game.DrawMove(), nil
	}
	select {
	case h.s.turns <- turn{pos: *p}:
	case <-ctx.Done():
		return game.Move{}, ctx.Err()
	}
	select {
	case m := <-h.s.moves:
		return m, nil
	case <-ctx.Done():
		return game.Move{}, ctx.Err()
	}
}

func newID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// start begins a game against the named bot.
func (ss *sessions) start(opponent string, r rules.Rules, seed uint64) (*session, error) {
	entry, err := bot.Lookup(opponent)
	if err != nil {
		return nil, badf("opponent", "%v", err)
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.byID == nil {
		ss.byID = map[string]*session{}
	}
	now := time.Now()
	for id, s := range ss.byID {
		s.mu.Lock()
		stale := now.Sub(s.last) > sessionIdle
		s.mu.Unlock()
		if stale {
			s.cancel()
			delete(ss.byID, id)
		}
	}
	if len(ss.byID) >= maxSessions {
		return nil, &badRequest{status: 429, err: &Error{Message: fmt.Sprintf("%d games are in play already; finish one or wait", maxSessions)}}
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &session{id: newID(), opponent: opponent, cancel: cancel, turns: make(chan turn), moves: make(chan game.Move), last: now}
	ss.byID[s.id] = s
	players := [2]bot.Player{person{s}, entry.New(seed)}
	go func() {
		defer cancel()
		_, rec, err := engine.PlayGame(ctx, engine.GameSetup{Rules: r, Seed: seed, FirstDealer: notation.Seat(seed % 2), Record: true}, players)
		var log string
		if err == nil {
			var lg *gamelog.Game
			lg, err = gamelog.GameFromStates(1, rec.Seed, rec.Rules, rec.Players, rec.FirstDealer, rec.Hands, rec.Final,
				gamelog.Tag{Key: gamelog.TagSource, Value: "ginadvisor serve"})
			if err == nil {
				var b strings.Builder
				err = gamelog.WriteLog(&b, []*gamelog.Game{lg})
				log = b.String()
			}
		}
		s.mu.Lock()
		s.over, s.log, s.err = true, log, err
		s.mu.Unlock()
		close(s.turns)
	}()
	return s, nil
}

func (ss *sessions) get(id string) (*session, error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	s, ok := ss.byID[id]
	if !ok {
		return nil, badf("game", "no game %q in play", notation.Clip(id, 40))
	}
	return s, nil
}

// next waits for the person's next decision or the end of the game.
func (s *session) next(ctx context.Context) error {
	select {
	case t, ok := <-s.turns:
		s.mu.Lock()
		defer s.mu.Unlock()
		if ok {
			s.pending = &t
		} else {
			s.pending = nil
		}
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// GameAnswer is the state of a game in play, as the page shows it.
type GameAnswer struct {
	Game     string          `json:"game"`
	Opponent string          `json:"opponent"`
	Position *PositionAnswer `json:"position,omitempty"`
	Moves    []LegalMove     `json:"moves,omitempty"`
	Hands    []string        `json:"hands"`
	Over     bool            `json:"over"`
	// Log is the game's record once it is over, for the review.
	Log   string `json:"log,omitempty"`
	Error string `json:"error,omitempty"`
}

func (s *session) answer() (GameAnswer, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a := GameAnswer{Game: s.id, Opponent: s.opponent, Hands: append([]string{}, s.handEnds...), Over: s.over && s.pending == nil}
	if s.pending != nil {
		p := s.pending.pos
		pa := answerPosition(&p)
		a.Position = &pa
		a.Moves = legalMoves(&p)
	}
	if a.Over {
		a.Log = s.log
		if s.err != nil {
			a.Error = s.err.Error()
		}
	}
	return a, nil
}

func (s *server) gameNew(ctx context.Context, body []byte) (any, error) {
	var q struct {
		Opponent string `json:"opponent"`
		Rules    string `json:"rules,omitempty"`
		Seed     uint64 `json:"seed,omitempty"`
	}
	if err := decode(body, &q); err != nil {
		return nil, err
	}
	r, _ := rules.Preset("eaai")
	if q.Rules != "" {
		var err error
		if r, err = rules.ParseSpec(q.Rules); err != nil {
			return nil, bad("rules", err)
		}
	}
	if q.Opponent == "" {
		q.Opponent = "heuristic"
	}
	if q.Seed == 0 {
		q.Seed = uint64(time.Now().UnixNano())
	}
	g, err := s.games.start(q.Opponent, r, q.Seed)
	if err != nil {
		return nil, err
	}
	if err := g.next(ctx); err != nil {
		return nil, err
	}
	return g.answer()
}

func (s *server) gameMove(ctx context.Context, body []byte) (any, error) {
	var q struct {
		Game string `json:"game"`
		Move string `json:"move"`
	}
	if err := decode(body, &q); err != nil {
		return nil, err
	}
	g, err := s.games.get(q.Game)
	if err != nil {
		return nil, err
	}
	g.mu.Lock()
	g.last = time.Now()
	pending := g.pending
	g.mu.Unlock()
	if pending == nil {
		return nil, badf("move", "the game is over")
	}
	p := pending.pos
	m, err := parseMove(&p, q.Move)
	if err != nil {
		return nil, bad("move", err)
	}
	select {
	case g.moves <- m:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if err := g.next(ctx); err != nil {
		return nil, err
	}
	return g.answer()
}

// parseMove reads a move of the seat to move as the legal moves name it
// ("discard KH", "knock" with its melds) and checks it is legal.
func parseMove(p *game.Position, text string) (game.Move, error) {
	if len(text) > 200 {
		return game.Move{}, fmt.Errorf("the move is over 200 bytes")
	}
	for _, m := range p.Legal(nil) {
		if eventText(p, m) == text || report.MoveText(m) == text && m.Spread.N == 0 {
			return m, nil
		}
	}
	// A draw names the card drawn only in the history form; the engine
	// deals it.
	if evs, err := position.ParseEvent(text, p.Seat()); err == nil && len(evs) == 1 && evs[0].Kind == game.Drew {
		return game.DrawMove(), nil
	}
	return game.Move{}, fmt.Errorf("%q is not a legal move here", notation.Clip(text, 60))
}
