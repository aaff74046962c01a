#!/usr/bin/env python3
"""1-NN accuracies on the UEA UWaveGestureLibrary (3 dimensions, 120 train / 320 test), computed with
aeon (an implementation independent of GestureKit), for UWaveReferenceTests.

    pip install aeon   # 1.6.0 was used
    python3 make_uwave_references.py [../../../../../shared/datasets/UWaveGestureLibrary] > uwave_references.json

Definitions (series as read from the .ts files, no normalisation, full window):
- dependent DTW: aeon `dtw_distance(x, y)` on (channels, time) arrays. aeon's local cost is the squared
  Euclidean distance across all channels, one warping path, and it returns the accumulated cost without a
  square root. GestureKit's dependent DTW uses the same local cost and path and returns the square root of
  the same cost: the same nearest neighbour.
- independent DTW: the sum over channels of aeon `dtw_distance(x[c], y[c])` (one warping path per channel,
  squared local cost, no root). GestureKit's independent DTW sums the same per-channel costs and takes one
  square root at the end: again the same nearest neighbour.
- ED: aeon `euclidean_distance` (square root of the summed squared differences over channels and time).
1-NN takes the first training series (in file order) at the smallest distance.
"""
import json
import os
import sys

import numpy as np
from aeon.datasets import load_from_ts_file
from aeon.distances import dtw_pairwise_distance, euclidean_pairwise_distance

folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "../../../../../shared/datasets/UWaveGestureLibrary")
X_train, y_train = load_from_ts_file(os.path.join(folder, "UWaveGestureLibrary_TRAIN.ts"))
X_test, y_test = load_from_ts_file(os.path.join(folder, "UWaveGestureLibrary_TEST.ts"))
X_train, X_test = np.asarray(X_train, dtype=float), np.asarray(X_test, dtype=float)


def label(y):
    # UEA writes class labels as decimals ("1.0"); GestureLab reads them as "1".
    s = str(y)
    return s[:-2] if s.endswith(".0") else s


def one_nn(distances):
    nearest = np.argmin(distances, axis=1)  # first index among ties
    predicted = [label(y_train[i]) for i in nearest]
    truth = [label(y) for y in y_test]
    correct = sum(p == t for p, t in zip(predicted, truth))
    return {"accuracy": correct / len(truth), "correct": int(correct), "total": len(truth),
            "predicted": predicted, "nearest": [int(i) for i in nearest]}


dependent = dtw_pairwise_distance(X_test, X_train, window=None)
independent = sum(dtw_pairwise_distance(X_test[:, c:c + 1, :], X_train[:, c:c + 1, :], window=None)
                  for c in range(X_train.shape[1]))
euclidean = euclidean_pairwise_distance(X_test, X_train)

import aeon
print(json.dumps({
    "source": "aeon " + aeon.__version__ + " dtw_distance / euclidean_distance, see make_uwave_references.py",
    "dataset": "UWaveGestureLibrary (UEA .ts)", "train": len(y_train), "test": len(y_test),
    "dimensions": int(X_train.shape[1]), "length": int(X_train.shape[2]),
    "dependent": one_nn(dependent), "independent": one_nn(independent), "euclidean": one_nn(euclidean),
}, indent=1))
