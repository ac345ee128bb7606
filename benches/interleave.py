#!/usr/bin/env python3
"""Times `bianpai run` of several builds on one machine, interleaved (issue 20's figures).

    python3 benches/interleave.py RUNS LABEL=BINARY:FOLDER [LABEL=BINARY:FOLDER ...]

Each round runs every build once, in the order given, each into a fresh output folder outside
its event folder (`/tmp/bianpai-interleave-*/<label>-<round>`), so that a machine whose speed drifts
from one minute to the next (a shared 2-core VM) slows every build alike. The output folders are
kept until the series ends: on an ext4 without a journal (this machine's disk) the inode allocator
skips every inode deleted in the last 60-360 s (`recently_deleted`), so deleting one run's ~220
files before the next made each later run's file creations slower (writing the files, mostly
allocating their inodes, took 3% of a 200-form run's profile samples after a quiet minute, 12%
after a series). Prints the median, the
minimum and the quartiles of the wall times per build, and each median's ratio to the first
build's. With `BIANPAI_INTERLEAVE_KEEP=1` the output folders are left in place (delete them
later, at least six minutes before the next series). Make the folders with `benches/make_forms.py` and run each build on its folder once
before (the first run writes the round-1 workbooks into `results/`).
"""

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    runs = int(sys.argv[1])
    builds = []
    for arg in sys.argv[2:]:
        label, _, rest = arg.partition("=")
        binary, _, folder = rest.partition(":")
        if not (label and binary and folder):
            print(f"not LABEL=BINARY:FOLDER: {arg}", file=sys.stderr)
            return 2
        builds.append((label, binary, folder))
    times = {label: [] for label, _, _ in builds}
    kept = Path(tempfile.mkdtemp(prefix="bianpai-interleave-"))
    for i in range(runs):
        for label, binary, folder in builds:
            out = kept / f"{label}-{i}"
            start = time.perf_counter()
            subprocess.run(
                [binary, "run", folder, "--out", str(out)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                check=False,
            )
            times[label].append(time.perf_counter() - start)
    if os.environ.get("BIANPAI_INTERLEAVE_KEEP"):
        # Kept for the next series too: deleting them now would slow the file creations of
        # any series started within the next six minutes (see above).
        print(f"outputs kept in {kept}", file=sys.stderr)
    else:
        shutil.rmtree(kept, ignore_errors=True)
    first = statistics.median(times[builds[0][0]])
    for label, _, _ in builds:
        v = sorted(times[label])
        med = statistics.median(v)
        print(
            f"{label:12} median {med:.3f} s  min {v[0]:.3f}  "
            f"q1 {v[len(v) // 4]:.3f}  q3 {v[3 * len(v) // 4]:.3f}  ×{first / med:.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
