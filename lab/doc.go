// Package lab holds ginadvisor's experiments, apart from the product: the
// measurements that were run to decide what the advisor became, and those
// still to run. A lab package may import any package of the product; no
// product package imports the lab (internal/layers checks it). An
// experiment reaches the advisor through one seam, analyze.WorldSource
// (which may also pick the search's baseline, analyze.BaselineSource),
// and its player through the lab's own registry (lab/registry) or, for
// the arena, through lab/cmd/labengine; the lab's commands are under
// lab/cmd. The findings are in docs/research.md.
//
// The lab's tests build only under the lab tag, so that the product's
// go test ./... neither links nor runs them: go test -tags lab ./...
// runs them too, as CI does.
package lab
