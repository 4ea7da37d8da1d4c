package board

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// testReviewStreams: a review shows its decisions as they are graded,
// with a progress bar that counts towards the size said first, and a
// cancel that keeps what was graded; it asks for batch's defaults (no
// samples) and says so; an error afterwards replaces the tables of the
// review before it instead of sitting above them.
func testReviewStreams(t *testing.T, p *page) {
	p.navigate(t, p.url)
	log := string(firstGameOfSample(t))
	p.eval(t, fmt.Sprintf(`document.getElementById("log").value = %s; document.getElementById("quick").checked = false; document.getElementById("review").click()`, jsString(log)))
	p.waitFor(t, "decisions listed while the grading goes on",
		`document.querySelectorAll("#decisions li").length > 0 && !document.getElementById("review-progress").hidden && document.getElementById("review-progress").value > 0`)
	// In view, not merely in the page: the section, the list and the
	// chart are shown while the grading goes on.
	if seen := p.shown(t, "steps", "decisions", "chart"); seen != "true true true" {
		t.Errorf("while grading, the decisions' section, list and chart shown: %q", seen)
	}
	st := p.text(t, "review-status")
	var done, total int
	if _, err := fmt.Sscanf(st, "Grading: %d of %d decisions", &done, &total); err != nil || total < 50 || done >= total {
		t.Fatalf("while grading, the status says %q", st)
	}
	if max, _ := p.eval(t, `document.getElementById("review-progress").max`).(float64); int(max) != total {
		t.Errorf("the bar's end is %v; the status says %d decisions", max, total)
	}
	var sent map[string]any
	_ = json.Unmarshal([]byte(p.api.last("/api/review/stream")), &sent)
	if _, set := sent["samples"]; set || sent["log"] != log {
		t.Errorf("the review asked for %v, not batch's defaults", sent["samples"])
	}
	if *update {
		p.eval(t, `document.getElementById("review-progress").scrollIntoView({block: "center"})`)
		p.screenshot(t, filepath.Join("..", "docs", "board-review-streaming.png"))
	}
	p.click(t, "Cancel the review")
	p.waitFor(t, "the cancel", `document.getElementById("review-progress").hidden && document.getElementById("review-cancel").hidden`)
	st = p.text(t, "review-status")
	if !strings.HasPrefix(st, "Cancelled after ") || !strings.Contains(st, fmt.Sprintf(" of %d decisions", total)) {
		t.Errorf("after the cancel, the status says %q", st)
	}
	listed, _ := p.eval(t, `document.querySelectorAll("#decisions li").length + " " + review.length`).(string)
	if f := strings.Fields(listed); len(f) != 2 || f[0] != f[1] || f[0] == "0" {
		t.Errorf("after the cancel, listed and graded: %q", listed)
	}
	if seen := p.shown(t, "steps", "decisions", "chart"); seen != "true true true" {
		t.Errorf("after the cancel, the decisions' section, list and chart shown: %q", seen)
	}
	// What was graded can be stepped through.
	p.eval(t, `document.querySelector("#decisions li").click()`)
	p.waitFor(t, "the first decision on the table", `mode === "review" && shown === 0 && document.querySelectorAll("#hand .card").length >= 10`)

	// A whole review, quick, then a log that fails: the error stands
	// alone, with no table or list of the review before.
	p.eval(t, fmt.Sprintf(`document.getElementById("log").value = %s; document.getElementById("quick").checked = true; document.getElementById("review").click()`, jsString(log)))
	p.waitFor(t, "the quick review", `document.getElementById("review-status").textContent.includes("decisions graded")`)
	if hidden, _ := p.eval(t, `document.getElementById("players").hidden`).(bool); hidden {
		t.Fatal("the quick review shows no players' table")
	}
	p.eval(t, `document.getElementById("log").value = "ginadvisor-log 2\ngame 1 nonsense\n"; document.getElementById("review").click()`)
	p.waitFor(t, "the error", `document.getElementById("review-status").className === "error"`)
	left, _ := p.eval(t, `[document.getElementById("players").hidden, document.getElementById("luck").hidden, document.querySelectorAll("#decisions li").length, document.getElementById("chart").hasAttribute("hidden")].join(" ")`).(string)
	if left != "true true 0 true" {
		t.Errorf("after the error, players hidden, luck hidden, decisions, chart hidden: %q", left)
	}
	p.problems = nil // the failing log's 400 is meant
}
