package meld

// maxLeaves bounds the set choices MinDeadwood enumerates. Past it, the
// hand is large (a 10- or 11-card hand has at most 72 choices) and the
// rank-by-rank dynamic programme below is faster.
const maxLeaves = 4096

// leaves returns the number of combinations of set choices, capped.
func (ch *choices) leaves() int {
	n := 1
	for i := 0; i < ch.n; i++ {
		n *= int(ch.count[i])
		if n > maxLeaves {
			return n
		}
	}
	return n
}

// minDeadwoodByRank finds the least deadwood by walking the ranks from ace
// to king. The state holds, for each suit, the length of the run passing
// through the previous rank: 0, 1, 2, or 3 for three or more. At each rank
// every card is deadwood, in a set (with at least two others), or in its
// suit's run. A run of one or two cards may not end. Its cost does not
// depend on how the hand looks, so it serves hands of any size.
func minDeadwoodByRank(u uint64) int {
	const inf = 1 << 20
	var cost [256]int32
	for i := range cost {
		cost[i] = inf
	}
	cost[0] = 0
	for r := 0; r < 13; r++ {
		var next [256]int32
		for i := range next {
			next[i] = inf
		}
		var present [4]bool
		for s := 0; s < 4; s++ {
			present[s] = u>>(16*s+r)&1 != 0
		}
		value := int32(rankValue[r])
		for state := 0; state < 256; state++ {
			c := cost[state]
			if c >= inf {
				continue
			}
			// roles: per suit, 0 deadwood, 1 set, 2 run; absent cards
			// take role 0 with no cost.
			for roles := 0; roles < 81; roles++ {
				ok, sets, dead, ns := true, 0, int32(0), 0
				rr := roles
				for s := 0; s < 4 && ok; s++ {
					role := rr % 3
					rr /= 3
					old := state >> (2 * s) & 3
					if !present[s] {
						if role != 0 {
							ok = false
						} else if old == 1 || old == 2 {
							ok = false
						}
						continue
					}
					switch role {
					case 0:
						dead += value
					case 1:
						sets++
					}
					if role == 2 {
						ns |= min(old+1, 3) << (2 * s)
					} else if old == 1 || old == 2 {
						ok = false
					}
				}
				if !ok || (sets > 0 && sets < 3) {
					continue
				}
				if c+dead < next[ns] {
					next[ns] = c + dead
				}
			}
		}
		cost = next
	}
	best := int32(inf)
	for state, c := range cost {
		open := false
		for s := 0; s < 4; s++ {
			if l := state >> (2 * s) & 3; l == 1 || l == 2 {
				open = true
			}
		}
		if !open && c < best {
			best = c
		}
	}
	return int(best)
}
