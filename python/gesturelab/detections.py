"""Writing a recognizer's detections for GestureLab to judge: :func:`write_detections`.

One CSV file per recording, ``start,end,label`` (and ``score`` when there are scores), times in seconds on
the recording's own clock (the ``time_s`` of :func:`gesturelab.read_dataset`), numbers in Python's
shortest round-trip form (``repr``), so GestureLab reads back exactly the floats that were written.
"""

from __future__ import annotations

import math
import numbers
import os
import tempfile
from pathlib import Path

import pandas as pd

__all__ = ["write_detections"]

_ALIASES = {"start": ("start", "start_s"), "end": ("end", "end_s"), "label": ("label",), "score": ("score",)}


def write_detections(folder: str | os.PathLike, recording_id: str, frame: pd.DataFrame, fold: str | int | None = None) -> Path:
    """Writes one recording's detections as ``folder/<recording id>.csv`` (``folder/<fold>/<recording id>.csv``
    with ``fold``), atomically.

    Args:
        folder: the detections folder (created when needed).
        recording_id: the recording's id in its dataset; a ``/`` in it makes sub-folders
            (``data/39/Freestyle_1526984465048`` → ``folder/data/39/Freestyle_1526984465048.csv``).
        frame: one row per detection, in the order to write: ``start`` and ``end`` in **seconds** on the
            recording's own clock (``start_s``/``end_s`` are accepted too), ``label`` (non-empty text), and
            optionally ``score`` (a finite number, unit recognizer-specific). No other columns. An empty
            frame (no rows) writes a header-only file: no detections.
        fold: the fold's name or number, a sub-folder of ``folder``.

    Returns:
        The path of the file written. Its header is ``start,end,label`` (plus ``,score`` when the frame has a
        score column) and each number is written with ``repr`` (full round-trip precision).

    Raises:
        ValueError: a column is missing, repeated or unknown; a start or end is not a finite number; start > end;
            a label is not non-empty text without commas, quotes or line breaks; a score is not finite; the
            recording id or fold would leave the folder. The message names the offending row (its position from
            0 and its index label). Nothing is written then.
    """
    if not isinstance(frame, pd.DataFrame):
        raise TypeError(f"frame must be a pandas DataFrame, not {type(frame).__name__}")
    parts = _relative_parts(recording_id, "recording id")
    if fold is not None:
        if isinstance(fold, bool) or not isinstance(fold, (str, numbers.Integral)):
            raise ValueError(f"fold must be a name or a number, not {fold!r}")
        parts = _relative_parts(str(fold), "fold", single=True) + parts
    columns = _columns(frame)
    lines = ["start,end,label" + (",score" if "score" in columns else "")]
    values = {key: frame[name].tolist() for key, name in columns.items() if name is not None}
    for position in range(len(frame)):
        def fail(reason: str):
            raise ValueError(f"row {position} (index {frame.index[position]!r}): {reason}")

        start = _finite(values["start"][position], "start", fail)
        end = _finite(values["end"][position], "end", fail)
        if start > end:
            fail(f"start {start!r} s is after end {end!r} s")
        label = values["label"][position]
        if not isinstance(label, str) or not label.strip():
            fail(f"label {label!r} is not a non-empty string")
        if any(c in label for c in ",\"\r\n") or label != label.strip():
            fail(f"label {label!r} holds a comma, quote or line break, or spaces at either end")
        cells = [repr(start), repr(end), label]
        if "score" in columns:
            cells.append(repr(_finite(values["score"][position], "score", fail)))
        lines.append(",".join(cells))
    target = Path(folder).joinpath(*parts[:-1], parts[-1] + ".csv")
    _write_atomically(target, "\n".join(lines) + "\n")
    return target


def _columns(frame: pd.DataFrame) -> dict[str, str]:
    """The frame's column for each of start, end, label and (optionally) score."""
    names = [str(c) for c in frame.columns]
    if len(set(names)) != len(names):
        raise ValueError(f"repeated column names: {names}")
    if not names and len(frame) == 0:
        return {"start": None, "end": None, "label": None}
    found = {}
    for key, aliases in _ALIASES.items():
        present = [a for a in aliases if a in names]
        if len(present) > 1:
            raise ValueError(f"both {present[0]!r} and {present[1]!r} given; keep one")
        if present:
            found[key] = frame.columns[names.index(present[0])]
        elif key != "score":
            raise ValueError(f"missing column {key!r} (the frame has {names})")
    unknown = [n for n in names if not any(n in a for a in _ALIASES.values())]
    if unknown:
        raise ValueError(f"unknown columns {unknown}: a detections frame has start, end, label and optionally score")
    return found


def _finite(value, what: str, fail) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        fail(f"{what} {value!r} is not a number")
    number = float(value)
    if not math.isfinite(number):
        fail(f"{what} {value!r} is not finite")
    return number


def _relative_parts(text: str, what: str, single: bool = False) -> list[str]:
    if not isinstance(text, str) or not text:
        raise ValueError(f"the {what} must be non-empty text, not {text!r}")
    parts = text.split("/")
    if text.startswith("/") or any(p in ("", ".", "..") for p in parts) or "\\" in text or "\0" in text:
        raise ValueError(f"the {what} {text!r} is absolute, has an empty, '.' or '..' component, or a backslash")
    if single and len(parts) != 1:
        raise ValueError(f"the {what} {text!r} may not contain '/'")
    return parts


def _write_atomically(target: Path, text: str) -> None:
    """Writes ``text`` to a temporary file beside ``target`` and renames it over ``target``."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        # mkstemp makes the file private (0600); give it the target's mode, or rw-r--r-- for a new file.
        os.chmod(temporary, target.stat().st_mode & 0o7777 if target.exists() else 0o644)
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise
