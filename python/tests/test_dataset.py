import csv
import math
import re
import subprocess
from pathlib import Path

import numpy as np
import pytest

from conftest import BINARY, REPO, SWIMWATCH
from gesturelab import FormatError, MissingFileError, UnsupportedDatasetError, channel_column, read_dataset
from gesturelab.dataset import SWIMWATCH_MANIFEST

HARD = REPO / "datasets" / "default-hard"
SHAPES = REPO / "datasets" / "default-shapes"


def csv_rows(path):
    with open(path, newline="") as handle:
        return list(csv.reader(handle))


def manifest_ids(folder):
    """The recording ids of a project manifest, found independently of the package's YAML reader."""
    text = (folder / "dataset.yaml").read_text()
    return [m.strip().strip("'\"") for m in re.findall(r"^- id: (.+)$", text, flags=re.M)]


# -- the project's own datasets ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def hard():
    return read_dataset(HARD)


def test_default_hard_recordings_and_annotations_match_the_files(hard):
    ids = manifest_ids(HARD)
    files = sorted(p.stem for p in (HARD / "recordings").glob("*.csv"))
    assert len(ids) == len(files) == 12
    assert len(hard) == len(ids)
    assert hard.ids == ids
    assert hard.name == "synthetic-gestures-hard" and hard.kind == "continuous" and hard.sampling_rate_hz == 50
    assert hard.subjects == [f"subject{k:02d}" for k in range(1, 7)]
    total = 0
    for recording in hard:
        rows = csv_rows(HARD / "annotations" / f"{recording.id}.csv")
        assert rows[0] == ["start", "end", "label"]
        assert len(recording.annotations) == len(rows) - 1
        assert sorted(recording.annotations.label) == sorted(r[2] for r in rows[1:])
        total += len(rows) - 1
        assert recording.subject == recording.id.split("-")[0]
        assert recording.session == recording.id.split("-")[1]
    assert total == sum(len(r.annotations) for r in hard) == len(hard.annotations())


def test_default_hard_samples_are_the_files_values_with_unit_columns(hard):
    recording = hard["subject03-session2-01"]
    rows = csv_rows(HARD / "recordings" / "subject03-session2-01.csv")
    header, body = rows[0], rows[1:]
    assert list(recording.data.columns) == ["time_s", "accel_x_g", "accel_y_g", "accel_z_g", "gyro_x_rad_s", "gyro_y_rad_s",
                                            "gyro_z_rad_s", "quat_w", "quat_x", "quat_y", "quat_z", "gravity_x_g",
                                            "gravity_y_g", "gravity_z_g", "user_x_g", "user_y_g", "user_z_g"]
    assert len(recording.data) == len(body)
    for k, name in enumerate(header):
        column = "time_s" if name == "time" else hard.columns[name]
        expected = np.array([float(row[k]) for row in body])
        assert np.array_equal(recording.data[column].to_numpy(), expected), name
    assert recording.data["time_s"].is_monotonic_increasing
    # CoreMotion sign: at rest gravity points down the device's -z when it lies face up, |gravity| is 1 g
    gravity = recording.data[["gravity_x_g", "gravity_y_g", "gravity_z_g"]].to_numpy()
    assert np.allclose(np.linalg.norm(gravity, axis=1), 1, atol=0.02)
    annotations = recording.annotations
    assert list(annotations.columns) == ["start_s", "end_s", "label"]
    assert (annotations.start_s <= annotations.end_s).all()
    assert annotations.end_s.max() <= recording.data.time_s.max() + 1e-9


def test_default_shapes_one_annotation_per_recording():
    shapes = read_dataset(SHAPES / "dataset.yaml")
    ids = manifest_ids(SHAPES)
    assert shapes.kind == "segments"
    assert len(shapes) == len(ids) == len(list((SHAPES / "recordings").glob("*.csv"))) == 96
    classes = {"circle-cw", "circle-ccw", "square", "triangle", "letter-z", "letter-v", "line-right", "line-up"}
    for recording in shapes:
        assert len(recording.annotations) == 1
        label = recording.annotations.label[0]
        assert label in classes and label in recording.id
    assert "gyro_z_rad_s" in shapes[0].data.columns


# -- SwimWatch_Turns -----------------------------------------------------------------------------------------

needs_swimwatch = pytest.mark.skipif(not SWIMWATCH.is_dir(), reason=f"{SWIMWATCH} is not there")


def turn_runs(path):
    """Runs of label 5 (a turn) in time order, counted with the csv module alone."""
    rows = csv_rows(path)
    header = rows[0]
    t, label = header.index("timestamp"), header.index("label")
    samples = sorted((float(r[t]), k, float(r[label])) for k, r in enumerate(rows[1:]))
    runs, previous = 0, None
    for _, _, value in samples:
        if value == 5 and previous != 5:
            runs += 1
        previous = value
    return runs


@pytest.fixture(scope="module")
def swim():
    return read_dataset(SWIMWATCH)


@needs_swimwatch
def test_swimwatch_sessions_swimmers_and_turns(swim):
    files = sorted(SWIMWATCH.glob("data/*/*.csv"))
    assert len(swim) == len(files) == 33
    assert sorted(swim.subjects) == sorted({f.parent.name for f in files}) and len(swim.subjects) == 11
    turns = swim.annotations().query("label == 'turn'")
    assert len(turns) == sum(turn_runs(f) for f in files) == 60
    for recording in swim:
        assert recording.id == f"data/{recording.subject}/{recording.session}"
        expected = turn_runs(SWIMWATCH / f"{recording.id}.csv")
        assert (recording.annotations.label == "turn").sum() == expected
    assert set(swim.annotations().label) <= set(SWIMWATCH_MANIFEST["classes"])


@needs_swimwatch
def test_swimwatch_units_and_clock(swim):
    recording = swim[0]
    rows = csv_rows(recording.file)
    header, first = rows[0], rows[1]
    data = recording.data
    assert list(data.columns) == ["time_s", "accel_x_g", "accel_y_g", "accel_z_g", "gyro_x_rad_s", "gyro_y_rad_s",
                                  "gyro_z_rad_s", "mag_x_uT", "mag_y_uT", "mag_z_uT", "pressure_hPa"]
    assert len(data) == len(rows) - 1
    # m/s² with Android's sign → g with CoreMotion's; rad/s kept
    assert data.accel_x_g[0] == float(first[header.index("ACC_0")]) * -0.10197162129779283
    assert data.gyro_z_rad_s[0] == float(first[header.index("GYRO_2")])
    # nanoseconds of an uptime clock → seconds from the first sample, 30 Hz
    assert data.time_s[0] == 0
    assert np.median(np.diff(data.time_s)) == pytest.approx(1 / 30, rel=1e-6)
    t1 = (float(rows[2][header.index("timestamp")]) - float(first[header.index("timestamp")])) * 1e-9
    assert data.time_s[1] == pytest.approx(t1, abs=1e-9)
    # a swimmer's wrist at rest and swimming reads around 1 g on average
    magnitude = np.linalg.norm(data[["accel_x_g", "accel_y_g", "accel_z_g"]].to_numpy(), axis=1)
    assert 0.7 < np.median(magnitude) < 1.5


@needs_swimwatch
def test_swimwatch_prefix_and_repository_manifest_read_the_same(swim):
    prefixed = read_dataset(f"swimwatch:{SWIMWATCH}")
    by_manifest = read_dataset(REPO / "datasets" / "external" / "SwimWatch_Turns", data=SWIMWATCH)
    for a, b, c in zip(swim, prefixed, by_manifest):
        assert a.id == b.id == c.id
        assert a.data.equals(b.data) and a.data.equals(c.data)
        assert a.annotations.equals(c.annotations)


@needs_swimwatch
def test_swimwatch_reads_as_gesturelab_reads_it(swim, tmp_path):
    """GestureLab converts the folder to its own format (numbers in round-trip form): the same values."""
    if not BINARY.is_file():
        pytest.skip(f"{BINARY} is not built")
    out = tmp_path / "swim"
    run = subprocess.run([str(BINARY), "datasets", "convert", f"swimwatch:{SWIMWATCH}", "--out", str(out)],
                         cwd=REPO, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-2000:]
    converted = read_dataset(out)
    assert converted.ids == swim.ids
    for mine, theirs in zip(swim, converted):
        assert (mine.subject, mine.session) == (theirs.subject, theirs.session)
        assert mine.data.equals(theirs.data), mine.id
        assert mine.annotations.equals(theirs.annotations), mine.id


def test_built_in_swimwatch_manifest_matches_the_resource():
    import yaml
    from gesturelab.dataset import _load_manifest, _Manifest
    resource = REPO / "Sources" / "GestureData" / "Resources" / "External" / "SwimWatch_Turns.yaml"
    if not resource.is_file():
        pytest.skip(f"{resource} is not there")
    parsed = yaml.safe_load(resource.read_text())
    for key, value in SWIMWATCH_MANIFEST.items():
        assert parsed[key] == value, key
    # and the package reads the resource (all text, typed when decoded) as it reads the built-in manifest
    from_text = vars(_Manifest(_load_manifest(resource.read_text(), str(resource)), "m"))
    built_in = vars(_Manifest(SWIMWATCH_MANIFEST, "m"))
    assert {k: v for k, v in from_text.items() if k != "raw"} == {k: v for k, v in built_in.items() if k != "raw"}


# -- the manifest's YAML --------------------------------------------------------------------------------------


def test_repository_manifests_read_as_text_trees():
    """Every manifest in the repository loads as a mapping of text (typed only where a manifest is decoded)."""
    from gesturelab.dataset import _load_manifest

    def scalars(value):
        if isinstance(value, dict):
            assert all(isinstance(k, str) for k in value)
            return [s for v in value.values() for s in scalars(v)]
        if isinstance(value, list):
            return [s for v in value for s in scalars(v)]
        return [value]

    files = sorted({*REPO.glob("datasets/**/dataset.yaml"), *REPO.glob("Sources/GestureData/Resources/**/*.yaml")})
    assert len(files) > 10
    for path in files:
        tree = _load_manifest(path.read_text(), str(path))
        assert isinstance(tree, dict), path
        assert all(s is None or isinstance(s, str) for s in scalars(tree)), path


# -- small datasets written here --------------------------------------------------------------------------


def make_dataset(folder: Path, manifest: str, files: dict) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "dataset.yaml").write_text(manifest)
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder


PROJECT = """format: gesturelab-dataset/1
name: tiny
kind: continuous
table: {delimiter: ",", header: true}
time: {column: time}
channels:
- name: accel.x
- name: accel.y
- name: accel.z
- name: gyro.x
- name: light
recordings:
- {id: a/one, subject: alice, session: '1', file: recordings/a/one.csv, annotations: annotations/a/one.csv}
"""
GOOD_RECORDING = "time,accel.x,accel.y,accel.z,gyro.x,light\n0.0,0,0,-1,0.5,3\n0.02,0.1,0,-1,nan,4\n\n0.04, 0.2 ,0,-1,0,5\n"
GOOD_ANNOTATIONS = "start,end,label\n0.02,0.04,shake\n0.0,0.01,flip\n"


def test_tiny_project_dataset(tmp_path):
    folder = make_dataset(tmp_path / "tiny", PROJECT, {"recordings/a/one.csv": GOOD_RECORDING, "annotations/a/one.csv": GOOD_ANNOTATIONS})
    dataset = read_dataset(folder)
    recording = dataset["a/one"]
    assert recording.session == "1"
    assert list(recording.data.columns) == ["time_s", "accel_x_g", "accel_y_g", "accel_z_g", "gyro_x_rad_s", "light"]
    assert recording.data.time_s.tolist() == [0.0, 0.02, 0.04]
    assert recording.data.accel_x_g.tolist() == [0.0, 0.1, 0.2]
    assert math.isnan(recording.data.gyro_x_rad_s[1])
    # GestureLab's order: by start, then end
    assert recording.annotations.values.tolist() == [[0.0, 0.01, "flip"], [0.02, 0.04, "shake"]]
    assert dataset.columns["light"] == "light"


@pytest.mark.parametrize("recording, annotations, line, message", [
    ("time,accel.x,accel.y,accel.z,gyro.x,light\n0,0,0,-1,0,1\n0.02,0,abc,-1,0,1\n", GOOD_ANNOTATIONS, 3, "column 'accel.y': 'abc' is not a number"),
    ("time,accel.x,accel.y,accel.z,gyro.x,light\n0,0,0,-1,0,1\n0.02,0,0,-1,0\n", GOOD_ANNOTATIONS, 3, "it lacks column 'light'"),
    ("time,accel.x,accel.y,accel.z,gyro.x,light\n0,0,0,-1,0,1,9\n", GOOD_ANNOTATIONS, 2, "past the last column"),
    ("time,accel.x,accel.y,accel.z,gyro.x,light\n0,0,0,-1,,1\n", GOOD_ANNOTATIONS, 2, "column 'gyro.x': empty value"),
    ("time,accel.x,accel.y,accel.z,light\n0,0,0,-1,1\n", GOOD_ANNOTATIONS, 1, "no column 'gyro.x'"),
    (GOOD_RECORDING, "start,end,label\n0,1,a\n\n1,x,b\n", 4, "end 'x' is not a time in seconds"),
    (GOOD_RECORDING, "start,end,label\n0,1,\n", 2, "empty label"),
    (GOOD_RECORDING, "start,end\n0,1\n", 1, "an annotation file starts with 'start,end,label'"),
    (GOOD_RECORDING, "start,end,label\n0,1,a,b\n", 2, "expected 3 fields"),
])
def test_malformed_rows_name_file_and_line(tmp_path, recording, annotations, line, message):
    folder = make_dataset(tmp_path / "bad", PROJECT, {"recordings/a/one.csv": recording, "annotations/a/one.csv": annotations})
    with pytest.raises(FormatError) as caught:
        read_dataset(folder)
    error = caught.value
    assert error.line == line
    assert message in str(error)
    assert Path(error.file).name in ("one.csv",)
    assert str(error).startswith(f"{error.file}:{line}:")


def test_missing_files_are_named(tmp_path):
    with pytest.raises(MissingFileError, match="nowhere"):
        read_dataset(tmp_path / "nowhere")
    folder = make_dataset(tmp_path / "tiny", PROJECT, {"annotations/a/one.csv": GOOD_ANNOTATIONS})
    with pytest.raises(MissingFileError) as caught:
        read_dataset(folder)
    assert caught.value.file == str(folder / "recordings" / "a" / "one.csv")
    assert isinstance(caught.value, FileNotFoundError)
    folder = make_dataset(tmp_path / "tiny2", PROJECT, {"recordings/a/one.csv": GOOD_RECORDING})
    with pytest.raises(MissingFileError, match="annotations/a/one.csv"):
        read_dataset(folder)


def test_unsupported_layouts_are_named(tmp_path):
    (tmp_path / "plain").mkdir()
    with pytest.raises(UnsupportedDatasetError) as caught:
        read_dataset(tmp_path / "plain")
    assert caught.value.file == str(tmp_path / "plain" / "dataset.yaml")
    folder = make_dataset(tmp_path / "streams", PROJECT.replace("channels:", "streams: [{name: a, channels: []}]\nchannels:"), {})
    with pytest.raises(UnsupportedDatasetError, match=r"dataset.yaml: one file per sensor \(streams\)"):
        read_dataset(folder)
    with pytest.raises(UnsupportedDatasetError, match="ucr"):
        read_dataset(tmp_path, format="ucr")
    with pytest.raises(FormatError, match=r"dataset.yaml:3: "):
        read_dataset(make_dataset(tmp_path / "syntax", "name: x\nkind: continuous\n  bad: indent\n", {}))


def test_source_patterns_label_column_and_clock(tmp_path):
    manifest = """name: ext
kind: continuous
table: {delimiter: ";", header: true}
time: {column: t, unit: ms}
labels: {column: activity, background: ["0"], ignore: ["9"], names: {"5": turn}}
channels:
  - {name: accel.x, column: ax, scale: -0.5, offset: 1}
  - {name: gyro.x, column: "g*"}
source:
  path: raw
  files:
    - {pattern: "{subject}/{session}.csv"}
"""
    rows = ["t;ax;gyro_deg;activity"]
    labels = [0, 5, 5.0, 0, 9, 9, 7, 7, 0, 5]
    for k, label in enumerate(labels):
        rows.append(f"{1_700_000_000_000 + 20 * k};{k};{k / 10};{label}")
    folder = make_dataset(tmp_path / "ext", manifest, {"raw/p10/s1.csv": "\n".join(rows) + "\n",
                                                         "raw/p9/s1.csv": "\n".join(rows[:3]) + "\n"})
    dataset = read_dataset(folder)
    assert dataset.ids == ["p9/s1", "p10/s1"]  # numbers compared by value
    recording = dataset["p10/s1"]
    assert (recording.subject, recording.session) == ("p10", "s1")
    # epoch milliseconds → seconds from the first sample
    assert recording.data.time_s.tolist() == pytest.approx([0.02 * k for k in range(10)], abs=1e-12)
    assert recording.data.time_s[0] == 0
    assert recording.data.accel_x_g.tolist() == [k * -0.5 + 1 for k in range(10)]
    assert recording.data.gyro_x_rad_s.tolist() == [k / 10 for k in range(10)]
    # runs: 5,5.0 → turn; 9 ignored; 7 its own name; 0 background
    assert recording.annotations.values.tolist() == [[0.02, 0.04, "turn"], [0.12, 0.14, "7"], [0.18, 0.18, "turn"]]


def test_channel_columns():
    assert channel_column("accel.x") == "accel_x_g"
    assert channel_column("user.z") == "user_z_g"
    assert channel_column("gravity.y") == "gravity_y_g"
    assert channel_column("gyro.y") == "gyro_y_rad_s"
    assert channel_column("quat.w") == "quat_w"
    assert channel_column("roll") == "roll_rad"
    assert channel_column("mag.x") == "mag_x_uT"
    assert channel_column("pressure") == "pressure_hPa"
    assert channel_column("accel.x@lowerarm") == "accel_x_lowerarm_g"
    assert channel_column("gyr_2_x@lowerarm") == "gyr_2_x_lowerarm"
    assert channel_column("Light (lux)") == "Light_lux"


# -- manifests: YAML as GestureLab reads it -----------------------------------------------------------------


def test_manifest_scalars_stay_text_until_decoded(tmp_path):
    """`no`, `on`, `5` are labels, subjects and sessions, not booleans or numbers; numbers and booleans are typed
    where the manifest is decoded; a plain `~` or empty value is absent, a quoted 'null' is text."""
    manifest = """name: yes
kind: continuous
samplingRate: 50
streams: ~
sensors:
table: {delimiter: ",", header: on}
time: {column: t, unit: ms, relative: yes}
labels: {column: what, background: [off], ignore: ['null'], names: {no: refused, on: switched, 5: turn, 007: bond}}
channels:
- {name: accel.x, column: ax, scale: -5e-1, offset: .5, index: ~}
recordings:
- {id: r, subject: no, session: 5, file: r.csv}
"""
    rows = ["t,ax,what"] + [f"{20 * k},{k},{label}" for k, label in
                            enumerate(["off", "no", "no", "on", "5", "5.0", "yes", "null", "7", "off"])]
    dataset = read_dataset(make_dataset(tmp_path / "text", manifest, {"r.csv": "\n".join(rows) + "\n"}))
    assert (dataset.name, dataset.sampling_rate_hz) == ("yes", 50.0)
    recording = dataset["r"]
    assert (recording.subject, recording.session) == ("no", "5")
    assert recording.data.time_s.tolist() == pytest.approx([0.02 * k for k in range(10)])
    assert recording.data.accel_x_g.tolist() == [k * -0.5 + 0.5 for k in range(10)]
    assert recording.annotations.label.tolist() == ["refused", "switched", "turn", "yes", "bond"]
    assert dataset.manifest["labels"]["names"] == {"no": "refused", "on": "switched", "5": "turn", "007": "bond"}
    assert dataset.manifest["streams"] is None and dataset.manifest["sensors"] is None


def test_manifest_merge_keys(tmp_path):
    """Anchors and merge keys: keys written in the mapping win over merged ones; of a list, the earlier mapping wins."""
    manifest = """name: merged
description: >-
  folded
  text
table: &table {delimiter: ";", header: true}
time: {column: t}
channels:
  - &ax {name: accel.x, column: ax, scale: -0.5}
  - &gx
    name: gyro.x
    column: gx
    scale: 2
    offset: 1
  - <<: [*ax, *gx]
    name: accel.y
    column: ay
  - {<<: *gx, name: gyro.y, offset: 3}
recordings:
- &one {id: one, subject: s, session: "1", file: one.csv}
- {<<: *one, id: two}
"""
    data = "t;ax;gx;ay\n0;1;2;3\n0.5;4;5;6\n"
    dataset = read_dataset(make_dataset(tmp_path / "merged", manifest, {"one.csv": data}))
    assert dataset.manifest["description"] == "folded text"
    assert dataset.ids == ["one", "two"] and dataset["two"].file == dataset["one"].file
    frame = dataset["two"].data
    assert list(frame.columns) == ["time_s", "accel_x_g", "gyro_x_rad_s", "accel_y_g", "gyro_y_rad_s"]
    assert frame.accel_x_g.tolist() == [-0.5, -2.0]
    assert frame.gyro_x_rad_s.tolist() == [5.0, 11.0]
    assert frame.accel_y_g.tolist() == [3 * -0.5 + 1, 6 * -0.5 + 1]  # scale from *ax (earlier), offset from *gx
    assert frame.gyro_y_rad_s.tolist() == [2 * 2 + 3, 5 * 2 + 3]  # written offset wins over the merged one


@pytest.mark.parametrize("manifest, line, message", [
    (PROJECT + "name: again\n", 14, "key 'name' written twice in one mapping"),
    (PROJECT.replace("session: '1',", "session: '1', subject: bob,"), 13, "key 'subject' written twice"),
    (PROJECT.replace("time: {column: time}", "time:\n  <<: {column: time}\n  <<: {unit: s}"), 7, "merge key (<<) written twice"),
    (PROJECT.replace("kind: continuous", "kind: continuous\n  bad: indent"), 4, "mapping values are not allowed here"),
    (PROJECT.replace("{delimiter: \",\", header: true}", "{delimiter: \",\", header: true"), 5, "(while parsing a flow mapping that starts on line 4)"),
    (PROJECT + "license: 'open\n", 15, "(while scanning a quoted scalar that starts on line 14)"),
    (PROJECT + "---\nname: other\n", 14, "expected a single document"),
    (PROJECT + "? [a, b]\n: c\n", 14, "a key is text, not a sequence"),
    (PROJECT.replace("name: tiny", "name: &a [*a]"), 2, "recursive"),
])
def test_manifest_errors_name_file_and_line(tmp_path, manifest, line, message):
    folder = make_dataset(tmp_path / "bad", manifest, {"recordings/a/one.csv": GOOD_RECORDING, "annotations/a/one.csv": GOOD_ANNOTATIONS})
    with pytest.raises(FormatError) as caught:
        read_dataset(folder)
    error = caught.value
    assert error.file == str(folder / "dataset.yaml")
    assert error.line == line, str(error)
    assert message in str(error)
    assert str(error).startswith(f"{error.file}:{line}: ")


def test_json_manifest(tmp_path):
    """JSON is YAML: numbers and booleans are typed where decoded, strings stay text, a repeated key is refused."""
    manifest = """{
  "name": "json", "kind": "continuous", "samplingRate": 50, "streams": null,
  "table": {"delimiter": ",", "header": true},
  "time": {"column": "time"},
  "channels": [{"name": "accel.x", "scale": -1}, {"name": "accel.y"}, {"name": "accel.z"}, {"name": "gyro.x"}, {"name": "light"}],
  "recordings": [{"id": "a/one", "subject": "no", "session": "1", "file": "recordings/a/one.csv", "annotations": "annotations/a/one.csv"}]
}
"""
    files = {"recordings/a/one.csv": GOOD_RECORDING, "annotations/a/one.csv": GOOD_ANNOTATIONS}
    folder = make_dataset(tmp_path / "json", "", files)
    (folder / "dataset.json").write_text(manifest)
    dataset = read_dataset(folder / "dataset.json")
    assert dataset.sampling_rate_hz == 50.0
    assert (dataset[0].subject, dataset[0].session) == ("no", "1")
    assert dataset[0].data.accel_x_g.tolist() == [0.0, -0.1, -0.2]
    (folder / "dataset.json").write_text(manifest.replace('"kind": "continuous",', '"kind": "continuous", "name": "twice",'))
    with pytest.raises(FormatError, match=r"dataset.json:2: key 'name' written twice"):
        read_dataset(folder / "dataset.json")
