package layers

import (
	"errors"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const mod = "github.com/ginadvisor/ginadvisor/"

// listed is one package as go list gives it: its path in the module and
// its imports, with its tests' apart.
type listed struct {
	pkg          string
	imports      []string
	testImports  []string
	xTestImports []string
}

// list lists every package of the module with go list. A check that
// cannot list the packages has checked nothing, so it fails rather than
// skips.
func list(t *testing.T) []listed {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}|{{join .Imports \" \"}}|{{join .TestImports \" \"}}|{{join .XTestImports \" \"}}", mod+"...").Output()
	if err != nil {
		var stderr []byte
		if ee, ok := errors.AsType[*exec.ExitError](err); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("go list: %v\n%s", err, stderr)
	}
	var pkgs []listed
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "|")
		if len(f) != 4 {
			t.Fatalf("go list: %q is not a package and its imports", line)
		}
		pkgs = append(pkgs, listed{strings.TrimPrefix(f[0], mod), strings.Fields(f[1]), strings.Fields(f[2]), strings.Fields(f[3])})
	}
	return pkgs
}

// TestImportsPointDown: each package's imports must be below it in
// Order, and every package must be in Order; internal packages and the
// lab are outside it.
func TestImportsPointDown(t *testing.T) {
	order := Order()
	for _, l := range list(t) {
		if strings.HasPrefix(l.pkg, "internal/") || inLab(l.pkg) {
			continue
		}
		i := slices.Index(order, l.pkg)
		if i < 0 {
			t.Errorf("%s is not in the layer order", l.pkg)
			continue
		}
		for _, imp := range l.imports {
			dep, ok := strings.CutPrefix(imp, mod)
			if !ok || strings.HasPrefix(dep, "internal/") || inLab(dep) {
				continue
			}
			if j := slices.Index(order, dep); j <= i {
				t.Errorf("%s imports %s, which is not below it", l.pkg, dep)
			}
		}
	}
}

// TestNothingImportsTheLab: no package outside the lab imports a package
// of it, in its code or its tests; and the lab is there, so that the
// check has something to keep out.
func TestNothingImportsTheLab(t *testing.T) {
	labs := 0
	for _, l := range list(t) {
		if inLab(l.pkg) {
			labs++
			continue
		}
		for _, imp := range slices.Concat(l.imports, l.testImports, l.xTestImports) {
			if dep, ok := strings.CutPrefix(imp, mod); ok && inLab(dep) {
				t.Errorf("%s imports %s: the product must not depend on the lab", l.pkg, dep)
			}
		}
	}
	if labs == 0 {
		t.Errorf("no package in %s/: the check has nothing to keep out", Lab)
	}
}

// inLab says whether the package is in the lab's tree.
func inLab(pkg string) bool { return pkg == Lab || strings.HasPrefix(pkg, Lab+"/") }
