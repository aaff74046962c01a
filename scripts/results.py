#!/usr/bin/env python3
"""Writes configs/experiments/RESULTS.md from the results.json of experiment runs (see scripts/results.sh).

Usage: results.py OUT.md RUN_DIR...   (each RUN_DIR holds a results.json written by `gesturelab compare --out`)
Numbers come from the runs only, so the page cannot drift from what the code gives.
"""
import json
import os
import statistics
import sys


def fmt(x):
    if x is None:
        return "–"
    if isinstance(x, float) and x != x:
        return "NaN"
    return f"{x:.3g}" if abs(x) < 1000 else f"{x:,.0f}"


def section(path):
    with open(os.path.join(path, "results.json")) as f:
        r = json.load(f)
    e = r["experiment"]
    lines = [f"## {e['name']}", ""]
    if e.get("description"):
        lines += [e["description"].strip(), ""]
    lines += [f"Split `{e.get('split', '?')}`, seed {r['seed']}, metric {r['metric']}, gesturelab {r['packageVersion']}.", ""]
    lines += [f"- {g['headline']}" for g in r["groups"]] + [""]
    lines += [f"Warning: {w}" for w in r.get("warnings", []) if "every interval resamples" in w]
    if lines[-1].startswith("Warning:"):
        lines.append("")
    # A best entry is a maximum over entries scored on the same folds: say so, so no one quotes it as an estimate.
    sizes = [len(g.get("group", {}).get("entries", [])) for g in r["groups"]]
    if any(n > 1 for n in sizes):
        lines += ["How the headlines were chosen: each names the best of its group's entries on these same folds, so its figure is "
                  "a maximum over entries and overstates what that entry does on new people; where an entry's settings were "
                  "chosen after looking at these folds, its experiment file says so. Only an entry whose every choice is made "
                  "inside the training folds, scored once, estimates new people.", ""]
    lines += ["| entry | dataset | metric | value | 95 % interval | correct / annotations | false activations | median latency (s) |",
              "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for s in r["scores"]:
        o = s["overall"]
        iv = o.get("interval")
        interval = f"[{fmt(iv['lower'])}, {fmt(iv['upper'])}]" if iv else "–"
        if iv and iv.get("units"):
            u = iv["units"]
            interval += f" over {u['count']} {u['kind'][:-1] if u['count'] == 1 else u['kind']}"
        outcomes = s.get("outcomes") or []
        annotations = [x for x in outcomes if x.get("kind") == "annotation"]
        found = sum(1 for x in annotations if x.get("outcome") == "correct")
        false = sum(1 for x in outcomes if x.get("outcome") == "insertion")
        latency = statistics.median(s["latencies"]) if s.get("latencies") else None
        counts = f"{found} / {len(annotations)}" if annotations else "–"
        lines.append(f"| {s['entry']} | {s['dataset']} | {s['metricName']} | {fmt(o['value'])} | {interval} | {counts} | "
                     f"{false if outcomes else '–'} | {fmt(latency)} |")
    return lines + [""]


def main():
    out, runs = sys.argv[1], sys.argv[2:]
    if not runs:
        sys.exit("results.py: no run folders given")
    text = ["# Results", "",
            "Written by `bash scripts/results.sh` from the runs it makes; do not edit by hand. Experiment files keep",
            "their settings and reasons, not their numbers, which live here and are rewritten with every run.", ""]
    for run in runs:
        text += section(run)
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(text))
    os.replace(tmp, out)
    print(f"results: wrote {out} from {len(runs)} runs")


if __name__ == "__main__":
    main()
