"""A scikit-learn window classifier for swim turns, trained on GestureLab's folds and scored by GestureLab.

For each fold of ``gesturelab compare Examples/Python/swim-turns.yaml --folds-out FOLDS --plan``, it cuts the
training recordings into windows (4 s, every 0.5 s), describes each by statistics of |a|, |ω| and each axis, trains
a random forest (balanced classes, seeded), and writes the detections on the fold's test recordings: runs of windows
whose turn probability reaches 0.5, merged, each kept only if no better one lies within 5 s, scored by its highest
probability. GestureLab then judges them beside its own entries (``recognizer: detections``).

Usage: python3 Examples/Python/sklearn_turns.py FOLDS_JSON DATASET OUT_DIR
"""

from __future__ import annotations

import sys

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier

import gesturelab as gl

WINDOW_S = 4.0
HOP_S = 0.5
REFRACTORY_S = 5.0
LABEL = "turn"


def channels(frame: pd.DataFrame) -> np.ndarray:
    """The channels the windows describe: |a| (g), |ω| (rad/s) and each axis, one row per sample."""
    a = frame[["accel_x_g", "accel_y_g", "accel_z_g"]].to_numpy()
    w = frame[["gyro_x_rad_s", "gyro_y_rad_s", "gyro_z_rad_s"]].to_numpy()
    return np.column_stack([np.linalg.norm(a, axis=1), np.linalg.norm(w, axis=1), a, w])


def windows(recording: gl.Recording):
    """Each window's (start s, end s) and features: mean, standard deviation, minimum and maximum of each channel."""
    t = recording.data["time_s"].to_numpy()
    values = channels(recording.data)
    spans, features = [], []
    start = t[0]
    while start + WINDOW_S <= t[-1]:
        lo, hi = np.searchsorted(t, [start, start + WINDOW_S])
        if hi - lo >= 8:
            part = values[lo:hi]
            features.append(np.concatenate([part.mean(0), part.std(0), part.min(0), part.max(0)]))
            spans.append((start, start + WINDOW_S))
        start += HOP_S
    return np.array(spans).reshape(-1, 2), np.array(features).reshape(len(spans), -1)


def labels(spans: np.ndarray, annotations: pd.DataFrame) -> np.ndarray:
    """1 where a window holds at least half of a turn annotation, else 0."""
    out = np.zeros(len(spans), dtype=int)
    for _, a in annotations[annotations["label"] == LABEL].iterrows():
        overlap = np.minimum(spans[:, 1], a["end_s"]) - np.maximum(spans[:, 0], a["start_s"])
        out[overlap >= 0.5 * (a["end_s"] - a["start_s"])] = 1
    return out


def detections(spans: np.ndarray, probability: np.ndarray, first: float, last: float) -> pd.DataFrame:
    """Runs of windows at probability ≥ 0.5 merged into detections, the best kept within the refractory time."""
    runs = []
    for (start, end), p in zip(spans, probability):
        if p < 0.5:
            continue
        if runs and start <= runs[-1][1]:
            runs[-1][1], runs[-1][2] = end, max(runs[-1][2], p)
        else:
            runs.append([start, end, p])
    kept = []
    for run in sorted(runs, key=lambda r: -r[2]):
        middle = (run[0] + run[1]) / 2
        if all(abs(middle - (k[0] + k[1]) / 2) >= REFRACTORY_S for k in kept):
            kept.append(run)
    kept.sort(key=lambda r: r[0])
    return pd.DataFrame({"start": [max(first, r[0]) for r in kept], "end": [min(last, r[1]) for r in kept],
                         "label": [LABEL] * len(kept), "score": [float(r[2]) for r in kept]})


def main(folds_file: str, dataset: str, out: str) -> None:
    data = gl.read_dataset(dataset)
    by_id = {r.id: r for r in data}
    cut = {r.id: windows(r) for r in data}
    folds = gl.folds(folds_file)
    for (fold, name), rows in folds.groupby(["fold", "name"], sort=True):
        train = rows[rows["role"] == "train"]["recording"]
        test = rows[rows["role"] == "test"]["recording"]
        x = np.vstack([cut[i][1] for i in train])
        y = np.concatenate([labels(cut[i][0], by_id[i].annotations) for i in train])
        model = RandomForestClassifier(n_estimators=200, min_samples_leaf=2, class_weight="balanced", n_jobs=-1, random_state=1)
        model.fit(x, y)
        for i in test:
            spans, features = cut[i]
            probability = model.predict_proba(features)[:, 1] if len(features) else np.zeros(0)
            t = by_id[i].data["time_s"]
            gl.write_detections(out, i, detections(spans, probability, float(t.iloc[0]), float(t.iloc[-1])), fold=name)
        print(f"fold {name}: trained on {len(train)} recordings ({int(y.sum())} turn windows), wrote {len(test)} files")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
