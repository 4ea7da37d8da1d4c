package main

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"
)

// helpTexts are every text the app's help shows: each command's usage,
// arguments, description and flags' usages, by the command's path.
func helpTexts() map[string]string {
	app := newApp(strings.NewReader(""), io.Discard, io.Discard, noEnv)
	out := map[string]string{"ginadvisor": app.Usage + "\n" + app.Description}
	var walk func(prefix string, cmds []*cli.Command)
	walk = func(prefix string, cmds []*cli.Command) {
		for _, c := range cmds {
			name := strings.TrimSpace(prefix + " " + c.Name)
			texts := []string{c.Usage, c.ArgsUsage, c.Description}
			for _, f := range c.Flags {
				if u, ok := f.(cli.DocGenerationFlag); ok {
					texts = append(texts, u.GetUsage())
				}
			}
			out[name] = strings.Join(texts, "\n")
			walk(name, c.Subcommands)
		}
	}
	walk("", app.Commands)
	return out
}

// british matches the British spellings ginadvisor's prose once had; its
// JSON (games_analyzed) is American, and so is every text beside it.
var british = regexp.MustCompile(`(?i)\b(analys(e|ed|ing)|summaris\w*|colours?|favour\w*|behaviour\w*|honour\w*|centred|modelled|labelled)\b`)

// TestAmericanSpelling: the help and the documentation spell as the JSON
// does.
func TestAmericanSpelling(t *testing.T) {
	texts := helpTexts()
	docs, _ := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	for _, path := range append(docs, filepath.Join("..", "..", "README.md"), filepath.Join("..", "..", "contrib", "eaai", "README.md")) {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		texts[path] = string(b)
	}
	for name, text := range texts {
		for _, line := range strings.Split(text, "\n") {
			// A key named to show it is refused, and the EAAI framework's
			// own words, are quoted as they are.
			if w := british.FindString(line); w != "" && !strings.Contains(line, "colour=red") && !strings.Contains(line, "cancelled-hand") {
				t.Errorf("%s: %q in %q", name, w, strings.TrimSpace(line))
			}
		}
	}
}

// squeezedAlternatives matches alternatives written without spaces around
// the bar, such as "[HAND|-]" or "bash|zsh".
var squeezedAlternatives = regexp.MustCompile(`[\w\].-]\|[\w\[-]`)

// TestAlternativesSpaced: every help text that lists alternatives writes
// them as "a | b", as the usage lines do ("[POSITION | -]").
func TestAlternativesSpaced(t *testing.T) {
	spaced := 0
	for name, text := range helpTexts() {
		if m := squeezedAlternatives.FindString(text); m != "" {
			t.Errorf("%s: %q in %q", name, m, text)
		}
		spaced += strings.Count(text, " | ")
	}
	if spaced < 8 {
		t.Errorf("only %d alternatives found", spaced)
	}
}
