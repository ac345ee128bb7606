#!/bin/sh
# Regenerates the expected outputs of this folder that issue 22's last codes added (PTP, APPO,
# STD, SSSC; `tests/tiebreaks_fore.rs`) by running FIDE's tie-break calculator, TieBreakServer's
# checker from the PyPI package gacrux 1.11.65 (`pip install gacrux==1.11.65`), on the inputs of
# `../tiebreaks/` and of `inputs/` here. Run from anywhere; needs python3 with gacrux.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
ref="$here/../tiebreaks"
tbs() { python3 -m gacrux.tiebreakchecker -b utf-8 -d T -r "$@"; }
for f in "$ref"/individual/*.trf "$here"/inputs/*.trf; do
    n=$(basename "$f" .trf)
    case "$n" in trr-* | tsw-* | team-*) continue ;; esac
    tbs -i "$f" -s -t PTS PTP PTP/C1 PTP/M1 APPO STD >"$here/$n.ptp.tsv"
done
for f in "$here"/inputs/*-unrated*.trf; do
    n=$(basename "$f" .trf)
    tbs -i "$f" -s -t PTS PTP/U1400 APPO/U1400 ARO/U1400 TPR/U1400 APRO/U1400 PTP >"$here/$n.unrated.tsv"
done
for f in "$ref"/team-swiss/*.trf "$here"/inputs/team-*.trf; do
    n=$(basename "$f" .trf)
    tbs -i "$f" -s -t MPTS GPTS STD STD:GP SSSC SSSC/F SSSC/K4 SSSC:GP SSSC/C1 SSSC/P >"$here/$n.sssc.tsv"
done
for f in "$ref"/team-rr/*.trf; do
    n=$(basename "$f" .trf)
    tbs -i "$f" -p -t MPTS GPTS STD STD:GP SSSC SSSC/F SSSC/K4 SSSC:GP SSSC/C1 >"$here/$n.sssc.tsv"
done
