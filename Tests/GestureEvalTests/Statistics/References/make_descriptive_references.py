#!/usr/bin/env python3
"""Independent reference values for GestureEval's GSL binding (Descriptive, Distributions).

Run from this folder: python3 make_descriptive_references.py > descriptive.json
Computed with NumPy and SciPy, not GSL, so the Swift tests compare two implementations.
"""
import json

import numpy as np
from scipy import stats

rng = np.random.default_rng(20261121)
samples = {
    "small": [1.0, 2.0, 3.0, 4.0],
    "skewed": [0.3, 0.1, 7.5, 2.2, 0.9, 0.4, 12.0, 1.1, 0.05],
    "normal50": [float(v) for v in rng.normal(1.5, 0.7, 50)],
    "ties": [2.0, 2.0, 2.0, 5.0, 5.0, -1.0, 0.0],
}
probabilities = [0.0, 0.05, 0.25, 0.5, 0.9, 0.95, 1.0]

out = {"samples": []}
for name, values in samples.items():
    a = np.array(values)
    out["samples"].append({
        "name": name,
        "values": values,
        "mean": float(np.mean(a)),
        "variance": float(np.var(a, ddof=1)),
        "standardDeviation": float(np.std(a, ddof=1)),
        "quantiles": [{"p": p, "value": float(np.quantile(a, p, method="linear"))} for p in probabilities],
    })
out["studentT"] = [
    {"p": p, "df": df, "quantile": float(stats.t.ppf(p, df))}
    for p in [0.025, 0.05, 0.5, 0.9, 0.975, 0.995]
    for df in [1.0, 2.0, 4.5, 10.0, 30.0, 1000.0]
]
print(json.dumps(out, indent=1, sort_keys=True))
