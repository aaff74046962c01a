#!/usr/bin/env python3
"""Time NumPy's loadtxt over UCR archive files, the peer of `gesturelab bench datasets --ucr FILE…`.

Reads each file whole (label column included, tab or comma separated as the file is) and reports the
best of N repetitions. Usage:
    pip install numpy
    python3 Benchmarks/peers/load_ucr_numpy.py [--repetitions N] FILE...
"""
import argparse
import os
import time

import numpy as np


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="+")
    parser.add_argument("--repetitions", type=int, default=5)
    args = parser.parse_args()
    size = sum(os.path.getsize(f) for f in args.files)
    delimiters = []
    for f in args.files:
        with open(f) as handle:
            delimiters.append("\t" if "\t" in handle.readline() else ",")
    best, series, values = float("inf"), 0, 0
    for _ in range(args.repetitions):
        start = time.perf_counter()
        arrays = [np.loadtxt(f, delimiter=d) for f, d in zip(args.files, delimiters)]
        best = min(best, time.perf_counter() - start)
        series = sum(a.shape[0] for a in arrays)
        values = sum(a.shape[0] * (a.shape[1] - 1) for a in arrays)
    print(f"numpy {np.__version__} loadtxt: {len(args.files)} UCR files, {series} series, {values} values, "
          f"{size / 1e6:.1f} MB in {best:.4f} s (best of {args.repetitions}), {size / 1e6 / best:.0f} MB/s")


if __name__ == "__main__":
    main()
