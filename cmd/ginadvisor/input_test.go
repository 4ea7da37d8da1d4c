package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"unicode"

	"github.com/ginadvisor/ginadvisor/lines"
)

// randomBytes is binary data, the same on every run.
func randomBytes(n int) string {
	rng := rand.New(rand.NewPCG(30, 3))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return string(b)
}

// TestBinaryDataRefused gives binary data to every command that reads
// hands or positions, from a file, stdin or an argument: each refuses it
// as binary data in one line, with exit 3, instead of a bad line for each
// of its hundreds of lines.
func TestBinaryDataRefused(t *testing.T) {
	bin := randomBytes(100_000)
	file := filepath.Join(t.TempDir(), "random.bin")
	if err := os.WriteFile(file, []byte(bin), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, stdin string
		args        []string
	}{
		{"score FILE", "", []string{"score", file}},
		{"score stdin", bin, []string{"score"}},
		{"score --json stdin", bin, []string{"score", "--json", "-"}},
		{"outs stdin", bin, []string{"outs"}},
		{"danger stdin", bin, []string{"danger"}},
		{"risk stdin", bin, []string{"risk", "--samples", "10"}},
		{"advise stdin", bin, []string{"advise", "--samples", "10"}},
		{"position stdin", bin, []string{"position"}},
		{"a NUL after a good hand", "AS 2S 3S\nAS\x00", []string{"score"}},
		{"score HAND", "", []string{"score", "AS 2S \xff\xfe"}},
		{"knock --knocker", "", []string{"knock", "--knocker", "AS \xff", "--defender", "2C"}},
		{"layoff --hand", "", []string{"layoff", "--melds", "3C 3D 3S", "--hand", "4H\xc3"}},
		{"advise POSITION", "", []string{"advise", "p1 draw \xff"}},
	}
	for _, tt := range tests {
		code, _, errOut := runCLI(t, tt.stdin, tt.args...)
		lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
		if code != ExitBadInput || !strings.Contains(errOut, "binary data") || len(lines) > 2 || strings.ContainsFunc(errOut, func(r rune) bool { return r != '\n' && unicode.IsControl(r) }) {
			t.Errorf("%s: exit %d, %d lines on stderr: %.300q", tt.name, code, len(lines), errOut)
		}
	}
}

// sampleLog is the repository's sample log, as text.
func sampleLog(t *testing.T) string {
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "sample.log"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestUnsupportedLogVersion reads a log headed by a version this reader
// does not know: log check, convert and batch refuse it with its file and
// line, and read none of its games.
func TestUnsupportedLogVersion(t *testing.T) {
	text := strings.Replace(sampleLog(t), "ginadvisor-log 2", "ginadvisor-log 99", 1)
	path := filepath.Join(t.TempDir(), "v99.log")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"log", "check", path}, {"convert", path}, {"batch", "--quick", "--json", path}} {
		code, out, errOut := runCLI(t, "", args...)
		if all := out + errOut; code != ExitBadInput || !strings.Contains(all, "v99.log:1: unsupported log version") && !strings.Contains(all, `"line":1,"message":"unsupported log version`) ||
			strings.Contains(out, "\ngame ") || strings.Contains(all, "v99.log: ") {
			t.Errorf("%s: exit %d\n%s\n%.300s", args[0], code, errOut, out)
		}
		if args[0] == "log" && !strings.Contains(out, "0 games read") || args[0] == "batch" && !strings.Contains(out, `"games_read":0,`) {
			t.Errorf("%s read games of the log:\n%s", args[0], out)
		}
	}
}

// TestControlCharactersInALog puts a terminal's escape sequences in a tag
// and a player's name: log check and convert name the lines, and neither
// the terminal nor the converted log sees the characters.
func TestControlCharactersInALog(t *testing.T) {
	text := sampleLog(t)
	text = strings.Replace(text, `tag source "ginadvisor simulate"`, "tag \x1b]0;PWNED\x07 \"v\"", 1)
	text = strings.Replace(text, `player p1 "`, `player p1 "\x1b[2J`, 1)
	path := filepath.Join(t.TempDir(), "ctl.log")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"log", "check", path}, {"convert", path}, {"batch", "--quick", path}} {
		code, out, errOut := runCLI(t, "", args...)
		if all := out + errOut; code != ExitBadInput || !strings.Contains(all, "ctl.log:") || !strings.Contains(all, "control character U+001B") {
			t.Errorf("%v: exit %d\n%s", args, code, errOut)
		}
		if strings.ContainsFunc(out+errOut, func(r rune) bool { return r != '\n' && r != '\t' && unicode.IsControl(r) }) || strings.Contains(out, "PWNED") {
			t.Errorf("%v: a control character reached the output:\n%q\n%q", args, out, errOut)
		}
	}
}

// TestShardBounds runs a shard of more shares than anyone runs, and merges
// summaries that claim one: batch refuses the option, and merge refuses
// the summary in one short line, with exit 3, without allocating for the
// shards it claims.
func TestShardBounds(t *testing.T) {
	eaai := filepath.Join("..", "..", "testdata", "eaai", "heuristic-vs-simple-001.txt")
	if code, _, errOut := runCLI(t, "", "batch", "--quick", "--quiet", "--shard", "1/4000000000000000000", eaai); code != ExitUsage || !strings.Contains(errOut, "at most 100000") {
		t.Errorf("batch --shard 1/4e18: exit %d: %s", code, errOut)
	}
	code, summary, errOut := runCLI(t, "", "batch", "--quick", "--quiet", "--json", "--shard", "1/2", eaai)
	if code != ExitOK {
		t.Fatalf("batch: exit %d: %s", code, errOut)
	}
	dir := t.TempDir()
	for _, claim := range []string{"1/4000000000000000000", "1/9223372036854775807", "1/1000000", "1/100000"} {
		path := filepath.Join(dir, "part.json")
		if err := os.WriteFile(path, []byte(strings.Replace(summary, `"1/2"`, `"`+claim+`"`, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, errOut := runCLI(t, "", "merge", path)
		if code != ExitBadInput || strings.Count(errOut, "\n") != 1 || len(errOut) > 300 {
			t.Errorf("merge of a shard %s: exit %d, %d bytes: %.300s", claim, code, len(errOut), errOut)
		}
	}
}

// zeros is stdin as /dev/zero gives it: NUL bytes without end. It counts
// the bytes read from it.
type zeros struct{ read atomic.Int64 }

func (z *zeros) Read(p []byte) (int, error) {
	clear(p)
	z.read.Add(int64(len(p)))
	return len(p), nil
}

// TestEndlessBinaryStdinRefused gives every command that reads stdin an
// input that never ends, as `< /dev/zero` does: each refuses it as binary
// data within its first chunk, with exit 3, instead of reading for ever.
// The protocol engine, whose input may not stop it, ends its input once a
// line runs past lines.MaxSkip with no end.
func TestEndlessBinaryStdinRefused(t *testing.T) {
	tests := []struct {
		args     []string
		code     int
		want     string
		maxBytes int64
	}{
		{[]string{"score", "-"}, ExitBadInput, "stdin: line 1: binary data, not text", 1 << 20},
		{[]string{"score"}, ExitBadInput, "stdin: line 1: binary data, not text", 1 << 20},
		{[]string{"advise", "-"}, ExitBadInput, "stdin: line 1: binary data, not text", 1 << 20},
		{[]string{"outs"}, ExitBadInput, "stdin: line 1: binary data, not text", 1 << 20},
		{[]string{"danger"}, ExitBadInput, "stdin: line 1: binary data, not text", 1 << 20},
		{[]string{"risk"}, ExitBadInput, "stdin: line 1: binary data, not text", 1 << 20},
		{[]string{"position", "-"}, ExitBadInput, "stdin: line 1: binary data, not text", 1 << 20},
		{[]string{"play", "--seed", "1", "--hint-samples", "0"}, ExitBadInput, "stdin: line 1: binary data, not text", 1 << 20},
		{[]string{"batch", "--quick", "-"}, ExitBadInput, "binary data", 1 << 20},
		{[]string{"convert", "-"}, ExitBadInput, "binary data", 1 << 20},
		{[]string{"log", "check", "-"}, ExitBadInput, "binary data", 1 << 20},
		{[]string{"merge", "-"}, ExitBadInput, "binary data", 1 << 20},
		{[]string{"engine"}, ExitOK, "error reading the input: line 1: no end of line", lines.MaxSkip + 1<<20},
	}
	for _, tt := range tests {
		in := &zeros{}
		var out, errOut bytes.Buffer
		code := run(append([]string{"ginadvisor"}, tt.args...), in, &out, &errOut, noEnv)
		if code != tt.code || !strings.Contains(out.String()+errOut.String(), tt.want) {
			t.Errorf("%s: exit %d, %.300q, want exit %d and %q", strings.Join(tt.args, " "), code, out.String()+errOut.String(), tt.code, tt.want)
		}
		if n := in.read.Load(); n > tt.maxBytes {
			t.Errorf("%s: read %d bytes, want at most %d", strings.Join(tt.args, " "), n, tt.maxBytes)
		}
	}
}
