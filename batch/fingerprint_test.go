package batch

import (
	"context"
	"os"
	"testing"
)

// TestShardsByAnyPath: shards of one directory named by a relative path
// in one run and an absolute one in another are of the same inputs;
// another directory's files are not.
func TestShardsByAnyPath(t *testing.T) {
	data, err := os.ReadFile(samples[4])
	if err != nil {
		t.Fatal(err)
	}
	named := func(name string) []Input { return []Input{textInput(name, string(data))} }
	run := func(ins []Input, shard int) Summary {
		s, err := Run(context.Background(), ins, Options{Quick: true, Shard: shard, Shards: 2})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	a := run(named("d/sample.log"), 0)
	if b := run(named("/home/me/work/d/sample.log"), 1); a.Inputs != b.Inputs {
		t.Errorf("d/sample.log and /home/me/work/d/sample.log: inputs %s and %s", a.Inputs, b.Inputs)
	}
	if c := run(named("e/sample.log"), 1); a.Inputs == c.Inputs {
		t.Errorf("d/sample.log and e/sample.log share their inputs' fingerprint %s", a.Inputs)
	}
}
