#!/usr/bin/env python3
"""Seeds fuzz/corpus/event_run with forms in the byte program of fuzz/shared/tables.rs.

Each seed is: sample (0-2), flags (1: the samples' header row first, 2: a second table,
4: write the outputs, 8: English, 16: draw the pictures too,
32: run the part before the outputs twice), the file taken away (255: none, as 255 % (files + 1)
is rarely a file), the table width byte (8: nine columns), then two players' rows of cells
whose texts are words of the generator's vocabulary, then 0xFF (end of table).
Run from the repository root.
"""
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
src = open(os.path.join(HERE, "shared", "tables.rs"), encoding="utf-8").read()
vocab = src[src.index("const WORDS"):src.index("];")]
words = re.findall(r'"((?:[^"\\]|\\.)*)"', vocab)
index = {w: i for i, w in reversed(list(enumerate(words)))}


def text(w):
    return bytes([1, index[w]])


def number(n):
    return bytes([5]) + n.to_bytes(8, "little", signed=True)


ROWS = [
    [1, "王　浩", "男", "2001.5.3", "11010519491231002X", "", 2315, "第一台", "女"],
    [2, "欧阳•娜娜", "女", "2001年5月", "810000199001010019", "", None, "替补1", "女"],
]

out = os.path.join(HERE, "corpus", "event_run")
os.makedirs(out, exist_ok=True)
for sample in range(3):
    for flags in (1, 5, 7, 13, 21, 33):
        b = bytes([sample, flags, 255, 8])
        for row in ROWS:
            for c in row:
                if c is None or c == "":
                    b += bytes([0])
                elif isinstance(c, int):
                    b += number(c)
                else:
                    b += text(c)
        b += bytes([0xFF])
        with open(os.path.join(out, f"seed_{sample}_{flags}"), "wb") as f:
            f.write(b)
print(f"{len(os.listdir(out))} files in {out}")
