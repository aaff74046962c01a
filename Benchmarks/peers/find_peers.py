#!/usr/bin/env python3
"""Exact DTW subsequence search: `gesturelab bench find` against UCR-MON (Herrmann & Webb 2021) and dtaidistance 2.5.

Protocol of UCR-USP (Silva et al. 2018): query lengths 128, 256, 512, 1024 x windows 0.1..0.5 x 5 queries on a
seeded random walk of 1e6 points; lengths 128 and 256 at window 0.1 on 1e7 points; lengths 64, 128, 256 on the
SwimWatch accel magnitude (sessions joined). UCR-MON is built from sources you place (never committed), as
published_peers.py builds its peers. Run it in parts (each under a few minutes, so it can take a shared build lock):

  python3 Benchmarks/peers/find_peers.py --part grid --lengths 128 --results runs.jsonl
  python3 Benchmarks/peers/find_peers.py --part table --results runs.jsonl

Parts: grid, long, real, dtai, stream, whole, table. `whole` times `gesturelab find` on a 10^6-row recording CSV
(read_peers.py's file) as a whole process against UCR-MON's whole process on the same numbers. See README.md.
"""
import argparse
import csv
import glob
import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
WINDOWS = [0.1, 0.2, 0.3, 0.4, 0.5]


def build(args):
    """UCR-MON and our fscanf timer into build/ (again only when a source changed)."""
    os.makedirs(args.build, exist_ok=True)
    source = os.path.join(args.ucr_mon, "execs", "UCR_MON", "UCR_MON.cpp")
    if not os.path.exists(source):
        sys.exit(f"find_peers: no {source}; place UCR-MON there first:\n"
                 f"  git clone https://github.com/MonashTS/UCR-Monash {args.ucr_mon}")
    targets = {"UCR_MON": source, "fscanf_read": os.path.join(HERE, "fscanf_read.cpp")}
    for name, src in targets.items():
        out = os.path.join(args.build, name)
        if not os.path.exists(out) or os.path.getmtime(out) < os.path.getmtime(src):
            # -O3: the flags of UCR-MON's own makefile.
            subprocess.run(["g++", "-O3", "-o", out, src], check=True)
    return os.path.join(args.build, "UCR_MON"), os.path.join(args.build, "fscanf_read")


def write_series(path, values):
    """One number per line, 10 significant digits: every program reads exactly these numbers."""
    if not os.path.exists(path):
        np.savetxt(path, values, fmt="%.10g")
    return path


def random_walk(n, seed):
    return np.cumsum(np.random.default_rng(seed).standard_normal(n))


def run_ucr(ucr, data, query, m, w):
    """UCR-MON pinned to core 0; its ratio R = (w + 0.5) / m gives floor(R m) = w."""
    out = subprocess.run(["taskset", "-c", "0", ucr, data, query, str(m), repr((w + 0.5) / m)],
                         check=True, capture_output=True, text=True).stdout
    get = lambda key: re.search(key + r"\s*:\s*([-0-9.eE+]+)", out).group(1)
    return {"location": int(get("Location")), "distance": float(get("Distance")), "seconds": float(get("Total Execution Time"))}


def run_ours(binary, data, query, m, w, threads):
    """The fastest of 3 searches in one process (`search`), and the first (`firstSearch`: with two threads it also
    starts the second one, a few ms once per process, which is most of a 20-ms search on the real data)."""
    cores = "0" if threads == 1 else "0,1"
    out = subprocess.run(["taskset", "-c", cores, binary, "bench", "find", "--data", data, "--query", query, "--length", str(m),
                          "--band", repr(w / m), "--threads", str(threads), "--repetitions", "3", "--json"],
                         check=True, capture_output=True, text=True).stdout
    r = json.loads(out)
    assert r["window"] == w, (r["window"], w)
    best = r["matches"][0]
    return {"location": best["start"], "distance": best["distance"], "read": r["readSeconds"], "search": r["searchSeconds"],
            "firstSearch": r["firstSearchSeconds"], "statistics": r["statistics"]}


def read_cost(reader, data):
    """UCR-MON's reading share: fscanf over the same file, pinned, fastest of 3."""
    best = float("inf")
    for _ in range(3):
        out = subprocess.run(["taskset", "-c", "0", reader, data], check=True, capture_output=True, text=True).stdout
        best = min(best, float(out.split()[-1]))
    return best


def cell_runs(args, tools, case, data, queries, lengths, windows, results):
    ucr, reader = tools
    read = read_cost(reader, data)
    with open(args.results, "a") as log:
        for m in lengths:
            for r in windows:
                w = math.floor(r * m)  # UCR-MON's window
                for qi, query in enumerate(queries):
                    u = run_ucr(ucr, data, query, m, w)
                    one = run_ours(args.binary, data, query, m, w, 1)
                    two = run_ours(args.binary, data, query, m, w, 2)
                    same = all(o["location"] == u["location"] and abs(o["distance"] - u["distance"]) <= 5e-6 * max(1, u["distance"])
                               for o in (one, two))
                    row = {"case": case, "length": m, "window": r, "w": w, "query": qi, "ucr": u, "ucrRead": read,
                           "ours1": one, "ours2": two, "identical": same}
                    log.write(json.dumps(row) + "\n")
                    log.flush()
                    print(f"{case} m={m} R={r} q{qi}: UCR-MON {u['seconds']:.3f} s (read {read:.3f}) | ours 1 core "
                          f"{one['search']:.3f} s + read {one['read']:.3f} | 2 cores {two['search']:.3f} s | "
                          f"loc {u['location']} {'same' if same else 'DIFFERENT ' + str((one['location'], two['location']))}", flush=True)


def queries_for(folder, seed, count=5, length=1024):
    paths = []
    for i in range(count):
        paths.append(write_series(os.path.join(folder, f"query-{seed}-{i}.txt"), random_walk(length, seed * 100 + i)))
    return paths


def swimwatch(args):
    """accel.magnitude (g) of every SwimWatch session, joined: swimmers in numeric order, sessions by file name."""
    root = os.path.join(args.shared, "SwimWatch_Turns", "data")
    if not os.path.isdir(root):
        sys.exit(f"find_peers: no {root} (the shared datasets folder)")
    swimmers = sorted(os.listdir(root), key=int)
    streams = {}
    for swimmer in swimmers:
        parts = []
        for path in sorted(glob.glob(os.path.join(root, swimmer, "*.csv"))):
            with open(path) as f:
                reader = csv.reader(f)
                header = next(reader)
                ix = [header.index(c) for c in ("ACC_0", "ACC_1", "ACC_2")]
                rows = np.array([[float(row[i]) for i in ix] for row in reader])
            parts.append(np.sqrt((rows ** 2).sum(axis=1)) / 9.80665)
        streams[swimmer] = parts
    return swimmers, streams


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--part", required=True, choices=["grid", "long", "real", "dtai", "stream", "whole", "table"])
    p.add_argument("--lengths", default=None, help="query lengths of this part, comma-separated")
    p.add_argument("--windows", default=",".join(map(str, WINDOWS)))
    p.add_argument("--results", default=os.path.join(HERE, "build", "find-runs.jsonl"), help="JSON lines appended by each part")
    p.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "gesturelab"))
    p.add_argument("--ucr-mon", default=os.path.join(HERE, "src", "ucr-monash"))
    p.add_argument("--build", default=os.path.join(HERE, "build"))
    p.add_argument("--data-folder", default=os.path.join(tempfile.gettempdir(), "gesturelab-find-peers"))
    p.add_argument("--shared", default=os.path.join(ROOT, "..", "shared", "datasets"))
    p.add_argument("--seed", type=int, default=20251125)
    args = p.parse_args()
    os.makedirs(args.data_folder, exist_ok=True)
    windows = [float(x) for x in args.windows.split(",")]
    lengths = [int(x) for x in args.lengths.split(",")] if args.lengths else None

    if args.part == "table":
        return table(args)
    if args.part == "stream":
        out = subprocess.run(["taskset", "-c", "0", args.binary, "bench", "find", "--stream-seconds", "18000", "--rate", "100",
                              "--query-seconds", "2", "--limit", "50", "--band", "0.1", "--threads", "1", "--seed", str(args.seed),
                              "--json"], check=True, capture_output=True, text=True).stdout
        r = json.loads(out)
        row = {"case": "stream", "samples": r["samples"], "dimensions": r["dimensions"], "queryLength": r["queryLength"],
               "window": r["window"], "search": r["searchSeconds"], "generate": r["readSeconds"], "matches": len(r["matches"]),
               "seed": args.seed, "statistics": r["statistics"]}
        print(json.dumps(row))
        with open(args.results, "a") as log:
            log.write(json.dumps(row) + "\n")
        return
    if args.part == "dtai":
        return dtai(args)

    tools = build(args)
    if args.part == "whole":
        return whole(args, tools, lengths or [128, 256], windows if args.windows != ",".join(map(str, WINDOWS)) else [0.1])
    if args.part == "grid":
        data = write_series(os.path.join(args.data_folder, f"walk-1e6-{args.seed}.txt"), random_walk(10 ** 6, args.seed))
        cell_runs(args, tools, "grid", data, queries_for(args.data_folder, args.seed + 1), lengths or [128, 256, 512, 1024],
                  windows, None)
    elif args.part == "long":
        data = write_series(os.path.join(args.data_folder, f"walk-1e7-{args.seed}.txt"), random_walk(10 ** 7, args.seed))
        cell_runs(args, tools, "long", data, queries_for(args.data_folder, args.seed + 1), lengths or [128, 256], [0.1], None)
    elif args.part == "real":
        swimmers, streams = swimwatch(args)
        # Searched: every swimmer but the last, sessions joined end to start; queries: seeded stretches of the last swimmer.
        searched = np.concatenate([s for sw in swimmers[:-1] for s in streams[sw]])
        held = np.concatenate(streams[swimmers[-1]])
        joins = sum(len(streams[sw]) for sw in swimmers[:-1]) - 1
        print(f"real: {len(searched)} samples from {len(swimmers) - 1} swimmers ({joins} joins); queries from swimmer {swimmers[-1]} ({len(held)} samples)")
        data = write_series(os.path.join(args.data_folder, "swimwatch-magnitude.txt"), searched)
        rng = np.random.default_rng(args.seed)
        queries = []
        for i in range(5):
            start = int(rng.integers(0, len(held) - 256))
            queries.append(write_series(os.path.join(args.data_folder, f"swimwatch-query-{args.seed}-{i}.txt"), held[start:start + 256]))
        cell_runs(args, tools, "real", data, queries, lengths or [64, 128, 256], windows, None)


def dtai(args):
    """dtaidistance 2.5's subsequence search (best match) on 1e5 points, m = 128, windows 0.1 and 0.5, one core.

    Its search takes an iterator of windows; it gets every window z-normalised (numpy, timed apart as `prepare`).
    """
    from dtaidistance.subsequence.subsequencesearch import subsequence_search
    from numpy.lib.stride_tricks import sliding_window_view
    import dtaidistance
    os.sched_setaffinity(0, {0})
    n, m = 10 ** 5, 128
    series = random_walk(n, args.seed)
    data = write_series(os.path.join(args.data_folder, f"walk-1e5-{args.seed}.txt"), series)
    query_path = queries_for(args.data_folder, args.seed + 1)[0]
    series = np.loadtxt(data)  # the numbers every program reads
    raw_query = np.loadtxt(query_path)[:m]
    query = (raw_query - raw_query.mean()) / raw_query.std()
    with open(args.results, "a") as log:
        for r in (0.1, 0.5):
            w = math.floor(r * m)
            t = time.perf_counter()
            windows = sliding_window_view(series, m)
            windows = (windows - windows.mean(axis=1, keepdims=True)) / windows.std(axis=1, keepdims=True)
            prepare = time.perf_counter() - t
            t = time.perf_counter()
            # dtaidistance's window W allows |i - j| <= W - 1.
            s = subsequence_search(query, windows, dists_options={"window": w + 1}, use_lb=True, use_c=True)
            best = s.best_match()
            seconds = time.perf_counter() - t
            ours = run_ours(args.binary, data, query_path, m, w, 1)
            same = best.idx == ours["location"] and abs(best.distance - ours["distance"]) <= 1e-6 * max(1, ours["distance"])
            row = {"case": "dtai", "version": dtaidistance.__version__, "n": n, "length": m, "window": r, "w": w,
                   "dtai": {"location": int(best.idx), "distance": float(best.distance), "seconds": seconds, "prepare": prepare},
                   "ours1": ours, "identical": bool(same)}
            print(json.dumps(row), flush=True)
            log.write(json.dumps(row) + "\n")


def column_text(csv_path, txt_path, column=1):
    """One column of a recording CSV as UCR-MON reads it: the CSV's own digits, one number per line."""
    if not os.path.exists(txt_path):
        with open(csv_path) as f, open(txt_path + ".partial", "w") as out:
            next(f)
            out.writelines(line.split(",")[column].strip() + "\n" for line in f)
        os.replace(txt_path + ".partial", txt_path)
    return txt_path


def wall(command, repeat=3):
    """Fastest wall time of a whole process (pinned by the caller), with its standard output."""
    best, out = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
        best = min(best, time.perf_counter() - t)
    return best, out


def whole(args, tools, lengths, windows):
    """`gesturelab find` on a 10^6-row recording CSV (time,accel.x,accel.y,accel.z at 100 Hz, read_peers.py's file), one
    core, whole process, against UCR-MON's whole process on the same numbers (accel.x, the CSV's digits one per line).

    Queries: seeded recordings of m rows written the same way; find compares accel.x, z-normalised, band w/m; UCR-MON
    gets the same column. Both are timed from start to exit, fastest of 3.
    """
    sys.path.insert(0, HERE)
    import read_peers
    ucr, _ = tools
    rows = 10 ** 6
    data_csv = read_peers.recording(os.path.join(args.data_folder, f"recording-{rows}-{args.seed}.csv"), rows, args.seed)
    data_txt = column_text(data_csv, data_csv[:-4] + "-accel-x.txt")
    with open(args.results, "a") as log:
        for m in lengths:
            for qi in range(3):
                query_csv = read_peers.recording(os.path.join(args.data_folder, f"query-{m}-{args.seed}-{qi}.csv"), m, args.seed * 100 + qi)
                query_txt = column_text(query_csv, query_csv[:-4] + "-accel-x.txt")
                for r in windows:
                    w = math.floor(r * m)
                    u_seconds, u_out = wall(["taskset", "-c", "0", ucr, data_txt, query_txt, str(m), repr((w + 0.5) / m)])
                    get = lambda key: re.search(key + r"\s*:\s*([-0-9.eE+]+)", u_out).group(1)
                    u = {"location": int(get("Location")), "distance": float(get("Distance")), "seconds": u_seconds,
                         "reported": float(get("Total Execution Time"))}
                    o_seconds, o_out = wall(["taskset", "-c", "0", args.binary, "find", data_csv, "--query", query_csv, "--from", "0",
                                             "--to", repr(m / 100), "--channels", "accel.x", "--band", repr(w / m), "--limit", "1",
                                             "--threads", "1", "--json"])
                    best = json.loads(o_out.splitlines()[0])
                    o = {"location": best["sample"], "distance": best["distance"], "seconds": o_seconds}
                    same = o["location"] == u["location"] and abs(o["distance"] - u["distance"]) <= 5e-6 * max(1, u["distance"])
                    row = {"case": "whole", "rows": rows, "length": m, "window": r, "w": w, "query": qi, "ucr": u, "find": o,
                           "identical": same}
                    log.write(json.dumps(row) + "\n")
                    log.flush()
                    print(f"whole m={m} R={r} q{qi}: UCR-MON {u['seconds']:.3f} s | gesturelab find {o['seconds']:.3f} s | "
                          f"{u['seconds'] / o['seconds']:.2f}x | best {u['location']} / {o['location']} "
                          f"{'same' if same else 'DIFFERENT'} (distance {u['distance']:.6g} / {o['distance']:.6g})", flush=True)


def table(args):
    rows = [json.loads(line) for line in open(args.results)]
    cells = {}
    for r in rows:
        if r["case"] in ("grid", "long", "real"):
            cells.setdefault((r["case"], r["length"], r["window"]), []).append(r)
    print("| case | m | window | UCR-MON s (median) | ours 1 core s | search ratio min / median / max | end-to-end ratio min / median / max | 2 cores ÷ 1 core min / median / max | first runs: 2 cores ÷ 1 core median | identical |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    fmt = lambda xs: f"{min(xs):.2f} / {statistics.median(xs):.2f} / {max(xs):.2f}"
    for (case, m, r), rs in sorted(cells.items()):
        search = [(x["ucr"]["seconds"] - x["ucrRead"]) / x["ours1"]["search"] for x in rs]
        end = [x["ucr"]["seconds"] / (x["ours1"]["search"] + x["ours1"]["read"]) for x in rs]
        scaling = [x["ours1"]["search"] / x["ours2"]["search"] for x in rs]
        first = [x["ours1"].get("firstSearch", x["ours1"]["search"]) / x["ours2"].get("firstSearch", x["ours2"]["search"]) for x in rs]
        print(f"| {case} | {m} | {r} | {statistics.median(x['ucr']['seconds'] for x in rs):.3f} | "
              f"{statistics.median(x['ours1']['search'] for x in rs):.3f} | {fmt(search)} | {fmt(end)} | {fmt(scaling)} | "
              f"{statistics.median(first):.2f} | {sum(x['identical'] for x in rs)}/{len(rs)} |")
    for r in rows:
        if r["case"] == "dtai":
            print(f"dtaidistance {r['version']} n={r['n']} m={r['length']} R={r['window']}: {r['dtai']['seconds']:.3f} s "
                  f"(+ {r['dtai']['prepare']:.3f} s z-normalising the windows in numpy), ours 1 core "
                  f"{r['ours1']['search']:.3f} s, best {r['dtai']['location']} / {r['ours1']['location']}, identical {r['identical']}")
        if r["case"] == "whole":
            print(f"whole process, {r['rows']} rows, m={r['length']} R={r['window']} q{r['query']}: UCR-MON {r['ucr']['seconds']:.3f} s, "
                  f"gesturelab find {r['find']['seconds']:.3f} s ({r['ucr']['seconds'] / r['find']['seconds']:.2f}x), "
                  f"best {r['ucr']['location']} / {r['find']['location']}, identical {r['identical']}")
        if r["case"] == "stream":
            print(f"stream: {r['samples']} samples x {r['dimensions']} axes, query {r['queryLength']}, w {r['window']}, k = {r['matches']}, "
                  f"seed {r['seed']}: search {r['search']:.3f} s on one core (generation {r['generate']:.1f} s)")


if __name__ == "__main__":
    main()
