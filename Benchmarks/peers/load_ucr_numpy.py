#!/usr/bin/env python3
"""Time NumPy's loadtxt over UCR archive files, the peer of `gesturelab bench datasets --ucr FILE…`.

Reads each file whole (label column included, tab or comma separated as the file is) and reports the
best of N repetitions. UEA `.ts` files, which loadtxt cannot read, go to aeon's `load_from_ts_file`
(the reader of the sktime/aeon world). Usage:
    pip install numpy aeon
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
    if all(f.endswith(".ts") for f in args.files):
        from aeon import __version__ as version
        from aeon.datasets import load_from_ts_file
        best = float("inf")
        for _ in range(args.repetitions):
            start = time.perf_counter()
            loaded = [load_from_ts_file(f) for f in args.files]
            best = min(best, time.perf_counter() - start)
        series = sum(len(y) for _, y in loaded)
        print(f"aeon {version} load_from_ts_file: {len(args.files)} files, {series} series, "
              f"{size / 1e6:.1f} MB in {best:.4f} s (best of {args.repetitions}), {size / 1e6 / best:.0f} MB/s")
        return
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
