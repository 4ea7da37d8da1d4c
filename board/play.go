package board

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/ginadvisor/ginadvisor/bot"
	"github.com/ginadvisor/ginadvisor/engine"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/players"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/report"
	"github.com/ginadvisor/ginadvisor/rules"
)

// Play sessions: a game against a built-in bot, the person at the page in
// seat p1. The game runs in its own goroutine, whose person player waits
// for the page's moves. That goroutine ends with its game, when the game
// is left alone for sessionIdle, or when the server shuts down; at most
// maxSessions games are kept at once.
const (
	maxSessions = 16
	sessionIdle = 30 * time.Minute
	// sweepEvery is how often the server looks for games left alone.
	sweepEvery = time.Minute
)

// shuttingDown refuses a new game once the server is shutting down.
func shuttingDown() error {
	return &badRequest{status: http.StatusServiceUnavailable, err: &Error{Message: "the board is shutting down"}}
}

// sessions holds the games of one server. Its context ends them all at
// shutdown; its WaitGroup counts their goroutines and the sweeper's, so
// that shutdown can wait for every one.
type sessions struct {
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	// idle is how long a game may be left alone; every, how often the
	// sweeper looks. The server sets them once, before any game.
	idle, every time.Duration

	mu       sync.Mutex
	byID     map[string]*session
	sweeping bool // the sweeper runs
	closed   bool // shutdown began: no new game
	// ended keeps the games played to their end, the latest maxEnded of
	// them, oldest first, so that a page reloaded after the last move
	// still shows the game's end and its log; they hold no place.
	ended []*session
}

// maxEnded bounds the games kept after their end.
const maxEnded = 64

// newSessions returns an empty set of games whose idle ones end after
// idle, looked for every so often.
func newSessions(idle, every time.Duration) *sessions {
	ctx, cancel := context.WithCancel(context.Background())
	return &sessions{ctx: ctx, cancel: cancel, idle: idle, every: every, byID: map[string]*session{}}
}

// session is one game: turns carries the person's positions to the page,
// moves the page's moves back.
type session struct {
	id       string
	opponent string
	cancel   context.CancelFunc
	done     <-chan struct{} // closed when the game's context ends
	turns    chan turn
	moves    chan game.Move
	// moving holds one move request at a time: a second one, from
	// another tab or a retry, is checked against the decision the first
	// left, not the one both saw.
	moving   chan struct{}
	mu       sync.Mutex
	last     time.Time
	pending  *turn // the decision the page must answer
	over     bool
	log      string // the game's log, once over
	err      error
	handEnds []HandEnd
	end      *GameEnd // the game's result, once over
}

// turn is what the page sees at the person's decision: a position, or
// the showdown of the hand just ended, which waits for the person to
// ask for the next hand.
type turn struct {
	pos      game.Position
	showdown bool
}

// nextHand is the move that deals the next hand after a showdown.
const nextHand = "next hand"

// person is the bot.Player of the page's seat.
type person struct{ s *session }

func (person) Name() string { return "you" }

// HandOver does nothing: the session records each hand's end from the
// game's record instead (see session.handOver).
func (person) HandOver(*game.Position) {}

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

// points writes a count of points, singular for one.
func points(n int) string {
	if n == 1 {
		return "1 point"
	}
	return fmt.Sprintf("%d points", n)
}

func newID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// start begins a game against the named bot. The game named replaces,
// when it is in play, ends first: a page that starts a new game is done
// with its last one.
// maxOpponentName bounds an opponent's name in a request: none is longer,
// and an error does not echo a long one whole.
const maxOpponentName = 200

func (ss *sessions) start(opponent string, r rules.Rules, seed uint64, replaces string) (*session, error) {
	if len(opponent) > maxOpponentName {
		return nil, badf("opponent", "no opponent is named %q", notation.Clip(opponent, 40))
	}
	entry, err := players.Lookup(opponent)
	if err != nil {
		return nil, badf("opponent", "%v", err)
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.closed {
		return nil, shuttingDown()
	}
	now := time.Now()
	if old, ok := ss.byID[replaces]; ok {
		old.cancel()
		delete(ss.byID, replaces)
	}
	ss.sweepLocked(now)
	if len(ss.byID) >= maxSessions {
		return nil, &badRequest{status: 429, err: &Error{Message: fmt.Sprintf("%d games are in play already; finish one or wait", maxSessions)}}
	}
	if !ss.sweeping {
		ss.sweeping = true
		ss.wg.Add(1)
		go ss.sweeper()
	}
	ctx, cancel := context.WithCancel(ss.ctx)
	s := &session{id: newID(), opponent: opponent, cancel: cancel, done: ctx.Done(), turns: make(chan turn), moves: make(chan game.Move), moving: make(chan struct{}, 1), last: now}
	ss.byID[s.id] = s
	players := [2]bot.Player{person{s}, entry.New(seed)}
	ss.wg.Add(1)
	go func() {
		defer ss.wg.Done()
		defer cancel()
		setup := engine.GameSetup{Rules: r, Seed: seed, FirstDealer: notation.Seat(seed % 2), Record: true}
		setup.OnHand = func(st *game.State) { s.handOver(ctx, st) }
		s.play(ctx, setup, players)
		// A game over frees its place at once; the requests that hold
		// it still read its end. At shutdown the games stay, so that a
		// move sent to one is answered with its end.
		if ss.ctx.Err() == nil {
			ss.forget(s)
		}
	}()
	return s, nil
}

// play plays the game to its end, or until ctx ends it, and keeps its log
// or its error for the page.
func (s *session) play(ctx context.Context, setup engine.GameSetup, players [2]bot.Player) {
	_, rec, err := engine.PlayGame(ctx, setup, players)
	var log string
	var lg *gamelog.Game
	if err == nil {
		lg, err = gamelog.GameFromStates(1, rec.Seed, rec.Rules, rec.Players, rec.FirstDealer, rec.Hands, rec.Events, rec.Final,
			gamelog.Tag{Key: gamelog.TagSource, Value: "ginadvisor serve"})
		if err == nil {
			var b strings.Builder
			err = gamelog.WriteLog(&b, []*gamelog.Game{lg})
			log = b.String()
		}
	}
	s.mu.Lock()
	s.over, s.log, s.err = true, log, err
	switch {
	case lg != nil:
		end := gameEnd(lg)
		s.end = &end
	case rec != nil && err == nil:
		end := gameEnd(&gamelog.Game{Final: rec.Final})
		s.end = &end
	}
	s.mu.Unlock()
	close(s.turns)
}

// handOver records a hand's end and, unless the game is over, shows its
// showdown and waits until the person asks for the next hand (or the
// game ends).
func (s *session) handOver(ctx context.Context, st *game.State) {
	var end HandEnd
	if h, err := gamelog.HandFromState(st); err == nil {
		end = handEnd(&h)
	} else {
		res, _ := st.Result()
		end = HandEnd{Number: st.Setup().Number, Outcome: res.Score.Outcome.String(), Reason: res.Score.Outcome.Words(),
			Points: res.Score.Points, Score: res.Totals, Layoffs: []Layoff{}}
		end.Text = fmt.Sprintf("Hand %d: %s (%v)", end.Number, end.Reason, err)
	}
	s.mu.Lock()
	s.handEnds = append(s.handEnds, end)
	s.mu.Unlock()
	target := st.Rules().Target
	if end.Score[0] >= target || end.Score[1] >= target {
		return
	}
	select {
	case s.turns <- turn{showdown: true}:
	case <-ctx.Done():
		return
	}
	select {
	case <-s.moves:
	case <-ctx.Done():
	}
}

// forget drops a game from those in play, unless another took its id.
func (ss *sessions) forget(s *session) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.byID[s.id] == s {
		delete(ss.byID, s.id)
	}
	s.mu.Lock()
	finished := s.over && s.err == nil && s.end != nil
	s.mu.Unlock()
	if finished {
		if len(ss.ended) == maxEnded {
			ss.ended = ss.ended[1:]
		}
		ss.ended = append(ss.ended, s)
	}
}

// sweeper ends the games left alone, until shutdown.
func (ss *sessions) sweeper() {
	defer ss.wg.Done()
	t := time.NewTicker(ss.every)
	defer t.Stop()
	for {
		select {
		case <-ss.ctx.Done():
			return
		case now := <-t.C:
			ss.mu.Lock()
			ss.sweepLocked(now)
			ss.mu.Unlock()
		}
	}
}

// sweepLocked ends and forgets the games left alone for longer than the
// idle limit at now. ss.mu is held.
func (ss *sessions) sweepLocked(now time.Time) {
	for id, s := range ss.byID {
		s.mu.Lock()
		stale := now.Sub(s.last) > ss.idle
		s.mu.Unlock()
		if stale {
			s.cancel()
			delete(ss.byID, id)
		}
	}
}

// shutdown ends every game and the sweeper, refuses new games, and waits
// for their goroutines to return, or for ctx to end first.
func (ss *sessions) shutdown(ctx context.Context) error {
	ss.mu.Lock()
	ss.closed = true
	ss.mu.Unlock()
	ss.cancel()
	done := make(chan struct{})
	go func() {
		ss.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (ss *sessions) get(id string) (*session, error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	s, ok := ss.byID[id]
	if ok {
		return s, nil
	}
	for _, e := range ss.ended {
		if e.id == id {
			return e, nil
		}
	}
	return nil, badf("game", "no game %q in play", notation.Clip(id, 40))
}

// use finds a game in play for a request about it: it marks the game
// used now, so that it is not ended as idle, and gives the decision the
// page must answer (nil once the game is over).
func (ss *sessions) use(id string) (*session, *turn, error) {
	s, err := ss.get(id)
	if err != nil {
		return nil, nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.last = time.Now()
	return s, s.pending, nil
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
	// Last is the opponent's last move, when it moved since your last
	// decision.
	Last *LastMove `json:"last,omitempty"`
	// Showdown is set while the hand just ended waits for the next
	// hand (the move "next hand"); it is the last of Hands.
	Showdown bool      `json:"showdown,omitempty"`
	Hands    []HandEnd `json:"hands"`
	Over     bool      `json:"over"`
	// Winner ("p1", "p2", or empty on a tie) and Score, the final score
	// with its bonuses, once the game is over.
	Winner string     `json:"winner,omitempty"`
	Score  *GameScore `json:"score,omitempty"`
	// Log is the game's record once it is over, for the review.
	Log   string `json:"log,omitempty"`
	Error string `json:"error,omitempty"`
}

func (s *session) answer() (GameAnswer, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a := GameAnswer{Game: s.id, Opponent: s.opponent, Hands: append([]HandEnd{}, s.handEnds...), Over: s.over && s.pending == nil}
	switch {
	case s.pending != nil && s.pending.showdown:
		a.Showdown = true
		a.Moves = []LegalMove{{Move: nextHand, Event: nextHand}}
	case s.pending != nil:
		p := s.pending.pos
		pa := answerPosition(&p)
		a.Position = &pa
		a.Moves = legalMoves(&p)
		a.Last = lastMove(&p)
	}
	if a.Over {
		if s.end != nil {
			a.Winner = s.end.Winner
			a.Score = &GameScore{Totals: s.end.Score.Totals, Breakdown: s.end.Score.Breakdown, Shutout: s.end.Score.Shutout}
		}
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
		// Replaces names the page's last game, which ends.
		Replaces string `json:"replaces,omitempty"`
	}
	if err := decode(body, &q); err != nil {
		return nil, err
	}
	r := rules.Standard()
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
	g, err := s.games.start(q.Opponent, r, q.Seed, q.Replaces)
	if err != nil {
		return nil, err
	}
	if err := g.next(ctx); err != nil {
		return nil, err
	}
	return g.answer()
}

// gameState answers a game in play as it stands, for a page reloaded
// with the game's id.
func (s *server) gameState(_ context.Context, body []byte) (any, error) {
	var q struct {
		Game string `json:"game"`
	}
	if err := decode(body, &q); err != nil {
		return nil, err
	}
	g, _, err := s.games.use(q.Game)
	if err != nil {
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
	g, _, err := s.games.use(q.Game)
	if err != nil {
		return nil, err
	}
	select {
	case g.moving <- struct{}{}:
		defer func() { <-g.moving }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	g.mu.Lock()
	pending := g.pending
	g.mu.Unlock()
	if pending == nil {
		return nil, badf("move", "the game is over")
	}
	var m game.Move
	switch {
	case pending.showdown && q.Move != nextHand:
		return nil, badf("move", "the hand is over: the move is %q", nextHand)
	case !pending.showdown:
		p := pending.pos
		if m, err = parseMove(&p, q.Move); err != nil {
			return nil, bad("move", err)
		}
	}
	if ctx.Err() != nil {
		return nil, ctx.Err() // gone before the move was made: it is not
	}
	select {
	case g.moves <- m:
	case <-g.done:
		// The game ended meanwhile (left alone, or the server is
		// shutting down): next answers with its end.
	}
	// The move is made: the decision it leads to is recorded whether or
	// not the client still waits, so that a reload goes on from it. The
	// wait ends with the game at the latest (turns is then closed).
	if err := g.next(context.WithoutCancel(ctx)); err != nil {
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
