#!/usr/bin/env python3
"""Time pandas.read_csv over the Gyronics_GRWD files, the peer of `gesturelab bench datasets`.

Reads the same 1995 files (subject_*/<gesture>/<k>.csv) with the default C parser, keeping every
column, and reports the best of N repetitions. Usage:
    pip install pandas
    python3 Benchmarks/peers/load_gyronics_pandas.py ../shared/datasets/Gyronics_GRWD [repetitions]
"""
import glob
import os
import sys
import time

import pandas as pd


def main() -> None:
    root = sys.argv[1] if len(sys.argv) > 1 else "../shared/datasets/Gyronics_GRWD"
    repetitions = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    files = sorted(glob.glob(os.path.join(root, "Gyronics Dataset", "subject_*", "*", "*.csv")))
    size = sum(os.path.getsize(f) for f in files)
    best = float("inf")
    rows = 0
    for _ in range(repetitions):
        start = time.perf_counter()
        frames = [pd.read_csv(f) for f in files]
        best = min(best, time.perf_counter() - start)
        rows = sum(len(frame) for frame in frames)
    print(f"pandas {pd.__version__}: {len(files)} files, {rows} rows, {size / 1e6:.1f} MB "
          f"in {best:.3f} s (best of {repetitions}), {size / 1e6 / best:.0f} MB/s")


if __name__ == "__main__":
    main()
