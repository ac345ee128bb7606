#!/usr/bin/env python3
"""The conformance run of issue 47: random tournaments, every round held to a reference engine.

Dutch (C.04.3): four tournaments in five are made by `bianpai trf generate` (bianpai's Dutch
engine pairs every round) and checked by bbpPairings v6 (`--dutch FILE -c`: bbp pairs every
round again from the rounds before it and prints the boards that differ); the fifth is made by
bbpPairings' own generator (`--dutch -g CFG -s SEED`: bbp pairs every round) and checked by
`bianpai trf check` (bianpai pairs every round again). Team Swiss (C.04.6): tournaments made by
`bianpai trf generate --teams` and checked by Gacrux (`python3 -m gacrux.pairingchecker -i FILE
-c`: Gacrux pairs every round again). A round agrees when the reference pairs the same boards
with the same colours and the same bye.

Every case is drawn from its index alone (random.Random), so a run is reproducible and a case
can be run again by its index (`--only dutch:123`). Results go to a TSV log, one row a case;
a run given the same log skips the cases already there (a run can be interrupted and resumed).

With `--sample DIR`, cases of the run are also written as the committed sample of
tests/conformance_sample.rs: the input file and, in NAME.pairings, the reference program's
pairing of every round (`round white black`, black 0 for the PAB): bbp `-p` on the file cut
before each round (the cut rule of tests/reference/dutch/README.md) for Dutch, Gacrux's own
pairing of each round (its `-c` output) for teams. The sample is the first `--sample-dutch`
Dutch cases with at most 40 players and the first `--sample-team` team cases with at most 16
teams.

Usage: conformance.py [--dutch N] [--team N] [--jobs J] [--log FILE] [--sample DIR]
       (see scripts/conformance.sh for the binaries' locations).
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

ROUND1 = 91  # 0-based column of round 1's block in a 001 line
STEP = 10


def dutch_plan(i):
    """The parameters of Dutch case `i`."""
    rng = random.Random(f"dutch-{i}")
    if i % 500 == 250:
        players = rng.randint(151, 300)
    elif i % 25 == 12:
        players = rng.randint(61, 150)
    else:
        players = rng.randint(10, 60)
    rounds = min(rng.randint(5, 11), max(5, players // 2 + 1))
    high = rng.randint(1800, 2800)
    return {
        "source": "bbp" if i % 5 == 4 else "bianpai",
        "players": players,
        "rounds": rounds,
        "seed": 1 + i * 7919 % 1_000_003,
        "draw": rng.randint(0, 60),
        "forfeit": rng.choice([0, 0, 10, 20, 40]),
        "retired": rng.choice([0, 0, 8, 15, 30]),
        "hpb": rng.choice([0, 0, 8, 15, 30]),
        "withdrawal": rng.choice([0, 0, 20, 40]),
        "late": rng.choice([0, 0, 20, 40]),
        "high": high,
        "low": max(1000, high - rng.randint(200, 1200)),
    }


def team_plan(i):
    """The parameters of team case `i`."""
    rng = random.Random(f"team-{i}")
    teams = rng.randint(8, 20)
    return {
        "source": "bianpai",
        "players": teams,
        "boards": rng.randint(4, 6),
        "rounds": min(rng.randint(5, 9), teams - 2),
        "seed": 1 + i * 104729 % 1_000_003,
        "draw": rng.randint(10, 50),
        "forfeit": rng.choice([0, 0, 20, 50, 100]),
    }


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, check=False, **kw)


class Runner:
    def __init__(self, args):
        self.a = args

    # --- making the files -------------------------------------------------------------
    def bianpai_generate(self, p, out, team=False):
        """`trf generate`; a seed the engine cannot complete is drawn again (at most 10)."""
        for attempt in range(10):
            cmd = [self.a.bianpai, "trf", "generate", "--lang", "en", "-o", out,
                   "--players", str(p["players"]), "--rounds", str(p["rounds"]),
                   "--seed", str(p["seed"] + 1_000_003 * attempt),
                   "--draw-percentage", str(p["draw"]), "--forfeit-rate", str(p["forfeit"])]
            if team:
                cmd += ["--teams", str(p["players"]), "--boards", str(p["boards"])]
            else:
                cmd += ["--retired-rate", str(p["retired"]),
                        "--half-point-bye-rate", str(p["hpb"]),
                        "--withdrawal-rate", str(p["withdrawal"]),
                        "--late-entry-rate", str(p["late"]),
                        "--highest-rating", str(p["high"]), "--lowest-rating", str(p["low"])]
            r = run(cmd)
            if r.returncode == 0:
                return attempt
            if "cannot" not in r.stderr and "无法" not in r.stderr:
                raise RuntimeError(f"trf generate: {r.stderr.strip()[:300]}")
        raise RuntimeError("trf generate: no complete tournament in 10 seeds")

    def bbp_generate(self, p, out, work):
        cfg = os.path.join(work, "g.cfg")
        rates = [(k, p[v]) for k, v in (("ForfeitRate", "forfeit"), ("RetiredRate", "retired"),
                                         ("HalfPointByeRate", "hpb")) if p[v]]
        with open(cfg, "w", encoding="ascii") as f:
            f.write(f"PlayersNumber={p['players']}\nRoundsNumber={p['rounds']}\n"
                    f"DrawPercentage={p['draw']}\n"
                    + "".join(f"{k}={v}\n" for k, v in rates)
                    + f"HighestRating={p['high']}\nLowestRating={p['low']}\n")
        for attempt in range(10):
            raw = os.path.join(work, "bbp-raw.trf")
            r = run([self.a.bbp, "--dutch", "-g", cfg, "-o", raw, "-s",
                     str(p["seed"] + 1_000_003 * attempt)])
            if r.returncode == 0:
                with open(raw, encoding="ascii", newline="") as f:
                    text = f.read().replace("\r\n", "\n").replace("\r", "\n")
                with open(out, "w", encoding="ascii", newline="\n") as f:
                    f.write(text)
                return attempt
        raise RuntimeError(f"bbp generator: {r.stdout.strip()[:200]} {r.stderr.strip()[:200]}")

    # --- checking --------------------------------------------------------------------
    def bbp_check(self, path, work):
        """bbp -c on a bianpai file: (rounds, differing rounds, detail)."""
        conv = os.path.join(work, "for-bbp.trf")
        with open(conv, "w", encoding="utf-8", newline="\n") as f:
            f.write(for_bbp(read_lines(path)))
        r = run([self.a.bbp, "--dutch", conv, "-c"])
        if r.returncode != 0:
            raise RuntimeError(f"bbp -c: {r.stdout.strip()[:200]} {r.stderr.strip()[:200]}")
        rounds, differ, cur = 0, [], None
        for line in r.stdout.splitlines():
            if ": Round #" in line:
                rounds += 1
                cur = int(line.rsplit("#", 1)[1])
            elif "Checker pairings" in line and cur is not None:
                differ.append(cur)
        detail = r.stdout.strip().replace("\n", " | ")[:2000] if differ else ""
        return rounds, differ, detail

    def bianpai_check(self, path):
        r = run([self.a.bianpai, "trf", "check", "--lang", "en", "--system", "dutch", path])
        if r.returncode not in (0, 1):
            raise RuntimeError(f"trf check: {r.stderr.strip()[:300]}")
        rounds, differ = 0, []
        for line in r.stdout.splitlines():
            if line.startswith("Round "):
                rounds += 1
                if "identical" not in line:
                    differ.append(int(line.split()[1].rstrip(":")))
        detail = r.stdout.strip().replace("\n", " | ")[:2000] if differ else ""
        return rounds, differ, detail

    def gacrux_check(self, path):
        """Gacrux -c: (rounds, differing rounds, detail, Gacrux's pairs by round)."""
        r = run([sys.executable, "-m", "gacrux.pairingchecker", "-i", path, "-c"])
        try:
            data = json.loads(r.stdout)
        except json.JSONDecodeError as e:
            raise RuntimeError(f"gacrux: {r.stdout[:200]} {r.stderr[:200]}") from e
        rp = (data.get("pairingResult") or {}).get("roundpairing") or []
        if data.get("status", {}).get("error") or not rp:
            raise RuntimeError(f"gacrux: {data.get('status')}")
        differ = [x["round"] for x in rp if not x["check"]]
        detail = "; ".join(f"round {x['round']}: gacrux {x['pairs']} file {x['current']}"
                           for x in rp if not x["check"])[:2000]
        return len(rp), differ, detail, {x["round"]: x["pairs"] for x in rp}

    # --- the sample ------------------------------------------------------------------
    def bbp_pairings(self, path, work):
        """bbp -p on the file cut before each round: `round white black` lines."""
        lines = read_lines(path)
        rounds = played_rounds(lines)
        out = []
        for k in range(1, rounds + 1):
            cut = os.path.join(work, f"cut{k}.trf")
            text = for_bbp(cut_lines(lines, k), rounds=rounds)
            if "XXC" not in text:
                text = text.replace("\n", f"\nXXC {lot_text(lot_of(lines))}\n", 1)
            with open(cut, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
            res = os.path.join(work, f"cut{k}.out")
            r = run([self.a.bbp, "--dutch", cut, "-p", res])
            if r.returncode != 0:
                raise RuntimeError(f"bbp -p round {k}: {r.stdout[:200]} {r.stderr[:200]}")
            with open(res, encoding="ascii") as f:
                pairs = f.read().split()[1:]
            for w, b in zip(pairs[::2], pairs[1::2]):
                out.append(f"{k} {int(w)} {int(b)}")
        return out

    # --- one case --------------------------------------------------------------------
    def case(self, kind, i):
        p = dutch_plan(i) if kind == "dutch" else team_plan(i)
        name = f"{kind}-{i:05}"
        t0 = time.monotonic()
        with tempfile.TemporaryDirectory(prefix="conf-") as work:
            path = os.path.join(work, name + ".trf")
            try:
                if kind == "team":
                    redraw = self.bianpai_generate(p, path, team=True)
                    rounds, differ, detail, gpairs = self.gacrux_check(path)
                elif p["source"] == "bbp":
                    redraw = self.bbp_generate(p, path, work)
                    rounds, differ, detail = self.bianpai_check(path)
                else:
                    redraw = self.bianpai_generate(p, path)
                    rounds, differ, detail = self.bbp_check(path, work)
                status = "identical" if not differ else "differs"
                if self.a.sample and self.in_sample(kind, i):
                    try:
                        self.write_sample(kind, name, path, work,
                                          gpairs if kind == "team" else None)
                    except RuntimeError as e:
                        print(f"{name}: not written to the sample: {e}", file=sys.stderr)
            except RuntimeError as e:
                rounds, differ, detail, status, redraw = 0, [], str(e), "error", 0
        secs = time.monotonic() - t0
        return [kind, str(i), p["source"], str(p["players"]), str(p["rounds"]), str(p["seed"]),
                str(redraw), status, str(rounds), str(rounds - len(differ)),
                ",".join(map(str, differ)), f"{secs:.2f}", detail.replace("\t", " ")]

    def in_sample(self, kind, i):
        return i in (self.sample_dutch if kind == "dutch" else self.sample_team)

    def write_sample(self, kind, name, path, work, gpairs):
        os.makedirs(self.a.sample, exist_ok=True)
        if kind == "team":
            lines = [f"{k} {w} {b}" for k in sorted(gpairs) for (w, b) in gpairs[k]]
        else:
            lines = self.bbp_pairings(path, work)
        with open(path, encoding="utf-8", newline="") as f:
            text = f.read().replace("\r\n", "\n")
        with open(os.path.join(self.a.sample, name + ".trf"), "w", encoding="utf-8",
                  newline="\n") as f:
            f.write(text)
        with open(os.path.join(self.a.sample, name + ".pairings"), "w", encoding="ascii",
                  newline="\n") as f:
            f.write("\n".join(lines) + "\n")


def read_lines(path):
    with open(path, encoding="utf-8", newline="") as f:
        return f.read().replace("\r\n", "\n").replace("\r", "\n").split("\n")


def played_rounds(lines):
    n = 0
    for l in lines:
        if l.startswith("001"):
            n = max(n, (len(l.rstrip()) - ROUND1 + 2) // STEP)
    return n


def for_bbp(lines, rounds=None):
    """A bianpai TRF-26 file as bbp v6 reads it: `192` and `152` dropped (bbp knows neither),
    `XXR` (the rounds) and `XXC` (the lot) added after line 1."""
    lot = next((l[4:].strip() for l in lines if l.startswith("152 ")), None) or lot_of(lines)
    planned = next((l[4:].strip() for l in lines if l.startswith("142 ")), None)
    out = [l for l in lines if not l.startswith(("192 ", "152 ", "XXR", "XXC"))]
    extra = [f"XXR {rounds or planned or played_rounds(lines)}"]
    if lot in ("W", "B"):
        extra.append("XXC " + lot_text(lot))
    else:
        extra += [l for l in lines if l.startswith("XXC")]
    return "\n".join(out[:1] + extra + out[1:]) + "\n"


def lot_text(lot):
    return "white1" if lot == "W" else "black1"


POINTS = {"1": 10, "=": 5, "0": 0, "+": 10, "-": 0, "U": 10, "F": 10, "H": 5, "Z": 0, " ": 0,
          "W": 10, "D": 5, "L": 0}


def cut_lines(lines, k):
    """The file as it stood before round k was paired: rounds 1..k-1 as they stand and of round
    k only the absences (no opponent and no PAB; a blank one written `Z`); the points column
    their sum (bbp checks it)."""
    out = []
    for l in lines:
        if not l.startswith("001"):
            out.append(l)
            continue
        l = l.ljust(ROUND1 + STEP * k)
        blocks = [l[ROUND1 + STEP * j: ROUND1 + STEP * j + 8] for j in range(k)]
        keep = blocks[:k - 1]
        nxt = blocks[k - 1]
        if nxt.strip() == "" or (nxt[:4].strip() in ("", "0000") and nxt[7] != "U"):
            keep.append(nxt[:7] + (nxt[7] if nxt[7] in "HFZ" else "Z"))
        keep = [absent(b) if b[:4].strip() in ("", "0000") and b[7] == " " else b for b in keep]
        pts = sum(POINTS.get(b[7], 0) for b in keep)
        head = l[:80] + f"{pts // 10:>2}.{pts % 10}" + l[84:ROUND1 - 2]
        out.append((head + "".join("  " + b for b in keep)).rstrip())
    return out


def absent(block):
    """A block without opponent and result (not yet entered, withdrawn): `0000 - Z`."""
    return "0000 - Z"


def lot_of(lines):
    """The lot as bbp reads it back from round 1: the colour of the lowest pairing number
    that played (or forfeited) a game in round 1 (C.04.3 5.2.5: board 1's higher player)."""
    for l in sorted((l for l in lines if l.startswith("001")), key=lambda l: int(l[4:8])):
        b = l[ROUND1:ROUND1 + 8]
        if len(b) == 8 and b[:4].strip() not in ("", "0000") and b[5] in "wb":
            return "W" if b[5] == "w" else "B"
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dutch", type=int, default=5000)
    ap.add_argument("--team", type=int, default=1000)
    ap.add_argument("--first", type=int, default=0, help="first case index")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--bbp", required=True)
    ap.add_argument("--bianpai", required=True)
    ap.add_argument("--log", default="conformance.tsv")
    ap.add_argument("--sample")
    ap.add_argument("--sample-dutch", type=int, default=200)
    ap.add_argument("--sample-team", type=int, default=100)
    ap.add_argument("--only", nargs="*", default=[], help="cases as dutch:I or team:I")
    a = ap.parse_args()
    r = Runner(a)
    dutch = range(a.first, a.first + a.dutch)
    team = range(a.first, a.first + a.team)
    r.sample_dutch = set([i for i in dutch if dutch_plan(i)["players"] <= 40][:a.sample_dutch])
    r.sample_team = set([i for i in team if team_plan(i)["players"] <= 16][:a.sample_team])
    # Interleaved, so that a run cut short has compared both kinds.
    cases = [("dutch", i) for i in dutch] + [("team", i) for i in team]
    cases.sort(key=lambda c: c[1] / (a.dutch if c[0] == "dutch" else a.team))
    if a.only:
        cases = [(k, int(i)) for k, i in (c.split(":") for c in a.only)]
    done = set()
    if os.path.exists(a.log) and not a.only:
        with open(a.log, encoding="utf-8") as f:
            done = {tuple(l.split("\t")[:2]) for l in f}
    todo = [c for c in cases if (c[0], str(c[1])) not in done]
    print(f"{len(cases)} cases, {len(cases) - len(todo)} already in {a.log}", file=sys.stderr)
    t0 = time.monotonic()
    with open(a.log, "a", encoding="utf-8") as log, ThreadPoolExecutor(a.jobs) as pool:
        for n, row in enumerate(pool.map(lambda c: r.case(*c), todo), 1):
            log.write("\t".join(row) + "\n")
            log.flush()
            if row[7] != "identical":
                print(f"{row[0]} {row[1]}: {row[7]} {row[12][:300]}", file=sys.stderr)
            if n % 100 == 0:
                print(f"{n}/{len(todo)} in {time.monotonic() - t0:.0f} s", file=sys.stderr)
    summary(a.log)


def summary(path):
    """Per kind and source: tournaments, identical, rounds, rounds identical, time."""
    rows = []
    with open(path, encoding="utf-8") as f:
        rows = [l.rstrip("\n").split("\t") for l in f if l.strip()]
    for kind, src in (("dutch", "bianpai"), ("dutch", "bbp"), ("team", "bianpai")):
        rs = [x for x in rows if x[0] == kind and x[2] == src]
        if not rs:
            continue
        ident = sum(1 for x in rs if x[7] == "identical")
        errors = sum(1 for x in rs if x[7] == "error")
        rounds = sum(int(x[8]) for x in rs)
        same = sum(int(x[9]) for x in rs)
        secs = sum(float(x[11]) for x in rs)
        players = [int(x[3]) for x in rs]
        print(f"{kind} made by {src}: {len(rs)} tournaments ({min(players)}-{max(players)} "
              f"{'teams' if kind == 'team' else 'players'}), {ident} identical, "
              f"{len(rs) - ident - errors} differ, {errors} errors; {rounds} rounds, "
              f"{same} identical; {secs:.0f} s of case time")


if __name__ == "__main__":
    main()
