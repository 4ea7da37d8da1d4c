package layers

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestImportsPointDown lists every package's imports with go list: each
// must be below it in Order, and every package must be in Order.
func TestImportsPointDown(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "github.com/ginadvisor/ginadvisor/...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
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
