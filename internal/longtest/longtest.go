// Package longtest says whether a test run includes the slow tests: those
// that play many games, drive engines and browsers end to end, or search
// at the product's full budgets. The everyday run of go test ./... leaves
// them out so that it stays short; CI runs them too.
//
// The slow tests run under go test's -long flag, in the packages whose
// tests import this one, or with GINADVISOR_LONG=1 in the environment,
// which reaches every package of go test ./... at once (a flag after -args
// would be refused by the packages that do not define it).
package longtest

import (
	"flag"
	"os"
	"testing"
)

// Env is the environment variable that turns the slow tests on.
const Env = "GINADVISOR_LONG"

// The flag is registered once, by this package, for every test binary
// that imports it; testing parses it with the rest.
var long = flag.Bool("long", false, "run the slow tests too (or set "+Env+"=1)")

// Enabled reports whether the slow tests run.
func Enabled() bool {
	return *long || os.Getenv(Env) == "1"
}

// Skip skips t unless the slow tests run, saying what makes it slow.
func Skip(t testing.TB, why string) {
	t.Helper()
	if !Enabled() {
		t.Skipf("%s: run with -long or %s=1", why, Env)
	}
}
