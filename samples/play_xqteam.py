#!/usr/bin/env python3
"""Play the xiangqi team sample (samples/xiangqi-team-2026): the men's section through its
groups and its finals, the women's through its round robin.

Run from the repository root: ``python3 samples/play_xqteam.py [--fresh]``. The script runs
``target/debug/bianpai run samples/xiangqi-team-2026 --json`` (or the command named by the
``BIANPAI`` environment variable), types results into every round workbook under ``results/``
that has none yet (the men's groups' ``team-men-rNN.xlsx``, then their finals'
``team-men-finals-rNN.xlsx``; the women's ``team-women-rNN.xlsx``) with openpyxl
as an arbiter would in Excel, and runs again until no workbook is left to fill. ``--fresh`` first
deletes the round workbooks.

Every result is typed in xiangqi words, by colour as the arbiter reads the scoresheet: ``红胜``,
``黑胜`` or ``和``; on board 2 the home (first-named) team has black (``first_named = "红黑红"``),
so a home win there is typed ``黑胜``. The team earlier in the public draw (the stronger, by
the forms' ratings) wins two boards of every match, chosen from a fixed seed per workbook; the
third board is drawn or won by the other team. Every match is decided, so no finals play-off.
The men's workbooks are seeded by their names without the section (``r01.xlsx``,
``finals-r01.xlsx``), as when the men's teams were the sample's only section, so their results
stay those of that first sample.
"""

from __future__ import annotations

import datetime as dt
import os
import random
import shlex
import subprocess
import sys
import zlib
from pathlib import Path

import openpyxl

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from make_samples import core_patch, fix_zip  # noqa: E402
from make_xqteam import TEAMS, WOMEN  # noqa: E402
from play_league import round_sheet, untouched  # noqa: E402

FOLDER = HERE / "xiangqi-team-2026"
SEED = 20261102
STRENGTH = {"team-men-": [t[0] for t in TEAMS], "team-women-": [t[0] for t in WOMEN]}


def run_bianpai(folder: Path) -> None:
    cmd = shlex.split(os.environ.get("BIANPAI", str(HERE.parent / "target/debug/bianpai")))
    out = subprocess.run(cmd + ["run", str(folder), "--json"], capture_output=True, check=False)
    if out.returncode != 0:
        sys.exit(f"bianpai failed ({out.returncode}):\n{out.stderr.decode('utf-8', 'replace')}")


def word(home_colour: str, home_wins: bool | None) -> str:
    """The result as the scoresheet says it: which colour won, or 和."""
    if home_wins is None:
        return "和"
    other = "黑" if home_colour == "红" else "红"
    return f"{home_colour if home_wins else other}胜"


def fill(path: Path) -> None:
    wb = openpyxl.load_workbook(path)
    ws, head, cols = round_sheet(wb)
    section = next(s for s in STRENGTH if path.name.startswith(s))
    strength = STRENGTH[section]
    name = path.name.removeprefix("team-men-")
    rng = random.Random(SEED * 1000 + zlib.crc32(name.encode()))
    matches: dict[int, list[int]] = {}
    for r in range(head + 1, ws.max_row + 1):
        if ws.cell(r, cols["主队"]).value and ws.cell(r, cols["客队"]).value:
            matches.setdefault(ws.cell(r, cols["场次"]).value, []).append(r)
    for rows in matches.values():
        home, away = ws.cell(rows[0], cols["主队"]).value, ws.cell(rows[0], cols["客队"]).value
        home_stronger = strength.index(home) < strength.index(away)
        other = rng.randrange(len(rows))  # the board the stronger team does not win
        third = rng.choice([None, False])  # drawn, or won by the weaker team
        for i, r in enumerate(rows):
            stronger_wins = True if i != other else third
            home_wins = None if stronger_wins is None else (stronger_wins == home_stronger)
            ws.cell(r, cols["结果"]).value = word(ws.cell(r, cols["执色"]).value, home_wins)
    fixed = dt.datetime(2026, 11, 2, 9, 0, 0)
    wb.properties.created = fixed
    wb.properties.modified = fixed
    wb.save(path)
    path.write_bytes(fix_zip(path.read_bytes(), core_patch))


def main() -> None:
    folder = FOLDER
    if "--fresh" in sys.argv:
        for p in sorted((folder / "results").glob("*r[0-9][0-9].xlsx")):
            p.unlink()
    for _ in range(20):
        run_bianpai(folder)
        todo = [p for p in sorted((folder / "results").glob("*r[0-9][0-9].xlsx")) if untouched(p)]
        print(f"to fill: {[p.name for p in todo]}")
        if not todo:
            return
        for p in todo:
            fill(p)
    sys.exit("the event did not finish")


if __name__ == "__main__":
    main()
