package main

import (
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// The links of the README and docs/*.md: every relative link names a file
// of the repository, and every #anchor a heading of the page it points
// to, as GitHub renders them.

// headingAnchor returns the anchor GitHub gives a heading: its text in
// lower case, every character that is not a letter, a digit, a space, a
// hyphen or an underscore removed, and each space made a hyphen.
func headingAnchor(heading string) string {
	heading = markdownLink.ReplaceAllString(heading, "$1")
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// markdownLink is an inline link: its text, its target and an optional
// title.
var markdownLink = regexp.MustCompile(`\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)

// codeSpan is inline code, in which brackets are no link.
var codeSpan = regexp.MustCompile("`[^`]*`")

// proseLines returns a document's lines outside fenced code blocks, by
// their number from 1; the lines inside a block are left empty.
func proseLines(text string) []string {
	lines := strings.Split(text, "\n")
	out := make([]string, len(lines))
	inBlock := false
	for i, l := range lines {
		if strings.HasPrefix(l, "```") {
			inBlock = !inBlock
			continue
		}
		if !inBlock {
			out[i] = l
		}
	}
	return out
}

// docAnchors returns the anchors of a document's headings. A heading
// repeated gets -1, -2 and so on after its first, as on GitHub.
func docAnchors(text string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	for _, l := range proseLines(text) {
		hashes := len(l) - len(strings.TrimLeft(l, "#"))
		if hashes == 0 || hashes > 6 || !strings.HasPrefix(l[hashes:], " ") {
			continue
		}
		a := headingAnchor(strings.TrimSpace(strings.TrimRight(strings.TrimSpace(l[hashes:]), "#")))
		if n := seen[a]; n > 0 {
			anchors[fmt.Sprintf("%s-%d", a, n)] = true
		} else {
			anchors[a] = true
		}
		seen[a]++
	}
	return anchors
}

// brokenLinks returns, for documents by their path from the repository's
// root, each relative link whose file is not there (by exists, for a file
// that is not one of the documents) or whose anchor names no heading of
// its page, as "page:line: target: why".
func brokenLinks(docs map[string]string, exists func(string) bool) []string {
	anchors := map[string]map[string]bool{}
	for name, text := range docs {
		anchors[name] = docAnchors(text)
	}
	var broken []string
	for _, name := range slices.Sorted(maps.Keys(docs)) {
		for i, l := range proseLines(docs[name]) {
			for _, m := range markdownLink.FindAllStringSubmatch(codeSpan.ReplaceAllString(l, ""), -1) {
				target := m[2]
				if scheme.MatchString(target) {
					continue
				}
				if why := linkProblem(name, target, anchors, exists); why != "" {
					broken = append(broken, fmt.Sprintf("%s:%d: %s: %s", name, i+1, target, why))
				}
			}
		}
	}
	return broken
}

// scheme starts a link that leaves the repository (https:, mailto:).
var scheme = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)

// linkProblem says what is wrong with one relative link of page, or "".
func linkProblem(page, target string, anchors map[string]map[string]bool, exists func(string) bool) string {
	file, anchor, hasAnchor := strings.Cut(target, "#")
	dest := page
	if file != "" {
		dest = path.Clean(path.Join(path.Dir(page), file))
	}
	pageAnchors, isDoc := anchors[dest]
	switch {
	case !isDoc && !exists(dest):
		return "no such file"
	case !hasAnchor:
		return ""
	case !isDoc:
		return "an anchor into a file that is not one of the documents"
	case !pageAnchors[anchor]:
		return fmt.Sprintf("no heading of %s has the anchor #%s", dest, anchor)
	}
	return ""
}

func TestHeadingAnchor(t *testing.T) {
	for _, c := range []struct{ heading, want string }{
		{"How the advisor decides", "how-the-advisor-decides"},
		{"`ginadvisor advise [POSITION | -]`", "ginadvisor-advise-position---"},
		{"Where the advisor loses: `lab/cmd/losses`", "where-the-advisor-loses-labcmdlosses"},
		{"The reading of the opponent's style", "the-reading-of-the-opponents-style"},
		{"A margin of 1.5 standard errors", "a-margin-of-15-standard-errors"},
		{"snake_case and a-hyphen", "snake_case-and-a-hyphen"},
		{"A [link](other.md) in a heading", "a-link-in-a-heading"},
	} {
		if got := headingAnchor(c.heading); got != c.want {
			t.Errorf("headingAnchor(%q) = %q, want %q", c.heading, got, c.want)
		}
	}
}

func TestBrokenLinksFound(t *testing.T) {
	docs := map[string]string{
		"README.md": "# Top\n\n[guide](docs/guide.md#how-it-works) [self](#top) [gone](docs/gone.md)\n" +
			"[file](go.mod) [no file](nothing.txt) [web](https://example.com/x#y) `[code](docs/none.md)`\n",
		"docs/guide.md": "# Guide\n\n## How it works\n\n## Steps\n\n## Steps\n\n" +
			"[twice](#steps-1) [thrice](#steps-2) [up](../README.md#top) [wrong](../README.md#bottom)\n" +
			"[into a file](../go.mod#x)\n\n```sh\n# Not a heading\n[in a block](missing.md)\n```\n[block](#not-a-heading)\n",
	}
	exists := func(p string) bool { return p == "go.mod" }
	want := []string{
		"README.md:3: docs/gone.md: no such file",
		"README.md:4: nothing.txt: no such file",
		"docs/guide.md:9: #steps-2: no heading of docs/guide.md has the anchor #steps-2",
		"docs/guide.md:9: ../README.md#bottom: no heading of README.md has the anchor #bottom",
		"docs/guide.md:10: ../go.mod#x: an anchor into a file that is not one of the documents",
		"docs/guide.md:16: #not-a-heading: no heading of docs/guide.md has the anchor #not-a-heading",
	}
	if got := brokenLinks(docs, exists); !slices.Equal(got, want) {
		t.Errorf("brokenLinks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestDocLinksResolve checks every relative link of the README and
// docs/*.md: its file is in the repository, and its anchor is a heading
// of its page.
func TestDocLinksResolve(t *testing.T) {
	docs, err := documents()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join("..", "..")
	exists := func(p string) bool {
		_, err := os.Stat(filepath.Join(root, filepath.FromSlash(p)))
		return err == nil
	}
	// The check reads what the documents hold: anchors are there to check.
	links := 0
	for _, text := range docs {
		for _, l := range proseLines(text) {
			for _, m := range markdownLink.FindAllStringSubmatch(codeSpan.ReplaceAllString(l, ""), -1) {
				if strings.Contains(m[2], "#") && !scheme.MatchString(m[2]) {
					links++
				}
			}
		}
	}
	if links < 20 {
		t.Errorf("found only %d links with an anchor", links)
	}
	for _, b := range brokenLinks(docs, exists) {
		t.Error(b)
	}
}
