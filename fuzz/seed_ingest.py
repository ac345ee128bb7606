#!/usr/bin/env python3
"""Seeds the ingest_bytes corpus with every form and fixture of the repository.

The target's first byte picks the file name (NAMES in fuzz_targets/ingest_bytes.rs), so each
file is written behind the byte of its extension. Run from the repository root:

    python3 fuzz/seed_ingest.py && cargo +nightly fuzz run ingest_bytes
"""
import glob
import os

# The order of NAMES in fuzz_targets/ingest_bytes.rs ("" is the file without an extension).
EXTS = ["xlsx", "xls", "csv", "zip", "ods", "", "txt", "pdf", "docx", "xlsb", "doc", "et"]
OUT = os.path.join("fuzz", "corpus", "ingest_bytes")


def main():
    os.makedirs(OUT, exist_ok=True)
    paths = sorted(set(glob.glob("tests/**/*", recursive=True) + glob.glob("samples/*/*")))
    n = 0
    for path in paths:
        if not os.path.isfile(path):
            continue
        base = os.path.basename(path)
        ext = base.rsplit(".", 1)[-1].lower() if "." in base else ""
        if ext not in EXTS or ext == "":
            continue
        data = open(path, "rb").read()
        if len(data) > 300_000:
            continue
        with open(os.path.join(OUT, "seed%04d" % n), "wb") as f:
            f.write(bytes([EXTS.index(ext)]) + data)
        n += 1
    print(n, "seeds in", OUT)


if __name__ == "__main__":
    main()
