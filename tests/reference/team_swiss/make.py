#!/usr/bin/env python3
"""Generates the team-Swiss corpus of tests/team_swiss_gacrux.rs: team tournaments under FIDE's
Swiss Team Pairing System (C.04.6, 2026) in which every round is paired by Gacrux, the FIDE
pairing engine by the author of TieBreakServer (PyPI `gacrux`, 1.11.65), run as a program:
`python3 -m gacrux.pairingchecker -i FILE.trf -p`.

For each tournament it writes
  NAME.trf  the complete file (TRF-26: 001 per player, 310 per team, 320 PABs, 330 forfeited
            matches, 352 board colours, 362 match points, 192 the colour model);
  NAME.pairings  Gacrux's pairing of every round, one line per match:
            `round white black` (the team with White on board 1 first; black 0 = the PAB).
Pairing round k from NAME.trf cut to rounds 1..k-1 (round blocks, 320 entries and 330 records
of later rounds dropped) must give round k's lines.

Results are simulated (seeded, so the corpus is reproducible): games by rating with draws, a
board now and then lost by forfeit, a whole match forfeited now and then (330 and every board
+/-), a team absent from a round now and then (every member `0000 - Z`, not paired). The PAB
is worth a drawn match (C.04.6 1.4): 1 MP and half the boards in GP (162 P 0.5 for the members'
`U` blocks).

Usage: make.py [OUT_DIR]  (default: the directory of this script). Needs gacrux installed.
"""

import json
import os
import random
import subprocess
import sys
import tempfile
from fractions import Fraction

MODELS = [
    ("A", "FIDE_TEAM_TYPEA_MP_GP"),
    ("B", "FIDE_TEAM_TYPEB_MP_GP"),
    ("N", "FIDE_TEAM_MP_GP"),
]

SURNAMES = ["Li", "Wang", "Zhang", "Liu", "Chen", "Yang", "Zhao", "Huang", "Zhou", "Wu",
            "Xu", "Sun", "Hu", "Zhu", "Gao", "Lin", "He", "Guo", "Ma", "Luo"]
GIVEN = ["Wei", "Fang", "Na", "Min", "Jing", "Lei", "Qiang", "Jun", "Yang", "Tao", "Jie",
         "Tingting", "Chao", "Xiuying", "Hua", "Ping", "Gang", "Hui", "Yan", "Bo"]
CITIES = ["Beijing", "Shanghai", "Tianjin", "Chongqing", "Harbin", "Changchun", "Shenyang",
          "Dalian", "Jinan", "Qingdao", "Nanjing", "Hangzhou", "Ningbo", "Hefei", "Fuzhou",
          "Xiamen", "Nanchang", "Wuhan", "Changsha", "Guangzhou", "Shenzhen", "Nanning",
          "Haikou", "Chengdu", "Guiyang", "Kunming", "Lhasa", "Xian", "Lanzhou", "Xining",
          "Yinchuan", "Urumqi"]


def fmt(p):
    """Points as TRF writes them: one decimal."""
    return f"{float(p):.1f}"


class NoPairing(Exception):
    """Gacrux found no legal pairing (the Chief Arbiter decides, 3.3.3): the tournament is
    drawn again with another seed."""


class Event:
    def __init__(self, name, n, boards, rounds, model, seed):
        self.name, self.n, self.boards, self.rounds = name, n, boards, rounds
        self.model_letter, self.code = model
        self.rng = random.Random(seed)
        self.seq = "".join("WB"[i % 2] for i in range(boards))
        rng = self.rng
        # The lot of C.04.6 4.1: in a 152 record (3 files in 5), or else Black, given to Gacrux
        # for round 1 only (-t b); from round 2 on both programs read it back from round 1.
        self.lot = rng.choice("WB") if rng.random() < 0.6 else None
        # Team strength descending with the team number (TPN by strength); players by board.
        self.rating = {}
        base = 2450
        for t in range(1, n + 1):
            base -= rng.randint(5, 35)
            for b in range(boards):
                self.rating[self.start(t, b)] = max(1400, base - 15 * b + rng.randint(-40, 40))
        self.names = {}
        for s in self.rating:
            self.names[s] = f"{rng.choice(SURNAMES)}, {rng.choice(GIVEN)}"
        cities = rng.sample(CITIES, min(n, len(CITIES)))
        self.team_names = [cities[i % len(cities)] + ("" if i < len(cities) else " B")
                           for i in range(n)]
        # Per player: list of round blocks (opp, colour, result).
        self.blocks = {s: [] for s in self.rating}
        self.pabs = {}  # round -> team
        self.forfeits = []  # (round, white team, black team, code)
        self.pairings = []  # (round, white, black)
        self.mp = [Fraction(0)] * (n + 1)
        self.gp = [Fraction(0)] * (n + 1)

    def start(self, team, board):
        return (team - 1) * self.boards + board + 1

    def members(self, team):
        return [self.start(team, b) for b in range(self.boards)]

    def points(self, s):
        table = {"1": 1, "=": Fraction(1, 2), "0": 0, "+": 1, "-": 0, "U": Fraction(1, 2),
                 "Z": 0, " ": 0}
        return sum((Fraction(table[r]) for (_, _, r) in self.blocks[s]), Fraction(0))

    def text(self, upto):
        """The TRF of rounds 1..upto."""
        players = len(self.rating)
        lines = [
            f"012 Team Swiss corpus {self.name}",
            "022 Xiamen",
            "032 CHN",
            "042 2026/03/02",
            "052 2026/03/12",
            f"062 {players}",
            f"072 {players}",
            f"082 {self.n}",
            "092 Team Swiss System",
            "102 Corpus, Arbiter",
            f"142 {self.rounds}",
            f"192 {self.code}",
        ] + ([f"152 {self.lot}"] if self.lot else []) + [
            "162  W 1.0    D 0.5    L 0.0    P 0.5",
            f"352 {self.seq}",
            "362  W 2.0    D 1.0    L 0.0    P 1.0",
        ]
        for s in sorted(self.rating):
            blocks = self.blocks[s][:upto]
            pts = sum((Fraction({"1": 1, "=": Fraction(1, 2), "0": 0, "+": 1, "-": 0,
                                 "U": Fraction(1, 2), "Z": 0}[r]) for (_, _, r) in blocks),
                      Fraction(0))
            line = (f"001 {s:>4} m    {self.names[s]:<33} {self.rating[s]:>4} CHN "
                    f"{8_000_000 + s:>11} {'1990/01/01':<10} {fmt(pts):>4} {'':>4}")
            for (o, c, r) in blocks:
                line += f"  {o if o else '0000':>4} {c} {r}"
            lines.append(line.rstrip())
        mp, gp = self.totals(upto)
        for t in range(1, self.n + 1):
            mem = " ".join(f"{m:>4}" for m in self.members(t))
            lines.append(f"310 {t:>3} {self.team_names[t - 1]:<32} {'':<5} {'':>6} "
                         f"{fmt(mp[t]):>6} {fmt(gp[t]):>6} {'':>3}  {mem}")
        pab_rounds = [self.pabs.get(r, 0) for r in range(1, upto + 1)]
        if any(pab_rounds):
            lines.append("320  1.0 " + f"{fmt(Fraction(self.boards, 2)):>4} "
                         + " ".join(f"{t:>3}" if t else "   " for t in pab_rounds))
        for (r, w, b, code) in self.forfeits:
            if r <= upto:
                lines.append(f"330 {code} {r:03} {w:03} {b:03}")
        return "\n".join(l.rstrip() for l in lines) + "\n"

    def totals(self, upto):
        mp = [Fraction(0)] * (self.n + 1)
        gp = [Fraction(0)] * (self.n + 1)
        for (r, w, b) in self.pairings:
            if r > upto:
                continue
            if b == 0:
                mp[w] += 1
                gp[w] += Fraction(self.boards, 2)
                continue
            gw = sum((self.game_pts(s, r) for s in self.members(w)), Fraction(0))
            gb = sum((self.game_pts(s, r) for s in self.members(b)), Fraction(0))
            forfeit = next((f for f in self.forfeits if f[0] == r and f[1] == w), None)
            gp[w] += gw
            gp[b] += gb
            if forfeit is not None:
                if forfeit[3] == "+-":
                    mp[w] += 2
                elif forfeit[3] == "-+":
                    mp[b] += 2
                continue
            if gw > gb:
                mp[w] += 2
            elif gb > gw:
                mp[b] += 2
            else:
                mp[w] += 1
                mp[b] += 1
        return mp, gp

    def game_pts(self, s, r):
        res = self.blocks[s][r - 1][2]
        return Fraction({"1": 1, "=": Fraction(1, 2), "0": 0, "+": 1, "-": 0, "U": Fraction(1, 2),
                         "Z": 0}[res])

    def pair(self, rnd, workdir):
        path = os.path.join(workdir, f"{self.name}-r{rnd}.trf")
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.text(rnd - 1))
        lot = ["-t", "b"] if rnd == 1 and not self.lot else []
        out = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-i", path, "-p"]
                             + lot, capture_output=True, text=True, check=False)
        try:
            data = json.loads(out.stdout)
        except json.JSONDecodeError:
            raise SystemExit(f"{self.name} round {rnd}: gacrux said {out.stdout[:400]} {out.stderr[:400]}")
        status = data.get("status", {})
        pairs = (data.get("pairingResult") or {}).get("pairs")
        if status.get("code", 0) != 0 or not pairs:
            raise NoPairing(f"{self.name} round {rnd}: gacrux status {status}")
        return [tuple(p) for p in pairs]

    def play(self, rnd, pairs, absent):
        rng = self.rng
        for t in absent:
            for s in self.members(t):
                self.blocks[s].append((0, "-", "Z"))
        for (w, b) in pairs:
            self.pairings.append((rnd, w, b))
            if b == 0:
                self.pabs[rnd] = w
                for s in self.members(w):
                    self.blocks[s].append((0, "-", "U"))
                continue
            forfeit = rng.random() < 0.04
            if forfeit:
                code = rng.choice(["+-", "-+", "+-", "-+", "--"])
                self.forfeits.append((rnd, w, b, code))
            for k in range(self.boards):
                sw, sb = self.start(w, k), self.start(b, k)
                wc = self.seq[k].lower()
                bc = "b" if wc == "w" else "w"
                if forfeit:
                    rw, rb = {"+-": ("+", "-"), "-+": ("-", "+"), "--": ("-", "-")}[code]
                elif rng.random() < 0.03:
                    rw, rb = rng.choice([("+", "-"), ("-", "+")])
                else:
                    diff = self.rating[sw] - self.rating[sb] + (35 if wc == "w" else -35)
                    e = 1 / (1 + 10 ** (-diff / 400))
                    x = rng.random()
                    draw = 0.3
                    if x < e - draw / 2:
                        rw, rb = "1", "0"
                    elif x < e + draw / 2:
                        rw, rb = "=", "="
                    else:
                        rw, rb = "0", "1"
                self.blocks[sw].append((sb, wc, rw))
                self.blocks[sb].append((sw, bc, rb))

    def run(self, workdir):
        for rnd in range(1, self.rounds + 1):
            # Now and then a team sits a round out (announced: every member 0000 - Z), not in
            # the last round and never two at once; it is given to Gacrux as unpaired.
            absent = []
            if rnd < self.rounds and self.rng.random() < 0.12:
                absent = [self.rng.randint(1, self.n)]
            if absent:
                pairs = self.pair_with_absent(rnd, workdir, absent)
            else:
                pairs = self.pair(rnd, workdir)
            self.play(rnd, pairs, absent)

    def pair_with_absent(self, rnd, workdir, absent):
        # The absent team's members carry round rnd as `0000 - Z` in the file given to Gacrux.
        for t in absent:
            for s in self.members(t):
                self.blocks[s].append((0, "-", "Z"))
        path = os.path.join(workdir, f"{self.name}-r{rnd}.trf")
        text = self.text(rnd)  # the absent team's Z blocks only exist for round rnd
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        for t in absent:
            for s in self.members(t):
                self.blocks[s].pop()
        lot = ["-t", "b"] if rnd == 1 and not self.lot else []
        out = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-i", path, "-p",
                              "-n", str(rnd)] + lot, capture_output=True, text=True, check=False)
        data = json.loads(out.stdout)
        status = data.get("status", {})
        pairs = (data.get("pairingResult") or {}).get("pairs")
        if status.get("code", 0) != 0 or not pairs:
            raise NoPairing(f"{self.name} round {rnd}: gacrux status {status}")
        return [tuple(p) for p in pairs]


def plan():
    """The corpus: (name, teams, boards, rounds, colour model, seed)."""
    rng = random.Random(20260201)
    out = []
    for i in range(40):
        model = MODELS[i % 3]
        n = rng.randint(8, 30)
        boards = rng.randint(4, 6)
        rounds = rng.randint(5, 11)
        rounds = min(rounds, n - 2)
        name = f"ts-{i + 1:02}-{n}t-{boards}b-{rounds:02}r-{model[0].lower()}"
        out.append((name, n, boards, rounds, model, 1000 + i))
    return out


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    only = sys.argv[2:]
    with tempfile.TemporaryDirectory(prefix="team-swiss-") as work:
        for (name, n, boards, rounds, model, seed) in plan():
            if only and name not in only:
                continue
            for attempt in range(10):
                ev = Event(name, n, boards, rounds, model, seed + 1000 * attempt)
                try:
                    ev.run(work)
                    break
                except NoPairing as e:
                    print(e, "- drawn again", file=sys.stderr)
            else:
                raise SystemExit(f"{name}: no complete tournament in 10 draws")
            with open(os.path.join(out_dir, name + ".trf"), "w", encoding="utf-8") as f:
                f.write(ev.text(rounds))
            with open(os.path.join(out_dir, name + ".pairings"), "w", encoding="utf-8") as f:
                for (r, w, b) in ev.pairings:
                    f.write(f"{r} {w} {b}\n")
            print(name, file=sys.stderr)


if __name__ == "__main__":
    main()
