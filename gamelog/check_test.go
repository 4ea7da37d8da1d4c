package gamelog_test

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/internal/testgames"
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
