"""Reading GestureLab datasets into pandas: :func:`read_dataset`.

A dataset is read as GestureLab's ``DatasetReader`` reads it (``Sources/GestureData/Datasets``): the
manifest (``dataset.yaml``, YAML or JSON, read with PyYAML as GestureLab reads it: see :func:`_load_manifest`)
says which files hold which recordings, which column is time and in which unit, and how each column
becomes a channel (``value = raw × scale + offset``), so the values come out in **seconds, g, rad/s and
radians, CoreMotion axes and signs** (a phone lying face up at rest reads accel ≈ (0, 0, −1)). Supported:

- the project's own folders (``datasets/default-hard``, ``datasets/default-shapes``, anything written by
  ``gesturelab datasets convert`` or ``import``): ``recordings`` listed in the manifest, ``annotations/<id>.csv``;
- manifests with a ``source`` (file patterns under a data folder) and a per-sample ``labels`` column;
- the external ``SwimWatch_Turns`` folder, read with GestureLab's built-in manifest (``swimwatch:DIR``).

Manifest features this package does not implement (``streams``, ``sensors``, ``align``, date-time
clocks, ``skipRows``, ``unitsRow``, …) raise :class:`~gesturelab.errors.UnsupportedDatasetError` naming the
manifest and the key. Physical-plausibility checks and other validation warnings are left to
``gesturelab datasets validate``.
"""

from __future__ import annotations

import csv
import io
import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
import yaml

from .errors import FormatError, MissingFileError, UnsupportedDatasetError

__all__ = ["Dataset", "Recording", "read_dataset", "channel_column", "SWIMWATCH_MANIFEST"]

MANIFEST_NAME = "dataset.yaml"
ANNOTATION_COLUMNS = ["start_s", "end_s", "label"]

# Unit suffix of each standard channel family (GestureKit's MotionChannel units).
_FAMILY_UNITS = {"accel": "g", "gravity": "g", "user": "g", "gyro": "rad_s", "mag": "uT", "quat": ""}
_SCALAR_UNITS = {"roll": "rad", "pitch": "rad", "yaw": "rad", "pressure": "hPa"}
_MAGNITUDE_UNITS = {"accel": "g", "user": "g", "gravity": "g", "gyro": "rad_s", "mag": "uT"}
_PLACEMENT = re.compile(r"^[A-Za-z0-9_-]+$")

# GestureLab's built-in manifest for SwimWatch_Turns (Sources/GestureData/Resources/External/SwimWatch_Turns.yaml),
# what `gesturelab ... swimwatch:DIR` reads the folder with. A test checks it against the resource.
SWIMWATCH_MANIFEST = {
    "format": "gesturelab-dataset/1",
    "name": "SwimWatch_Turns",
    "kind": "continuous",
    "samplingRate": 30,
    "classes": ["freestyle", "breaststroke", "backstroke", "butterfly", "turn"],
    "table": {"delimiter": ",", "header": True},
    "time": {"column": "timestamp", "unit": "ns", "origin": "first"},
    "labels": {
        "column": "label",
        "background": ["0"],
        "ignore": ["-1", "6"],
        "names": {"1": "freestyle", "2": "breaststroke", "3": "backstroke", "4": "butterfly", "5": "turn"},
    },
    "channels": [
        {"name": "accel.x", "column": "ACC_0", "scale": -0.10197162129779283},
        {"name": "accel.y", "column": "ACC_1", "scale": -0.10197162129779283},
        {"name": "accel.z", "column": "ACC_2", "scale": -0.10197162129779283},
        {"name": "gyro.x", "column": "GYRO_0"},
        {"name": "gyro.y", "column": "GYRO_1"},
        {"name": "gyro.z", "column": "GYRO_2"},
        {"name": "mag.x", "column": "MAG_0"},
        {"name": "mag.y", "column": "MAG_1"},
        {"name": "mag.z", "column": "MAG_2"},
        {"name": "pressure", "column": "PRESS"},
    ],
    "source": {"files": [{"pattern": "data/{subject}/{session}.csv"}]},
}
_BUILT_IN = {"swimwatch": ("SwimWatch_Turns", SWIMWATCH_MANIFEST)}

_UNSUPPORTED_KEYS = {
    "streams": "one file per sensor (streams)",
    "sensors": "several sensor units in one file (sensors)",
    "align": "stream alignment (align)",
}
_UNSUPPORTED_TABLE = ("skipRows", "trailing", "unitsRow")
_UNSUPPORTED_TIME = ("format", "startRow", "rateRow", "index")
_TIME_UNITS = {"s": 1.0, "ms": 1e-3, "us": 1e-6, "µs": 1e-6, "ns": 1e-9}
_TIME_WORDS = {
    **{w: "s" for w in ("s", "sec", "secs", "second", "seconds")},
    **{w: "ms" for w in ("ms", "msec", "millis", "millisecond", "milliseconds")},
    **{w: "us" for w in ("us", "µs", "μs", "usec", "micros", "microsecond", "microseconds")},
    **{w: "ns" for w in ("ns", "nsec", "nanos", "nanosecond", "nanoseconds")},
}
_EPOCH_SECONDS = 1e6


@dataclass(eq=False)
class Recording:
    """One recording of a dataset.

    Attributes:
        id: the recording's id in its dataset (may contain ``/``).
        subject, session: who recorded it and in which session (text).
        data: one row per sample: ``time_s`` (seconds on the recording's own clock) and one column per
            channel named with its unit (``accel_x_g``, ``gyro_x_rad_s``, ``quat_w``, ``roll_rad``; see
            :func:`channel_column`), in the manifest's channel order.
        annotations: ``start_s``, ``end_s`` (seconds, the recording's clock) and ``label``, ordered by
            (start, end) as GestureLab orders them.
        file: the recording's data file.
    """

    id: str
    subject: str
    session: str
    data: pd.DataFrame
    annotations: pd.DataFrame
    file: str


@dataclass(eq=False)
class Dataset:
    """A dataset read by :func:`read_dataset`: its recordings in GestureLab's order and what the manifest says.

    ``columns`` maps each channel name as GestureLab spells it (``accel.x``) to its column in
    ``Recording.data`` (``accel_x_g``); ``time`` becomes ``time_s``. Index a dataset by position or by
    recording id; iterating yields the recordings.
    """

    name: str
    kind: str
    sampling_rate_hz: float | None
    recordings: list[Recording]
    columns: dict[str, str]
    manifest: dict = field(repr=False)
    manifest_file: str | None = None
    folder: str | None = None

    def __len__(self) -> int:
        return len(self.recordings)

    def __iter__(self):
        return iter(self.recordings)

    def __getitem__(self, key: int | str) -> Recording:
        if isinstance(key, str):
            for recording in self.recordings:
                if recording.id == key:
                    return recording
            raise KeyError(key)
        return self.recordings[key]

    @property
    def ids(self) -> list[str]:
        """The recording ids, in order."""
        return [r.id for r in self.recordings]

    @property
    def subjects(self) -> list[str]:
        """The subjects, each once, in order of first appearance."""
        return list(dict.fromkeys(r.subject for r in self.recordings))

    def annotations(self) -> pd.DataFrame:
        """Every annotation of every recording: ``recording``, ``subject``, ``start_s``, ``end_s`` (seconds), ``label``."""
        frames = [r.annotations.assign(recording=r.id, subject=r.subject) for r in self.recordings]
        columns = ["recording", "subject"] + ANNOTATION_COLUMNS
        if not frames:
            return pd.DataFrame({c: pd.Series(dtype=float if c.endswith("_s") else object) for c in columns})
        return pd.concat(frames, ignore_index=True)[columns]


def channel_column(channel: str) -> str:
    """The DataFrame column of a GestureLab channel name, with its unit as a suffix.

    ``accel.x`` → ``accel_x_g`` (g; likewise ``gravity.*``, ``user.*``), ``gyro.x`` → ``gyro_x_rad_s`` (rad/s),
    ``mag.x`` → ``mag_x_uT`` (µT), ``quat.w`` → ``quat_w`` (unitless), ``roll`` → ``roll_rad`` (radians),
    ``pressure`` → ``pressure_hPa`` (hPa); a placed channel keeps its placement before the unit
    (``accel.x@wrist`` → ``accel_x_wrist_g``). Any other (auxiliary) name has no known unit: its
    non-alphanumeric runs become ``_`` (``Light (lux)`` → ``Light_lux``).
    """
    name, placement = channel, ""
    if "@" in channel:
        base, _, place = channel.rpartition("@")
        if base and _PLACEMENT.match(place):
            name, placement = base, place
    unit = None
    family, dot, axis = name.partition(".")
    if dot and family in _FAMILY_UNITS and axis in (("w", "x", "y", "z") if family == "quat" else ("x", "y", "z")):
        stem, unit = f"{family}_{axis}", _FAMILY_UNITS[family]
    elif dot and family in _MAGNITUDE_UNITS and axis == "magnitude":
        stem, unit = f"{family}_magnitude", _MAGNITUDE_UNITS[family]
    elif name in _SCALAR_UNITS:
        stem, unit = name, _SCALAR_UNITS[name]
    if unit is None:
        return re.sub(r"[^0-9A-Za-z]+", "_", channel).strip("_") or "channel"
    parts = [stem] + ([re.sub(r"[^0-9A-Za-z]+", "_", placement)] if placement else []) + ([unit] if unit else [])
    return "_".join(parts)


def read_dataset(folder: str | os.PathLike, *, data: str | os.PathLike | None = None, format: str | None = None) -> Dataset:
    """Reads a dataset: every recording as a DataFrame in seconds, g and rad/s, with its annotations.

    Args:
        folder: a dataset folder holding ``dataset.yaml``, or the manifest file itself (``.yaml``,
            ``.yml`` or ``.json``); or ``swimwatch:DIR`` (as on GestureLab's command line) for the external
            SwimWatch_Turns folder, which is also recognised without the prefix by its name or README.
        data: the external data folder of a manifest with a ``source`` (overrides ``source.path``), as
            ``--data DIR`` does.
        format: ``"swimwatch"`` to read ``folder`` with that built-in manifest (same as the prefix).

    Returns:
        A :class:`Dataset`; each :class:`Recording` has ``data`` (``time_s`` in seconds on the recording's
        clock, then the channels with unit suffixes: ``accel_x_g`` in g, ``gyro_x_rad_s`` in rad/s, …; CoreMotion
        axes and signs), ``annotations`` (``start_s``, ``end_s`` in seconds, ``label``), ``subject`` and ``id``.

    Raises:
        MissingFileError: the folder, manifest or a file it names does not exist (names the file).
        FormatError: a malformed manifest, row or value (names the file and line).
        UnsupportedDatasetError: a layout or manifest feature this package does not read (names the file).
    """
    text = os.fspath(folder)
    prefix, colon, rest = text.partition(":")
    if colon and format is None and prefix.lower() in _BUILT_IN and "/" not in prefix:
        format, text = prefix.lower(), rest
    path = Path(text).expanduser()
    if format is not None:
        key = format.lower()
        if key not in _BUILT_IN:
            raise UnsupportedDatasetError(f"unknown dataset format {format!r}; formats read here: {', '.join(_BUILT_IN)}", path)
        return _read_built_in(key, data or path)
    if not path.exists():
        raise MissingFileError("no such dataset folder or manifest", path)
    if path.is_dir():
        manifest_file = path / MANIFEST_NAME
        if not manifest_file.is_file():
            for key, (folder_name, _) in _BUILT_IN.items():
                if _looks_like(path, folder_name):
                    return _read_built_in(key, data or path)
            raise UnsupportedDatasetError(
                f"not a dataset this package reads: no {MANIFEST_NAME} in the folder, and it is not one of the external "
                f"folders read with a built-in manifest ({', '.join(f'{k}:DIR' for k in _BUILT_IN)})", manifest_file)
    else:
        manifest_file = path
        if path.suffix.lower() not in (".yaml", ".yml", ".json"):
            raise UnsupportedDatasetError("not a dataset manifest (.yaml, .yml or .json); give the dataset's folder", path)
    try:
        manifest_text = manifest_file.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise FormatError(f"not UTF-8 text ({error.reason})", manifest_file) from None
    manifest = _load_manifest(manifest_text, os.fspath(manifest_file))
    if not isinstance(manifest, dict):
        raise FormatError("the manifest is not a mapping of keys", manifest_file)
    return _read(manifest, manifest_file, manifest_file.parent, Path(data) if data is not None else None)


def _looks_like(folder: Path, name: str) -> bool:
    """Whether ``folder`` is the external dataset ``name``: by its folder name or its README's title."""
    if folder.resolve().name == name:
        return True
    readme = folder / "README.md"
    if readme.is_file():
        with open(readme, encoding="utf-8", errors="replace") as handle:
            first = handle.readline()
        return first.lstrip("# ").startswith(name)
    return False


def _read_built_in(key: str, folder) -> Dataset:
    folder = Path(folder).expanduser()
    name, manifest = _BUILT_IN[key]
    if not folder.is_dir():
        raise MissingFileError(f"no such {name} folder", folder)
    return _read(manifest, None, folder, folder)


# -- the manifest's YAML --------------------------------------------------------------------------------

_MERGE_KEY = "<<"
_NULLS = ("", "~", "null", "Null", "NULL")
# A number as YAML's core schema writes one (``50``, ``-0.5``, ``1e-3``, ``.5``) and its special floats.
_NUMBER = re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$")
_SPECIAL_NUMBERS = {".nan": math.nan, ".inf": math.inf, "+.inf": math.inf, "-.inf": -math.inf}


class _ManifestLoader(yaml.BaseLoader):
    """PyYAML's ``BaseLoader`` (every scalar stays text, typed where :class:`_Manifest` decodes it, so a label
    ``no``, ``on`` or ``5`` stays that text) with GestureLab's reading of a manifest's tree
    (``ConfigurationNode+YAML.swift``, ``StrictDecoder``):

    - a plain ``~``, ``null`` or empty value is ``None`` (a quoted ``"null"`` is text);
    - a key written twice in one mapping is an error at the second one's line;
    - merge keys (a plain ``<<: *anchor`` or ``<<: [*first, *second]``) are applied: keys written in the
      mapping win over merged ones, and of several merged mappings the earlier wins; two merge keys in one
      mapping are an error. A merged value that is not a mapping is skipped, as GestureLab skips it.
    """

    def construct_scalar(self, node):
        if not node.style and node.value in _NULLS:
            return None
        return node.value

    def construct_mapping(self, node, deep=False):
        if not isinstance(node, yaml.MappingNode):
            raise yaml.constructor.ConstructorError(None, None, f"expected a mapping, found a {node.id}", node.start_mark)
        written, merge = {}, None
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise yaml.constructor.ConstructorError(None, None, f"a key is text, not a {key_node.id}", key_node.start_mark)
            key = key_node.value  # keys are text, even a plain `null`
            if key == _MERGE_KEY and not key_node.style:
                if merge is not None:
                    raise yaml.constructor.ConstructorError(
                        None, None, "merge key (<<) written twice in one mapping; merge several mappings with one list, "
                        "`<<: [*first, *second]` (an earlier one wins over a later one, keys written in the mapping over both)",
                        key_node.start_mark)
                merge = value_node
                continue
            if key in written:
                raise yaml.constructor.ConstructorError(
                    None, None, f"key {key!r} written twice in one mapping; keep the value you mean and delete the other",
                    key_node.start_mark)
            written[key] = self.construct_object(value_node, deep=deep)
        if merge is None:
            return written
        merged = {}
        for source in merge.value if isinstance(merge, yaml.SequenceNode) else [merge]:
            if isinstance(source, yaml.MappingNode):
                for key, value in self.construct_object(source, deep=deep).items():
                    merged.setdefault(key, value)
        return {**{k: v for k, v in merged.items() if k not in written}, **written}


def _load_manifest(text: str, file: str):
    """The tree of a manifest's YAML (or JSON) text: dicts, lists, text and ``None`` (see :class:`_ManifestLoader`).

    Raises :class:`FormatError` naming ``file`` and the line of a syntax error or a repeated key.
    """
    try:
        return yaml.load(text, Loader=_ManifestLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        reason = error.problem or error.context or "malformed YAML"
        if error.context and error.problem:
            where = error.context_mark
            start = f" that starts on line {where.line + 1}" if where is not None and mark is not None and where.line != mark.line else ""
            reason = f"{reason} ({error.context}{start})"
        raise FormatError(reason, file, None if mark is None else mark.line + 1) from None
    except yaml.YAMLError as error:  # the text itself (a control character): no line to name
        raise FormatError(f"not YAML text ({error})", file) from None


# -- the manifest ---------------------------------------------------------------------------------------


class _Manifest:
    """The parts of a manifest that reading needs, checked, with errors naming the manifest file."""

    def __init__(self, raw: dict, file: str):
        self.raw, self.file = raw, file
        for key, what in _UNSUPPORTED_KEYS.items():
            if raw.get(key) is not None:
                self.unsupported(f"{what} is not read by this package; convert it with `gesturelab datasets convert` first", key)
        self.name = self.text(raw.get("name", ""), "name")
        self.kind = self.text(raw.get("kind", "continuous"), "kind")
        if self.kind not in ("continuous", "segments"):
            self.fail(f"kind {self.kind!r} is neither continuous nor segments")
        rate = raw.get("samplingRate")
        self.sampling_rate = None if rate is None else self.number(rate, "samplingRate")
        table = self.mapping(raw.get("table", {}), "table")
        for key in _UNSUPPORTED_TABLE:
            if table.get(key) is not None:
                self.unsupported(f"table.{key} is not read by this package", f"table.{key}")
        if str(table.get("blankLines", "skip")) != "skip":
            self.unsupported("table.blankLines: split is not read by this package", "table.blankLines")
        self.delimiter = self.text(table.get("delimiter", ","), "table.delimiter")
        if self.delimiter in ("\\t", "tab"):
            self.delimiter = "\t"
        if self.delimiter == " ":
            self.delimiter = "whitespace"
        if len(self.delimiter) != 1 and self.delimiter not in ("auto", "whitespace"):
            self.fail(f"table.delimiter {self.delimiter!r} is not one character, 'auto' or 'whitespace'")
        self.header = self.boolean(table.get("header", True), "table.header")
        decimal = table.get("decimal")
        self.decimal_comma = decimal is not None and self.text(decimal, "table.decimal") == "comma"
        time = self.mapping(raw.get("time", {"column": "time"}), "time")
        for key in _UNSUPPORTED_TIME:
            if time.get(key) is not None:
                self.unsupported(f"time.{key} is not read by this package", f"time.{key}")
        if str(time.get("batches", "keep")) != "keep":
            self.unsupported("time.batches: spread is not read by this package", "time.batches")
        self.time_column = None if time.get("column") is None else self.text(time["column"], "time.column")
        self.time_rate = None if time.get("rate") is None else self.number(time["rate"], "time.rate")
        if self.time_column is None and self.time_rate is None:
            self.fail("time names no column and no rate")
        unit = time.get("unit")
        if unit is not None and self.text(unit, "time.unit") not in _TIME_UNITS:
            self.fail(f"time.unit {unit!r} is not one of ns, us, ms, s")
        self.time_unit = None if unit is None else str(unit)
        self.time_scale = None if time.get("scale") is None else self.number(time["scale"], "time.scale")
        origin = time.get("origin")
        relative = time.get("relative")
        if origin is not None:
            self.origin = self.text(origin, "time.origin")
            if self.origin not in ("first", "file", "auto"):
                self.fail(f"time.origin {origin!r} is not first, file or auto")
        elif relative is not None:
            self.origin = "first" if self.boolean(relative, "time.relative") else "file"
        else:
            self.origin = "auto"
        self.channels = []
        for k, entry in enumerate(self.sequence(raw.get("channels"), "channels")):
            entry = self.mapping(entry, f"channels[{k}]")
            name = self.text(entry.get("name"), f"channels[{k}].name")
            column = entry.get("column")
            index = entry.get("index")
            self.channels.append({
                "name": name,
                "column": None if column is None else self.text(column, f"channels[{k}].column"),
                "index": None if index is None else int(self.number(index, f"channels[{k}].index")),
                "scale": 1.0 if entry.get("scale") is None else self.number(entry["scale"], f"channels[{k}].scale"),
                "offset": 0.0 if entry.get("offset") is None else self.number(entry["offset"], f"channels[{k}].offset"),
            })
        if not self.channels:
            self.fail("the manifest names no channels")
        labels = raw.get("labels")
        self.labels = None
        if labels is not None:
            labels = self.mapping(labels, "labels")
            if labels.get("index") is not None:
                self.unsupported("labels.index is not read by this package; name the column", "labels.index")
            names = self.mapping(labels.get("names") or {}, "labels.names")
            self.labels = {
                "column": self.text(labels.get("column", "label"), "labels.column"),
                "background": {_label_key(str(v)) for v in (labels.get("background") or [])},
                "ignore": {_label_key(str(v)) for v in (labels.get("ignore") or [])},
                "names": {_label_key(str(k)): str(v) for k, v in names.items()},
            }
        self.source = None
        if raw.get("source") is not None:
            source = self.mapping(raw["source"], "source")
            patterns = []
            for k, entry in enumerate(self.sequence(source.get("files"), "source.files")):
                entry = self.mapping(entry, f"source.files[{k}]")
                patterns.append({key: None if entry.get(key) is None else self.text(entry[key], f"source.files[{k}].{key}")
                                 for key in ("pattern", "subject", "session")})
                if patterns[-1]["pattern"] is None:
                    self.fail(f"source.files[{k}] has no pattern")
            path = source.get("path")
            self.source = {"path": None if path is None else self.text(path, "source.path"), "files": patterns}
        self.recordings = []
        for k, entry in enumerate(self.sequence(raw.get("recordings", []), "recordings")):
            entry = self.mapping(entry, f"recordings[{k}]")
            if entry.get("files") is not None:
                self.unsupported("recordings[].files (one file per stream) is not read by this package", f"recordings[{k}].files")
            item = {}
            for key in ("id", "subject", "session", "file"):
                if entry.get(key) is None:
                    self.fail(f"recordings[{k}] has no {key}")
                item[key] = self.text(entry[key], f"recordings[{k}].{key}")
            annotations = entry.get("annotations")
            item["annotations"] = None if annotations is None else self.text(annotations, f"recordings[{k}].annotations")
            self.recordings.append(item)
        if self.source is None and not self.recordings and "recordings" not in raw:
            self.fail("the manifest has neither recordings nor a source")

    def fail(self, message: str):
        raise FormatError(message, self.file)

    def unsupported(self, message: str, key: str):
        raise UnsupportedDatasetError(f"{message} (key {key})", self.file)

    def text(self, value, key: str) -> str:
        if isinstance(value, (dict, list)) or value is None:
            self.fail(f"{key} is not text")
        return str(value)

    def number(self, value, key: str) -> float:
        if isinstance(value, bool) or isinstance(value, (dict, list)) or value is None:
            self.fail(f"{key} is not a number")
        if not isinstance(value, str):
            return float(value)  # the built-in manifests are written as Python values
        text = value.strip()
        if _NUMBER.match(text):
            return float(text)
        if text.lower() in _SPECIAL_NUMBERS:
            return _SPECIAL_NUMBERS[text.lower()]
        self.fail(f"{key} is not a number: {value!r}")

    def boolean(self, value, key: str) -> bool:
        if isinstance(value, bool):
            return value
        text = str(value).lower()
        if text in ("true", "yes", "on"):
            return True
        if text in ("false", "no", "off"):
            return False
        self.fail(f"{key} is not true or false: {value!r}")

    def mapping(self, value, key: str) -> dict:
        if not isinstance(value, dict):
            self.fail(f"{key} is not a mapping")
        return value

    def sequence(self, value, key: str) -> list:
        if value is None:
            return []
        if not isinstance(value, list):
            self.fail(f"{key} is not a list")
        return value


def _read(raw: dict, manifest_file: Path | None, folder: Path, data: Path | None) -> Dataset:
    file = os.fspath(manifest_file) if manifest_file is not None else f"<built-in manifest {raw.get('name')}>"
    manifest = _Manifest(raw, file)
    columns = {"time": "time_s"}
    for channel in manifest.channels:
        name = channel["name"]
        column = channel_column(name)
        if column in columns.values():
            clash = next(k for k, v in columns.items() if v == column)
            raise UnsupportedDatasetError(f"channels {clash!r} and {name!r} would both be the column {column!r}", file)
        columns[name] = column
    jobs = []  # (id, subject, session, data file, annotation file or None, label from the path or None)
    if manifest.source is not None:
        root = data if data is not None else (_resolve(manifest.source["path"], folder) if manifest.source["path"] else None)
        if root is None:
            raise FormatError("the manifest has a source without a path: give the data folder (data=...)", file)
        for match in _match_files(manifest.source["files"], root, file):
            jobs.append((match["id"], match["subject"], match["session"], match["path"], None, match["label"]))
    else:
        seen = set()
        for entry in manifest.recordings:
            if entry["id"] in seen:
                raise FormatError(f"recording id {entry['id']!r} appears twice", file)
            seen.add(entry["id"])
            annotations = None if entry["annotations"] is None else _resolve(entry["annotations"], folder)
            jobs.append((entry["id"], entry["subject"], entry["session"], _resolve(entry["file"], folder), annotations, None))
    recordings = []
    for recording_id, subject, session, path, annotation_file, label in jobs:
        frame, annotations = _read_recording(path, manifest, columns)
        if annotation_file is not None:
            annotations = _read_annotations(annotation_file)
        elif label is not None:
            times = frame["time_s"].to_numpy()
            finite = times[np.isfinite(times)]
            if finite.size:
                annotations = _annotation_frame([(float(finite.min()), float(finite.max()), label)])
        recordings.append(Recording(recording_id, subject, session, frame, annotations, os.fspath(path)))
    return Dataset(name=manifest.name, kind=manifest.kind, sampling_rate_hz=manifest.sampling_rate, recordings=recordings,
                   columns=columns, manifest=raw, manifest_file=None if manifest_file is None else os.fspath(manifest_file),
                   folder=os.fspath(folder))


def _resolve(path: str, folder: Path) -> Path:
    expanded = Path(path).expanduser()
    return expanded if expanded.is_absolute() else folder / expanded


# -- external files by pattern --------------------------------------------------------------------------


def _compile_pattern(pattern: str, file: str):
    regex, names, k = "^", [], 0
    while k < len(pattern):
        close = pattern.find("}", k) if pattern[k] == "{" else -1
        if close > k:
            name, _, kind = pattern[k + 1:close].partition(":")
            body = "[0-9]+" if kind == "int" else "[^/]+?"
            if name in ("", "*"):
                regex += f"(?:{body})"
            else:
                if not re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", name) or name in names:
                    raise FormatError(f"source.files: bad or repeated capture {{{name}}} in {pattern!r}", file)
                regex += f"(?P<{name}>{body})"
                names.append(name)
            k = close + 1
        else:
            regex += re.escape(pattern[k])
            k += 1
    return re.compile(regex + "$")


def _natural_key(text: str):
    """Orders ids as Foundation's numeric comparison does: runs of digits by value, other characters by code."""
    return [(0x30, int(run)) if run.isdigit() else (ord(run), 0) for run in re.findall(r"[0-9]+|[^0-9]", text)]


def _match_files(patterns: list[dict], root: Path, file: str) -> list[dict]:
    if not root.is_dir():
        raise MissingFileError("the data folder does not exist", root)
    compiled = [(p, _compile_pattern(p["pattern"], file)) for p in patterns]
    found = []
    for directory, folders, files in os.walk(root):
        folders.sort()
        for name in sorted(files):
            path = Path(directory) / name
            relative = path.relative_to(root).as_posix()
            for pattern, regex in compiled:
                match = regex.match(relative)
                if not match:
                    continue
                captures = match.groupdict()
                stem, dot, ext = relative.rpartition(".")
                identifier = stem if dot and "/" not in ext else relative
                found.append({
                    "path": path, "id": identifier,
                    "subject": captures.get("subject") or pattern["subject"] or "unknown",
                    "session": captures.get("session") or pattern["session"] or "unknown",
                    "label": captures.get("label"),
                })
                break
    found.sort(key=lambda m: _natural_key(m["id"]))
    if not found:
        raise FormatError(f"no file under the data folder matches {', '.join(repr(p['pattern']) for p in patterns)}", root)
    return found


# -- one recording --------------------------------------------------------------------------------------


def _read_rows(path: Path, delimiter: str, header: bool):
    """The header (or ``None``), the data rows (lists of stripped fields) and their 1-based line numbers."""
    try:
        with open(path, encoding="utf-8-sig", newline="") as handle:
            text = handle.read()
    except FileNotFoundError:
        raise MissingFileError("no such file", path) from None
    except IsADirectoryError:
        raise MissingFileError("is a folder, not a file", path) from None
    except UnicodeDecodeError as error:
        raise FormatError(f"not UTF-8 text ({error.reason})", path) from None
    if text.startswith(("sep=", '"sep=')):
        raise UnsupportedDatasetError("an Excel separator line ('sep=') is not read by this package", path, 1)
    if delimiter == "auto":
        first = text.split("\n", 1)[0]
        counts = {c: first.count(c) for c in (",", ";", "\t")}
        delimiter = max(counts, key=lambda c: (counts[c], c == ","))
    strip = " " if delimiter == "\t" else " \t"
    rows, lines = [], []
    if delimiter == "whitespace":
        source = ((k + 1, line.split()) for k, line in enumerate(text.splitlines()))
    else:
        reader = csv.reader(io.StringIO(text), delimiter=delimiter, quotechar='"', strict=True)

        def numbered():
            try:
                for fields in reader:
                    yield reader.line_num, [f.strip(strip) for f in fields]
            except csv.Error as error:
                raise FormatError(f"malformed CSV ({error})", path, reader.line_num) from None
        source = numbered()
    names = None
    for number, fields in source:
        if not fields or fields == [""]:
            continue  # blank lines are nothing
        if header and names is None:
            names = fields
            if names and all(_is_number(n) for n in names):
                raise FormatError(f"the header line holds only numbers ({', '.join(names[:3])}): it is a data row; "
                                  "set table.header: false", path, number)
            continue
        rows.append(fields)
        lines.append(number)
    if header and names is None:
        raise FormatError("empty file: no header line", path)
    return names, rows, lines


def _is_number(text: str) -> bool:
    if not text or "_" in text:
        return False
    try:
        float(text)
    except ValueError:
        return False
    return True


def _locate(name: str | None, index: int | None, names: list[str] | None, path: Path, what: str) -> int:
    if index is not None:
        return index
    if names is None:
        raise FormatError(f"{what} {name!r} is named but the file has no header (table.header: false); give its index", path)
    if name in names:
        return names.index(name)
    if "*" in name:
        regex = re.compile("^" + ".*".join(re.escape(p) for p in name.split("*")) + "$", re.S)
        found = [k for k, n in enumerate(names) if regex.match(n)]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise FormatError(f"{what} {name!r} matches {len(found)} columns ({', '.join(repr(names[k]) for k in found)}); "
                              "name the one to read", path, 1)
    raise FormatError(f"no column {name!r} ({what}); the header has {', '.join(repr(n) for n in names)}", path, 1)


def _numbers(rows: list[list[str]], lines: list[int], index: int, name: str, path: Path, decimal_comma: bool) -> np.ndarray:
    cells = [row[index] for row in rows]
    if decimal_comma:
        cells = [c.replace(",", ".") for c in cells]
    if not any("_" in c for c in cells):
        try:
            return np.array(cells, dtype=np.float64)
        except ValueError:
            pass
    for cell, line in zip(cells, lines):
        if not _is_number(cell):
            reason = "empty value" if cell == "" else f"{cell!r} is not a number"
            raise FormatError(f"column {name!r}: {reason}", path, line)
    raise AssertionError("unreachable")


def _read_recording(path: Path, manifest: _Manifest, columns: dict[str, str]) -> tuple[pd.DataFrame, pd.DataFrame]:
    names, rows, lines = _read_rows(path, manifest.delimiter, manifest.header)
    slots = []  # (field index, what, file column name)
    time_index = None
    if manifest.time_column is not None:
        time_index = _locate(manifest.time_column, None, names, path, "time column")
    for channel in manifest.channels:
        column = channel["column"] or channel["name"]
        slots.append(_locate(column if channel["index"] is None else None, channel["index"], names, path, f"channel {channel['name']}"))
    label_index = None
    if manifest.labels is not None:
        label_index = _locate(manifest.labels["column"], None, names, path, "label column")
    width = len(names) if names is not None else None
    needed = max([i for i in [time_index, label_index, *slots] if i is not None], default=0)
    for fields, line in zip(rows, lines):
        count = len(fields)
        if width is not None and count != width:
            if count < width:
                raise FormatError(f"the row has {count} fields, the header {width}: it lacks column {names[count]!r}", path, line)
            raise FormatError(f"the row has {count} fields, the header {width}: column {count} is past the last column", path, line)
        if count <= needed:
            raise FormatError(f"the row has {count} fields; column {needed} is read", path, line)
    time_name = names[time_index] if (names is not None and time_index is not None) else manifest.time_column
    if time_index is not None:
        raw = _numbers(rows, lines, time_index, time_name or "time", path, manifest.decimal_comma)
        times = _clock(raw, [row[time_index] for row in rows], time_name, manifest, path, lines)
    else:
        times = np.arange(len(rows), dtype=np.float64) * (1 / manifest.time_rate)
    frame = {"time_s": times}
    for channel, index in zip(manifest.channels, slots):
        values = _numbers(rows, lines, index, names[index] if names else f"column {index}", path, manifest.decimal_comma)
        if channel["scale"] != 1 or channel["offset"] != 0:
            values = values * channel["scale"] + channel["offset"]
        frame[columns[channel["name"]]] = values
    annotations = _annotation_frame([])
    if label_index is not None:
        annotations = _label_runs([row[label_index] for row in rows], times, manifest.labels, path, lines)
    return pd.DataFrame(frame), annotations


def _clock(raw: np.ndarray, texts: list[str], name: str | None, manifest: _Manifest, path: Path, lines: list[int]) -> np.ndarray:
    """Seconds from a numeric time column, as GestureLab's numeric clock and origin policy make them."""
    unit = manifest.time_unit
    if unit is None and manifest.time_scale is None and name:
        unit = _unit_in_name(name)
    seconds_per_unit = _TIME_UNITS[unit] if unit is not None else (manifest.time_scale or 1.0)
    per_second = round(1 / seconds_per_unit)
    whole = per_second >= 1 and abs(per_second * seconds_per_unit - 1) < 1e-12
    times = raw
    base_seconds = 0.0
    first = raw[0] if raw.size else math.nan
    if raw.size and whole and abs(first * seconds_per_unit) > _EPOCH_SECONDS:
        # An epoch or uptime clock: counted from the first time's whole unit so steps keep their precision.
        if not math.isfinite(first) or abs(first) >= 2 ** 63:
            raise FormatError(f"time {first!r} is beyond any clock", path, lines[0])
        origin = math.floor(first)
        exact = None
        if abs(first) >= 2 ** 53:
            try:
                integers = [int(t) for t in texts]
                if all(abs(i - int(texts[0])) < 2 ** 63 for i in integers):
                    origin = int(texts[0])
                    exact = np.array([float(i - origin) / float(per_second) for i in integers])
            except ValueError:
                exact = None
        times = exact if exact is not None else (raw - float(origin)) / float(per_second)
        base_seconds = float(origin) / float(per_second)
    elif seconds_per_unit != 1:
        times = raw * seconds_per_unit
    finite = times[np.isfinite(times)]
    if finite.size:
        first_time = float(finite[0])
        relative = manifest.origin == "first" or (manifest.origin == "auto" and (
            abs(first_time + base_seconds) > _EPOCH_SECONDS
            or (manifest.source is not None and name is not None and _is_uptime(name))))
        offset = first_time if relative else -base_seconds
        if offset != 0:
            times = times - offset
    return np.asarray(times, dtype=np.float64)


def _unit_in_name(name: str) -> str | None:
    """The time unit a column's name states (``time_ms``, ``time (ns)``, ``timestamp_ns``), if any."""
    text = name.lower().strip()
    bracket = re.search(r"[(\[]", text)
    if bracket:
        return _TIME_WORDS.get("".join(c for c in text[bracket.start() + 1:] if c.isalpha()))
    separator = max(text.rfind(c) for c in "_. -")
    if separator >= 0 and text[separator + 1:] in _TIME_WORDS:
        return _TIME_WORDS[text[separator + 1:]]
    base = re.sub(r"[^0-9a-z]", "", text)
    implied = {"millis": "ms", "ms": "ms", "timems": "ms", "timestampms": "ms", "nanos": "ns", "timens": "ns",
               "timestampns": "ns", "seconds": "s", "secondselapsed": "s"}
    return implied.get(base)


def _is_uptime(name: str) -> bool:
    key = "".join(c for c in name.lower() if c.isalpha())
    return any(word in key for word in ("sincereboot", "sinceboot", "uptime", "boottime", "elapsedrealtime"))


# -- annotations ----------------------------------------------------------------------------------------


def _annotation_frame(rows: list[tuple[float, float, str]]) -> pd.DataFrame:
    rows = sorted(rows, key=lambda a: (a[0], a[1]))  # stable: GestureLab's (start, end) order
    return pd.DataFrame({
        "start_s": pd.Series([a[0] for a in rows], dtype=np.float64),
        "end_s": pd.Series([a[1] for a in rows], dtype=np.float64),
        "label": pd.Series([a[2] for a in rows], dtype=object),
    })


def _read_annotations(path: Path) -> pd.DataFrame:
    """An annotation file: header ``start,end,label``, then one annotation per line, times in seconds."""
    try:
        with open(path, encoding="utf-8-sig", newline="") as handle:
            text = handle.read()
    except FileNotFoundError:
        raise MissingFileError("no such annotation file", path) from None
    except UnicodeDecodeError as error:
        raise FormatError(f"not UTF-8 text ({error.reason})", path) from None
    rows, saw_header = [], False
    for number, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), start=1):
        content = line.strip(" \t")
        if not content:
            continue
        try:
            fields = [f.strip(" \t") for f in next(csv.reader([content], strict=True))]
        except csv.Error as error:
            raise FormatError(f"malformed CSV ({error})", path, number) from None
        if not saw_header:
            saw_header = True
            if fields != ["start", "end", "label"]:
                raise FormatError(f"the header is {content!r}; an annotation file starts with 'start,end,label'", path, number)
            continue
        if len(fields) != 3:
            raise FormatError(f"expected 3 fields (start,end,label), found {len(fields)}: {content!r}", path, number)
        times = []
        for what, cell in zip(("start", "end"), fields):
            value = float(cell) if _is_number(cell) else math.nan
            if not math.isfinite(value):
                raise FormatError(f"{what} {cell!r} is not a time in seconds", path, number)
            times.append(value)
        if not fields[2]:
            raise FormatError("empty label", path, number)
        rows.append((times[0], times[1], fields[2]))
    if not saw_header:
        raise FormatError("empty file: expected the header 'start,end,label'", path)
    return _annotation_frame(rows)


def _label_key(text: str) -> str:
    """A label value as GestureLab compares it: numbers by value (``5.0`` → ``5``), other text trimmed."""
    trimmed = text.strip(" \t")
    if _is_number(trimmed):
        value = float(trimmed)
        if math.isfinite(value):
            if value == round(value) and abs(value) < 1e15:
                return str(int(value))
            return repr(value)
    return trimmed


def _label_runs(values: list[str], times: np.ndarray, labels: dict, path: Path, lines: list[int]) -> pd.DataFrame:
    """Annotations from runs of one value of a per-sample label column, in time order: each run from its
    first to its last sample's time; background and ignored values give none."""
    order = [i for i in np.argsort(times, kind="stable").tolist() if math.isfinite(times[i])]
    keys = [_label_key(values[i]) for i in order]
    rows, start = [], 0
    for k in range(len(keys)):
        if k + 1 < len(keys) and keys[k + 1] == keys[k]:
            continue
        value, first = keys[k], order[start]
        run = k - start + 1
        start = k + 1
        if value in labels["background"] or value in labels["ignore"]:
            continue
        if value == "":
            raise FormatError(f"empty label ({run} rows); list \"\" in labels.background or labels.ignore", path, lines[first])
        rows.append((float(times[first]), float(times[order[k]]), labels["names"].get(value, value)))
    return _annotation_frame(rows)
