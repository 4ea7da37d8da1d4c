package main

import (
	"io"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/internal/cliargs"
)

func TestReorderArgs(t *testing.T) {
	t.Parallel()
	app := newApp(strings.NewReader(""), io.Discard, io.Discard, func(string) string { return "" })
	tests := []struct{ in, want string }{
		{"ginadvisor score As 2s --json", "ginadvisor score --json As 2s"},
		{"ginadvisor --json score As", "ginadvisor --json score As"},
		{"ginadvisor advise POS --samples 30 --time 1s", "ginadvisor advise --samples 30 --time 1s POS"},
		{"ginadvisor advise --samples=30 POS", "ginadvisor advise --samples=30 POS"},
		{"ginadvisor log check a.log --json", "ginadvisor log check --json a.log"},
		{"ginadvisor score As -- --json", "ginadvisor score As -- --json"},
		{"ginadvisor score As 2s --help", "ginadvisor score --help"},
		{"ginadvisor score - --json", "ginadvisor score --json -"},
		{"ginadvisor nosuch x --json", "ginadvisor nosuch x --json"},
		{"ginadvisor score --generate-bash-completion", "ginadvisor score --generate-bash-completion"},
		{"ginadvisor", "ginadvisor"},
	}
	for _, tt := range tests {
		got := strings.Join(cliargs.Reorder(app, strings.Fields(tt.in)), " ")
		if got != tt.want {
			t.Errorf("%s: %s, want %s", tt.in, got, tt.want)
		}
	}
}
