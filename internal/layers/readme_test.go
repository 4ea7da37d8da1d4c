package layers

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestReadmeDrawsTheOrder checks the README's layout table against Order:
// the same packages, top first, so that the drawing is the code's.
func TestReadmeDrawsTheOrder(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, layout, ok := strings.Cut(string(data), "## Layout")
	if !ok {
		t.Fatal("the README has no Layout section")
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z/]+)/` \\|")
	var drawn []string
	for _, m := range row.FindAllStringSubmatch(layout, -1) {
		if m[1] != "internal" && m[1] != Lab && m[1] != "testdata" {
			drawn = append(drawn, m[1])
		}
	}
	if !slices.Equal(drawn, Order()) {
		t.Errorf("the README's layout table lists\n%v\nthe layer order is\n%v", drawn, Order())
	}
}
