#!/usr/bin/env python3
"""Play the B-league sample (samples/cca-b-league-2025) through its nine team Swiss rounds.

Run from the repository root: ``python3 samples/play_rounds.py``. The script runs
``cargo run --release -- run samples/cca-b-league-2025 --json`` (or the binary named by the
``BIANPAI`` environment variable), types seeded results into the round workbook the run wrote
(``results/rNN.xlsx``, with openpyxl, as an arbiter would in Excel), and runs again, until every
round is complete. A run after the last round pairs nothing and writes nothing into results/.

Results are drawn from a fixed seed per round (Elo expectation of the two ratings, a third of
the games drawn), so the same program gives the same event. Planted on purpose, as an arbiter
meets them:

- every round: 吉林长白山队 entered no second woman, so its board 5 is lost by forfeit;
- round 2: a board forfeit (an away team fields nobody on board 5: ``+-``);
- round 3: a rested main player (the boards move up, a men's reserve plays board 3) and a
  rested women's board 4 (a women's reserve plays board 5);
- round 4: a drawn match (2.5 : 2.5);
- round 5: a forfeited match (the home team does not appear: ``-+`` on every board), and the
  same team withdraws: a ``退赛`` row (主队 = the team, 客队 = 退赛). From round 6 fifteen
  teams are paired and one has the bye each round.

Workbooks are saved with fixed document dates and zip entry dates (as make_samples.py does), so
re-running the script on a fresh results/ gives the same bytes.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import os
import random
import shlex
import subprocess
import sys
from pathlib import Path

import openpyxl

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from make_samples import core_patch, fix_zip  # noqa: E402

FOLDER = HERE / "cca-b-league-2025"
SEED = 20250805
WITHDRAW_WORD = "退赛"


def run_bianpai(folder: Path) -> dict:
    """One `bianpai run --json`; the sample's planted form faults make it exit 1."""
    cmd = shlex.split(os.environ.get("BIANPAI", "cargo run --release --quiet --"))
    out = subprocess.run(cmd + ["run", str(folder), "--json"], capture_output=True, check=False)
    if out.returncode not in (0, 1):
        sys.exit(f"bianpai failed ({out.returncode}):\n{out.stderr.decode('utf-8', 'replace')}")
    return json.loads(out.stdout)


def read_roster(folder: Path) -> dict:
    """team -> {'rating': {name: rating}, 'reserve': {'男': name, '女': name}} from out/roster.xlsx."""
    wb = openpyxl.load_workbook(folder / "out" / "roster.xlsx", read_only=True)
    teams = {}
    for ws in wb.worksheets[1:]:
        rows = list(ws.iter_rows(values_only=True))
        head = next((i for i, r in enumerate(rows) if r and "姓名" in r), None)
        if head is None or "台次" not in rows[head]:
            continue
        h = rows[head]
        c_name, c_sex, c_rating, c_board = (h.index(x) for x in ("姓名", "性别", "等级分", "台次"))
        info = {"rating": {}, "reserve": {}}
        for r in rows[head + 1:]:
            if not r or not r[c_name]:
                continue
            name = str(r[c_name])
            info["rating"][name] = int(r[c_rating] or 0)
            if r[c_board] == "替补":
                info["reserve"].setdefault(str(r[c_sex]), name)
        teams[ws.title] = info
    return teams


def game(rng: random.Random, ra: int, rb: int) -> str:
    """A result from the left player's side: Elo expectation, about a third drawn."""
    e = 1 / (1 + math.pow(10, (rb - ra) / 400))
    x = rng.random()
    draw = 0.32
    if x < e - draw / 2:
        return "1-0"
    if x < e + draw / 2:
        return "½-½"
    return "0-1"


def fill(path: Path, roster: dict) -> None:
    wb = openpyxl.load_workbook(path)
    ws = next(w for w in wb.worksheets if w.sheet_state == "visible")
    round_no = int(next(w for w in wb.worksheets if w.title == "bianpai")["B5"].value)
    rng = random.Random(SEED * 100 + round_no)
    head = next(r for r in range(1, 10) if ws.cell(r, 1).value == "场次")
    cols = {ws.cell(head, c).value: c for c in range(1, ws.max_column + 1)}
    C = lambda k: cols[k]  # noqa: E731
    matches: dict[int, list[int]] = {}
    for r in range(head + 1, ws.max_row + 1):
        if ws.cell(r, C("主队")).value and ws.cell(r, C("客队")).value not in ("轮空", None):
            matches.setdefault(int(ws.cell(r, C("场次")).value), []).append(r)

    def cell(r: int, k: str):
        return ws.cell(r, C(k))

    def team_rows(m: int) -> list[int]:
        return sorted(matches[m], key=lambda r: int(cell(r, "台次").value))

    # Lines up first (the results follow the players on the boards).
    if round_no == 3:
        # A main player of the first home team with a men's reserve rests: boards 2-3 move up.
        m = next(m for m in sorted(matches) if "男" in roster[cell(matches[m][0], "主队").value]["reserve"])
        rows = team_rows(m)
        team = cell(rows[0], "主队").value
        cell(rows[1], "主队棋手").value = cell(rows[2], "主队棋手").value
        cell(rows[2], "主队棋手").value = roster[team]["reserve"]["男"]
        # An away team's board 4 rests: board 5 moves up, the women's reserve plays board 5.
        m = next(m for m in sorted(matches)[1:] if "女" in roster[cell(matches[m][0], "客队").value]["reserve"])
        rows = team_rows(m)
        team = cell(rows[0], "客队").value
        cell(rows[3], "客队棋手").value = cell(rows[4], "客队棋手").value
        cell(rows[4], "客队棋手").value = roster[team]["reserve"]["女"]

    def full(m: int) -> bool:
        return all(cell(r, k).value for r in matches[m] for k in ("主队棋手", "客队棋手"))

    board_forfeit = next(m for m in sorted(matches)[2:] if full(m)) if round_no == 2 else None
    forfeited = max(m for m in matches if full(m)) if round_no == 5 else None
    for m in sorted(matches):
        rows = team_rows(m)
        home, away = cell(rows[0], "主队").value, cell(rows[0], "客队").value
        for i, r in enumerate(rows):
            hp, ap = cell(r, "主队棋手").value or "", cell(r, "客队棋手").value or ""
            ra = roster[home]["rating"].get(hp, 0)
            rb = roster[away]["rating"].get(ap, 0)
            res = game(rng, ra, rb) if cell(r, "执色").value == "白" else flip(game(rng, rb, ra))
            if m == board_forfeit and i == len(rows) - 1:
                cell(r, "客队棋手").value = None  # nobody on the last board: a board forfeit
                ap = ""
            if round_no == 4 and m == 1:
                res = ["1-0", "0-1", "½-½", "½-½", "½-½"][i]  # a drawn match
            if m == forfeited:
                cell(r, "主队棋手").value = None  # the home team does not appear
                hp = ""
            # A side with nobody on the board loses it by forfeit (a team short of a player).
            if not hp or not ap:
                res = "--" if not hp and not ap else ("+-" if hp else "-+")
            cell(r, "结果").value = res
    if forfeited is not None:
        # The team that did not appear withdraws from the event.
        last = ws.max_row + 1
        team = cell(team_rows(forfeited)[0], "主队").value
        cell(last, "场次").value = max(matches) + 1
        cell(last, "主队").value = team
        cell(last, "客队").value = WITHDRAW_WORD
    fixed = dt.datetime(2025, 8, 5, 9, 0, 0)
    wb.properties.created = fixed
    wb.properties.modified = fixed
    wb.save(path)
    path.write_bytes(fix_zip(path.read_bytes(), core_patch))


def flip(res: str) -> str:
    return {"1-0": "0-1", "0-1": "1-0"}.get(res, res)


def untouched(path: Path) -> bool:
    wb = openpyxl.load_workbook(path, read_only=True)
    ws = next(w for w in wb.worksheets if w.title != "bianpai")
    rows = list(ws.iter_rows(values_only=True))
    head = next(i for i, r in enumerate(rows) if r and r[0] == "场次")
    col = rows[head].index("结果")
    return all(r[col] in (None, "") for r in rows[head + 1:] if r and r[col - 3] is not None)


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else FOLDER
    for _ in range(20):
        summary = run_bianpai(folder)
        rounds = summary["rounds"]
        print(f"rounds: {rounds}")
        if rounds["complete"] >= rounds["planned"]:
            return
        path = folder / "results" / f"r{rounds['paired']:02}.xlsx"
        if not untouched(path):
            sys.exit(f"{path} has results but the round is not complete: see the findings")
        fill(path, read_roster(folder))
    sys.exit("the event did not finish")


if __name__ == "__main__":
    main()
