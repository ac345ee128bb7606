#!/usr/bin/env python3
"""Play the A-league sample (samples/cca-a-league-2023) through its season and knockout finals.

Run from the repository root: ``python3 samples/play_league.py [--fresh]``. The script runs
``cargo run --release -- run samples/cca-a-league-2023 --json`` (or the binary named by the
``BIANPAI`` environment variable), types seeded results into every round workbook under
``results/`` that has no result yet (the regular season's ``rNN.xlsx``, then the finals'
``finals-rNN.xlsx``), with openpyxl as an arbiter would in Excel, and runs again until no
workbook is left to fill. ``--fresh`` first deletes the round workbooks (the number draw
``results/draw.xlsx`` stays) and empties ``playoff_winners`` in event.toml.

Results follow the Elo expectation of the two ratings (a third of the games drawn) from a fixed
seed per workbook; a board with nobody on one side is typed as the forfeit it is (``+-``,
``-+``, ``--``). The line-ups are bianpai's defaults (the form's board order, so 湖北江城队's form
with board 1 entered twice and no board 2 plays its five boards in the form's order). When a
finals match ends level on match and game points, bianpai asks for the play-off winner; the
script writes the better seed's team into ``playoff_winners`` of event.toml (the arbiter's
entry after the play-off) and runs again.

Workbooks are saved with fixed document dates and zip entry dates (as make_samples.py does), so
re-running the script with ``--fresh`` gives the same bytes.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import random
import re
import shlex
import subprocess
import sys
import zlib
from pathlib import Path

import openpyxl

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from make_samples import core_patch, fix_zip  # noqa: E402
from play_rounds import flip, game, read_roster  # noqa: E402

FOLDER = HERE / "cca-a-league-2023"
SEED = 20230506
PLAYOFF = re.compile(r"总决赛(\w+)（(\S+) – (\S+)）场分、局分均相同")


def run_bianpai(folder: Path) -> dict:
    """One `bianpai run --json`; the sample's planted form faults make it exit 1."""
    cmd = shlex.split(os.environ.get("BIANPAI", "cargo run --release --quiet --"))
    out = subprocess.run(cmd + ["run", str(folder), "--json"], capture_output=True, check=False)
    if out.returncode not in (0, 1):
        sys.exit(f"bianpai failed ({out.returncode}):\n{out.stderr.decode('utf-8', 'replace')}")
    return json.loads(out.stdout)


def round_sheet(wb):
    ws = next(w for w in wb.worksheets if w.sheet_state == "visible")
    head = next(r for r in range(1, 12) if ws.cell(r, 1).value == "场次")
    cols = {ws.cell(head, c).value: c for c in range(1, ws.max_column + 1)}
    return ws, head, cols


def untouched(path: Path) -> bool:
    """A round workbook bianpai wrote and nobody typed into: every result cell empty."""
    wb = openpyxl.load_workbook(path)
    ws, head, cols = round_sheet(wb)
    rows = [r for r in range(head + 1, ws.max_row + 1) if ws.cell(r, cols["主队"]).value]
    return bool(rows) and all(ws.cell(r, cols["结果"]).value in (None, "") for r in rows)


def fill(path: Path, roster: dict) -> None:
    wb = openpyxl.load_workbook(path)
    ws, head, cols = round_sheet(wb)
    rng = random.Random(SEED * 1000 + zlib.crc32(path.name.encode()))

    def cell(r: int, k: str):
        return ws.cell(r, cols[k])

    for r in range(head + 1, ws.max_row + 1):
        home, away = cell(r, "主队").value, cell(r, "客队").value
        if not home or not away:
            continue
        hp, ap = cell(r, "主队棋手").value or "", cell(r, "客队棋手").value or ""
        if not hp or not ap:
            res = "--" if not hp and not ap else ("+-" if hp else "-+")
        else:
            ra = roster.get(home, {}).get("rating", {}).get(hp, 0)
            rb = roster.get(away, {}).get("rating", {}).get(ap, 0)
            res = game(rng, ra, rb) if cell(r, "执色").value == "白" else flip(game(rng, rb, ra))
        cell(r, "结果").value = res
    fixed = dt.datetime(2023, 6, 10, 9, 0, 0)
    wb.properties.created = fixed
    wb.properties.modified = fixed
    wb.save(path)
    path.write_bytes(fix_zip(path.read_bytes(), core_patch))


def set_playoff_winners(folder: Path, winners: dict[str, str]) -> None:
    toml = folder / "event.toml"
    text = toml.read_text(encoding="utf-8")
    inner = ", ".join(f'{k} = "{v}"' for k, v in winners.items())
    new, n = re.subn(r"^playoff_winners = \{.*\}$", f"playoff_winners = {{ {inner} }}" if inner
                     else "playoff_winners = {}", text, flags=re.M)
    if n != 1:
        sys.exit("event.toml: no playoff_winners line to edit")
    toml.write_text(new, encoding="utf-8")


def current_winners(folder: Path) -> dict[str, str]:
    text = (folder / "event.toml").read_text(encoding="utf-8")
    m = re.search(r"^playoff_winners = \{(.*)\}$", text, flags=re.M)
    return dict(re.findall(r'(\w+) = "([^"]+)"', m.group(1))) if m else {}


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    folder = Path(args[0]) if args else FOLDER
    if "--fresh" in sys.argv:
        for p in sorted((folder / "results").glob("*r[0-9][0-9].xlsx")):
            p.unlink()
        set_playoff_winners(folder, {})
    for _ in range(60):
        summary = run_bianpai(folder)
        todo = [p for p in sorted((folder / "results").glob("*r[0-9][0-9].xlsx")) if untouched(p)]
        playoffs = sorted({m.groups() for f in summary["findings"]
                           if (m := PLAYOFF.search(f["message"]))})
        print(f"rounds: {summary.get('rounds')} to fill: {[p.name for p in todo]} play-offs: {playoffs}")
        if playoffs:
            winners = current_winners(folder)
            # The first-named team is the better seed (规程: 序号靠前的队伍为先); it wins the
            # play-off here.
            for match_id, first, _second in playoffs:
                winners[match_id] = first
            set_playoff_winners(folder, winners)
            continue
        if not todo:
            return
        roster = read_roster(folder)
        for p in todo:
            fill(p, roster)
    sys.exit("the season did not finish")


if __name__ == "__main__":
    main()
