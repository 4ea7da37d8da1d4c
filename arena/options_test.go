package arena

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/longtest"
	"github.com/ginadvisor/ginadvisor/rules"
)

// TestOptionsContradictingTheMatchRefused: an engine's option that sets
// other rules than the match's (the rules option or a rule key, inline or
// from a configuration file) is refused before any game, naming the
// player and the option; one that agrees with the match is taken. Before,
// it was sent after the match's rules and won: the engine played eaai
// while the match and its log said standard.
func TestOptionsContradictingTheMatchRefused(t *testing.T) {
	conf := filepath.Join(t.TempDir(), "engines.json")
	if err := os.WriteFile(conf, []byte(`[{"name": "bot", "command": "./bot", "options": {"knock_limit": "5"}}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, p1, rules string
		maxDraws        int
		refused         string
	}{
		{"rules inline", "engine:./bot option.rules=eaai", "standard", 0,
			"option rules=eaai contradicts the match, which plays standard and sets the engine's rules itself: leave the option out, and give the rules to the match (--rules eaai)"},
		{"the match's own rules", "engine:./bot option.rules=eaai", "eaai", 0, ""},
		{"a rule key", "engine:./bot option.gin_bonus=30", "standard", 0, "option gin_bonus=30 contradicts the match, which plays standard and sets the engine's rules itself: leave the option out, and give the rules to the match (--rules standard,gin_bonus=30)"},
		{"a rule key the match has", "engine:./bot option.gin_bonus=25", "standard", 0, ""},
		{"a rule key that is no value", "engine:./bot option.gin_bonus=abc", "standard", 0, "option gin_bonus=abc contradicts the match"},
		{"rules that are none", "engine:./bot option.rules=nosuch", "standard", 0, "option rules=nosuch contradicts the match"},
		{"the draw limit --max-draws sets", "engine:./bot option.draw_limit=128", "standard", 40, "which plays standard,draw_limit=40"},
		{"a configuration file's", "conf:" + conf + ":bot", "standard", 0, "option knock_limit=5 contradicts the match"},
		{"another option", "engine:./bot option.samples=64", "standard", 0, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o, err := Config{P1: tt.p1, P2: "simple", Rules: tt.rules, Games: 2, Concurrency: 1, MaxDraws: tt.maxDraws}.Options()
			if err != nil {
				t.Fatal(err)
			}
			err = CheckOptions(o.Players[0], o.Rules)
			if tt.refused == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.refused) {
				t.Fatalf("%v, want %q", err, tt.refused)
			}
		})
	}
	// Play, given such a spec by a program that skipped Config, refuses it
	// too, before any game.
	s, _ := ParseSpec("engine:./bot option.rules=eaai")
	simple, _ := ParseSpec("simple")
	standard, _ := rules.Preset("standard")
	if _, err := Play(context.Background(), Options{Rules: standard, Games: 2, Players: [2]Spec{s, simple}}); err == nil || !strings.Contains(err.Error(), "'engine:./bot option.rules=eaai': option rules=eaai contradicts the match") {
		t.Errorf("Play: %v", err)
	}
}

// TestAgreeingRulesOptionSentOnce: an option that agrees with the match's
// rules is not sent after them, where it would override what the match
// set: the engine hears the rules once, and each setting is followed by
// isready, so that its error would be told apart.
// (The match is clockInfoMatches' first, TestInlineEngineOptions'.)
func TestAgreeingRulesOptionSentOnce(t *testing.T) {
	m := clockInfoMatches()[0]
	if m.err != nil {
		t.Fatal(m.err)
	}
	ex := m.exchange
	if n := strings.Count(ex, "> setoption name rules "); n != 1 || !strings.Contains(ex, "> setoption name rules value eaai\n> isready\n< readyok\n") {
		t.Errorf("the rules sent %d times, or without isready:\n%s", n, ex)
	}
}

// TestRefusedOptionStopsTheRun: an option the engine answers with an
// error line (samples it does not take) stops the run before any game,
// naming the engine, the option and the engine's answer; the options an
// engine does not declare leave the spec, so that the log's player tag
// names only the options in force. Before, the engine played on at its
// default samples while the tag said samples=abc.
func TestRefusedOptionStopsTheRun(t *testing.T) {
	eaai, _ := rules.Preset("eaai")
	for i, tt := range []struct{ option, answer string }{
		{"samples=abc", `error samples must be from 1 to 100000, not "abc"`},
		{"samples=100000000", "error samples must be from 1 to 100000"},
		{"seed=-1", "error seed must be a whole number"},
	} {
		t.Run(tt.option, func(t *testing.T) {
			a, err := ParseSpec(helper("normal") + " option." + tt.option)
			if err != nil {
				t.Fatal(err)
			}
			_, err = ResolveNames(context.Background(), []Spec{a}, eaai, 0)
			name, _, _ := strings.Cut(tt.option, "=")
			want := "engine helper-normal refuses the option " + tt.option + ": it answered: " + tt.answer
			if oe := (*OptionError)(nil); !errors.As(err, &oe) || oe.Name != name || !strings.Contains(err.Error(), want) {
				t.Fatalf("%v, want an OptionError with %q", err, want)
			}
			// Play, given the spec without ResolveNames, stops at the
			// first game with the same error, and counts no game: the
			// way is one for every refused option, taken by the first
			// by default, by each with -long.
			if i > 0 && !longtest.Enabled() {
				return
			}
			simple, _ := ParseSpec("simple")
			r, err := Play(context.Background(), Options{Rules: eaai, Games: 2, Seed: 5, Players: [2]Spec{a, simple}})
			if oe := (*OptionError)(nil); !errors.As(err, &oe) || r.Games != 0 {
				t.Fatalf("Play: %d games, %v, want an OptionError", r.Games, err)
			}
		})
	}
	a, err := ParseSpec(helper("normal") + " option.samples=8 option.nosuch=1")
	if err != nil {
		t.Fatal(err)
	}
	specs, err := ResolveNames(context.Background(), []Spec{a}, eaai, 0)
	if err != nil {
		t.Fatal(err)
	}
	g := &Game{Engines: [2]string{"helper-normal"}}
	if tag := g.specTag(0, specs[0]); !strings.HasSuffix(tag, " samples=8") || strings.Contains(tag, "nosuch") || len(specs[0].Skipped) != 1 || specs[0].Skipped[0] != "nosuch" {
		t.Errorf("player tag %q, skipped %q: want samples=8 alone in force, nosuch skipped", tag, specs[0].Skipped)
	}
}
