"""Which recordings each fold trains and tests on: :func:`folds`.

Reads the JSON file ``gesturelab compare EXPERIMENT --folds-out FILE`` writes::

    {"experiment": "NAME",
     "folds": [{"dataset": "KEY", "fold": 0, "name": "FOLDNAME", "draw": null,
                "train": ["recording id", ...], "test": ["recording id", ...]}]}

``dataset`` is the experiment's dataset key, ``fold`` the 0-based fold number, ``name`` what the test part
holds (a subject, "fold 3 of 5"), ``draw`` the training-set size K of the learning-curve run the fold belongs to (``compare --learning-curve``) or ``null``. A
recording is never in both parts of one fold.
"""

from __future__ import annotations

import json
import os

import pandas as pd

from .errors import FormatError, MissingFileError

__all__ = ["folds", "FOLD_COLUMNS"]

FOLD_COLUMNS = ["dataset", "fold", "name", "draw", "role", "recording"]
_KEYS = ("dataset", "fold", "name", "draw", "train", "test")


def folds(file: str | os.PathLike) -> pd.DataFrame:
    """The folds of an experiment, one row per fold and recording it trains or tests on.

    Args:
        file: the JSON file written by ``gesturelab compare EXPERIMENT --folds-out FILE``.

    Returns:
        A DataFrame with columns ``dataset`` (the experiment's dataset key), ``fold`` (0-based fold number,
        int), ``name`` (the fold's name), ``draw`` (nullable ``Int64``: the training-set size K of a learning-curve run,
        ``<NA>`` otherwise), ``role`` (``"train"`` or ``"test"``) and ``recording`` (the recording id); rows in
        the file's order: each fold's training recordings, then its test recordings. No times are involved.
        The experiment's name is in ``frame.attrs["experiment"]``.

    Raises:
        MissingFileError: the file does not exist.
        FormatError: the file is not JSON of that shape (the message names the file, the line for JSON
            syntax errors, and the offending element, e.g. ``folds[2].train[5]``).
    """
    path = os.fspath(file)
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except FileNotFoundError:
        raise MissingFileError("no such folds file", path) from None
    except UnicodeDecodeError as error:
        raise FormatError(f"not UTF-8 text ({error.reason})", path) from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise FormatError(f"not JSON: {error.msg} (column {error.colno})", path, error.lineno) from None

    def fail(message: str):
        raise FormatError(message, path)

    if not isinstance(document, dict):
        fail("expected a JSON object with 'experiment' and 'folds'")
    for key in ("experiment", "folds"):
        if key not in document:
            fail(f"missing key '{key}'")
    if not isinstance(document["experiment"], str):
        fail("'experiment' is not a string")
    if not isinstance(document["folds"], list):
        fail("'folds' is not a list")
    rows = []
    seen = set()
    for k, fold in enumerate(document["folds"]):
        where = f"folds[{k}]"
        if not isinstance(fold, dict):
            fail(f"{where} is not an object")
        missing = [key for key in _KEYS if key not in fold]
        if missing:
            fail(f"{where} lacks {', '.join(repr(m) for m in missing)}")
        if not isinstance(fold["dataset"], str) or not fold["dataset"]:
            fail(f"{where}.dataset is not a non-empty string")
        if not _is_int(fold["fold"]) or fold["fold"] < 0:
            fail(f"{where}.fold is not a non-negative integer: {fold['fold']!r}")
        if not isinstance(fold["name"], str):
            fail(f"{where}.name is not a string")
        if fold["draw"] is not None and (not _is_int(fold["draw"]) or fold["draw"] < 0):
            fail(f"{where}.draw is neither null nor a non-negative integer: {fold['draw']!r}")
        identity = (fold["dataset"], fold["fold"], fold["draw"])
        if identity in seen:
            fail(f"{where} repeats fold {fold['fold']} of dataset {fold['dataset']!r}"
                 + ("" if fold["draw"] is None else f" (draw {fold['draw']})"))
        seen.add(identity)
        parts = {}
        for role in ("train", "test"):
            ids = fold[role]
            if not isinstance(ids, list):
                fail(f"{where}.{role} is not a list")
            for n, recording in enumerate(ids):
                if not isinstance(recording, str) or not recording:
                    fail(f"{where}.{role}[{n}] is not a recording id (a non-empty string): {recording!r}")
            if len(set(ids)) != len(ids):
                repeated = next(r for n, r in enumerate(ids) if r in ids[:n])
                fail(f"{where}.{role} lists {repeated!r} twice")
            parts[role] = ids
        both = set(parts["train"]) & set(parts["test"])
        if both:
            fail(f"{where} ({fold['name']!r}) trains and tests on {sorted(both)[0]!r}: a fold's parts are disjoint")
        for role in ("train", "test"):
            for recording in parts[role]:
                rows.append((fold["dataset"], fold["fold"], fold["name"], fold["draw"], role, recording))
    frame = pd.DataFrame({
        "dataset": pd.Series([r[0] for r in rows], dtype=object),
        "fold": pd.Series([r[1] for r in rows], dtype="int64"),
        "name": pd.Series([r[2] for r in rows], dtype=object),
        "draw": pd.Series([r[3] if r[3] is not None else pd.NA for r in rows], dtype="Int64"),
        "role": pd.Series([r[4] for r in rows], dtype=object),
        "recording": pd.Series([r[5] for r in rows], dtype=object),
    })
    frame.attrs["experiment"] = document["experiment"]
    return frame


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
