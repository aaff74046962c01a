"""Reading an experiment's report folder (``gesturelab compare EXPERIMENT --out FOLDER``): :func:`read_report`.

The tables are read with the ``csv`` module (RFC 4180, as GestureLab's ``CSVTable`` writes them) and typed by
what GestureLab writes in each column (``Sources/GestureEval/Experiments/Report/ExperimentReport.swift``): text
stays text (a label called ``NA`` or ``null`` stays that text; an empty cell is ``None``), numbers become
``float64`` (``nan``, ``inf`` and empty cells are NaN), counts nullable ``Int64``. Columns this version does not
know are typed from their values (numbers, ``true``/``false``/``yes``/``no`` booleans, else text). Rows keep the
file's order, and no row is dropped.

Columns holding times get their unit in their name; :data:`COLUMN_RENAMES` lists every renaming.
"""

from __future__ import annotations

import csv
import json
import math
import os
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from .errors import FormatError, MissingFileError

__all__ = ["Report", "read_report", "COLUMN_RENAMES", "COLUMN_TYPES"]

#: The renamings :func:`read_report` applies, by file: the file's column → the DataFrame's column.
#: ``outcomes.csv``'s times are seconds on the recording's clock; ``folds.csv``'s ``fp/h`` is false
#: activations per hour of background.
COLUMN_RENAMES: dict[str, dict[str, str]] = {
    "outcomes.csv": {"start": "start_s", "end": "end_s", "time": "time_s"},
    "folds.csv": {"fp/h": "fp_per_h"},
    "metrics-*.csv": {},
}

#: What each column GestureLab writes holds, by file (file column names): ``text``, ``float`` or ``int``.
COLUMN_TYPES: dict[str, dict[str, str]] = {
    "outcomes.csv": {
        "entry": "text", "dataset": "text", "fold": "text", "recording": "text", "kind": "text", "label": "text",
        "start": "float", "end": "float", "time": "float", "score": "float", "outcome": "text", "activity": "text",
    },
    "folds.csv": {
        "entry": "text", "dataset": "text", "fold": "text", "metric": "text", "value": "float", "lower": "float",
        "upper": "float", "over": "text", "count": "int", "precision": "float", "recall": "float", "fp/h": "float",
        "fragments": "float", "fragment share": "float", "trained": "text",
    },
    "metrics-*.csv": {
        "scope": "text", "name": "text", "value": "float", "lower": "float", "upper": "float", "over": "text",
    },
}

_TRUE, _FALSE = {"true", "yes"}, {"false", "no"}


@dataclass(eq=False)
class Report:
    """The tables of one report folder, as DataFrames (see :func:`read_report`)."""

    folder: str
    outcomes: pd.DataFrame
    folds: pd.DataFrame
    metrics: pd.DataFrame
    metrics_by_file: dict[str, pd.DataFrame]
    results: dict | None = field(default=None, repr=False)
    columns: dict[str, dict[str, str]] = field(default_factory=lambda: {k: dict(v) for k, v in COLUMN_RENAMES.items()}, repr=False)


def read_report(folder: str | os.PathLike) -> Report:
    """Reads the report folder that ``gesturelab compare EXPERIMENT --out FOLDER`` writes.

    Args:
        folder: the report folder (it holds ``report.json``, ``results.json``, ``folds.csv`` …).

    Returns:
        A :class:`Report` with

        - ``outcomes``: ``outcomes.csv``, every judged annotation and detection of the test recordings:
          ``entry``, ``dataset``, ``fold``, ``recording``, ``kind``, ``label``, ``start_s``, ``end_s`` (seconds on
          the recording's clock), ``time_s`` (decision time, seconds; NaN for a missed annotation), ``score``
          (recognizer-specific unit; NaN for annotations), ``outcome``, ``activity``. Empty (same columns) when
          the experiment has no continuous entry, which is when GestureLab writes no ``outcomes.csv``.
        - ``folds``: ``folds.csv``, one row per entry, dataset and fold: ``metric``, ``value``, ``lower``,
          ``upper`` (the metric, unitless), ``over``, ``count``, ``precision``, ``recall``, ``fp_per_h``
          (false activations per hour), ``fragments``, ``fragment share``, ``trained``.
        - ``metrics``: every ``metrics-<dataset>.csv`` (files in name order, rows in file order) with a first
          column ``file`` naming the file each row came from; ``scope``, ``name``, ``value``, ``lower``,
          ``upper``, ``over``. A metric's unit is in its name (``latency.*`` in seconds,
          ``falsePositivesPerHour`` per hour, ``backgroundHours`` in hours; most are unitless ratios or counts).
        - ``metrics_by_file``: the same, one DataFrame per file name (without the ``file`` column).
        - ``results``: ``results.json`` as a dict (``None`` when absent).
        - ``columns``: the renamings applied (:data:`COLUMN_RENAMES`).

    Raises:
        MissingFileError: the folder or ``folds.csv`` does not exist, or ``report.json`` lists a table whose
            file is missing.
        FormatError: a malformed table (a row with the wrong number of fields, a value that is not a number
            where a number belongs, a missing column); the message names the file and line.
    """
    root = Path(folder)
    if not root.is_dir():
        raise MissingFileError("no such report folder", root)
    listed = _listed_tables(root)
    for name in listed:
        if not (root / name).is_file():
            raise MissingFileError("report.json lists this table but the file is missing", root / name)
    outcomes_file = root / "outcomes.csv"
    outcomes = (_read_table(outcomes_file, "outcomes.csv") if outcomes_file.is_file()
                else _empty_table("outcomes.csv"))
    folds_file = root / "folds.csv"
    if not folds_file.is_file():
        raise MissingFileError("no folds.csv: not the report folder of `gesturelab compare`", folds_file)
    folds = _read_table(folds_file, "folds.csv")
    metrics_by_file = {path.name: _read_table(path, "metrics-*.csv") for path in sorted(root.glob("metrics-*.csv"))}
    if metrics_by_file:
        metrics = pd.concat([frame.assign(file=name) for name, frame in metrics_by_file.items()], ignore_index=True)
        metrics = metrics[["file"] + [c for c in metrics.columns if c != "file"]]
    else:
        metrics = _empty_table("metrics-*.csv")
        metrics.insert(0, "file", pd.Series(dtype=object))
    results = None
    results_file = root / "results.json"
    if results_file.is_file():
        try:
            results = json.loads(results_file.read_text(encoding="utf-8"))
        except json.JSONDecodeError as error:
            raise FormatError(f"not JSON: {error.msg}", results_file, error.lineno) from None
    return Report(folder=os.fspath(root), outcomes=outcomes, folds=folds, metrics=metrics,
                  metrics_by_file=metrics_by_file, results=results)


def _listed_tables(root: Path) -> list[str]:
    """The files of the tables ``report.json`` lists that this reader reads."""
    manifest = root / "report.json"
    if not manifest.is_file():
        return []
    try:
        tables = json.loads(manifest.read_text(encoding="utf-8")).get("tables", [])
    except (json.JSONDecodeError, AttributeError):
        raise FormatError("invalid report manifest", manifest) from None
    files = [t.get("file", "") for t in tables if isinstance(t, dict)]
    return [f for f in files if f in ("outcomes.csv", "folds.csv") or (f.startswith("metrics-") and f.endswith(".csv"))]


def _empty_table(kind: str) -> pd.DataFrame:
    renames = COLUMN_RENAMES[kind]
    return pd.DataFrame({renames.get(c, c): _typed([], t, c, "", []) for c, t in COLUMN_TYPES[kind].items()})


def _read_table(path: Path, kind: str) -> pd.DataFrame:
    """One report table, typed by ``COLUMN_TYPES[kind]`` and renamed by ``COLUMN_RENAMES[kind]``."""
    try:
        with open(path, encoding="utf-8", newline="") as handle:
            reader = csv.reader(handle, strict=True)
            rows, lines, header = [], [], None
            try:
                for fields in reader:
                    if header is None:
                        header = fields
                        continue
                    if not fields:
                        raise FormatError("blank line inside the table", path, reader.line_num)
                    if len(fields) != len(header):
                        raise FormatError(f"the row has {len(fields)} fields, the header {len(header)}", path, reader.line_num)
                    rows.append(fields)
                    lines.append(reader.line_num)
            except csv.Error as error:
                raise FormatError(f"malformed CSV ({error})", path, reader.line_num) from None
    except UnicodeDecodeError as error:
        raise FormatError(f"not UTF-8 text ({error.reason})", path) from None
    if header is None:
        raise FormatError("empty file: no header line", path)
    if len(set(header)) != len(header):
        raise FormatError(f"repeated column names in the header: {header}", path, 1)
    types = COLUMN_TYPES[kind]
    missing = [c for c in types if c not in header]
    if missing:
        raise FormatError(f"missing columns {missing} (the header has {header})", path, 1)
    renames = COLUMN_RENAMES[kind]
    columns = {}
    for k, name in enumerate(header):
        cells = [row[k] for row in rows]
        columns[renames.get(name, name)] = _typed(cells, types.get(name) or _inferred(cells), name, path, lines)
    return pd.DataFrame(columns)


def _typed(cells: list[str], kind: str, name: str, path, lines: list[int]) -> pd.Series:
    """A column's cells as a Series of ``kind`` (``text``, ``bool``, ``float`` or ``int``); a bad cell names its line."""
    if kind == "text":
        return pd.Series([c if c != "" else None for c in cells], dtype=object)
    if kind == "bool":
        return pd.Series([None if c == "" else c.lower() in _TRUE for c in cells], dtype="boolean")
    values = []
    for cell, line in zip(cells, lines):
        value = _number(cell)
        if value is None:
            raise FormatError(f"column {name!r}: {cell!r} is not a number", path, line)
        if kind == "int" and math.isfinite(value) and value != int(value):
            raise FormatError(f"column {name!r}: {cell!r} is not a whole number", path, line)
        values.append(value)
    if kind == "int":
        return pd.Series([pd.NA if math.isnan(v) else int(v) for v in values], dtype="Int64")
    return pd.Series(values, dtype=np.float64)


def _number(cell: str) -> float | None:
    """The number a cell holds (``nan`` and an empty cell are NaN); ``None`` when it is not a number."""
    if cell == "":
        return math.nan
    if "_" in cell or cell != cell.strip():
        return None
    try:
        return float(cell)
    except ValueError:
        return None


def _inferred(cells: list[str]) -> str:
    """The type of a column this version does not know, from its values."""
    filled = [c for c in cells if c != ""]
    if filled and all(c.lower() in _TRUE | _FALSE for c in filled):
        return "bool"
    if filled and all(_number(c) is not None for c in filled):
        return "float"
    return "text"
