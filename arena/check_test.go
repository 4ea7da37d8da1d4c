package arena_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/enginecheck"
	"github.com/ginadvisor/ginadvisor/internal/longtest"
)

// TestCheckEngineOnHelper runs the compliance check on the arena's helper
// engine (TestHelperEngine, in this test binary): as itself it passes
// every situation (by default those after a move: -long runs them all);
// misbehaving at its fifth go, it fails the whole games, and the failure
// names what it did: by default late and malformed (the check's verdict
// is the forfeit's, whatever its reason), and with -long in each way the
// arena's TestForfeits plays every run.
func TestCheckEngineOnHelper(t *testing.T) {
	// Mostly waiting on engine processes: run beside the others.
	t.Parallel()
	if testing.Short() {
		t.Skip("starts the helper some hundred times")
	}
	tests := []struct {
		mode string
		want string // in a failed situation's reason
		long bool   // only with -long: another way to the same reason
	}{
		{"normal", "", false},
		{"slow", "no answer in time", false},
		{"silent", "no answer in time", true},
		{"illegal", "malformed", false},
		{"garbage", "malformed", true},
		{"crash", "ended", true},
	}
	for _, tt := range tests {
		if tt.long && !longtest.Enabled() {
			continue
		}
		t.Run(tt.mode, func(t *testing.T) {
			// Each mostly waits on its engine processes (slow and silent
			// on the move limit): side by side.
			t.Parallel()
			cmd := `"` + os.Args[0] + `" -test.run=^TestHelperEngine$ -- ` + tt.mode
			o := enginecheck.Options{Command: cmd, Move: time.Second, Set: map[string]string{"samples": "8"}}
			if tt.want == "" && !longtest.Enabled() {
				// By default the helper as itself answers the decisions
				// after a move ("after" names seven situations), a
				// process each; -long checks every situation, the whole
				// games too (which cost more than all the rest).
				o.Only = "after"
			}
			if tt.want != "" {
				// The helper misbehaves at its fifth go, which only the
				// whole games reach: the other situations, run as itself,
				// would pass again.
				o.Only = "whole games"
				// A short move limit: a slow or silent helper fails either
				// way, and the test waits less for it.
				o.Move = 300 * time.Millisecond
			}
			rep, err := enginecheck.Run(context.Background(), o)
			if err != nil {
				t.Fatal(err)
			}
			var failed []string
			for _, r := range rep.Results {
				if !r.Passed {
					failed = append(failed, r.Name+": "+r.Reason)
				}
			}
			if tt.want == "" {
				if len(failed) > 0 {
					t.Fatalf("the helper failed:\n%s", strings.Join(failed, "\n"))
				}
				return
			}
			if rep.Passed() || !strings.Contains(strings.Join(failed, "\n"), tt.want) {
				t.Fatalf("want a failure about %q; failed:\n%s", tt.want, strings.Join(failed, "\n"))
			}
			t.Logf("failed: %s", strings.Join(failed, "; "))
		})
	}
}
