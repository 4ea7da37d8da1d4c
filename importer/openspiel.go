package importer

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// OpenSpiel's gin_rummy action ids.
const (
	osDrawUpcard = 52
	osDrawStock  = 53
	osPass       = 54
	osKnock      = 55
	osMeldBase   = 56
	osMelds      = 185
)

// osSuits is OpenSpiel's suit order; a card id is suit*13 + rank.
const osSuits = "scdh"

// osCard turns an OpenSpiel card id into a card.
func osCard(id int) (notation.Card, bool) {
	if id < 0 || id >= 52 {
		return 0, false
	}
	c, err := notation.ParseCard(string("A23456789TJQK"[id%13]) + string(osSuits[id/13]))
	return c, err == nil
}

// osMeld decodes an OpenSpiel meld id (0-184) into its cards: sets are
// 5*rank + the missing suit (4 for all four suits); runs of 3, 4 and 5
// cards follow at 65, 109 and 149, by suit then lowest rank.
func osMeld(id int) (notation.CardSet, bool) {
	var ids []int
	switch {
	case id < 0 || id >= osMelds:
		return 0, false
	case id < 65:
		r, m := id/5, id%5
		for s := 0; s < 4; s++ {
			if s != m {
				ids = append(ids, s*13+r)
			}
		}
	default:
		base, per, n := 65, 11, 3
		if id >= 149 {
			base, per, n = 149, 9, 5
		} else if id >= 109 {
			base, per, n = 109, 10, 4
		}
		s, r := (id-base)/per, (id-base)%per
		for k := 0; k < n; k++ {
			ids = append(ids, s*13+r+k)
		}
	}
	var set notation.CardSet
	for _, i := range ids {
		c, _ := osCard(i)
		set = set.With(c)
	}
	return set, true
}

// OpenSpielHistory is one hand as OpenSpiel records it: the game string
// with its parameters, and every action, chance actions included.
type OpenSpielHistory struct {
	Game    string    `json:"game"`
	Actions []int     `json:"actions"`
	Returns []float64 `json:"returns,omitempty"`
	Agents  []string  `json:"agents,omitempty"`
	// Line is the file line the history starts on; ActionLines, when set
	// (OpenSpiel's save format holds one action a line), the line of each
	// action.
	Line        int   `json:"-"`
	ActionLines []int `json:"-"`
}

// lineOf is the file line of action i.
func (h *OpenSpielHistory) lineOf(i int) int {
	if i >= 0 && i < len(h.ActionLines) {
		return h.ActionLines[i]
	}
	return h.Line
}

// OpenSpielRules returns the rules of an OpenSpiel game string such as
// "gin_rummy()" or "gin_rummy(knock_card=7,oklahoma=True)".
func OpenSpielRules(s string) (rules.Rules, error) {
	r := rules.Presets()["openspiel"]
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "gin_rummy(") || !strings.HasSuffix(s, ")") {
		return r, fmt.Errorf("%q is not an OpenSpiel gin_rummy game string", shorten(s))
	}
	inner := s[len("gin_rummy(") : len(s)-1]
	for _, kv := range strings.Split(inner, ",") {
		kv = strings.TrimSpace(kv)
		if kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return r, fmt.Errorf("game parameter %q has no value", kv)
		}
		n, nerr := strconv.Atoi(v)
		switch k {
		case "knock_card", "gin_bonus", "undercut_bonus":
			if nerr != nil || n < 0 || n > rules.MaxBonus {
				return r, fmt.Errorf("game parameter %s=%s is not a number in range", k, v)
			}
			switch k {
			case "knock_card":
				r.KnockLimit = n
			case "gin_bonus":
				r.GinBonus = n
			default:
				r.UndercutBonus = n
			}
		case "oklahoma":
			switch v {
			case "True", "true":
				r.Oklahoma = true
			case "False", "false":
			default:
				return r, fmt.Errorf("game parameter oklahoma=%s is not True or False", v)
			}
		case "hand_size", "num_ranks", "num_suits":
			want := map[string]int{"hand_size": 10, "num_ranks": 13, "num_suits": 4}[k]
			if n != want {
				return r, fmt.Errorf("game parameter %s=%s: only the standard %d is supported", k, v, want)
			}
		default:
			return r, fmt.Errorf("unknown game parameter %q", k)
		}
	}
	return r, nil
}

// osError is an error at one action of a history.
func osError(h *OpenSpielHistory, i int, format string, args ...any) *gamelog.Error {
	return &gamelog.Error{Line: h.lineOf(i), Msg: fmt.Sprintf("action %d (index %d): %s", h.Actions[i], i, fmt.Sprintf(format, args...))}
}

// ReadOpenSpiel reads OpenSpiel histories: JSON lines with at least "game"
// and "actions" (and, when present, "returns" to check and "agents" to
// name the seats), or OpenSpiel's own save format (SerializeGameAndState:
// [Meta], [Game] and [State] with one action a line), one or more.
func ReadOpenSpiel(r io.Reader, name string) ([]*gamelog.Game, []*gamelog.Error) {
	rd := &osReader{name: name}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	for sc.Scan() {
		rd.n++
		rd.line(strings.TrimSpace(sc.Text()))
	}
	rd.flush()
	if err := sc.Err(); err != nil {
		rd.errs = append(rd.errs, &gamelog.Error{File: name, Line: rd.n + 1, Msg: err.Error()})
	}
	return rd.games, rd.errs
}

// osReader reads a file of OpenSpiel histories line by line, converting
// each history as it ends.
type osReader struct {
	name  string
	games []*gamelog.Game
	errs  []*gamelog.Error
	n     int // the line being read

	saved   *OpenSpielHistory // a save-format history being read
	section string            // its section: meta, game or state
}

// fail records an error at the line being read.
func (rd *osReader) fail(msg string) {
	rd.errs = append(rd.errs, &gamelog.Error{File: rd.name, Line: rd.n, Msg: msg})
}

// add converts a whole history, numbering it among the file's histories.
func (rd *osReader) add(h *OpenSpielHistory) {
	g, e := ConvertOpenSpiel(h, len(rd.games)+len(rd.errs)+1)
	if e != nil {
		e.File = rd.name
		rd.errs = append(rd.errs, e)
		return
	}
	rd.games = append(rd.games, g)
}

// flush converts the save-format history being read, if any.
func (rd *osReader) flush() {
	if rd.saved != nil {
		rd.add(rd.saved)
		rd.saved = nil
	}
}

func (rd *osReader) line(text string) {
	switch {
	case text == "", strings.HasPrefix(text, "#"):
	case strings.HasPrefix(text, "{"):
		rd.flush()
		rd.jsonLine(text)
	case text == "[Meta]":
		rd.flush()
		rd.saved = &OpenSpielHistory{Line: rd.n}
		rd.section = "meta"
	case text == "[Game]" || text == "[State]":
		if rd.saved == nil {
			rd.fail(text + " before [Meta]")
			return
		}
		rd.section = strings.ToLower(strings.Trim(text, "[]"))
	default:
		rd.savedLine(text)
	}
}

// jsonLine reads a whole history written as one JSON object.
func (rd *osReader) jsonLine(text string) {
	var h OpenSpielHistory
	if err := json.Unmarshal([]byte(text), &h); err != nil {
		rd.fail("not a JSON history: " + err.Error())
		return
	}
	if h.Game == "" || h.Actions == nil {
		rd.fail(`a history needs "game" and "actions"`)
		return
	}
	h.Line = rd.n
	rd.add(&h)
}

// savedLine reads a line of a save-format section: the format's version,
// the game string, or one action.
func (rd *osReader) savedLine(text string) {
	if rd.saved == nil {
		rd.fail(fmt.Sprintf("not an OpenSpiel history line: %q", shorten(text)))
		return
	}
	switch rd.section {
	case "meta":
		if text != "Version: 1" {
			rd.fail(fmt.Sprintf("unknown save format %q", shorten(text)))
			rd.saved = nil
		}
	case "game":
		rd.saved.Game = text
	case "state":
		a, err := strconv.Atoi(text)
		if err != nil {
			rd.fail(fmt.Sprintf("%q is not an action", shorten(text)))
			rd.saved = nil
			return
		}
		rd.saved.Actions = append(rd.saved.Actions, a)
		rd.saved.ActionLines = append(rd.saved.ActionLines, rd.n)
	}
}
