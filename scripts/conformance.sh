#!/bin/sh
# The conformance run of issue 47 (docs/conformance.md): N Dutch tournaments held round by round
# to bbpPairings v6 and M team Swiss tournaments held to Gacrux.
#
#   scripts/conformance.sh [N_DUTCH] [N_TEAM] [extra options of scripts/conformance.py]
#
# Defaults: 5000 and 1000. Needs
#   - bbpPairings v6, built from its source OUTSIDE this repository
#     (https://github.com/BieremaBoyzProgramming/bbpPairings, `make`), at $BBPPAIRINGS
#     (default /work/bbp/bbpPairings.exe);
#   - Gacrux (`pip install gacrux`, 1.11.65) for python3;
#   - bianpai, at $BIANPAI (default target/release/bianpai, built if missing).
# Writes conformance.tsv (one row a case; a run given the same log resumes) in the current
# folder and prints the figures. JOBS (default 2) cases run at a time, at nice 10.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
dutch=${1:-5000}
team=${2:-1000}
[ $# -ge 1 ] && shift
[ $# -ge 1 ] && shift
bbp=${BBPPAIRINGS:-/work/bbp/bbpPairings.exe}
bianpai=${BIANPAI:-$root/target/release/bianpai}
if [ ! -x "$bbp" ]; then
    echo "bbpPairings not found at $bbp (set BBPPAIRINGS)" >&2
    exit 2
fi
if [ ! -x "$bianpai" ]; then
    (cd "$root" && cargo build --release --bin bianpai)
fi
python3 -c 'import gacrux' 2>/dev/null || {
    echo "Gacrux is not installed for python3 (pip install gacrux)" >&2
    exit 2
}
exec nice -n 10 python3 "$here/conformance.py" --dutch "$dutch" --team "$team" \
    --jobs "${JOBS:-2}" --bbp "$bbp" --bianpai "$bianpai" "$@"
