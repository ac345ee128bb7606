#!/usr/bin/env python3
"""Play the open chess sample (open-chess-2026) through every round, as an arbiter would.

Run from the repository root: ``python3 samples/play_open.py``. Needs openpyxl. The loop is
``play_youth.py``'s (run bianpai, type every round workbook with empty result cells, run again,
until nothing is left to fill), with this folder, its late form and its planted results:

- 女子组 round 3, board 4: White wins by forfeit (``+-``);
- 公开组 round 5, board 12: Black does not turn up and withdraws (``+-`` and ``退赛`` after the
  name): he is not paired again and keeps his points;
- the late entry: 浦口区棋类协会's form (``浦口区棋类协会补报名单.xlsx``) arrived on the first day
  after round 1 was paired. While no round-1 workbook is typed, the script moves the form out of
  the folder for the run, so its player is paired from round 2 (round 1 scores 0).

The requested bye is not typed here: 任煜 (无锡市国际象棋协会, 公开组) asked for an ``H`` bye in
round 4, a ruling in the sample's ``event.toml`` that bianpai reads before it pairs the round.

Results are drawn from a generator seeded with the workbook's file name (``1-0``, ``½-½``,
``0-1``). Deterministic: the same bianpai gives the same pairings and the same bytes; once every
round is played a re-run changes nothing.
"""

from __future__ import annotations

from pathlib import Path

import play_youth

ROOT = Path(__file__).resolve().parent.parent
play_youth.FOLDER = ROOT / "samples" / "open-chess-2026"
play_youth.LATE_FORM = "浦口区棋类协会补报名单.xlsx"
play_youth.ZIP_DATE = (2026, 10, 2, 9, 0, 0)
play_youth.DOC_DATE = "2026-10-02T09:00:00Z"
play_youth.FORFEITS = {
    ("women-r03.xlsx", 4): ("+-", None),
    ("open-r05.xlsx", 12): ("+-", "black"),
}

if __name__ == "__main__":
    play_youth.main(__doc__)
