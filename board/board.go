// Package board serves the analysis board: a web page embedded in the
// binary, and the JSON API under /api/ that it calls, on loopback only.
// The API gives the same values as the command line's --json, from the
// same packages; every request is bounded in size, samples and time, and
// only the page's own origin is served.
package board

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"reflect"
	"runtime/debug"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/ginadvisor/ginadvisor/analyze"
	"github.com/ginadvisor/ginadvisor/batch"
	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/importer"
	"github.com/ginadvisor/ginadvisor/meld"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/position"
	"github.com/ginadvisor/ginadvisor/probability"
	"github.com/ginadvisor/ginadvisor/reading"
	"github.com/ginadvisor/ginadvisor/report"
	"github.com/ginadvisor/ginadvisor/rules"
)

//go:embed web
var web embed.FS

// DefaultMaxSamples bounds the sampled worlds of a request when
// Options.MaxSamples is 0: an analysis of them answers within the time
// bound on a small machine.
const DefaultMaxSamples = 20_000

// Options bounds the work of each request. The zero value is usable.
type Options struct {
	// MaxBody bounds a request's body in bytes; 0 means 1 MiB.
	MaxBody int64
	// MaxSamples bounds the sampled worlds a request may ask for; 0
	// means DefaultMaxSamples.
	MaxSamples int
	// MaxTime bounds the time a request may run; 0 means 10 seconds.
	MaxTime time.Duration
	// Workers is the goroutines an analysis uses; 0 uses every core.
	Workers int
	// Analyses bounds the analyses (advice, outs, danger, risk, review,
	// convert) that run at once; 0 means one a core.
	Analyses int
	// Queue bounds the analyses that wait for one of those slots, each
	// until its time bound; one more is refused at once (503). 0 means
	// four for each slot.
	Queue int
	// Grace bounds the wait for the requests in flight when Serve stops;
	// 0 means five seconds.
	Grace time.Duration
}

func (o Options) grace() time.Duration {
	if o.Grace <= 0 {
		return shutdownGrace
	}
	return o.Grace
}

func (o Options) maxBody() int64 {
	if o.MaxBody <= 0 {
		return 1 << 20
	}
	return o.MaxBody
}

func (o Options) maxSamples() int {
	if o.MaxSamples <= 0 {
		return DefaultMaxSamples
	}
	return o.MaxSamples
}

func (o Options) maxTime() time.Duration {
	if o.MaxTime <= 0 {
		return 10 * time.Second
	}
	return o.MaxTime
}

// workTime is how long a request may wait and work: a tenth of the time
// bound is kept for an analysis to notice its deadline at the end of a
// chunk and for the answer to be written, so that it arrives within
// MaxTime.
func (o Options) workTime() time.Duration {
	return o.maxTime() - o.maxTime()/10
}

// maxPosition bounds a position's notation in bytes: the longest real
// history form is a few kilobytes.
const maxPosition = 64 << 10

// NewServer returns the board for a server listening on addr: the page
// and its assets at /, the API under /api/. Requests whose Host is not
// addr's port on a loopback name, or whose Origin is another site, are
// refused, so that no other web page can drive it. Its games run until
// they end, are left alone too long, or Shutdown is called.
func NewServer(addr net.Addr, o Options) *Server {
	return newBoard(addr, o, sessionIdle, sweepEvery)
}

// newBoard is NewServer with the play sessions' idle limit and sweep
// interval given.
func newBoard(addr net.Addr, o Options, idle, every time.Duration) *Server {
	s := &server{opts: o, port: portOf(addr), games: newSessions(idle, every),
		heavy:   newGate(o.analyses(), o.queue()),
		light:   newGate(lightSlots*o.analyses(), lightQueue),
		plays:   newGate(maxSessions, 4*maxSessions),
		reviews: newGate(reviewSlots, reviewQueue)}
	s.closing, s.close = context.WithCancel(context.Background())
	mux := http.NewServeMux()
	static, _ := fs.Sub(web, "web")
	files := http.FileServerFS(static)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasPrefix(r.URL.Path, "/api/"):
			writeError(w, http.StatusNotFound, &Error{Message: fmt.Sprintf("no API %s %s", r.Method, notation.Clip(r.URL.Path, 80))})
		case r.Method != http.MethodGet && r.Method != http.MethodHead:
			w.Header().Set("Allow", "GET, HEAD")
			writeError(w, http.StatusMethodNotAllowed, &Error{Message: "the page is read with GET"})
		default:
			files.ServeHTTP(w, r)
		}
	})
	mux.HandleFunc("POST /api/position", s.api(s.light, s.position))
	mux.HandleFunc("POST /api/score", s.api(s.light, s.score))
	mux.HandleFunc("POST /api/legal", s.api(s.light, s.legal))
	mux.HandleFunc("POST /api/play", s.api(s.light, s.play))
	mux.HandleFunc("POST /api/infer", s.api(s.light, s.infer))
	mux.HandleFunc("POST /api/advise", s.api(s.heavy, s.advise))
	mux.HandleFunc("POST /api/outs", s.api(s.heavy, s.outs))
	mux.HandleFunc("POST /api/danger", s.api(s.heavy, s.danger))
	mux.HandleFunc("POST /api/review", s.api(s.heavy, s.review))
	mux.HandleFunc("POST /api/review/stream", s.reviewStream)
	mux.HandleFunc("POST /api/risk", s.api(s.heavy, s.risk))
	mux.HandleFunc("POST /api/convert", s.api(s.heavy, s.convert))
	mux.HandleFunc("POST /api/game/new", s.api(s.plays, s.gameNew))
	mux.HandleFunc("POST /api/game/move", s.api(s.plays, s.gameMove))
	mux.HandleFunc("POST /api/game/state", s.api(s.plays, s.gameState))
	return &Server{handler: s.guard(mux), games: s.games, heavy: s.heavy, reviews: s.reviews, close: s.close}
}

type server struct {
	opts  Options
	port  string
	games *sessions
	// heavy admits the analyses, light the requests that read a
	// position and answer at once, plays the moves of games, which wait
	// on the opponent's.
	heavy, light, plays *gate
	// reviews admits the streamed reviews, which run for minutes.
	reviews *gate
	// closing ends when the board shuts down: a streamed review stops
	// then, rather than hold up the shutdown.
	closing context.Context
	close   context.CancelFunc
}

// reviewSlots is how many streamed reviews grade at once, each on every
// core its games can use, and reviewQueue how many may wait for one.
const (
	reviewSlots = 1
	reviewQueue = 2
)

// lightSlots is how many requests that answer at once (a position, the
// legal moves) run for each analysis slot, and lightQueue how many may
// wait: they take milliseconds, so a long queue drains well within the
// time bound.
const (
	lightSlots = 4
	lightQueue = 512
)

// bigBody is the size from which a request's memory is worth giving back
// to the system once the board is idle again.
const bigBody = 256 << 10

func portOf(addr net.Addr) string {
	if addr == nil {
		return ""
	}
	_, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return ""
	}
	return port
}

// allowedHost says host names this server on loopback: a request through
// any other name may come from a page that rebound its DNS name to
// 127.0.0.1. A browser leaves out port 80.
func (s *server) allowedHost(host string) bool {
	name, port, err := net.SplitHostPort(host)
	if err != nil {
		name, port = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"), "80"
	}
	return port == s.port && loopbackName(name)
}

// loopbackName says a host name is one that only this machine can answer
// to: localhost, or a loopback address written out (127.0.0.0/8, ::1),
// which no DNS answer can rebind. Listen accepts the same names that the
// server serves, so that an address it listens on is one it answers.
func loopbackName(name string) bool {
	if name == "localhost" {
		return true
	}
	ip := net.ParseIP(name)
	return ip != nil && ip.IsLoopback()
}

// guard refuses requests from anywhere but the page's own origin.
func (s *server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.allowedHost(r.Host) {
			writeError(w, http.StatusForbidden, &Error{Message: fmt.Sprintf("host %q is not this server on loopback", notation.Clip(r.Host, 80))})
			return
		}
		if origin := r.Header.Get("Origin"); origin != "" && origin != "http://"+r.Host {
			writeError(w, http.StatusForbidden, &Error{Message: fmt.Sprintf("origin %q is not this page's", notation.Clip(origin, 80))})
			return
		}
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("X-Frame-Options", "DENY")
		w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'self'; script-src 'self'; img-src 'self' data:; frame-ancestors 'none'")
		next.ServeHTTP(w, r)
	})
}

// Error is the API's error: what went wrong and, for a notation, where.
type Error struct {
	Message string `json:"message"`
	// Field names the request field at fault; Column counts from 1 in it.
	Field  string `json:"field,omitempty"`
	Column int    `json:"column,omitempty"`
}

func (e *Error) Error() string { return e.Message }

func writeError(w http.ResponseWriter, status int, e *Error) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(struct {
		Error *Error `json:"error"`
	}{e})
}

// badRequest is an error the client caused: its status is 400 unless set.
type badRequest struct {
	status int
	err    *Error
}

func (b *badRequest) Error() string { return b.err.Message }

func bad(field string, err error) error {
	e := &Error{Message: err.Error(), Field: field}
	var pe *position.Error
	if errors.As(err, &pe) {
		e.Column = pe.Col
	}
	return &badRequest{status: http.StatusBadRequest, err: e}
}

func badf(field, format string, args ...any) error {
	return &badRequest{status: http.StatusBadRequest, err: &Error{Message: fmt.Sprintf(format, args...), Field: field}}
}

// api admits a request through g, decodes its bounded JSON body into the
// handler's request, runs it under the client's context and the time
// bound, which counts from the request's arrival, and writes its answer.
func (s *server) api(g *gate, h func(ctx context.Context, body []byte) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), s.opts.workTime())
		defer cancel()
		body, done, ok := s.admit(ctx, w, r, g)
		if !ok {
			return
		}
		defer done()
		out, err := h(ctx, body)
		body = nil
		if err != nil {
			s.fail(w, r, err)
			return
		}
		// The answer is encoded before anything is written, so that a
		// value JSON cannot hold is a 500 that says so, never a 200
		// with an empty body.
		answer, err := json.Marshal(out)
		if err != nil {
			writeError(w, http.StatusInternalServerError, &Error{Message: "the answer could not be written: " + err.Error()})
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(append(answer, '\n'))
	}
}

// admit checks that a request is JSON, admits it through g while ctx
// lasts (the body is read by ctx's deadline too) and reads its bounded
// body. When it cannot, it answers the request itself and reports false;
// otherwise done gives the slot back.
func (s *server) admit(ctx context.Context, w http.ResponseWriter, r *http.Request, g *gate) (body []byte, done func(), ok bool) {
	if !isJSON(r.Header.Get("Content-Type")) {
		writeError(w, http.StatusUnsupportedMediaType, &Error{Message: "send Content-Type: application/json"})
		return nil, nil, false
	}
	if deadline, set := ctx.Deadline(); set {
		// A client that sends its body slowly is bounded by the same
		// time as the work.
		_ = http.NewResponseController(w).SetReadDeadline(deadline)
	}
	leave, err := g.enter(ctx)
	if err != nil {
		s.refuse(w, r, err)
		return nil, nil, false
	}
	body, err = io.ReadAll(http.MaxBytesReader(w, r.Body, s.opts.maxBody()))
	size := len(body)
	done = func() {
		leave()
		s.giveBack(size)
	}
	if err != nil {
		done()
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, http.StatusRequestEntityTooLarge, &Error{Message: fmt.Sprintf("the body is over %d bytes", s.opts.maxBody())})
			return nil, nil, false
		}
		writeError(w, http.StatusBadRequest, &Error{Message: "reading the body: " + err.Error()})
		return nil, nil, false
	}
	return body, done, true
}

// isJSON says a Content-Type is exactly application/json, with at most a
// charset of UTF-8, the only one JSON has.
func isJSON(ct string) bool {
	media, params, err := mime.ParseMediaType(ct)
	if err != nil || media != "application/json" {
		return false
	}
	for k, v := range params {
		if k != "charset" || !strings.EqualFold(v, "utf-8") {
			return false
		}
	}
	return true
}

// refuse answers a request that was not admitted. Its body is read and
// dropped first, a buffer at a time: a connection closed on an unread
// body is reset, and the client may lose the answer.
func (s *server) refuse(w http.ResponseWriter, r *http.Request, err error) {
	_, _ = io.Copy(io.Discard, http.MaxBytesReader(w, r.Body, s.opts.maxBody()))
	switch {
	case errors.Is(err, errBusy):
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusServiceUnavailable, &Error{Message: err.Error()})
	case r.Context().Err() != nil:
		// The client went away: nobody reads the answer.
	default:
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusServiceUnavailable, &Error{Message: fmt.Sprintf("the board was busy for the request's %v limit; try again", s.opts.maxTime())})
	}
}

// fail answers a handler's error.
func (s *server) fail(w http.ResponseWriter, r *http.Request, err error) {
	var b *badRequest
	switch {
	case errors.As(err, &b):
		writeError(w, b.status, b.err)
	case r.Context().Err() != nil:
		// The client went away: nobody reads the answer.
	case errors.Is(err, context.DeadlineExceeded):
		writeError(w, http.StatusServiceUnavailable, &Error{Message: fmt.Sprintf("the analysis ran past its %v limit", s.opts.maxTime())})
	default:
		writeError(w, http.StatusInternalServerError, &Error{Message: err.Error()})
	}
}

// giveBack returns the memory of a big request to the system once no
// analysis runs or waits: Go's own scavenger would take minutes, and a
// board left open should not hold the peak of its busiest moment.
func (s *server) giveBack(size int) {
	if size >= bigBody && s.heavy.idle() {
		debug.FreeOSMemory()
	}
}

// decode reads a request strictly: unknown fields and trailing data are
// errors, so that a misspelt field is not silently ignored.
func decode(body []byte, v any) error {
	if err := checkKeys(body, v); err != nil {
		return err
	}
	d := json.NewDecoder(bytes.NewReader(body))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		// A value of the wrong type is named by its field and said in
		// JSON's words, not in Go's.
		if te := (*json.UnmarshalTypeError)(nil); errors.As(err, &te) && te.Field != "" {
			field := te.Field[strings.LastIndex(te.Field, ".")+1:]
			return badf(field, "%s must be %s, not %s", field, jsonKind(te.Type), te.Value)
		}
		return badf("", "the request is not the JSON expected: %v", err)
	}
	if d.More() {
		return badf("", "the request has data after its JSON object")
	}
	return nil
}

// jsonKind names the JSON value a Go type takes.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number, 0 or more"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "a list"
	}
	return "an object"
}

// checkKeys reads the request's top level as the docs ask for it: one
// JSON object (not null), each field named exactly as documented (the
// decoder alone takes "Opponent" for "opponent") and given once (it keeps
// the last of two).
func checkKeys(body []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(body))
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		return badf("", "the request is not a JSON object")
	}
	t := reflect.TypeOf(v)
	if t.Kind() != reflect.Pointer {
		return nil
	}
	known := fieldNames(t.Elem())
	seen := map[string]bool{}
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return badf("", "the request is not the JSON expected: %v", err)
		}
		key, _ := tok.(string)
		switch {
		case !known[key]:
			return badf("", "the request has no field %q", notation.Clip(key, 40))
		case seen[key]:
			return badf(key, "the field %q is given twice", key)
		}
		seen[key] = true
		var skip json.RawMessage
		if err := d.Decode(&skip); err != nil {
			return badf("", "the request is not the JSON expected: %v", err)
		}
	}
	return nil
}

// fieldNames are the JSON names of a struct's fields, those of embedded
// structs included.
func fieldNames(t reflect.Type) map[string]bool {
	names := map[string]bool{}
	if t.Kind() != reflect.Struct {
		return names
	}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case f.Anonymous && name == "":
			for n := range fieldNames(f.Type) {
				names[n] = true
			}
		case name == "-":
		case name != "":
			names[name] = true
		case f.IsExported():
			names[f.Name] = true
		}
	}
	return names
}

// positionRequest is the part of every request that names a position.
type positionRequest struct {
	Position string `json:"position"`
	Rules    string `json:"rules,omitempty"`
}

func (q *positionRequest) parse() (game.Position, error) {
	if q.Position == "" {
		return game.Position{}, badf("position", "no position")
	}
	if len(q.Position) > maxPosition {
		return game.Position{}, badf("position", "the position is over %d bytes", maxPosition)
	}
	var base *rules.Rules
	if q.Rules != "" {
		r, err := rules.ParseSpec(q.Rules)
		if err != nil {
			return game.Position{}, bad("rules", err)
		}
		base = &r
	}
	p, err := position.ParseWith(q.Position, base)
	if err != nil {
		return p, bad("position", err)
	}
	return p, nil
}

// PositionAnswer is a position as the board shows it: the view `position
// --json` gives, and the notations to keep and share.
type PositionAnswer struct {
	report.PositionView
	// History is the history form, when the position has a record.
	History string `json:"history,omitempty"`
	// Drawn is the card the seat drew this turn, in the discard and
	// knock phases, when the position knows it; FromStock says it came
	// from the stock, and Forced that it was the draw nobody chooses,
	// after both players passed the first upcard.
	Drawn     *notation.Card `json:"drawn,omitempty"`
	FromStock bool           `json:"from_stock,omitempty"`
	Forced    bool           `json:"forced,omitempty"`
}

func answerPosition(p *game.Position) PositionAnswer {
	a := PositionAnswer{PositionView: report.Position(p)}
	a.History, _ = position.FormatHistory(p)
	if ph := p.Phase(); ph == game.DiscardPhase || ph == game.KnockPhase {
		if c, fromPile := p.Drawn(); c.Valid() && p.Hand().Has(c) {
			a.Drawn, a.FromStock = &c, !fromPile
			a.Forced = !fromPile && forcedDraw(p)
		}
	}
	return a
}

// forcedDraw says the seat's draw this turn followed both passes of the
// first upcard: its own event before the draw is a pass, and so is the
// opponent's before that, or the other way round.
func forcedDraw(p *game.Position) bool {
	n := p.NumEvents()
	if n-p.FirstEvent() < 3 {
		return false
	}
	last, a, b := p.Event(n-1), p.Event(n-2), p.Event(n-3)
	return last.Kind == game.Drew && last.Seat == p.Seat() &&
		a.Kind == game.Passed && b.Kind == game.Passed && a.Seat != b.Seat
}

// decodePosition reads a request that names a position alone, and the
// position it names.
func decodePosition(body []byte) (game.Position, error) {
	var q positionRequest
	if err := decode(body, &q); err != nil {
		return game.Position{}, err
	}
	return q.parse()
}

func (s *server) position(_ context.Context, body []byte) (any, error) {
	p, err := decodePosition(body)
	if err != nil {
		return nil, err
	}
	return answerPosition(&p), nil
}

func (s *server) score(_ context.Context, body []byte) (any, error) {
	var q struct {
		Hand  string `json:"hand"`
		Rules string `json:"rules,omitempty"`
		// Upcard is the first upcard, which sets the knock limit under
		// Oklahoma rules and must then be given.
		Upcard string `json:"upcard,omitempty"`
	}
	if err := decode(body, &q); err != nil {
		return nil, err
	}
	if len(q.Hand) > 1024 {
		return nil, badf("hand", "the hand is over 1024 bytes")
	}
	r := rules.Standard()
	if q.Rules != "" {
		var err error
		if r, err = rules.ParseSpec(q.Rules); err != nil {
			return nil, bad("rules", err)
		}
	}
	hand, err := notation.ParseHand(q.Hand)
	if err != nil {
		return nil, bad("hand", err)
	}
	var deal rules.Deal
	if q.Upcard != "" && !r.Oklahoma {
		return nil, badf("upcard", "the upcard sets the knock limit only under Oklahoma rules")
	}
	if q.Upcard != "" {
		c, err := notation.ParseCard(q.Upcard)
		if err != nil {
			return nil, bad("upcard", err)
		}
		deal = rules.Deal{Upcard: c, HasUpcard: true}
	}
	if err := r.CheckDeal(deal); err != nil {
		return nil, bad("upcard", err)
	}
	rep, err := report.Score(hand, r, deal)
	if err != nil {
		return nil, bad("hand", err)
	}
	return rep, nil
}

// LegalMove is one move the seat may make, with the event to send to
// /api/play to make it.
type LegalMove struct {
	Move  string   `json:"move"`
	Melds []string `json:"melds,omitempty"`
	Event string   `json:"event"`
}

func (s *server) legal(_ context.Context, body []byte) (any, error) {
	p, err := decodePosition(body)
	if err != nil {
		return nil, err
	}
	moves := legalMoves(&p)
	return struct {
		Moves []LegalMove `json:"moves"`
	}{moves}, nil
}

// legalMoves lists the moves of the position's seat, when it is to move:
// its hand and the table decide them, so no world is sampled.
func legalMoves(p *game.Position) []LegalMove {
	var moves []LegalMove
	for _, m := range p.Legal(nil) {
		lm := LegalMove{Move: report.MoveText(m), Event: eventText(p, m)}
		for i := 0; i < m.Spread.N; i++ {
			lm.Melds = append(lm.Melds, m.Spread.Melds[i].String())
		}
		moves = append(moves, lm)
	}
	return moves
}

// eventText writes a move as the history form's event.
func eventText(p *game.Position, m game.Move) string {
	seat := p.Seat().String()
	switch m.Kind {
	case game.Discard:
		return seat + " discard " + m.Card.String()
	case game.Take:
		up, _ := p.Upcard()
		return seat + " take " + up.String()
	case game.Pass:
		up, _ := p.Upcard()
		return seat + " pass " + up.String()
	case game.Draw:
		return seat + " draw ?"
	case game.Knock, game.Gin, game.BigGin:
		return seat + " " + m.Kind.String() + " " + game.SpreadString(&m.Spread)
	}
	return seat + " " + m.Kind.String()
}

func (s *server) play(_ context.Context, body []byte) (any, error) {
	var q struct {
		positionRequest
		Events []string `json:"events"`
	}
	if err := decode(body, &q); err != nil {
		return nil, err
	}
	p, err := q.parse()
	if err != nil {
		return nil, err
	}
	if len(q.Events) > 64 {
		return nil, badf("events", "at most 64 events a request")
	}
	for i, text := range q.Events {
		field := "events[" + strconv.Itoa(i) + "]"
		if len(text) > 1024 {
			return nil, badf(field, "the event is over 1024 bytes")
		}
		evs, err := position.ParseEvent(text, p.Seat())
		if err != nil {
			return nil, bad(field, err)
		}
		for _, e := range evs {
			if err := observe(&p, e); err != nil {
				return nil, badf(field, "%v", err)
			}
		}
		// A position is of a hand in play: one that is over has no
		// notation to answer.
		if p.Phase() == game.Over {
			return nil, badf(field, "the hand is over after this event")
		}
	}
	return answerPosition(&p), nil
}

// observe adds an event as the history form reads it: a decision not to
// knock is implicit, both in the seat's discard that cannot knock and in
// any event that follows a discard.
func observe(p *game.Position, e game.Event) error {
	if p.Phase() == game.KnockPhase && !((e.Kind == game.Knocked || e.Kind == game.WentGin) && e.Seat == p.Turn()) {
		if err := p.Observe(game.Event{Kind: game.PlayedOn, Seat: p.Turn()}); err != nil {
			return err
		}
	}
	if err := p.Observe(e); err != nil {
		return err
	}
	if p.Phase() == game.KnockPhase && p.Turn() == p.Seat() && !p.Rules().CanDeclare(rules.DeclareKnock, p.Hand(), p.KnockLimit()) {
		return p.Observe(game.Event{Kind: game.PlayedOn, Seat: p.Seat()})
	}
	return nil
}

// samplingRequest asks for an analysis with a budget.
type samplingRequest struct {
	positionRequest
	Samples int    `json:"samples,omitempty"`
	Seed    uint64 `json:"seed,omitempty"`
	// TimeMS, when set, spends this many milliseconds instead.
	TimeMS int `json:"time_ms,omitempty"`
}

func (s *server) sampling(body []byte, defaultSamples int) (samplingRequest, game.Position, error) {
	var q samplingRequest
	if err := decode(body, &q); err != nil {
		return q, game.Position{}, err
	}
	p, err := s.check(&q, defaultSamples)
	return q, p, err
}

// check bounds a sampling request, fills its defaults and reads its
// position.
func (s *server) check(q *samplingRequest, defaultSamples int) (game.Position, error) {
	if q.Samples < 0 || q.Samples > s.opts.maxSamples() {
		return game.Position{}, badf("samples", "samples must be from 1 to %d", s.opts.maxSamples())
	}
	if q.TimeMS < 0 || time.Duration(q.TimeMS)*time.Millisecond > s.opts.workTime() {
		return game.Position{}, badf("time_ms", "time_ms must be from 0 to %d", s.opts.workTime().Milliseconds())
	}
	if q.Samples == 0 {
		q.Samples = defaultSamples
	}
	if q.Seed == 0 {
		q.Seed = 1
	}
	return q.parse()
}

func (s *server) advise(ctx context.Context, body []byte) (any, error) {
	var q struct {
		samplingRequest
		// Full, Particles and Replicas ask for the search a batch grade made
		// (advise --full --particles --replicas).
		Full      bool `json:"full,omitempty"`
		Particles int  `json:"particles,omitempty"`
		Replicas  int  `json:"replicas,omitempty"`
		// Player names the player whose decision it is, for the
		// sentence of why: a review's bot is not "you".
		Player string `json:"player,omitempty"`
	}
	if err := decode(body, &q); err != nil {
		return nil, err
	}
	if q.Particles < 0 || q.Particles > reading.MaxParticles {
		return nil, badf("particles", "particles must be from 0 to %d", reading.MaxParticles)
	}
	if q.Replicas < 0 || q.Replicas > analyze.MaxReplicas {
		return nil, badf("replicas", "replicas must be from 0 to %d", analyze.MaxReplicas)
	}
	if !playerName(q.Player) {
		return nil, badf("player", "player must be a name of at most %d bytes of printable text", maxPlayerName)
	}
	p, err := s.check(&q.samplingRequest, 256)
	if err != nil {
		return nil, err
	}
	search := analyze.Search{Full: q.Full, Particles: q.Particles, Replicas: q.Replicas}
	a, err := search.Advise(ctx, &p, analyze.Options{Samples: q.Samples, Time: time.Duration(q.TimeMS) * time.Millisecond,
		Seed: q.Seed, Workers: s.opts.Workers, DangerSamples: min(q.Samples, analyze.DefaultDangerSamples)})
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, bad("position", err)
	}
	a.Why.Subject = q.Player
	return a, nil
}

// maxPlayerName bounds a player's name in a request, in bytes.
const maxPlayerName = 64

// playerName says whether name is one a request may give: short, and
// printable text.
func playerName(name string) bool {
	if len(name) > maxPlayerName || !utf8.ValidString(name) {
		return false
	}
	for _, r := range name {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// sampled runs a sampling analysis of a request's position.
func (s *server) sampled(ctx context.Context, body []byte, defaultSamples int,
	run func(p *game.Position, e *probability.Estimate, samples int, seed uint64) (any, error)) (any, error) {
	q, p, err := s.sampling(body, defaultSamples)
	if err != nil {
		return nil, err
	}
	return analyse(ctx, &q, &p, run)
}

// analyse runs a sampling analysis of a checked request's position.
func analyse(ctx context.Context, q *samplingRequest, p *game.Position,
	run func(p *game.Position, e *probability.Estimate, samples int, seed uint64) (any, error)) (any, error) {
	e := probability.Infer(p)
	rep, err := run(p, &e, q.Samples, q.Seed)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if b := (*badRequest)(nil); errors.As(err, &b) {
			return nil, err // a field of the request named already
		}
		return nil, bad("position", err)
	}
	return rep, nil
}

func (s *server) outs(ctx context.Context, body []byte) (any, error) {
	return s.sampled(ctx, body, 2000, func(p *game.Position, e *probability.Estimate, n int, seed uint64) (any, error) {
		return probability.Outs(ctx, p, e, n, seed, s.opts.Workers)
	})
}

func (s *server) danger(ctx context.Context, body []byte) (any, error) {
	return s.sampled(ctx, body, 2000, func(p *game.Position, e *probability.Estimate, n int, seed uint64) (any, error) {
		return probability.Danger(ctx, p, e, n, seed, s.opts.Workers)
	})
}

// maxReviewDecisions bounds the decisions a review grades, quick or
// not, streamed or not; a log over it is refused before any is graded.
const maxReviewDecisions = 5000

// Review is a graded record: every decision as batch grades it, in order,
// and the summary batch prints.
type Review struct {
	Decisions []ReviewedDecision `json:"decisions"`
	Summary   batch.Summary      `json:"summary"`
}

// ReviewedDecision is a graded decision with its kind named.
type ReviewedDecision struct {
	*batch.Graded
	Kind string `json:"kind"`
}

// logRequest names a record to read: its text, a name for its messages,
// its format and the names of its seats.
type logRequest struct {
	Log     string `json:"log"`
	Name    string `json:"name,omitempty"`
	Format  string `json:"format,omitempty"`
	Players string `json:"players,omitempty"`
}

// source checks the request and returns the record as a source, with how
// to read it.
func (q *logRequest) source() (gamelog.Source, importer.Options, error) {
	var o importer.Options
	if q.Log == "" {
		return gamelog.Source{}, o, badf("log", "no log")
	}
	if q.Format != "" && q.Format != "auto" {
		f, err := importer.ParseFormat(q.Format)
		if err != nil {
			return gamelog.Source{}, o, bad("format", err)
		}
		o.Format = f
	}
	if q.Players != "" {
		p, err := importer.ParsePlayers(q.Players)
		if err != nil {
			return gamelog.Source{}, o, bad("players", err)
		}
		o.Players = p
	}
	name := q.Name
	if name == "" {
		name = "pasted"
	}
	text := q.Log
	return gamelog.Source{Name: name, Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(text)), nil }}, o, nil
}

// reviewRequest is a review's request: the record, and how to grade it.
type reviewRequest struct {
	logRequest
	Quick   bool   `json:"quick,omitempty"`
	Samples int    `json:"samples,omitempty"`
	Seed    uint64 `json:"seed,omitempty"`
}

// gradingRun is a review checked and sized, ready to grade.
type gradingRun struct {
	in   batch.Input
	opts batch.Options
	size batch.Size
}

// prepare checks a review's request and counts what it would grade, so
// that a log beyond the bound, or with no game, is refused before the
// work starts. The grading is batch's at its defaults unless the request
// sets samples or seed.
func (s *server) prepare(ctx context.Context, body []byte) (gradingRun, error) {
	var q reviewRequest
	if err := decode(body, &q); err != nil {
		return gradingRun{}, err
	}
	in, imp, err := q.source()
	if err != nil {
		return gradingRun{}, err
	}
	if q.Samples < 0 || q.Samples > s.opts.maxSamples() {
		return gradingRun{}, badf("samples", "samples must be from 1 to %d", s.opts.maxSamples())
	}
	if q.Seed == 0 {
		// As batch, advise and /api/advise default.
		q.Seed = 1
	}
	run := gradingRun{in: in, opts: batch.Options{Quick: q.Quick, Samples: q.Samples, Seed: q.Seed, Workers: s.opts.Workers, Import: imp}}
	run.size, err = batch.Count(ctx, []batch.Input{in}, run.opts)
	if err != nil {
		return gradingRun{}, err
	}
	if run.size.Decisions > maxReviewDecisions {
		return gradingRun{}, badf("log", "the log holds %d decisions, more than the %d a review grades; review it with ginadvisor batch", run.size.Decisions, maxReviewDecisions)
	}
	if run.size.Games == 0 {
		return gradingRun{}, s.noGame(ctx, &run)
	}
	return run, nil
}

// noGame says why a log holds no game to review: no game at all, or
// every game damaged, when the first problem says why, with its line.
func (s *server) noGame(ctx context.Context, run *gradingRun) error {
	o := run.opts
	o.Quick = true
	sum, err := batch.Run(ctx, []batch.Input{run.in}, o)
	if err != nil {
		return bad("log", err)
	}
	msg := "no game in the log"
	if len(sum.Errors) > 0 {
		p := sum.Errors[0]
		msg = p.Message
		if p.Line > 0 {
			msg = fmt.Sprintf("line %d: %s", p.Line, p.Message)
		}
	}
	return badf("log", "%s", msg)
}

// grade grades the run, passing each decision to each as it is graded.
func (run *gradingRun) grade(ctx context.Context, each func(*ReviewedDecision) error) (batch.Summary, error) {
	o := run.opts
	o.OnDecision = func(g *batch.Graded) error {
		return each(&ReviewedDecision{g, g.KindName()})
	}
	sum, err := batch.Run(ctx, []batch.Input{run.in}, o)
	if err != nil {
		if ctx.Err() != nil {
			return sum, ctx.Err()
		}
		var b *badRequest
		if errors.As(err, &b) {
			return sum, err
		}
		return sum, bad("log", err)
	}
	return sum, nil
}

func (s *server) review(ctx context.Context, body []byte) (any, error) {
	run, err := s.prepare(ctx, body)
	if err != nil {
		return nil, err
	}
	// A review with no graded decision (a seat whose cards the log hides)
	// still lists them, as an empty list, never null.
	r := Review{Decisions: make([]ReviewedDecision, 0, run.size.Decisions)}
	r.Summary, err = run.grade(ctx, func(d *ReviewedDecision) error {
		c := *d.Graded
		r.Decisions = append(r.Decisions, ReviewedDecision{&c, d.Kind})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// Inference is the opponent-hand chance of every card the seat has not
// seen, and of the cards it knows the opponent holds (1).
type Inference struct {
	Chances map[string]float64 `json:"chances"`
	// Hidden is how many of the opponent's cards the seat has not seen.
	Hidden int `json:"hidden"`
}

func (s *server) infer(_ context.Context, body []byte) (any, error) {
	p, err := decodePosition(body)
	if err != nil {
		return nil, err
	}
	e := probability.Infer(&p)
	inf := Inference{Chances: map[string]float64{}, Hidden: e.Unseen.Hidden}
	for c := range (e.Unseen.Cards | e.Unseen.Known).All() {
		inf.Chances[c.String()] = e.P[c]
	}
	return inf, nil
}

func (s *server) risk(ctx context.Context, body []byte) (any, error) {
	var q struct {
		samplingRequest
		Melds string `json:"melds,omitempty"`
	}
	if err := decode(body, &q); err != nil {
		return nil, err
	}
	p, err := s.check(&q.samplingRequest, 2000)
	if err != nil {
		return nil, err
	}
	var given *meld.Spread
	if q.Melds != "" {
		sp, err := meld.ParseMelds(q.Melds)
		if err != nil {
			return nil, bad("melds", err)
		}
		given = &sp
	}
	return analyse(ctx, &q.samplingRequest, &p, func(p *game.Position, e *probability.Estimate, n int, seed uint64) (any, error) {
		r, err := probability.UndercutRisk(ctx, p, e, given, n, seed, s.opts.Workers)
		if errors.Is(err, probability.ErrBadSpread) {
			// The melds asked for are at fault, not the position.
			return nil, bad("melds", err)
		}
		return r, err
	})
}

func (s *server) convert(ctx context.Context, body []byte) (any, error) {
	var q logRequest
	if err := decode(body, &q); err != nil {
		return nil, err
	}
	in, o, err := q.source()
	if err != nil {
		return nil, err
	}
	var games []*gamelog.Game
	var problems []string
	res, err := importer.Convert(ctx, []gamelog.Source{in}, o, func(g *gamelog.Game) error {
		games = append(games, g)
		return nil
	}, func(_ string, err error) { problems = append(problems, err.Error()) })
	if err != nil {
		return nil, err
	}
	if len(games) == 0 {
		msg := "no game in the log"
		if len(problems) > 0 {
			msg = problems[0]
		}
		return nil, badf("log", "%s", msg)
	}
	var b strings.Builder
	if err := gamelog.WriteLog(&b, games); err != nil {
		return nil, err
	}
	return struct {
		Log      string   `json:"log"`
		Games    int      `json:"games"`
		Skipped  int      `json:"skipped"`
		Problems []string `json:"problems"`
	}{b.String(), len(games), res.Skipped, problems}, nil
}
