// Package layers records the order of ginadvisor's packages, from the
// command line down to the cards: a package imports only packages below
// it. Its test checks the imports against the order, and that the lab
// stays outside the product.
package layers

// Order lists the packages, top first, as the README's layout draws them.
func Order() []string {
	return []string{
		"contrib/eaai", "cmd/ginadvisor", "enginecheck", "render", "board", "arena", "protocol", "batch", "importer", "calibrate", "players", "analyze", "report", "terminal",
		"engine", "bot", "reading", "advise", "probability", "gamelog", "position", "game", "rules", "meld",
		"lines", "outfile", "stats", "notation",
	}
}

// Lab is the tree of the experiments (lab/...): it may import any
// package of the product, and no package outside it, not even a test or
// an internal tool, imports it. An experiment reaches the advisor through
// one seam, analyze.WorldSource.
const Lab = "lab"
