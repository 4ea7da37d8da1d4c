package enginecheck

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/ginadvisor/ginadvisor/arena"
	"github.com/ginadvisor/ginadvisor/notation"
)

// conn is one situation's talk with the engine.
type conn struct {
	p   *arena.Process
	o   Options
	ctx context.Context
}

// The ways an engine fails a situation; each failure wraps one.
var (
	// ErrRefused means the engine answered a correct line with an error.
	ErrRefused = errors.New("the engine refused a correct line")
	// ErrAnswer means an answer was not the one the protocol asks for.
	ErrAnswer = errors.New("a wrong answer")
	// ErrIllegal means a move the rules do not allow.
	ErrIllegal = errors.New("an illegal move")
	// ErrLate means an answer did not come in time.
	ErrLate = errors.New("no answer in time")
	// ErrAfterQuit means the engine wrote or lived on after quit.
	ErrAfterQuit = errors.New("not ended by quit")
)

func (c *conn) send(lines ...string) error {
	for _, l := range lines {
		if err := c.p.Send(l); err != nil {
			return err
		}
	}
	return nil
}

// sync sends isready and waits, within the grace, for readyok: any error
// line before it refuses what was sent.
func (c *conn) sync() error {
	if err := c.send("isready"); err != nil {
		return err
	}
	deadline := time.Now().Add(c.o.Grace)
	for {
		line, err := c.p.Receive(c.ctx, time.Until(deadline))
		if err != nil {
			return fmt.Errorf("%w: readyok: %v", ErrLate, err)
		}
		switch {
		case line == "readyok":
			return nil
		case strings.HasPrefix(line, "error"):
			return fmt.Errorf("%w: %q", ErrRefused, notation.Clip(line, 120))
		}
	}
}

// ask sends a go line and returns the move of its bestmove, read within
// wait; info lines are skipped, anything else fails.
func (c *conn) ask(goLine string, wait time.Duration) (string, error) {
	if err := c.send(goLine); err != nil {
		return "", err
	}
	return c.answer(wait)
}

// answer reads the answer to a go already sent.
func (c *conn) answer(wait time.Duration) (string, error) {
	deadline := time.Now().Add(wait)
	for {
		line, err := c.p.Receive(c.ctx, time.Until(deadline))
		if err != nil {
			if errors.Is(err, arena.ErrTimeout) {
				return "", fmt.Errorf("%w: no bestmove within %v", ErrLate, wait)
			}
			return "", err
		}
		if move, ok := strings.CutPrefix(line, "bestmove "); ok {
			return strings.TrimSpace(move), nil
		}
		if line != "readyok" && line != "info" && !strings.HasPrefix(line, "info ") {
			return "", fmt.Errorf("%w: %q while a go runs", ErrAnswer, notation.Clip(line, 120))
		}
	}
}

// ended waits, within the grace, for the engine to end after quit: any
// line it writes first fails, but for one bestmove (and its info lines)
// when lateAnswer allows a go that may have ended before quit was read.
func (c *conn) ended(lateAnswer bool) error {
	for {
		line, err := c.p.Receive(c.ctx, c.o.Grace)
		switch {
		case errors.Is(err, arena.ErrDied):
			return nil
		case err != nil:
			return fmt.Errorf("%w: still running %v after quit", ErrAfterQuit, c.o.Grace)
		case lateAnswer && strings.HasPrefix(line, "info"):
			continue
		case lateAnswer && strings.HasPrefix(line, "bestmove "):
			lateAnswer = false
			continue
		}
		return fmt.Errorf("%w: %q after quit", ErrAfterQuit, notation.Clip(line, 120))
	}
}

// option is one option line of the handshake.
type option struct {
	name, kind, def string
	min, max        int64
	vars            []string
}

// options reads the handshake's option lines.
func options(handshake []string) ([]option, error) {
	var out []option
	for _, l := range handshake {
		rest, ok := strings.CutPrefix(l, "option ")
		if !ok {
			continue
		}
		o, err := parseOption(rest)
		if err != nil {
			return nil, fmt.Errorf("%w: %q: %v", ErrAnswer, notation.Clip(l, 120), err)
		}
		out = append(out, o)
	}
	return out, nil
}

// parseOption reads "name N type T [default D] [min A] [max B] [var V]…".
func parseOption(s string) (option, error) {
	f := strings.Fields(s)
	var o option
	hasMin, hasMax := false, false
	for i := 0; i+1 < len(f); i += 2 {
		v := f[i+1]
		switch f[i] {
		case "name":
			o.name = v
		case "type":
			o.kind = v
		case "default":
			o.def = v
		case "var":
			o.vars = append(o.vars, v)
		case "min", "max":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				// A max past int64 (the seed's) is taken as the largest.
				u, uerr := strconv.ParseUint(v, 10, 64)
				if uerr != nil {
					return o, fmt.Errorf("%s %q is no number", f[i], v)
				}
				n = int64(min(u, 1<<63-1))
			}
			if f[i] == "min" {
				o.min, hasMin = n, true
			} else {
				o.max, hasMax = n, true
			}
		default:
			return o, fmt.Errorf("unknown field %q", f[i])
		}
	}
	switch {
	case o.name == "":
		return o, errors.New("no name")
	case o.kind != "spin" && o.kind != "check" && o.kind != "combo" && o.kind != "string" && o.kind != "button":
		return o, fmt.Errorf("type %q is none of spin, check, combo, string, button", o.kind)
	case o.kind == "spin" && (!hasMin || !hasMax || o.min > o.max):
		return o, errors.New("a spin needs min <= max")
	case o.kind == "combo" && len(o.vars) == 0:
		return o, errors.New("a combo needs its vars")
	}
	if o.kind == "spin" && o.def != "" {
		if n, err := strconv.ParseInt(o.def, 10, 64); err != nil || n < o.min || n > o.max {
			return o, fmt.Errorf("default %q is not from %d to %d", o.def, o.min, o.max)
		}
	}
	return o, nil
}

// find returns the option called name.
func find(opts []option, name string) (option, bool) {
	for _, o := range opts {
		if o.name == name {
			return o, true
		}
	}
	return option{}, false
}
