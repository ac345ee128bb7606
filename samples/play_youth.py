#!/usr/bin/env python3
"""Play the youth chess sample (youth-chess-2026) through every round, as an arbiter would.

Run from the repository root: ``python3 samples/play_youth.py``. Needs openpyxl. Loops:

1. ``cargo run --release -- run samples/youth-chess-2026`` (or ``--bin <bianpai>``), which pairs
   the next round of every section whose rounds so far are complete;
2. types results into every round workbook ``results/<section>-rNN.xlsx`` (``台号 | 白方 | 结果 |
   黑方``) that still has empty result cells, then runs again, until no workbook is left to fill.

Results are drawn from a generator seeded with the workbook's file name: ``1-0``, ``½-½``,
``0-1``. Planted on purpose:

- U10男子组 round 3, board 5: White wins by forfeit (``+-``);
- U12女子组 round 5, last board: Black wins by forfeit (``-+``);
- U14男子组 round 4, board 3: Black does not turn up and withdraws (``+-`` and ``退赛`` after the
  name): he is not paired again and keeps his points;
- the late entry: 池州市青少年宫's form (``池州市青少年宫补报名单.xlsx``) arrived on the first day after
  round 1 was paired. While no round-1 workbook is typed, the script moves the form out of the
  folder for the run, so its player is paired from round 2 (round 1 scores 0).

Requested byes are not typed here: they are rulings in the sample's ``event.toml`` (程骏 of
合肥市蜀山区实验小学, U12男子组: an ``H`` bye in round 3, a ``Z`` bye in round 6; docs/contract.md,
individual chess Swiss), which bianpai reads before it pairs each round.

Deterministic: the same bianpai gives the same pairings, the same seeds the same results, and the
saved workbooks carry fixed document dates and zip entry dates, so a re-run gives the same bytes.
Once every round is played a re-run changes nothing.
"""

from __future__ import annotations

import datetime as dt
import io
import random
import shutil
import tempfile
from pathlib import Path

import openpyxl

from play_xiangqi import fix_zip, header, options
from play_xiangqi import run as run_once

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "samples" / "youth-chess-2026"
LATE_FORM = "池州市青少年宫补报名单.xlsx"
ZIP_DATE = (2026, 7, 20, 9, 0, 0)
DOC_DATE = "2026-07-20T09:00:00Z"

# Results and their weights: White wins a little more often than Black.
NOTATIONS = [("1-0", 40), ("½-½", 22), ("0-1", 38)]

# (file, board): the planted results; a withdrawal also marks the name ("white" / "black").
FORFEITS = {
    ("u10-boys-r03.xlsx", 5): ("+-", None),
    ("u12-girls-r05.xlsx", -1): ("-+", None),
    ("u14-boys-r04.xlsx", 3): ("+-", "black"),
}

def is_bye(v) -> bool:
    return v in (None, "") or str(v).strip() in ("轮空", "BYE", "bye")


def fill(path: Path) -> bool:
    """Types the results into one round workbook; False when it was already complete."""
    wb = openpyxl.load_workbook(path)
    ws = wb.worksheets[0]
    hr, cols = header(ws)
    white_col = cols.get("白方") or cols.get("红方")
    res_col, black_col = cols["结果"], cols["黑方"]
    rows = [r for r in range(hr + 1, ws.max_row + 1) if ws.cell(r, white_col).value]
    games = [r for r in rows if not is_bye(ws.cell(r, black_col).value)]
    todo = [r for r in games if ws.cell(r, res_col).value in (None, "")]
    if not todo:
        return False
    rng = random.Random(path.name)
    words = [w for w, n in NOTATIONS for _ in range(n)]
    for r in todo:
        ws.cell(r, res_col).value = rng.choice(words)
    for (name, board), (result, who) in FORFEITS.items():
        if name != path.name or len(games) < max(board, 1):
            continue
        r = games[board] if board < 0 else games[board - 1]
        ws.cell(r, res_col).value = result
        if who:
            col = black_col if who == "black" else white_col
            ws.cell(r, col).value = f"{ws.cell(r, col).value}退赛"
    fixed = dt.datetime(*ZIP_DATE)
    wb.properties.created = fixed
    wb.properties.modified = fixed
    buf = io.BytesIO()
    wb.save(buf)
    path.write_bytes(fix_zip(buf.getvalue(), ZIP_DATE, DOC_DATE))
    return True


def round_one_typed(results: Path) -> bool:
    """Whether round 1 exists and every one of its workbooks has a result on every game."""
    books = sorted(results.glob("*-r01.xlsx"))
    if not books:
        return False
    for p in books:
        ws = openpyxl.load_workbook(p).worksheets[0]
        hr, cols = header(ws)
        white_col = cols.get("白方") or cols.get("红方")
        for r in range(hr + 1, ws.max_row + 1):
            if ws.cell(r, white_col).value and not is_bye(ws.cell(r, cols["黑方"]).value) \
                    and ws.cell(r, cols["结果"]).value in (None, ""):
                return False
    return True


def run(cmd: list, folder: Path, hide_late: bool) -> None:
    """One run of bianpai; the late form is moved aside for it while round 1 is not typed."""
    late = folder / LATE_FORM
    with tempfile.TemporaryDirectory() as td:
        aside = Path(td) / LATE_FORM
        if hide_late and late.exists():
            shutil.move(str(late), str(aside))
        try:
            run_once(cmd, folder)
        finally:
            if aside.exists():
                shutil.move(str(aside), str(late))


def main(doc: str = __doc__) -> None:
    cmd, folder = options(doc, FOLDER)
    results = folder / "results"
    for _ in range(60):
        run(cmd, folder, hide_late=not round_one_typed(results))
        filled = [p.name for p in sorted(results.glob("*.xlsx")) if fill(p)]
        if not filled:
            break
        print("filled:", " ".join(filled))
    print(f"{len(list(results.glob('*.xlsx')))} round workbooks in {results}")


if __name__ == "__main__":
    main()
