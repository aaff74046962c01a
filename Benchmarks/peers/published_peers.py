#!/usr/bin/env python3
"""Per-core 1-NN DTW: gesturelab against the published C++ codes, built from sources you place.

Peers (nothing is fetched at run time; see README.md for where to get each and its licence):
  eap    the EAPrunedDTW paper code (Herrmann & Webb 2021), github.com/HerrmannM/paper-2021-EAPElasticDist,
         BSD-3-Clause: its own launcher (nnclassification, "-dist cdtw <wr> lb-keogh2 eap" / "-dist dtw
         lb-keogh2 eap"), which prints counts only, and eap_nn1.cpp, the same search over its headers, which
         prints every nearest neighbour;
  tempo  tempo (Monash), github.com/MonashTS/tempo, BSD-3-Clause: tempo_nn1.cpp over its header-only DTW and
         LB_Enhanced (v = 5), the search of its former nn1dist tool.

Task: the UCR file split in halves (first half = training set, second half = queries), 1-NN DTW with squared
cost at w = round(band x length) (|i - j| <= w) and at the full window, every code on one core
(taskset -c CPU; gesturelab with --threads 1), fastest of --repeat runs. The table gives the wall time of the
search, its ratio to gesturelab's, how many queries get the same label (and the same neighbour) as
gesturelab, and each code's error rate.

Without any peer source it says where to get them and runs dtw_peers.py (dtaidistance, aeon) instead.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

PEERS = {
    "eap": {
        "title": "EAPrunedDTW paper code (Herrmann & Webb 2021, Data Min. Knowl. Disc. 35:2577-2601)",
        "url": "https://github.com/HerrmannM/paper-2021-EAPElasticDist",
        "licence": "BSD-3-Clause (Copyright (c) 2021, Matthieu Herrmann)",
        "probe": os.path.join("nnclassification", "src", "main.cpp"),
    },
    "tempo": {
        "title": "tempo, the Monash Time Series Analytics Library (header-only distances)",
        "url": "https://github.com/MonashTS/tempo",
        "licence": "BSD-3-Clause (Copyright (c) 2021, The Tempo developers)",
        "probe": os.path.join("src", "tempo", "distance", "core", "elastic", "dtw.hpp"),
    },
}
BUSY = ("swift-build", "swift-frontend", "cc1plus", "cc1", "clang", "ld.lld", "ld.gold")


def where_to_get(name, folder):
    p = PEERS[name]
    return (f"  {name}: no source at {folder} (looked for {p['probe']}).\n"
            f"    {p['title']}\n    get it from {p['url']}, licence {p['licence']}, e.g.\n"
            f"    git clone {p['url']} {folder}\n"
            f"    or pass --{name} DIR")


def newest_mtime(paths):
    newest = 0.0
    for path in paths:
        if os.path.isdir(path):
            for d, _, files in os.walk(path):
                for f in files:
                    newest = max(newest, os.path.getmtime(os.path.join(d, f)))
        elif os.path.exists(path):
            newest = max(newest, os.path.getmtime(path))
    return newest


def build(target, command, inputs, lock):
    """Compile once: again only when the command changed or an input is newer than the target."""
    stamp = target + ".cmd"
    line = " ".join(command)
    if (os.path.exists(target) and os.path.exists(stamp) and open(stamp).read() == line
            and os.path.getmtime(target) >= newest_mtime(inputs)):
        return
    os.makedirs(os.path.dirname(target), exist_ok=True)
    print(f"building {os.path.relpath(target)}", file=sys.stderr)
    full = (["flock", lock] if lock else []) + command
    r = subprocess.run(full, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"build failed: {line}\n{r.stderr[-4000:]}")
    with open(stamp, "w") as f:
        f.write(line)


def source_revision(folder):
    if os.path.exists(os.path.join(folder, ".git")):
        r = subprocess.run(["git", "-C", folder, "rev-parse", "HEAD"], capture_output=True, text=True)
        if r.returncode == 0:
            return r.stdout.strip()
    return None


def busy_processes():
    found = []
    for pid in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                argv0 = f.read().split(b"\0")[0].decode(errors="replace")
        except OSError:
            continue
        if os.path.basename(argv0) in BUSY:
            found.append(f"{pid} {os.path.basename(argv0)}")
    return found


def run_json(command, timeout):
    r = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    if r.returncode != 0:
        sys.exit(f"failed ({r.returncode}): {' '.join(command)}\n{r.stderr[-4000:]}")
    return r.stdout


def fastest(repeat, body):
    """Fastest of `repeat` runs of body() -> (seconds, result); results must not change between runs."""
    best, kept = float("inf"), None
    for _ in range(max(1, repeat)):
        seconds, result = body()
        if kept is not None and result.get("predictions") != kept.get("predictions"):
            sys.exit("predictions changed between runs")
        kept = result
        best = min(best, seconds)
    return best, kept


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--eap", default=os.path.join(HERE, "src", "eap"),
                   help="EAPrunedDTW paper code source tree (default: %(default)s)")
    p.add_argument("--tempo", default=os.path.join(HERE, "src", "tempo"), help="tempo source tree (default: %(default)s)")
    p.add_argument("--build", default=os.path.join(HERE, "build"), help="build folder (default: %(default)s)")
    p.add_argument("--data", default=os.path.join(ROOT, "..", "shared", "datasets", "UWaveGestureLibraryX",
                                                  "UWaveGestureLibraryX_TRAIN.tsv"))
    p.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "gesturelab"))
    p.add_argument("--band", type=float, default=0.04, help="window as a fraction of the length (default 0.04: w = 13)")
    p.add_argument("--repeat", type=int, default=3, help="runs per measurement, fastest kept (default 3)")
    p.add_argument("--cpu", type=int, default=0, help="core to pin every code to with taskset (-1: no pinning)")
    p.add_argument("--cxx", default=os.environ.get("CXX", "g++"))
    p.add_argument("--cxxflags", default="-O3 -DNDEBUG",
                   help="optimisation flags for the peers (default: %(default)s, as their CMake Release builds)")
    p.add_argument("--build-lock", default=os.environ.get("PEERS_BUILD_LOCK"),
                   help="run the compiler under flock on this file (default: $PEERS_BUILD_LOCK)")
    p.add_argument("--eap-lb", choices=("none", "keogh", "keogh2"), default="keogh2",
                   help="lower bound in front of EAP DTW (default keogh2: LB_Keogh both ways, as the paper's cascade)")
    p.add_argument("--tempo-v", type=int, default=5, help="LB_Enhanced bands for tempo (default 5, its recommendation)")
    p.add_argument("--tempo-try-first", action="store_true",
                   help="tempo: first try 2 series per class, then scan all, as its former nn1dist did")
    p.add_argument("--wait-idle", type=float, default=0,
                   help="wait up to this many seconds for running compilers to finish before timing")
    p.add_argument("--timeout", type=float, default=1800, help="seconds allowed per run")
    p.add_argument("--build-only", action="store_true", help="build the peers, then stop")
    p.add_argument("--json", help="also write all numbers and predictions to this file")
    args = p.parse_args()

    sources = {name: os.path.abspath(getattr(args, name)) for name in PEERS}
    present = {name: os.path.exists(os.path.join(folder, PEERS[name]["probe"])) for name, folder in sources.items()}
    missing = [name for name in PEERS if not present[name]]
    if missing:
        print("Published peer sources not found (this script downloads nothing):")
        for name in missing:
            print(where_to_get(name, sources[name]))
    if not any(present.values()):
        print("Falling back to dtw_peers.py (dtaidistance, aeon; all cores).\n", flush=True)
        command = [sys.executable, os.path.join(HERE, "dtw_peers.py"), "--data", args.data, "--binary", args.binary,
                   "--band", str(args.band)] + (["--json", args.json] if args.json else [])
        return subprocess.call(command)

    # Data: the UCR TSV, rows kept as text so every code parses the same digits.
    rows = []
    with open(args.data) as f:
        for line in f:
            fields = line.split()
            if fields:
                rows.append((fields[0], fields[1:]))
    half = len(rows) // 2
    train, queries = rows[:half], rows[half:2 * half]
    n = len(rows[0][1])
    if any(len(values) != n for _, values in rows):
        sys.exit("the harness needs equal-length series")
    w = int(args.band * n + 0.5)
    windows = [("band", w), ("full", n - 1)]
    train_labels = [label for label, _ in train]
    query_labels = [label for label, _ in queries]

    pin = ["taskset", "-c", str(args.cpu)] if args.cpu >= 0 else []
    if pin and not shutil.which("taskset"):
        print("taskset not found: runs are not pinned", file=sys.stderr)
        pin = []
    flags = args.cxxflags.split()
    lock = args.build_lock if args.build_lock and os.path.exists(args.build_lock) else None

    # Builds (once; again only when sources, driver or flags change).
    exe = {}
    if present["eap"]:
        src = os.path.join(sources["eap"], "nnclassification", "src")
        exe["eap_launcher"] = os.path.join(args.build, "eap", "experiments")
        # As nnclassification/CMakeLists.txt: C++17 with GNU extensions (its default), main.cpp + tsreader.cpp.
        build(exe["eap_launcher"], [args.cxx, "-std=gnu++17", *flags, "-w",
                                    os.path.join(src, "main.cpp"),
                                    os.path.join(src, "tseries", "readers", "tsreader", "tsreader.cpp"),
                                    "-o", exe["eap_launcher"]], [src], lock)
        driver = os.path.join(HERE, "eap_nn1.cpp")
        exe["eap_driver"] = os.path.join(args.build, "eap", "eap_nn1")
        build(exe["eap_driver"], [args.cxx, "-std=gnu++17", *flags, "-w", "-I", src, driver, "-o", exe["eap_driver"]],
              [src, driver, os.path.join(HERE, "ucr_tsv.hpp")], lock)
    if present["tempo"]:
        src = os.path.join(sources["tempo"], "src")
        driver = os.path.join(HERE, "tempo_nn1.cpp")
        exe["tempo_driver"] = os.path.join(args.build, "tempo", "tempo_nn1")
        # tempo's CMakeLists.txt sets C++20; its distances are header-only.
        build(exe["tempo_driver"], [args.cxx, "-std=c++20", *flags, "-w", "-I", src, driver, "-o", exe["tempo_driver"]],
              [os.path.join(src, "tempo", "distance"), driver, os.path.join(HERE, "ucr_tsv.hpp")], lock)

    if args.build_only:
        print("built: " + ", ".join(os.path.relpath(e) for e in exe.values()))
        return 0
    if not os.path.exists(args.binary):
        sys.exit(f"{args.binary} not found: run `swift build -c release` first")
    busy = busy_processes()
    waited = 0.0
    while busy and waited < args.wait_idle:
        time.sleep(5)
        waited += 5
        busy = busy_processes()
    if busy:
        print("warning: compilers are running, timings will be noisy: " + ", ".join(busy[:5]), file=sys.stderr)
    elif hasattr(os, "getloadavg") and os.getloadavg()[0] > 0.5:
        print(f"warning: load average {os.getloadavg()[0]:.1f}: other jobs may slow the timings", file=sys.stderr)

    version = subprocess.run([args.binary, "--version"], capture_output=True, text=True).stdout.strip()
    revision = source_revision(ROOT)
    if revision:
        dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--", "Sources", "Package.swift"],
                               capture_output=True, text=True).stdout.strip()
        version += f" at {revision[:10]}" + (" with local changes" if dirty else "")
    results = {"gesturelab": version, "data": os.path.abspath(args.data), "train": half, "queries": half, "length": n, "cpu": args.cpu,
               "repeat": args.repeat, "cxx": args.cxx, "cxxflags": args.cxxflags,
               "sources": {k: {"path": v, "revision": source_revision(v)} for k, v in sources.items() if present[k]},
               "runs": []}
    with tempfile.TemporaryDirectory(prefix="published-peers-") as tmp:
        # Halves as UCR TSV (drivers) and as the .ts format the EAP launcher reads (<ucr>/<name>/<name>_TRAIN.ts).
        paths = {}
        for part, part_rows in (("train", train), ("queries", queries)):
            paths[part] = os.path.join(tmp, part + ".tsv")
            with open(paths[part], "w") as f:
                for label, values in part_rows:
                    f.write(label + "\t" + "\t".join(values) + "\n")
        name = "Halves"
        os.makedirs(os.path.join(tmp, "ucr", name))
        labels = sorted(set(train_labels) | set(query_labels))
        for suffix, part_rows in (("TRAIN", train), ("TEST", queries)):
            with open(os.path.join(tmp, "ucr", name, f"{name}_{suffix}.ts"), "w") as f:
                f.write(f"@problemName {name}\n@timeStamps false\n@missing false\n@univariate true\n"
                        f"@equalLength true\n@seriesLength {n}\n@classLabel true {' '.join(labels)}\n@data\n")
                for label, values in part_rows:
                    f.write(",".join(values) + ":" + label + "\n")

        # gesturelab: both windows in one process, fastest of --repeat inside it.
        out = run_json(pin + [args.binary, "bench", "dtw", "--data", args.data, "--band", repr(args.band), "--parts", "nn",
                              "--skip-brute-force", "--threads", "1", "--json", "--repetitions", str(args.repeat)],
                       args.timeout)
        ours = {("band" if r["band"] < 1 else "full"): r for r in json.loads(out)["nearestNeighbor"] if r["pruning"]}
        for key, window in windows:
            if ours[key]["window"] != window:
                sys.exit(f"gesturelab used window {ours[key]['window']}, expected {window}")

        def timed(command, parse):
            def body():
                return parse(run_json(pin + command, args.timeout))
            return body

        def driver_result(text):
            r = json.loads(text)
            return r["seconds"], r

        def launcher_result(text):
            r = json.loads(text[text.index("\n{") + 1:])
            return r["timing_ns"] / 1e9, {"correct": int(r["nb_correct"]), "distance": r["distance"]}

        for key, window in windows:
            g = ours[key]
            results["runs"].append({"code": "gesturelab", "variant": "Keogh both ways + Enhanced, --threads 1",
                                    "window": window, "seconds": g["seconds"], "predictions": g["predictions"]})
            if present["eap"]:
                lb = {"none": "lb-none", "keogh": "lb-keogh", "keogh2": "lb-keogh2"}[args.eap_lb]
                if key == "full":
                    dist = ["dtw", lb]
                else:
                    ratio = repr((window + 0.5) / n)  # the launcher takes size_t(ratio * length) as the window
                    if int(float(ratio) * n) != window:
                        sys.exit("cannot express the window as a ratio for the EAP launcher")
                    dist = ["cdtw", ratio, lb]
                command = [exe["eap_launcher"], "-ucr", os.path.join(tmp, "ucr"), "-dataset", name, "-dist", *dist, "eap"]
                seconds, r = fastest(args.repeat, timed(command, launcher_result))
                results["runs"].append({"code": "eap launcher", "variant": " ".join(dist) + " eap", "window": window,
                                        "seconds": seconds, "correct": r["correct"]})
                command = [exe["eap_driver"], paths["train"], paths["queries"], "full" if key == "full" else str(window),
                           args.eap_lb]
                seconds, r = fastest(args.repeat, timed(command, driver_result))
                results["runs"].append({"code": "eap_nn1", "variant": f"{'dtw' if key == 'full' else 'cdtw'} {lb} eap",
                                        "window": window, "seconds": seconds, "predictions": r["predictions"]})
            if present["tempo"]:
                order = "tryfirst" if args.tempo_try_first else "plain"
                command = [exe["tempo_driver"], paths["train"], paths["queries"], "full" if key == "full" else str(window),
                           str(args.tempo_v), order]
                seconds, r = fastest(args.repeat, timed(command, driver_result))
                results["runs"].append({"code": "tempo_nn1", "variant": f"lb-enhanced {args.tempo_v} + eap dtw"
                                        + (", 2 per class first" if args.tempo_try_first else ""),
                                        "window": window, "seconds": seconds, "predictions": r["predictions"]})

    # Table.
    base = {r["window"]: r for r in results["runs"] if r["code"] == "gesturelab"}
    for r in results["runs"]:
        g = base[r["window"]]
        r["ratio_to_gesturelab"] = r["seconds"] / g["seconds"]
        if "predictions" in r:
            r["same_label"] = sum(train_labels[a] == train_labels[b] for a, b in zip(r["predictions"], g["predictions"]))
            r["same_neighbour"] = sum(a == b for a, b in zip(r["predictions"], g["predictions"]))
            r["correct"] = sum(train_labels[a] == q for a, q in zip(r["predictions"], query_labels))
        r["errors"] = half - r["correct"]
        r["error_rate"] = r["errors"] / half
    print(f"\n1-NN DTW (squared cost), {os.path.basename(args.data)} in halves: {half} training series, {half} queries, "
          f"length {n}; one core ({'taskset -c ' + str(args.cpu) if pin else 'not pinned'}), fastest of {args.repeat} runs; "
          f"gesturelab {version or '(unknown version)'}; peers built with {args.cxx} {args.cxxflags}")
    header = f"{'code':12} {'variant':44} {'window':>6} {'seconds':>9} {'x gesturelab':>12} {'same label':>11} {'same nn':>8}  errors"
    print(header)
    print("-" * len(header))
    for r in results["runs"]:
        same = (f"{r['same_label']}/{half}", f"{r['same_neighbour']}/{half}") if "same_label" in r else ("-", "-")
        if r["code"] == "gesturelab":
            same = ("", "")
        print(f"{r['code']:12} {r['variant']:44} {r['window']:>6} {r['seconds']:>9.3f} {r['ratio_to_gesturelab']:>12.2f} "
              f"{same[0]:>11} {same[1]:>8}  {r['errors']} ({100 * r['error_rate']:.1f} %)")
    print("x gesturelab: seconds / gesturelab's seconds (above 1: slower than gesturelab). The EAP launcher prints only "
          "its count of correct labels and its time (sum over distance calls); eap_nn1 runs the same search and prints "
          "every neighbour.")
    for r in results["runs"]:
        if r["code"] == "eap launcher":
            twin = next(x for x in results["runs"] if x["code"] == "eap_nn1" and x["window"] == r["window"])
            if twin["correct"] != r["correct"]:
                print(f"warning: EAP launcher and eap_nn1 disagree at w={r['window']}: {r['correct']} vs {twin['correct']} correct")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
