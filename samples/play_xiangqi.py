#!/usr/bin/env python3
"""Play the xiangqi finals sample (cxa-amateur-king-2023) through every round, as an arbiter would.

Run from the repository root: ``python3 samples/play_xiangqi.py``. Needs openpyxl. Loops:

1. ``cargo run --release -- run samples/cxa-amateur-king-2023`` (or ``--bin <bianpai>``), which
   pairs the next round of every group whose rounds so far are complete;
2. types results into every round workbook under ``results/`` that still has empty result cells,
   then runs again, until no workbook is left to fill (every group's rounds of event.toml played).

Results are drawn from a generator seeded with the workbook's file name, in every xiangqi
notation of SPEC §6 (``2-0 1-1 0-2 红胜 和 黑胜``). Planted on purpose:

- 公开组男子 round 2, board 3: a forfeit won by Red (``+-``);
- 少年组男子 round 4, last board: a forfeit won by Black (``-+``);
- 公开组男子 round 3, board 5: Black does not turn up and withdraws (``+-`` and ``退赛`` after the
  name): he is not paired again and keeps his points;
- 家庭双人组 round 1: the pairs of the last board (or the pair with the bye, when there is one)
  had not arrived; the arbiter deleted the row, so they are late entries paired from round 2
  (round 1 scores 0).

Deterministic: the same bianpai gives the same pairings, the same seeds the same results, and the
saved workbooks carry fixed document dates and zip entry dates, so a re-run gives the same bytes.
Once every round is played a re-run changes nothing.
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import random
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import openpyxl

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "samples" / "cxa-amateur-king-2023"
ZIP_DATE = (2023, 12, 23, 9, 0, 0)
DOC_DATE = "2023-12-23T09:00:00Z"

# Notations and their weights: red wins, draws, black wins in both spellings.
NOTATIONS = [("2-0", 3), ("红胜", 3), ("1-1", 2), ("和", 2), ("0-2", 3), ("黑胜", 3)]

# (file, board): the planted results; a withdrawal also marks the name.
FORFEITS = {
    ("open-men-r02.xlsx", 3): ("+-", None),
    ("junior-men-r04.xlsx", -1): ("-+", None),
    ("open-men-r03.xlsx", 5): ("+-", "black"),
}
LATE_BYE = "family-r01.xlsx"


def fix_zip(data: bytes, zip_date: tuple = ZIP_DATE, doc_date: str = DOC_DATE) -> bytes:
    """Rewrite the xlsx zip with fixed entry dates and fixed document dates."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as dst:
        for zi in src.infolist():
            body = src.read(zi.filename)
            if zi.filename == "docProps/core.xml":
                s = body.decode("utf-8")
                for tag in ("created", "modified"):
                    s = re.sub(
                        rf"(<dcterms:{tag}[^>]*>)[^<]*(</dcterms:{tag}>)", r"\g<1>" + doc_date + r"\g<2>", s
                    )
                body = s.encode("utf-8")
            nz = zipfile.ZipInfo(zi.filename, zip_date)
            nz.compress_type = zipfile.ZIP_DEFLATED
            nz.external_attr = 0
            nz.create_system = 0
            dst.writestr(nz, body)
    return out.getvalue()


def header(ws):
    """(row, {label: column}) of the 台号 | 红方 | 结果 | 黑方 header."""
    for row in ws.iter_rows(min_row=1, max_row=10):
        labels = {str(c.value).strip(): c.column for c in row if c.value is not None}
        if "台号" in labels and "结果" in labels:
            return row[0].row, labels
    raise SystemExit(f"{ws.title}: no header row")


def fill(path: Path) -> bool:
    """Types the results into one round workbook; False when it was already complete."""
    wb = openpyxl.load_workbook(path)
    ws = wb.worksheets[0]
    hr, cols = header(ws)
    red_col = cols.get("红方") or cols.get("白方")
    res_col, black_col = cols["结果"], cols["黑方"]
    rows = [r for r in range(hr + 1, ws.max_row + 1) if ws.cell(r, red_col).value]
    games = [r for r in rows if ws.cell(r, black_col).value not in (None, "", "轮空")]
    todo = [r for r in games if ws.cell(r, res_col).value in (None, "")]
    if not todo:
        return False
    rng = random.Random(path.name)
    words = [w for w, n in NOTATIONS for _ in range(n)]
    for r in todo:
        ws.cell(r, res_col).value = rng.choice(words)
    for (name, board), (result, who) in FORFEITS.items():
        if name != path.name:
            continue
        r = games[board] if board < 0 else games[board - 1]
        ws.cell(r, res_col).value = result
        if who == "black":
            ws.cell(r, black_col).value = f"{ws.cell(r, black_col).value}退赛"
    if path.name == LATE_BYE:
        # The entrants of the bye row, or of the last board when there is no bye, had not
        # arrived: the arbiter deleted the row, so they are late entries paired from round 2.
        byes = [r for r in rows if r not in games] or rows[-1:]
        for r in reversed(byes):
            ws.delete_rows(r)
    fixed = dt.datetime(2023, 12, 23, 9, 0, 0)
    wb.properties.created = fixed
    wb.properties.modified = fixed
    buf = io.BytesIO()
    wb.save(buf)
    path.write_bytes(fix_zip(buf.getvalue()))
    return True


def run(cmd: list, folder: Path) -> None:
    p = subprocess.run(cmd + ["run", str(folder)], cwd=ROOT, capture_output=True, text=True)
    # Exit 1 is expected: the sample's entry forms carry planted eligibility errors.
    if p.returncode not in (0, 1):
        sys.stderr.write(p.stderr)
        raise SystemExit(f"bianpai exited {p.returncode}")


def options(doc: str, folder: Path) -> tuple:
    """(the bianpai command, the event folder) from the command line."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--bin", help="a built bianpai binary (default: cargo run --release)")
    ap.add_argument("--folder", type=Path, default=folder, help="the event folder (default: the sample)")
    args = ap.parse_args()
    return [args.bin] if args.bin else ["cargo", "run", "--release", "--quiet", "--"], args.folder


def main() -> None:
    cmd, folder = options(__doc__, FOLDER)
    results = folder / "results"
    for _ in range(50):
        run(cmd, folder)
        filled = [p.name for p in sorted(results.glob("*.xlsx")) if fill(p)]
        if not filled:
            break
        print("filled:", " ".join(filled))
    print(f"{len(list(results.glob('*.xlsx')))} round workbooks in {results}")


if __name__ == "__main__":
    main()
