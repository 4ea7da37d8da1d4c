package gamelog_test

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/game"
	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/internal/testgames"
	"github.com/ginadvisor/ginadvisor/notation"
	"github.com/ginadvisor/ginadvisor/rules"
)

// closeCounter counts the sources open at once.
type closeCounter struct {
	io.Reader
	open *int
}

func (c closeCounter) Close() error { *c.open--; return nil }

// TestCheckAllOneFileAtATime checks many sources, a damaged one among
// them: each is closed before the next is opened, and the counts add up.
func TestCheckAllOneFileAtATime(t *testing.T) {
	var b strings.Builder
	if err := gamelog.WriteLog(&b, testgames.Play(t, rules.Presets()["eaai"], 2, 8)); err != nil {
		t.Fatal(err)
	}
	good := b.String()
	bad := strings.Replace(good, "\nend\n", "\nhand 9 dealer p3\n", 1)
	open, most := 0, 0
	var sources []gamelog.Source
	for i, text := range []string{good, bad, good} {
		text := text
		sources = append(sources, gamelog.Source{Name: []string{"a", "b", "c"}[i], Open: func() (io.ReadCloser, error) {
			open++
			most = max(most, open)
			return closeCounter{strings.NewReader(text), &open}, nil
		}})
	}
	rep, err := gamelog.CheckAll(context.Background(), sources)
	if err != nil {
		t.Fatal(err)
	}
	if most != 1 || open != 0 {
		t.Fatalf("%d sources open at once, %d left open", most, open)
	}
	if rep.Files != 3 || rep.GamesRead+rep.GamesSkipped < 5 || rep.GamesSkipped < 1 || len(rep.Errors) == 0 || rep.Errors[0].File != "b" {
		t.Fatalf("%+v", rep)
	}
}

// TestLogErrorsKeepTheirCause reads logs damaged in two ways: the error
// names its line, is a log error, and keeps its cause for errors.Is.
func TestLogErrorsKeepTheirCause(t *testing.T) {
	var b strings.Builder
	if err := gamelog.WriteLog(&b, testgames.Play(t, rules.Presets()["eaai"], 1, 8)); err != nil {
		t.Fatal(err)
	}
	good := b.String()
	// A card that does not parse, and a discard of a card not held.
	lines := strings.Split(good, "\n")
	var badCard, illegal string
	for i, l := range lines {
		if strings.HasPrefix(l, "p1 discard ") && badCard == "" {
			c := append([]string{}, lines...)
			c[i] = "p1 discard ZS"
			badCard = strings.Join(c, "\n")
		}
		if strings.HasPrefix(l, "p2 discard ") && illegal == "" {
			c := append([]string{}, lines...)
			held := strings.TrimPrefix(l, "p2 discard ")
			for _, card := range []string{"AC", "AD", "AH", "AS", "2C", "2D"} {
				if card != held && !strings.Contains(strings.Join(lines[:i], "\n"), "p2 discard "+card) {
					c[i] = "p2 discard " + card
					break
				}
			}
			illegal = strings.Join(c, "\n")
		}
	}
	for _, tt := range []struct {
		name, log string
		cause     error
	}{
		{"bad card", badCard, notation.ErrUnknownRank},
		{"illegal move", illegal, game.ErrIllegal},
	} {
		_, err := gamelog.NewReader(strings.NewReader(tt.log), "x.log").Next()
		if err == nil {
			t.Fatalf("%s: no error", tt.name)
		}
		var le *gamelog.Error
		if !errors.As(err, &le) || le.Line == 0 || !errors.Is(err, gamelog.ErrLog) || !errors.Is(err, tt.cause) {
			t.Errorf("%s: %v does not keep its cause %v", tt.name, err, tt.cause)
		}
	}
}

// TestCheckAllFailsWhatHoldsNoGame: an empty source, binary data and no
// source at all are failures, not "0 games read" successes.
func TestCheckAllFailsWhatHoldsNoGame(t *testing.T) {
	src := func(name, text string) gamelog.Source {
		return gamelog.Source{Name: name, Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(text)), nil }}
	}
	for _, tt := range []struct {
		name    string
		sources []gamelog.Source
		want    string
	}{
		{"empty", []gamelog.Source{src("empty.log", "")}, "no game"},
		{"binary", []gamelog.Source{src("bin.log", "\x7fELF\x02\x01\x01\x00\x00\x00")}, "binary data"},
		{"not UTF-8", []gamelog.Source{src("latin1.log", "game 1 seed 1 first-dealer p1\nrules standard\n# caf\xe9\n")}, "binary data"},
		{"nothing", nil, "no log"},
	} {
		rep, err := gamelog.CheckAll(context.Background(), tt.sources)
		if err != nil || !rep.Failed || len(rep.Errors) != 1 || !strings.Contains(rep.Errors[0].Message, tt.want) {
			t.Errorf("%s: %+v, %v", tt.name, rep, err)
		}
	}
}

// TestCheckSkipsBOM: a log saved by an editor that writes a byte-order
// mark checks as the same log without it, as the importers and batch read it.
func TestCheckSkipsBOM(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "sample.log"))
	if err != nil {
		t.Fatal(err)
	}
	text := "\uFEFF" + string(data)
	rep, err := gamelog.CheckAll(context.Background(), []gamelog.Source{{Name: "bom.log", Open: func() (io.ReadCloser, error) {
		return io.NopCloser(strings.NewReader(text)), nil
	}}})
	if err != nil || rep.Failed || rep.GamesRead != 2 {
		t.Fatalf("%+v, %v", rep, err)
	}
}

// TestCheckTextNotALog: a file of text that is no log fails with its
// header's problem and no game read or skipped, as batch counts it (it
// counted the junk as a game read and skipped); junk before a good game
// is a problem, but not a game.
func TestCheckTextNotALog(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "sample.log"))
	if err != nil {
		t.Fatal(err)
	}
	_, games, _ := strings.Cut(string(data), "\n") // the header left out
	for _, tt := range []struct {
		text        string
		read, skips int
	}{
		{"hello world\n", 0, 0},
		{"hello world\n" + games, 2, 0},
	} {
		text := tt.text
		rep, err := gamelog.CheckAll(context.Background(), []gamelog.Source{{Name: "junk.txt", Open: func() (io.ReadCloser, error) {
			return io.NopCloser(strings.NewReader(text)), nil
		}}})
		if err != nil || rep.GamesRead != tt.read || rep.GamesSkipped != tt.skips || len(rep.Errors) == 0 || !strings.Contains(rep.Errors[0].Message, "expected the header") {
			t.Errorf("%.20q: %+v, %v; want %d read, %d skipped and the header's problem", text, rep, err, tt.read, tt.skips)
		}
	}
}
