#!/usr/bin/env python3
"""scikit-learn's RidgeClassifierCV(alphas=np.logspace(-3, 3, 10)) fitted with sample weights, for
RidgeClassifierCVTests: the chosen alpha, the coefficients and the intercepts.

    pip install scikit-learn   # 1.9.1 was used
    python3 make_ridge_weight_references.py > ridge_weight_references.json

Four problems, each with imbalanced classes: sample weights drawn in [0.2, 3] with more features than examples
(scikit-learn decomposes the Gram matrix), the same with two classes (one column of ±1 targets), more examples than
features (scikit-learn decomposes the design matrix instead; the residuals are the same), and class_weight="balanced"
(scikit-learn multiplies the sample weights by n / (classes · n_c)), given here as its sample weights.
Features and weights are rounded to 6 decimals so that the JSON holds exactly what was fitted.
"""
import json

import numpy as np
from sklearn.linear_model import RidgeClassifierCV
from sklearn.utils.class_weight import compute_sample_weight


def problem(name, n, p, counts, noise, seed, balanced=False):
    rng = np.random.default_rng(seed)
    labels = np.array([f"c{c}" for c, m in enumerate(counts) for _ in range(m)])
    assert len(labels) == n
    centres = rng.normal(size=(len(counts), p))
    X = np.round(centres[[int(l[1:]) for l in labels]] + noise * rng.normal(size=(n, p)), 6)
    if balanced:
        model = RidgeClassifierCV(alphas=np.logspace(-3, 3, 10), class_weight="balanced").fit(X, labels)
        weights = compute_sample_weight("balanced", labels)
    else:
        weights = np.round(rng.uniform(0.2, 3.0, size=n), 6)
        model = RidgeClassifierCV(alphas=np.logspace(-3, 3, 10)).fit(X, labels, sample_weight=weights)
    coef = np.atleast_2d(model.coef_)
    return {
        "name": name,
        "features": X.tolist(),
        "labels": labels.tolist(),
        "weights": weights.tolist(),
        "balanced": balanced,
        "classes": model.classes_.tolist(),
        "alpha": float(model.alpha_),
        "coefficients": coef.tolist(),
        "intercepts": np.atleast_1d(model.intercept_).tolist(),
    }


print(json.dumps({
    "generator": "scikit-learn RidgeClassifierCV with sample_weight (make_ridge_weight_references.py)",
    "problems": [
        problem("weighted three classes, n < p", 26, 60, [12, 9, 5], 1.0, 11),
        problem("weighted two classes, n < p", 40, 60, [31, 9], 2.0, 12),
        problem("weighted four classes, n > p", 50, 8, [20, 15, 10, 5], 1.5, 13),
        problem("balanced two classes, n < p", 36, 50, [30, 6], 2.5, 14, balanced=True),
    ],
}))
