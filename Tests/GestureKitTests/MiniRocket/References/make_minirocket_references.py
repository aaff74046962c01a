#!/usr/bin/env python3
"""MiniRocket parameters and features computed by aeon (an implementation independent of GestureKit), for
MiniRocketReferenceTests.

    pip install "aeon==1.6.*"   # 1.6.0 was used
    python3 make_minirocket_references.py > minirocket_references.json

The input series are generated here from a fixed formula (no dataset is read). For each case aeon's MiniRocket is
fitted with a fixed random_state; its fitted parameters (dilations, features per dilation, channel counts and
indices per (dilation, kernel) pair, biases) and the features of a few other series are written out. The Swift test
builds a GestureKit MiniRocket from the same parameters and compares features. aeon computes in float32 with
numba's fastmath, so single features may differ by one sample's share (1/n) where a convolution output sits
within rounding of a bias; the test allows that for a few features.

With one univariate training series nothing in the fit is random: the test also fits GestureKit's transform
on it and compares the biases.

Also written: aeon's dilation schedule for several lengths at the default 10,000 features, and the first
quantile levels.
"""
import json

import numpy as np
from aeon.transformations.collection.convolution_based import MiniRocket
from aeon.transformations.collection.convolution_based._minirocket import _fit_dilations, _quantiles


def series(n_cases, n_channels, length, offset):
    t = np.arange(length, dtype=float)
    X = np.empty((n_cases, n_channels, length))
    for i in range(n_cases):
        for c in range(n_channels):
            k = i + offset
            X[i, c] = (np.sin(0.3 * t * (1 + 0.1 * c) + 0.7 * k) + 0.5 * np.cos(0.05 * t * (k + 1))
                       + 0.2 * ((t * (c + 2) + 3 * k) % 7) / 7)
    # Round to 6 decimals: the Swift test reads these numbers back from the JSON.
    return np.round(X, 6)


def case(name, n_channels, length, n_kernels, seed, n_train=8):
    train = series(n_train, n_channels, length, 0)
    test = series(4, n_channels, length, 20)
    rocket = MiniRocket(n_kernels=n_kernels, random_state=seed).fit(train)
    counts, indices, dilations, per_dilation, biases = rocket.parameters
    features = rocket.transform(test)
    return {
        "name": name,
        "channels": n_channels,
        "length": length,
        "featureCount": n_kernels,
        "dilations": [int(d) for d in dilations],
        "featuresPerDilation": [int(n) for n in per_dilation],
        "channelsPerCombination": [int(n) for n in counts],
        "channelIndices": [int(c) for c in indices],
        # float32 values written with the fewest digits that read back as the same float32.
        "biases": [float(str(np.float32(b))) for b in biases],
        "train": [x.tolist() for x in train],
        "test": [x.tolist() for x in test],
        "features": [[float(str(np.float32(v))) for v in row] for row in features],
    }


cases = [
    case("univariate", 1, 50, 840, 1),
    case("multivariate", 3, 64, 840, 2),
    case("twelve channels", 12, 30, 840, 3),
    # One training series, one channel: nothing is random, so a fit of GestureKit's must give these biases.
    case("univariate, one training series", 1, 45, 840, 4, n_train=1),
]
schedules = []
for length in (9, 10, 17, 40, 64, 100, 315, 500, 2000):
    d, n = _fit_dilations(length, 10_000, 32)
    schedules.append({"length": length, "dilations": [int(x) for x in d], "featuresPerDilation": [int(x) for x in n]})
print(json.dumps({
    "generator": "aeon 1.6 MiniRocket (make_minirocket_references.py)",
    "cases": cases,
    "schedules": schedules,
    "quantiles": [float(q) for q in _quantiles(200)],
}))
