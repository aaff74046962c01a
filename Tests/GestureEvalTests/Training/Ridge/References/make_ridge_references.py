#!/usr/bin/env python3
"""scikit-learn's RidgeClassifierCV(alphas=np.logspace(-3, 3, 10)) on small generated problems, for
RidgeClassifierCVTests: the chosen alpha, the coefficients and the intercepts.

    pip install scikit-learn   # 1.9.1 was used
    python3 make_ridge_references.py > ridge_references.json

Three problems: more features than examples with three classes (scikit-learn decomposes the Gram matrix), two
classes (scikit-learn fits one column of ±1 targets for the second class), and more examples than features with four
classes (scikit-learn decomposes the covariance matrix instead; the leave-one-out residuals are the same).
Features are rounded to 6 decimals so that the JSON holds exactly what was fitted.
"""
import json

import numpy as np
from sklearn.linear_model import RidgeClassifierCV


def problem(name, n, p, classes, noise, seed):
    rng = np.random.default_rng(seed)
    labels = np.array([f"c{i % classes}" for i in range(n)])
    centres = rng.normal(size=(classes, p))
    X = np.round(centres[[int(l[1:]) for l in labels]] + noise * rng.normal(size=(n, p)), 6)
    model = RidgeClassifierCV(alphas=np.logspace(-3, 3, 10)).fit(X, labels)
    coef = np.atleast_2d(model.coef_)
    return {
        "name": name,
        "features": X.tolist(),
        "labels": labels.tolist(),
        "classes": model.classes_.tolist(),
        "alpha": float(model.alpha_),
        "coefficients": coef.tolist(),
        "intercepts": np.atleast_1d(model.intercept_).tolist(),
    }


print(json.dumps({
    "generator": "scikit-learn RidgeClassifierCV (make_ridge_references.py)",
    "problems": [
        problem("three classes, n < p", 24, 60, 3, 3.0, 1),
        problem("two classes, n < p", 40, 60, 2, 2.0, 2),
        problem("four classes, n > p", 50, 8, 4, 1.5, 3),
    ],
}))
