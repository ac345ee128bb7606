#!/usr/bin/env python3
"""Compare `bianpai run <folder> --json` with the oracle in expected.json.

    cargo run --release -- run samples/cca-b-league-2025 --json > /tmp/b.json
    python3 samples/compare_findings.py cca-b-league-2025 /tmp/b.json

Prints every planted fault that was not reported (by code and source cell), reported with another
severity, and every finding the oracle does not list; exits 1 if anything differs.
"""

import json
import sys
from pathlib import Path


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    folder, run_json = sys.argv[1], sys.argv[2]
    oracle = json.loads((Path(__file__).resolve().parent / "expected.json").read_text(encoding="utf-8"))[folder]
    run = json.loads(Path(run_json).read_text(encoding="utf-8"))
    got = {}
    for f in run.get("findings", []):
        got.setdefault((f["code"], f.get("source", "")), f)
    want = {}
    for f in oracle["findings"]:
        src = f["file"] + (f"!{f['sheet']}!{f['cell']}" if f["cell"] else "")
        want[(f["code"], src)] = f
    bad = 0
    for key, f in want.items():
        if key not in got:
            print(f"MISSING   {key[0]:34} {key[1]}  ({f['team']} {f['person']}: {f['what']})")
            bad += 1
        elif got[key]["severity"] != f["severity"]:
            print(f"SEVERITY  {key[0]:34} {key[1]}  oracle {f['severity']}, run {got[key]['severity']}")
            bad += 1
    for key, f in got.items():
        if key not in want:
            print(f"EXTRA     {key[0]:34} {key[1]}  {f.get('message', '')}")
            bad += 1
    print(f"{len(set(want) & set(got))}/{len(want)} planted faults reported, {bad} differences")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
