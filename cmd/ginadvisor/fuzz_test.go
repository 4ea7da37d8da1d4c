package main

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzKnockCommand runs `knock` and `layoff` on arbitrary hands and melds.
// Whatever the input, the command must finish with success, bad input or
// an illegal play, never a crash or an unexpected failure.
func FuzzKnockCommand(f *testing.F) {
	f.Add("2H 3H 4H AC 7S 8S 9S JC QC KC", "5H 6H AD 8C 8D 8H TD JD QD KD", "2H 3H 4H | 7S 8S 9S | JC QC KC", "modern")
	f.Add("7C 7D 7H 7S 3S 4S 5S 9H TH JH QH", "KC KD 2C 3D 4H 6S 8S 9S AC AD", "7C 7D 7H 7S | 3S 4S 5S | 9H TH JH QH", "standard")
	f.Add("s:A23456789T", "h:A23456789T", "", "oklahoma")
	f.Fuzz(func(t *testing.T, knocker, defender, melds, preset string) {
		if strings.ContainsAny(preset, "\x00") {
			return
		}
		args := []string{"ginadvisor", "knock", "--knocker", knocker, "--defender", defender, "--rules", preset, "--json"}
		if melds != "" {
			args = append(args, "--melds", melds)
		}
		var out, errOut bytes.Buffer
		code := run(args, strings.NewReader(""), &out, &errOut, noEnv)
		if code != ExitOK && code != ExitBadInput && code != ExitIllegal && code != ExitUsage {
			t.Fatalf("knock %q: exit %d: %s", args, code, errOut.String())
		}
		if code == ExitOK && !strings.HasPrefix(out.String(), "{") {
			t.Fatalf("knock %q: no JSON: %s", args, out.String())
		}
		if melds == "" {
			return
		}
		out.Reset()
		errOut.Reset()
		code = run([]string{"ginadvisor", "layoff", "--melds", melds, "--hand", defender}, strings.NewReader(""), &out, &errOut, noEnv)
		if code != ExitOK && code != ExitBadInput {
			t.Fatalf("layoff %q %q: exit %d: %s", melds, defender, code, errOut.String())
		}
	})
}
