#!/usr/bin/env python3
"""Derives the extra reference inputs of this folder from files of ../../tiebreaks/ (run from
anywhere; needs python3 with gacrux 1.11.65 for the team file's 310 totals):

- ind-31-011p-07r-310-tb2024.trf: ind-02 scored 3/1/0 (`162  W 3.0    D 1.0    L 0.0`), with the
  round-4 game 5-8 a double forfeit (both `-`), totals recomputed: STD brings the points back
  to wins and draws; PTP does not depend on the scoring.
- ind-32-011p-07r-std-unrated-tb2024.trf: ind-02 with player 9 unrated (columns 49-52 blank):
  the rating tie-breaks are undefined (C.07 10 preamble) unless `/U` gives a rating.
- team-01-21t-5b-09r-310-2026.trf: tsw-03 with matches scored 3/1/0 (`362  W 3.0    D 1.0    L
  0.0`); the 310 match points and ranks are TieBreakServer's MPTS and rank for it.
"""
import pathlib
import subprocess
import sys

here = pathlib.Path(__file__).resolve().parent
ref = here.parent.parent / "tiebreaks"


def blocks(line):
    # round blocks: opponent in columns 92-95, colour 97, result 99
    return [line[i : i + 10] for i in range(91, len(line), 10)]


def rescore(lines, value):
    out = []
    for l in lines:
        if l.startswith("001"):
            total = sum(value[b[7]] for b in blocks(l) if len(b) >= 8 and b[7] != " ")
            l = l[:80] + f"{total:4.1f}" + l[84:]
        out.append(l)
    return out


def ind31():
    lines = (ref / "individual/ind-02-011p-07r-std-tb2024.trf").read_text().splitlines()
    out = []
    for l in lines:
        if l.startswith("012 "):
            l = "012 Corpus individual Swiss ind-31-011p-07r-310-tb2024"
        if l.startswith("001    8 "):
            # round 4: `5 w +` -> `5 w -` (player 5 already has `8 b -`)
            b = 91 + 3 * 10
            assert l[b : b + 8] == "   5 w +", l[b : b + 8]
            l = l[:b] + "   5 w -" + l[b + 8 :]
        out.append(l)
        if l.startswith("142 "):
            out.append("162  W 3.0    D 1.0    L 0.0")
    value = {"1": 3, "=": 1, "0": 0, "+": 3, "-": 0, "U": 3, "H": 1, "Z": 0, "F": 3}
    (here / "ind-31-011p-07r-310-tb2024.trf").write_text("\n".join(rescore(out, value)) + "\n")


def ind32():
    lines = (ref / "individual/ind-02-011p-07r-std-tb2024.trf").read_text().splitlines()
    out = []
    for l in lines:
        if l.startswith("012 "):
            l = "012 Corpus individual Swiss ind-32-011p-07r-std-unrated-tb2024"
        if l.startswith("001    9 "):
            l = l[:48] + "    " + l[52:]
        out.append(l)
    (here / "ind-32-011p-07r-std-unrated-tb2024.trf").write_text("\n".join(out) + "\n")


def team01():
    lines = (ref / "team-swiss/tsw-03-21t-5b-09r-std-2026.trf").read_text().splitlines()
    lines = [
        "012 Corpus team Swiss team-01-21t-5b-09r-310-2026" if l.startswith("012 ")
        else "362  W 3.0    D 1.0    L 0.0" if l.startswith("362 ")
        else l
        for l in lines
    ]
    path = here / "team-01-21t-5b-09r-310-2026.trf"
    path.write_text("\n".join(lines) + "\n")
    tsv = subprocess.run(
        [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-s", "-b", "utf-8",
         "-t", "MPTS", "GPTS", "-d", "T", "-r"],
        check=True, capture_output=True, text=True,
    ).stdout.splitlines()[1:]
    mp = {int(r.split("\t")[1]): (r.split("\t")[0], float(r.split("\t")[2])) for r in tsv}
    out = []
    for l in lines:
        if l.startswith("310 "):
            rank, points = mp[int(l[4:7])]
            l = l[:54] + f"{points:6.1f}" + l[60:68] + f"{int(rank):3d}" + l[71:]
        out.append(l)
    path.write_text("\n".join(out) + "\n")


ind31()
ind32()
team01()
