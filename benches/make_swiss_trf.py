#!/usr/bin/env python3
"""Generate a TRF of a big chess open before round R+1, for measuring `bianpai trf pair` (and the
figures of docs/performance.md): N invented players (ratings 2600 down, one point apart), R rounds
already played, paired greedily like `sim::greedy_field` (players by score, each against the
nearest one not met, colours by fewer whites) with seeded results (30 % draws, the higher
rated side winning two games in three otherwise). Only a history generator: the measured round
is paired by the real engine.

    python3 benches/make_swiss_trf.py N R [TOTAL_ROUNDS] > open.trf

Deterministic (fixed seed); N at most 9,999 (the TRF's four-digit start numbers). The criterion
bench `dutch_scale` (benches/dutch_scale.rs) builds the same kind of field in Rust.
"""

import random
import sys


def history(n, rounds, rng):
    """Per player a list of (opponent, colour, result) for each played round."""
    games = [[] for _ in range(n)]
    score = [0] * n  # half-points
    for _ in range(rounds):
        order = sorted(range(n), key=lambda i: (-score[i], i))
        used = [False] * n
        met = [set(o for o, _, _ in g if o is not None) for g in games]
        for a_pos, a in enumerate(order):
            if used[a]:
                continue
            used[a] = True
            partner = None
            for b in order[a_pos + 1:]:
                if not used[b] and b not in met[a]:
                    partner = b
                    break
            if partner is None:
                games[a].append((None, "-", "U"))
                score[a] += 2
                continue
            used[partner] = True
            whites = lambda p: sum(1 for _, c, _ in games[p] if c == "w")
            w, b = (a, partner) if whites(a) <= whites(partner) else (partner, a)
            roll = rng.randrange(100)
            if roll < 30:
                rw, rb = "=", "="
            elif (roll % 3 == 0) != (w < b):
                rw, rb = "1", "0"
            else:
                rw, rb = "0", "1"
            games[w].append((b, "w", rw))
            games[b].append((w, "b", rb))
            for p, r in ((w, rw), (b, rb)):
                score[p] += {"1": 2, "=": 1, "0": 0}[r]
    return games, score


def main():
    n = int(sys.argv[1])
    rounds = int(sys.argv[2])
    total = int(sys.argv[3]) if len(sys.argv) > 3 else max(9, rounds + 1)
    if not 2 <= n <= 9999 or rounds >= total:
        sys.exit("N in 2..=9999 and R below TOTAL_ROUNDS")
    rng = random.Random(20_260_201 + n * 31 + rounds)
    games, score = history(n, rounds, rng)
    out = [
        f"012 Generated open, {n} players (fictional), seed 20260201",
        f"XXR {total}",
        "XXC white1",
    ]
    for i in range(n):
        no = i + 1
        name = f"Player{no:04d}, Test"
        pts = score[i] / 2
        line = f"001 {no:4d}      {name:<33} {2600 - i * 1600 // n:4d}"
        line = line.ljust(80) + f"{pts:4.1f}"
        line = line.ljust(89)
        for opp, c, r in games[i]:
            line += "  0000 - U" if opp is None else f"  {opp + 1:4d} {c} {r}"
        out.append(line)
    print("\n".join(out))


if __name__ == "__main__":
    main()
