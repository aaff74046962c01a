#!/usr/bin/env python3
"""Reading a recording CSV: gesturelab against pandas `read_csv` and pyarrow `csv.read_csv` (one thread), in one run.

The file is generated here, seeded: 10^6 rows at 100 Hz of `time,accel.x,accel.y,accel.z` (time with 2 decimals,
acceleration in g with 4: x and y wander around 0 g, z stays near -1 g). Every reader is pinned to
core 0 (`taskset -c 0`) and the fastest of `--repeat` runs is reported:

- gesturelab, in process: `gesturelab bench datasets --csv FILE` (the `csv:` reader alone, what `datasets inspect`,
  `find` and `detect` read with);
- gesturelab, whole process: `gesturelab datasets inspect csv:FILE` under `/usr/bin/time -v` (wall time and peak
  resident memory, against the bytes of its columns);
- pandas `read_csv(FILE)` (C engine) and pyarrow `csv.read_csv(FILE, ReadOptions(use_threads=False))`, timed in a
  pinned Python process after `import` (the import is not timed).

  pip install pandas pyarrow
  swift build -c release
  python3 Benchmarks/peers/read_peers.py              # --rows N, --seed S, --repeat K, --json FILE
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def recording(path, rows, seed):
    """Writes (once) the seeded recording CSV; returns its path. Also used by find_peers.py's `whole` part.

    x and y wander as AR(1) processes (mean-reverting random walks, about 0.45 g apart from zero), z sits at -1 g with
    noise: every stretch of a second varies far above find's z-normalisation floor (1e-3 g), like a hand's motion.
    """
    if os.path.exists(path):
        return path
    rng = np.random.default_rng(seed)
    time_s = np.arange(rows) / 100.0

    def wander():
        steps = 0.02 * rng.standard_normal(rows)
        out = np.empty(rows)
        v = 0.0
        for i in range(rows):
            v = 0.999 * v + steps[i]
            out[i] = v
        return out

    x, y = wander(), wander()
    z = -1.0 + 0.01 * rng.standard_normal(rows)
    partial = path + ".partial"
    with open(partial, "w") as f:
        f.write("time,accel.x,accel.y,accel.z\n")
        np.savetxt(f, np.column_stack([time_s, x, y, z]), fmt=["%.2f", "%.4f", "%.4f", "%.4f"], delimiter=",")
    os.replace(partial, path)
    return path


def pinned(command):
    return ["taskset", "-c", "0"] + command


def gesturelab_read(binary, path, repeat):
    out = subprocess.run(pinned([binary, "bench", "datasets", "--csv", path, "--repetitions", str(repeat)]),
                         check=True, capture_output=True, text=True).stdout
    return float(re.search(r"in ([0-9.]+) s", out).group(1))


def gesturelab_inspect(binary, path, repeat):
    """Fastest wall time of the whole process, and its peak resident memory in bytes."""
    best, peak = float("inf"), 0
    for _ in range(repeat):
        r = subprocess.run(pinned(["/usr/bin/time", "-v", binary, "datasets", "inspect", "csv:" + path]),
                           check=True, capture_output=True, text=True)
        wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([0-9.]+)", r.stderr)
        seconds = int(wall.group(1) or 0) * 3600 + int(wall.group(2)) * 60 + float(wall.group(3))
        best = min(best, seconds)
        peak = max(peak, int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", r.stderr).group(1)) * 1024)
    return best, peak


PEER = """
import sys, time
path, repeat, which = sys.argv[1], int(sys.argv[2]), sys.argv[3]
if which == "pandas":
    import pandas as pd
    read = lambda: pd.read_csv(path)
    version = pd.__version__
else:
    import pyarrow as pa, pyarrow.csv as csv
    read = lambda: csv.read_csv(path, read_options=csv.ReadOptions(use_threads=False))
    version = pa.__version__
best = float("inf")
for _ in range(repeat):
    t = time.perf_counter()
    table = read()
    best = min(best, time.perf_counter() - t)
print(version, len(table), best)
"""


def peer(which, path, repeat):
    out = subprocess.run(pinned([sys.executable, "-c", PEER, path, str(repeat), which]),
                         check=True, capture_output=True, text=True).stdout.split()
    return {"version": out[0], "rows": int(out[1]), "seconds": float(out[2])}


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rows", type=int, default=10 ** 6)
    p.add_argument("--seed", type=int, default=20251127)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "gesturelab"))
    p.add_argument("--data-folder", default=os.path.join(tempfile.gettempdir(), "gesturelab-read-peers"))
    p.add_argument("--json", help="also write every number to this file")
    args = p.parse_args()
    os.makedirs(args.data_folder, exist_ok=True)
    path = recording(os.path.join(args.data_folder, f"recording-{args.rows}-{args.seed}.csv"), args.rows, args.seed)
    size = os.path.getsize(path)
    read = gesturelab_read(args.binary, path, args.repeat)
    inspect, peak = gesturelab_inspect(args.binary, path, args.repeat)
    pandas = peer("pandas", path, args.repeat)
    arrow = peer("pyarrow", path, args.repeat)
    columns = args.rows * 4 * 8  # time and three axes as Double
    print(f"{args.rows} rows, {size / 1e6:.1f} MB ({path}), one core, fastest of {args.repeat}")
    print("| reader | seconds | MB/s | ÷ pyarrow |")
    print("|---|---|---|---|")
    for name, seconds in [("gesturelab csv: reader (bench datasets --csv)", read),
                          ("gesturelab datasets inspect, whole process", inspect),
                          (f"pandas {pandas['version']} read_csv", pandas["seconds"]),
                          (f"pyarrow {arrow['version']} csv.read_csv, use_threads=False", arrow["seconds"])]:
        print(f"| {name} | {seconds:.3f} | {size / 1e6 / seconds:.0f} | {seconds / arrow['seconds']:.2f} |")
    print(f"datasets inspect peak resident memory: {peak / 1e6:.1f} MB; columns {columns / 1e6:.1f} MB "
          f"(ratio {peak / columns:.2f})")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rows": args.rows, "bytes": size, "seed": args.seed, "gesturelabRead": read, "inspect": inspect,
                       "inspectPeakBytes": peak, "columnBytes": columns, "pandas": pandas, "pyarrow": arrow}, f, indent=1)


if __name__ == "__main__":
    main()
