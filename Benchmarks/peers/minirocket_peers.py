#!/usr/bin/env python3
"""MiniRocket in gesturelab against aeon 1.x (the reference implementation): accuracy over 5 seeds and speed
(transform + training + prediction) pinned to 1 and 2 cores, on the same files and machine in one go.

Reference: aeon's MiniRocket transform, then scikit-learn's StandardScaler and
RidgeClassifierCV(alphas=np.logspace(-3, 3, 10)) — the pipeline of aeon's MiniRocketClassifier.

    swift build -c release
    GESTURELAB_PORTABLE_ONLY=1 swift build -c release --scratch-path .build-portable   # optional: the portable kernels only
    pip install "aeon==1.*" numba scikit-learn
    flock /tmp/gesturelab-build.lock python3 Benchmarks/peers/minirocket_peers.py [--datasets ../shared/datasets] \
        [--portable-binary .build-portable/release/gesturelab] [--skip-accuracy] [--repeats 5] [--json out.json]

GestureKit's MiniRocket kernels (the C target CMiniRocketKernels) hold a portable variant and, on x86-64, AVX2 and
AVX-512 variants; the widest the CPU runs is chosen at run time (`MiniRocket.KernelVariant.selected`), as numba
compiles aeon's kernels for the machine it runs on. With --portable-binary the speed table also times a build with
the portable variant only (GESTURELAB_PORTABLE_ONLY=1), and checks that its predictions are the same.

Accuracy: each dataset's TRAIN/TEST split, seeds 1…5 for both (gesturelab --seed, aeon random_state), mean and
spread. Speed: UWaveGestureLibrary and AllGestureWiimoteX (adjusted), seed 1, best of --repeats runs; both pinned
with taskset to cores 0 (one core) or 0,1 (two); aeon with NUMBA_NUM_THREADS, OMP/OPENBLAS/MKL threads and
n_jobs set to the core count, numba compiled by a warm-up fit/transform on a slice of the data first (not counted);
gesturelab with --threads set alike. Times cover fitting the transform, transforming both splits, the scaler, the
ridge and the predictions; reading the files is excluded on both sides (gesturelab reports its own
trainingSeconds + predictionSeconds; the aeon worker times fit + predict). The speed table also says whether
gesturelab's predictions are the same on one and two cores (and in the portable build): its features do not depend
on the threads or the kernel variant. aeon's transform draws its channel subsets and bias examples from numpy's
generator, not ours, so its features are other random features of the same family: the table gives both accuracies
and the share of test series on which the two predict the same class.

AllGestureWiimoteY has no adjusted TEST file: its plain TRAIN and TEST files are padded here as the archive's
adjusted files are (NaN tail replaced by U[0, 0.001) noise; numpy, seed 0) into a temporary folder, and both
programs read those padded files.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GESTURELAB = os.path.join(ROOT, ".build", "release", "gesturelab")
SEEDS = [1, 2, 3, 4, 5]


def datasets(base, padded):
    adj = "Missing_value_and_variable_length_datasets_adjusted"
    out = [("UWaveGestureLibrary", "ts", os.path.join(base, "UWaveGestureLibrary", "UWaveGestureLibrary_TRAIN.ts"),
            os.path.join(base, "UWaveGestureLibrary", "UWaveGestureLibrary_TEST.ts"))]
    for name in ("AllGestureWiimoteX", "PickupGestureWiimoteZ", "ShakeGestureWiimoteZ", "GesturePebbleZ1"):
        out.append((name + " (adjusted)", "ucr", os.path.join(base, name, adj, name + "_TRAIN.tsv"),
                    os.path.join(base, name, adj, name + "_TEST.tsv")))
    out.append(("AllGestureWiimoteY (padded here)", "ucr", padded[0], padded[1]))
    return out


def pad_y(base, folder):
    """The plain AllGestureWiimoteY files with the NaN tail replaced by U[0, 0.001) noise."""
    rng = np.random.default_rng(0)
    paths = []
    for split in ("TRAIN", "TEST"):
        rows = [line.rstrip("\n").split("\t") for line in open(os.path.join(base, "AllGestureWiimoteY", f"AllGestureWiimoteY_{split}.tsv"))]
        path = os.path.join(folder, f"AllGestureWiimoteY_{split}.tsv")
        with open(path, "w") as f:
            for r in rows:
                values = [float(v) for v in r[1:]]
                values = [v if not np.isnan(v) else float(rng.uniform(0, 0.001)) for v in values]
                f.write(r[0] + "\t" + "\t".join(repr(v) for v in values) + "\n")
        paths.append(path)
    return paths


def load(fmt, path):
    if fmt == "ts":
        from aeon.datasets import load_from_ts_file
        X, y = load_from_ts_file(path)
        return np.asarray(X, dtype=float), np.asarray(y).astype(str)
    data = np.loadtxt(path, delimiter="\t", dtype=str)
    y = np.array([str(int(float(v))) if float(v).is_integer() else v for v in data[:, 0]])
    return data[:, 1:].astype(float)[:, None, :], y


def worker(args):
    """Runs aeon in this process (environment already set by the parent): prints one JSON object."""
    from aeon.transformations.collection.convolution_based import MiniRocket
    from sklearn.linear_model import RidgeClassifierCV
    from sklearn.preprocessing import StandardScaler
    Xtr, ytr = load(args.format, args.train)
    Xte, yte = load(args.format, args.test)

    def run(seed, Xa, ya, Xb):
        rocket = MiniRocket(random_state=seed, n_jobs=args.cores)
        scaler = StandardScaler(with_mean=True)
        ridge = RidgeClassifierCV(alphas=np.logspace(-3, 3, 10))
        ridge.fit(scaler.fit_transform(rocket.fit_transform(Xa)), ya)
        return ridge.predict(scaler.transform(rocket.transform(Xb))), ridge.alpha_

    run(0, Xtr[:20], ytr[:20], Xte[:5])   # numba compiles here (and caches); not counted
    results = []
    for seed in args.seeds:
        best = None
        for _ in range(args.repeats):
            started = time.perf_counter()
            predicted, alpha = run(seed, Xtr, ytr, Xte)
            seconds = time.perf_counter() - started
            best = seconds if best is None else min(best, seconds)
        results.append({"seed": seed, "accuracy": float(np.mean(predicted == yte)), "alpha": float(alpha), "seconds": best,
                        "predictions": [str(v) for v in predicted]})
    print(json.dumps(results))


def same_label(x, y):
    """Whether two predicted labels name the same class: aeon reads the .ts labels as "1.0" where gesturelab says "1"."""
    try:
        return float(x) == float(y)
    except ValueError:
        return x == y


def pinned(cores):
    return ["taskset", "-c", "0" if cores == 1 else "0,1"]


def thread_env(cores):
    env = dict(os.environ)
    for key in ("NUMBA_NUM_THREADS", "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        env[key] = str(cores)
    return env


def aeon(fmt, train, test, seeds, cores, repeats):
    cmd = pinned(cores) + [sys.executable, os.path.abspath(__file__), "--worker", "--format", fmt, "--train", train,
                           "--test", test, "--cores", str(cores), "--repeats", str(repeats), "--seeds"] + [str(s) for s in seeds]
    return json.loads(subprocess.run(cmd, env=thread_env(cores), check=True, capture_output=True, text=True).stdout)


def ours(fmt, train, test, seeds, cores, repeats, binary=GESTURELAB):
    results = []
    for seed in seeds:
        best = None
        for _ in range(repeats):
            cmd = pinned(cores) + [binary, "evaluate", "--recognizer", "minirocket", "--train", f"{fmt}:{train}",
                                   "--test", f"{fmt}:{test}", "--seed", str(seed), "--threads", str(cores), "--json"]
            r = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)["result"]
            seconds = r["trainingSeconds"] + r["predictionSeconds"]
            best = seconds if best is None else min(best, seconds)
        results.append({"seed": seed, "accuracy": r["accuracy"], "alpha": r["alpha"], "seconds": best,
                        "predictions": r["predictions"]})
    return results


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--datasets", default=os.path.join(ROOT, "..", "shared", "datasets"))
    parser.add_argument("--json")
    parser.add_argument("--portable-binary", help="a gesturelab built with GESTURELAB_PORTABLE_ONLY=1, timed too")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--skip-accuracy", action="store_true")
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--worker", action="store_true")
    parser.add_argument("--format")
    parser.add_argument("--train")
    parser.add_argument("--test")
    parser.add_argument("--cores", type=int, default=1)
    parser.add_argument("--seeds", type=int, nargs="*", default=SEEDS)
    args = parser.parse_args()
    if args.worker:
        return worker(args)
    report = {"accuracy": [], "speed": []}
    with tempfile.TemporaryDirectory() as folder:
        sets = datasets(args.datasets, pad_y(args.datasets, folder))
        if not args.skip_accuracy:
            print("| dataset | gesturelab accuracy (mean ± sd, 5 seeds) | aeon accuracy (mean ± sd, 5 seeds) | difference (points) |")
            print("|---|---|---|---|")
            for name, fmt, train, test in sets:
                # Accuracy does not depend on the cores: both run on two.
                a = ours(fmt, train, test, SEEDS, 2, 1)
                b = aeon(fmt, train, test, SEEDS, 2, 1)
                ma, mb = np.mean([r["accuracy"] for r in a]), np.mean([r["accuracy"] for r in b])
                sa, sb = np.std([r["accuracy"] for r in a]), np.std([r["accuracy"] for r in b])
                print(f"| {name} | {100 * ma:.2f} ± {100 * sa:.2f} | {100 * mb:.2f} ± {100 * sb:.2f} | {100 * (ma - mb):+.2f} |", flush=True)
                report["accuracy"].append({"dataset": name, "gesturelab": a, "aeon": b})
        if not args.skip_speed:
            print()
            portable = args.portable_binary
            print("| dataset | cores | gesturelab s | aeon s | aeon / gesturelab |" + (" portable build s | aeon / portable |" if portable else "")
                  + " gesturelab accuracy | aeon accuracy | same class as aeon | gesturelab predictions same on 1 and 2 cores" + (" and portable" if portable else "") + " |")
            print("|---|---|---|---|---|" + ("---|---|" if portable else "") + "---|---|---|---|")
            for name, fmt, train, test in sets[:2]:
                first = None
                for cores in (1, 2):
                    a = ours(fmt, train, test, [1], cores, args.repeats)[0]
                    b = aeon(fmt, train, test, [1], cores, args.repeats)[0]
                    first = first or a["predictions"]
                    same = a["predictions"] == first
                    row = {"dataset": name, "cores": cores, "gesturelab": a["seconds"], "aeon": b["seconds"]}
                    line = f"| {name} | {cores} | {a['seconds']:.3f} | {b['seconds']:.3f} | {b['seconds'] / a['seconds']:.2f}× |"
                    if portable:
                        c = ours(fmt, train, test, [1], cores, args.repeats, binary=portable)[0]
                        row["gesturelab portable"] = c["seconds"]
                        same = same and c["predictions"] == first
                        line += f" {c['seconds']:.3f} | {b['seconds'] / c['seconds']:.2f}× |"
                    agreement = np.mean([same_label(x, y) for x, y in zip(a["predictions"], b["predictions"])])
                    row.update({"gesturelab accuracy": a["accuracy"], "aeon accuracy": b["accuracy"], "agreement": agreement,
                                "predictions identical": same})
                    line += f" {100 * a['accuracy']:.2f} % | {100 * b['accuracy']:.2f} % | {100 * agreement:.1f} % | {'yes' if same else 'NO'} |"
                    print(line, flush=True)
                    report["speed"].append(row)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)


if __name__ == "__main__":
    main()
