import json
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

REPORT = Path(__REPORT_PATH__)
if not (REPORT / "report.json").is_file():
    raise FileNotFoundError(f"report folder not found: {REPORT.resolve()} (run this notebook from its own folder)")
manifest = json.loads((REPORT / "report.json").read_text())


def read_csv(file):
    # Only the literal "nan" is missing: a class may be called "null" or "NA".
    return pd.read_csv(REPORT / file, keep_default_na=False, na_values=["nan"])


def plot_entry(name):
    return next(p for p in manifest["plots"] if p["name"] == name)
