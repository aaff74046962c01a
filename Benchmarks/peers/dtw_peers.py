#!/usr/bin/env python3
"""Side-by-side DTW speed: gesturelab vs dtaidistance 2.5 (C, OpenMP) and aeon 1.6 (numba).

Same data, same machine, one run. Measurements (see README.md):
  1. 1-NN DTW classification: UCR file split in halves (first half = training set, second = queries),
     at --band and at the full band; predictions must be identical.
  2. All-pairs distance matrix of the training half, no pruning: cells per second.
  3. Stream spotting (gesturelab only; the peers have no streaming subsequence DTW): real-time factor.

Window conventions: gesturelab uses |i - j| <= w with w = round(band * length);
dtaidistance's `window=W` allows |i - j| <= W - 1, so it gets W = w + 1; aeon's `window` is a fraction whose
int(window * length) is the radius, so it gets (w + 0.5) / length.
"""
import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np


def best_of(runs, body):
    """Shortest wall time of up to `runs` calls of body() (one call when it takes over 5 s), and its last result."""
    best, result = float("inf"), None
    for _ in range(max(1, runs)):
        t = time.perf_counter()
        result = body()
        seconds = time.perf_counter() - t
        best = min(best, seconds)
        if seconds > 5:
            break
    return best, result


def cells_in_band(n, w):
    """Cells with |i - j| <= w in an n x n matrix."""
    w = min(w, n - 1)
    return n * (2 * w + 1) - w * (w + 1)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", default=os.path.join(root, "..", "shared", "datasets", "UWaveGestureLibraryX",
                                                  "UWaveGestureLibraryX_TRAIN.tsv"))
    p.add_argument("--binary", default=os.path.join(root, ".build", "release", "gesturelab"))
    p.add_argument("--band", type=float, default=0.04)
    p.add_argument("--threads", type=int, default=os.cpu_count())
    p.add_argument("--repeat", type=int, default=3, help="runs per measurement, fastest kept (one if over 5 s)")
    p.add_argument("--skip-aeon-full", action="store_true", help="skip aeon at the full band (slowest runs)")
    p.add_argument("--json", help="also write all numbers to this file")
    args = p.parse_args()

    data = np.loadtxt(args.data)
    labels, X = data[:, 0], np.ascontiguousarray(data[:, 1:], dtype=np.float64)
    half = len(X) // 2
    train, queries = X[:half], X[half:2 * half]
    train_labels, query_labels = labels[:half], labels[half:2 * half]
    n = X.shape[1]
    w_band = int(np.floor(args.band * n + 0.5))
    bands = [("band", args.band, w_band), ("full", 1.0, n - 1)]
    results = {"data": args.data, "threads": args.threads, "length": n, "train": half, "queries": half}

    # gesturelab (one process, JSON).
    out = subprocess.run([args.binary, "bench", "dtw", "--data", args.data, "--band", str(args.band), "--json",
                          "--skip-brute-force", "--repetitions", str(args.repeat)], check=True, capture_output=True, text=True).stdout
    ours = json.loads(out)
    results["gesturelab"] = ours
    ours_nn = {("band" if r["band"] < 1 else "full"): r for r in ours["nearestNeighbor"] if r["pruning"]}
    ours_matrix = {("band" if r["band"] < 1 else "full"): r for r in ours["allPairs"]}

    from dtaidistance import dtw as dtai
    import aeon
    from aeon.distances import dtw_pairwise_distance
    import dtaidistance
    results["versions"] = {"dtaidistance": dtaidistance.__version__, "aeon": aeon.__version__, "numpy": np.__version__}

    # Warm up numba (compilation is not timed).
    dtw_pairwise_distance(train[:3].reshape(3, 1, n), queries[:2].reshape(2, 1, n), window=0.1, n_jobs=args.threads)

    both = np.vstack([train, queries])
    rows = []
    for name, band, w in bands:
        entry = {"window": w}
        dtai_window = None if band >= 1 else w + 1
        for pruning in (False, True):
            seconds, m = best_of(args.repeat, lambda: dtai.distance_matrix_fast(
                both, block=((0, half), (half, 2 * half)), window=dtai_window, use_pruning=pruning, compact=False, parallel=True))
            pred = np.argmin(m[:half, half:], axis=0)
            entry["dtaidistance" + ("_pruning" if pruning else "")] = {"seconds": seconds, "predictions": pred.tolist()}
        if not (band >= 1 and args.skip_aeon_full):
            seconds, m = best_of(args.repeat, lambda: dtw_pairwise_distance(
                queries.reshape(half, 1, n), train.reshape(half, 1, n), window=None if band >= 1 else (w + 0.5) / n,
                n_jobs=args.threads))
            entry["aeon"] = {"seconds": seconds, "predictions": np.argmin(m, axis=1).tolist()}
        g = ours_nn[name]
        entry["gesturelab"] = {"seconds": g["seconds"], "predictions": g["predictions"]}
        for peer in ("dtaidistance", "dtaidistance_pruning", "aeon"):
            if peer in entry:
                same_label = sum(train_labels[a] == train_labels[b]
                                 for a, b in zip(entry[peer]["predictions"], g["predictions"]))
                entry[peer]["identical_neighbours"] = int(sum(a == b for a, b in zip(entry[peer]["predictions"], g["predictions"])))
                entry[peer]["identical_labels"] = int(same_label)
        fastest = min(entry[p]["seconds"] for p in ("dtaidistance", "dtaidistance_pruning", "aeon") if p in entry)
        entry["speedup_vs_fastest_peer"] = fastest / g["seconds"]
        entry["error_rate"] = float(np.mean(train_labels[g["predictions"]] != query_labels))
        results["nn_" + name] = entry
        rows.append(("1-NN " + name + f" (w={w})", entry))

    for name, band, w in bands:
        pairs = half * (half - 1) // 2
        cells = pairs * cells_in_band(n, w)
        entry = {"pairs": pairs, "cells": cells}
        seconds, _ = best_of(args.repeat, lambda: dtai.distance_matrix_fast(
            train, window=None if band >= 1 else w + 1, compact=True, parallel=True))
        entry["dtaidistance"] = {"seconds": seconds}
        if not (band >= 1 and args.skip_aeon_full):
            seconds, _ = best_of(args.repeat, lambda: dtw_pairwise_distance(
                train.reshape(half, 1, n), window=None if band >= 1 else (w + 0.5) / n, n_jobs=args.threads))
            entry["aeon"] = {"seconds": seconds}
        entry["gesturelab"] = {"seconds": ours_matrix[name]["seconds"]}
        for peer in ("dtaidistance", "aeon", "gesturelab"):
            if peer in entry:
                entry[peer]["cells_per_second"] = cells / entry[peer]["seconds"]
                entry[peer]["pairs_per_second"] = pairs / entry[peer]["seconds"]
        results["matrix_" + name] = entry
        rows.append(("all pairs " + name + f" (w={w})", entry))

    print(f"{'measurement':24} {'gesturelab':>12} {'dtaidistance':>13} {'dtai+prune':>11} {'aeon':>10}   notes")
    for title, e in rows:
        def cell(key):
            return f"{e[key]['seconds']:.3f}s" if key in e else "-"
        notes = []
        if "speedup_vs_fastest_peer" in e:
            notes.append(f"{e['speedup_vs_fastest_peer']:.1f}x faster than fastest peer")
            notes.append("same neighbours: " + ", ".join(f"{p} {e[p]['identical_neighbours']}/{half}"
                                                         for p in ("dtaidistance", "aeon") if p in e))
        else:
            notes.append("cells/s: " + ", ".join(f"{p} {e[p]['cells_per_second']:.3g}" for p in ("gesturelab", "dtaidistance", "aeon") if p in e))
        print(f"{title:24} {cell('gesturelab'):>12} {cell('dtaidistance'):>13} {cell('dtaidistance_pruning'):>11} {cell('aeon'):>10}   {'; '.join(notes)}")
    s = ours.get("spotting")
    if s:
        print(f"spotting: {s['templates']} templates x {s['templateSeconds']:.0f} s x {s['axes']} axes at {s['rate']:.0f} Hz: "
              f"{s['realTimeFactor']:.0f}x real time on one core by wall clock, {s['realTimeFactorCPU']:.0f}x by thread CPU time "
              f"({s['events']} events / {s['planted']} planted)")
    for r in ours["nearestNeighbor"]:
        print(f"gesturelab 1-NN band {r['band']}: {r['pairsPerSecond']:.3g} pairs/s, {r['cellsPerSecond']:.3g} cells/s, pruned "
              f"Kim {r['fractionPrunedByKim']:.3f} Keogh {r['fractionPrunedByKeogh']:.3f} reverse Keogh "
              f"{r['fractionPrunedByReverseKeogh']:.3f} abandoned {r['fractionAbandoned']:.3f}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1, default=float)


if __name__ == "__main__":
    sys.exit(main())
