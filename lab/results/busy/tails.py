"""Decision-time tails of a match log's games, by the condition of the window each game ran in.

usage: python3 tails.py LOG GAMES WINDOWS

GAMES holds each game's start and end (seconds since the epoch), WINDOWS each window's start,
end and condition (idle, plain, nice), as remedy.sh writes them. A game counts under a condition
when at least half of it ran in one window of it; a game across two windows counts in none.
"""
import re
import sys


def main(log, games, windows):
    wins = [(float(a), float(b), c) for a, b, c in (l.split() for l in open(windows))]
    spans = {}
    for line in list(open(games))[1:]:
        n, s, e = line.split()
        spans[int(n)] = (float(s), float(e))

    def condition(n):
        if n not in spans:
            return None
        s, e = spans[n]
        for a, b, c in wins:
            if min(e, b) - max(s, a) >= 0.5 * (e - s):
                return c
        return None

    stats, c = {}, None
    for line in open(log):
        if line.startswith("game "):
            c = condition(int(line.split()[1]))
            continue
        m = re.match(r"p[12] \S+.* ms=([\d.]+)", line)
        if m and c:
            ms = float(m.group(1))
            st = stats.setdefault(c, [0, 0, 0, 0, 0.0])
            st[0] += 1
            st[1] += ms > 205
            st[2] += ms > 210
            st[3] += ms > 250
            st[4] = max(st[4], ms)
    for k, (n, a, b, d, most) in sorted(stats.items()):
        print(f"{k:6} decisions {n:6d}  >205ms {a:4d} ({100*a/n:.2f}%)  "
              f">210ms {b:3d} ({100*b/n:.2f}%)  >250ms {d:3d}  most {most:.1f} ms")


if __name__ == "__main__":
    main(*sys.argv[1:4])
