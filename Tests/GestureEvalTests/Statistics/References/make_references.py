#!/usr/bin/env python3
"""Independent reference values for GestureEval's statistics, computed with SciPy.

Run from this folder:  python3 make_references.py  (writes references.json).
Inputs are generated here with a fixed NumPy seed and stored beside the expected outputs,
so the Swift tests read both from the same file.
"""
import json
import math

import numpy as np
import scipy
from scipy import stats

rng = np.random.default_rng(20061)
out = {"scipy": scipy.__version__, "numpy": np.__version__}

# Proportion intervals.
props = []
for k, n, level in [(0, 10, 0.95), (3, 10, 0.95), (10, 10, 0.95), (17, 20, 0.9), (481, 530, 0.95), (1, 1000, 0.99), (250, 500, 0.95)]:
    r = stats.binomtest(k, n)
    w = r.proportion_ci(confidence_level=level, method="wilson")
    e = r.proportion_ci(confidence_level=level, method="exact")
    props.append({"k": k, "n": n, "level": level, "wilson": [w.low, w.high], "clopperPearson": [e.low, e.high]})
out["proportions"] = props

# McNemar: exact binomial below 25 discordant pairs, chi-square with continuity correction otherwise.
mc = []
for b, c in [(0, 0), (3, 0), (2, 9), (7, 7), (10, 14), (12, 13), (30, 12), (100, 80), (5, 40)]:
    n = b + c
    if n < 25:
        p = 1.0 if n == 0 else stats.binomtest(b, n, 0.5).pvalue
        mc.append({"b": b, "c": c, "method": "exact-binomial", "statistic": float(min(b, c)), "p": float(p)})
    else:
        chi = (abs(b - c) - 1) ** 2 / n
        mc.append({"b": b, "c": c, "method": "chi-square-continuity-corrected", "statistic": chi, "p": float(stats.chi2.sf(chi, 1))})
out["mcnemar"] = mc

# Wilcoxon signed-rank.
wil = []
for n in [5, 9, 14, 20, 33, 50]:  # continuous data: no ties, exact distribution
    x = rng.normal(0.0, 1.0, n)
    y = x - rng.normal(0.35, 1.0, n)
    r = stats.wilcoxon(x, y, method="exact")
    wil.append({"x": x.tolist(), "y": y.tolist(), "method": "exact", "statistic": float(r.statistic), "p": float(r.pvalue)})
for n in [12, 30, 60, 120]:  # rounded data: ties and zeros, normal approximation with corrections
    x = np.round(rng.normal(0.0, 1.0, n), 1)
    y = np.round(x - rng.normal(0.2, 0.6, n), 1)
    r = stats.wilcoxon(x, y, method="approx", correction=True, zero_method="wilcox")
    wil.append({"x": x.tolist(), "y": y.tolist(), "method": "normal-approximation", "statistic": float(r.statistic),
                "p": float(r.pvalue), "z": float(abs(r.zstatistic))})
x = rng.normal(0.0, 1.0, 80)  # no ties but n > 50: normal approximation
y = x - rng.normal(0.1, 1.0, 80)
r = stats.wilcoxon(x, y, method="approx", correction=True)
wil.append({"x": x.tolist(), "y": y.tolist(), "method": "normal-approximation", "statistic": float(r.statistic),
            "p": float(r.pvalue), "z": float(abs(r.zstatistic))})
# Zero differences without ties: SciPy drops the zeros and uses the exact distribution of the rest.
x = [0.0, 1.0, -2.0, 3.0, 4.0, 5.5, -0.5, 0.0, 2.5]
r = stats.wilcoxon(x, [0.0] * len(x), method="exact")
wil.append({"x": x, "y": [0.0] * len(x), "method": "exact", "statistic": float(r.statistic), "p": float(r.pvalue)})
out["wilcoxon"] = wil


def iman_davenport(chi, n, k):
    f = (n - 1) * chi / (n * (k - 1) - chi)
    return f, float(stats.f.sf(f, k - 1, (k - 1) * (n - 1)))


# Friedman (SciPy applies the tie correction) and Iman-Davenport.
fr = []
for n, k, rounding in [(10, 3, None), (14, 4, 1), (25, 5, 2), (8, 6, None)]:
    scores = rng.normal(0.0, 1.0, (n, k)) + np.linspace(0, 0.8, k)
    if rounding is not None:
        scores = np.round(scores, rounding)
    r = stats.friedmanchisquare(*scores.T)
    ranks = np.array([stats.rankdata(-row) for row in scores])
    f, pf = iman_davenport(r.statistic, n, k)
    fr.append({"scores": scores.tolist(), "chiSquare": float(r.statistic), "p": float(r.pvalue),
               "averageRanks": ranks.mean(axis=0).tolist(), "imanDavenportF": float(f), "imanDavenportP": pf})
out["friedman"] = fr

# Studentized range, infinite degrees of freedom: quantiles and CDF values.
sr = []
for k in [2, 3, 4, 5, 6, 8, 10, 15]:
    for p in [0.9, 0.95, 0.99]:
        sr.append({"k": k, "p": p, "quantile": float(stats.studentized_range.ppf(p, k, np.inf))})
out["studentizedRangeQuantiles"] = sr
out["studentizedRangeCDF"] = [{"k": k, "q": q, "cdf": float(stats.studentized_range.cdf(q, k, np.inf))}
                              for k, q in [(2, 1.0), (3, 2.5), (4, 3.633), (6, 4.0), (10, 5.5), (5, 0.3)]]

# Nemenyi pairwise p-values on the second Friedman case.
case = fr[1]
k, n = len(case["averageRanks"]), len(case["scores"])
se = math.sqrt(k * (k + 1) / (6 * n))
out["nemenyi"] = {"case": 1, "pairs": [
    {"i": i, "j": j, "p": float(stats.studentized_range.sf(abs(case["averageRanks"][i] - case["averageRanks"][j]) / se * math.sqrt(2), k, np.inf))}
    for i in range(k) for j in range(i + 1, k)]}


# Holm-adjusted pairwise Wilcoxon (exact where possible, as SciPy's "auto" for n <= 50 without ties).
def holm(ps):
    order = sorted(range(len(ps)), key=lambda i: (ps[i], i))
    adj, run = [0.0] * len(ps), 0.0
    for rank, i in enumerate(order):
        run = max(run, min(1.0, (len(ps) - rank) * ps[i]))
        adj[i] = run
    return adj


scores = rng.normal(0.0, 1.0, (12, 4)) + np.array([0.0, 0.2, 0.9, 1.3])
raw = []
for i in range(4):
    for j in range(i + 1, 4):
        raw.append(float(stats.wilcoxon(scores[:, i], scores[:, j], method="exact").pvalue))
out["holmWilcoxon"] = {"scores": scores.tolist(), "raw": raw, "adjusted": holm(raw)}

# Segment classification metrics, computed with scikit-learn (an independent implementation).
from sklearn import metrics as skm

seg = []
for n, classes, noise in [(60, ["circle", "shake", "swipe"], 0.3), (200, ["a", "b", "c", "d", "e"], 0.5), (25, ["x", "y"], 0.2)]:
    truth = rng.choice(classes, n).tolist()
    predicted = [rng.choice(classes) if rng.random() < noise else t for t in truth]
    labels = sorted(set(truth) | set(predicted))
    p, r, f, support = skm.precision_recall_fscore_support(truth, predicted, labels=labels, zero_division=0)
    seg.append({"truth": truth, "predicted": [str(x) for x in predicted], "labels": labels,
                "accuracy": skm.accuracy_score(truth, predicted),
                "balancedAccuracy": skm.balanced_accuracy_score(truth, predicted),
                "macroF1": skm.f1_score(truth, predicted, average="macro", zero_division=0),
                "kappa": skm.cohen_kappa_score(truth, predicted),
                "precision": p.tolist(), "recall": r.tolist(), "f1": f.tolist(), "support": support.tolist(),
                "confusion": skm.confusion_matrix(truth, predicted, labels=labels).tolist()})
out["segments"] = seg

with open("references.json", "w") as f:
    json.dump(out, f, indent=1, sort_keys=True)
print("wrote references.json with SciPy", scipy.__version__)
