//go:build lab

package fitfile

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ginadvisor/ginadvisor/gamelog"
)

func TestHoldout(t *testing.T) {
	train, test := Holdout([]int{0, 1, 2, 3, 4, 5, 6, 7, 8})
	if !slices.Equal(train, []int{0, 1, 2, 4, 5, 6, 8}) || !slices.Equal(test, []int{3, 7}) {
		t.Errorf("Holdout = %v, %v", train, test)
	}
	if train, test := Holdout[int](nil); train != nil || test != nil {
		t.Errorf("Holdout(nil) = %v, %v", train, test)
	}
}

// TestWriteNewNeverWritesOver: a new file is written as indented JSON
// and read back; a second write to it is refused and leaves it as it was.
func TestWriteNewNeverWritesOver(t *testing.T) {
	name := filepath.Join(t.TempDir(), "m.json")
	if err := WriteNew(name, map[string]int{"a": 1}); err != nil {
		t.Fatal(err)
	}
	data, err := ReadBounded(name, 100)
	if err != nil || string(data) != "{\n  \"a\": 1\n}\n" {
		t.Fatalf("read %q, %v", data, err)
	}
	if err := WriteNew(name, map[string]int{"a": 2}); !errors.Is(err, os.ErrExist) {
		t.Errorf("a second write: %v, want a file that exists", err)
	}
	if again, _ := os.ReadFile(name); string(again) != string(data) {
		t.Errorf("the file changed to %q", again)
	}
}

// TestReadBounded: a file of the bound is read; one byte more is refused
// with the file's name; a missing file is an error.
func TestReadBounded(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "f")
	if err := os.WriteFile(name, []byte("12345"), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadBounded(name, 5); err != nil || string(data) != "12345" {
		t.Errorf("ReadBounded(5) = %q, %v", data, err)
	}
	if _, err := ReadBounded(name, 4); !errors.Is(err, ErrTooLong) || !strings.Contains(err.Error(), name) {
		t.Errorf("ReadBounded(4) = %v, want ErrTooLong naming the file", err)
	}
	if _, err := ReadBounded(filepath.Join(dir, "none"), 5); err == nil {
		t.Error("read a missing file")
	}
}

// TestEachDecision: every decision of every game of the logs is seen, in
// order, until fn says false; a log that is not one is refused with its
// name.
func TestEachDecision(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "sample.log"))
	if err != nil {
		t.Fatal(err)
	}
	a, b := filepath.Join(dir, "a.log"), filepath.Join(dir, "b.log")
	for _, p := range []string{a, b} {
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	count := func(names []string, stop int) int {
		n := 0
		if err := EachDecision(names, func(*gamelog.Game, *gamelog.Decision) bool {
			n++
			return n != stop
		}); err != nil {
			t.Fatal(err)
		}
		return n
	}
	one := count([]string{a}, 0)
	if one < 10 {
		t.Fatalf("%d decisions in the sample log", one)
	}
	if both := count([]string{a, b}, 0); both != 2*one {
		t.Errorf("%d decisions in two copies, want %d", both, 2*one)
	}
	if stopped := count([]string{a, b}, 5); stopped != 5 {
		t.Errorf("stopped after %d decisions, want 5", stopped)
	}
	bad := filepath.Join(dir, "bad.log")
	os.WriteFile(bad, []byte("not a log\n"), 0o644)
	if err := EachDecision([]string{a, bad}, func(*gamelog.Game, *gamelog.Decision) bool { return true }); err == nil || !strings.Contains(err.Error(), "bad.log") {
		t.Errorf("a bad log: %v, want an error naming it", err)
	}
}
