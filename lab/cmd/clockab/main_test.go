//go:build lab

package main

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestRunRefusesBadFlags: an odd or empty count of games and negative
// times are refused before any game is played.
func TestRunRefusesBadFlags(t *testing.T) {
	tests := []struct {
		games       int
		move, total time.Duration
		samples     int
		want        string
	}{
		{0, 0, 0, 0, "-games 0"},
		{3, 0, 0, 0, "-games 3"},
		{2, -time.Millisecond, 0, 0, "negative"},
		{2, 0, -time.Second, 0, "negative"},
		{2, 0, 0, -1, "negative"},
	}
	for _, tt := range tests {
		err := run(context.Background(), tt.games, 1, tt.move, tt.total, tt.samples)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("games %d, move %v, game %v, samples %d: %v, want an error with %q", tt.games, tt.move, tt.total, tt.samples, err, tt.want)
		}
	}
}
