package layers

import (
	"errors"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestImportsPointDown lists every package's imports with go list: each
// must be below it in Order, and every package must be in Order.
func TestImportsPointDown(t *testing.T) {
	// A check that cannot list the packages has checked nothing, so it
	// fails rather than skips.
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "github.com/ginadvisor/ginadvisor/...").Output()
	if err != nil {
		var stderr []byte
		if ee, ok := errors.AsType[*exec.ExitError](err); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("go list: %v\n%s", err, stderr)
	}
	const mod = "github.com/ginadvisor/ginadvisor/"
	order := Order()
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg := strings.TrimPrefix(f[0], mod)
		if strings.HasPrefix(pkg, "internal/") {
			continue
		}
		i := slices.Index(order, pkg)
		if i < 0 {
			t.Errorf("%s is not in the layer order", pkg)
			continue
		}
		for _, imp := range f[1:] {
			dep, ok := strings.CutPrefix(imp, mod)
			if !ok || strings.HasPrefix(dep, "internal/") {
				continue
			}
			if j := slices.Index(order, dep); j <= i {
				t.Errorf("%s imports %s, which is not below it", pkg, dep)
			}
		}
	}
}
