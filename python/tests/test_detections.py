import csv
import math
import os

import numpy as np
import pandas as pd
import pytest

from gesturelab import write_detections


def read_back(path):
    with open(path, newline="") as handle:
        return list(csv.reader(handle))


def test_round_trip_keeps_every_float_exactly(tmp_path):
    starts = [0.1 + 0.2, 1 / 3, 1e-300, 123456.78901234567, 5e-324, 0.0]
    ends = [s + 2 / 7 for s in starts]
    frame = pd.DataFrame({"start": starts, "end": ends, "label": ["shake", "flip", "slap-left", "turn", "a", "b"],
                          "score": [0.5, -1.25, 1e308, 2 ** -40, 7.0, math.pi]})
    path = write_detections(tmp_path, "subject01-session1-01", frame)
    assert path == tmp_path / "subject01-session1-01.csv"
    rows = read_back(path)
    assert rows[0] == ["start", "end", "label", "score"]
    assert len(rows) == len(frame) + 1
    for row, (_, expected) in zip(rows[1:], frame.iterrows()):
        assert float(row[0]) == expected["start"]
        assert float(row[1]) == expected["end"]
        assert row[2] == expected["label"]
        assert float(row[3]) == expected["score"]
    # repr-precision, not a fixed number of digits
    assert rows[1][0] == "0.30000000000000004"


def test_header_without_score_and_units_suffixed_columns(tmp_path):
    frame = pd.DataFrame({"start_s": np.array([1.5, 2.0], dtype=np.float32), "end_s": [2, 3], "label": ["x", "y"]})
    path = write_detections(tmp_path, "r", frame)
    rows = read_back(path)
    assert rows == [["start", "end", "label"], ["1.5", "2.0", "x"], ["2.0", "3.0", "y"]]


def test_fold_and_recording_ids_with_slashes_make_sub_folders(tmp_path):
    frame = pd.DataFrame({"start": [1.0], "end": [2.0], "label": ["turn"]})
    path = write_detections(tmp_path, "data/39/Freestyle_1526984465048", frame, fold="39")
    assert path == tmp_path / "39" / "data" / "39" / "Freestyle_1526984465048.csv"
    assert path.is_file()
    assert write_detections(tmp_path, "a", frame, fold=0) == tmp_path / "0" / "a.csv"


def test_empty_frame_writes_header_only(tmp_path):
    path = write_detections(tmp_path, "none", pd.DataFrame({"start": [], "end": [], "label": []}))
    assert path.read_text() == "start,end,label\n"
    path = write_detections(tmp_path, "nothing", pd.DataFrame())
    assert path.read_text() == "start,end,label\n"
    path = write_detections(tmp_path, "scored", pd.DataFrame({"start": [], "end": [], "label": [], "score": []}))
    assert path.read_text() == "start,end,label,score\n"


def test_overwrites_atomically_and_leaves_no_temporary_files(tmp_path):
    frame = pd.DataFrame({"start": [1.0], "end": [2.0], "label": ["a"]})
    write_detections(tmp_path, "r", frame)
    write_detections(tmp_path, "r", frame.assign(label=["b"]))
    assert read_back(tmp_path / "r.csv")[1][2] == "b"
    assert sorted(os.listdir(tmp_path)) == ["r.csv"]
    assert oct((tmp_path / "r.csv").stat().st_mode & 0o777) == oct(0o644)


@pytest.mark.parametrize("frame, message", [
    (pd.DataFrame({"start": [1.0], "label": ["a"]}), "missing column 'end'"),
    (pd.DataFrame({"start": [1.0], "end": [2.0], "label": ["a"], "extra": [1]}), "unknown columns"),
    (pd.DataFrame({"start": [1.0], "start_s": [1.0], "end": [2.0], "label": ["a"]}), "both 'start' and 'start_s'"),
    (pd.DataFrame({"start": [0.0, math.nan], "end": [1.0, 2.0], "label": ["a", "b"]}), "row 1 (index 1): start nan"),
    (pd.DataFrame({"start": [0.0], "end": [math.inf], "label": ["a"]}), "row 0 (index 0): end inf is not finite"),
    (pd.DataFrame({"start": ["1"], "end": [2.0], "label": ["a"]}), "start '1' is not a number"),
    (pd.DataFrame({"start": [True], "end": [2.0], "label": ["a"]}), "is not a number"),
    (pd.DataFrame({"start": [3.0], "end": [2.0], "label": ["a"]}, index=["k"]), "row 0 (index 'k'): start 3.0 s is after end 2.0 s"),
    (pd.DataFrame({"start": [1.0], "end": [2.0], "label": [""]}), "label '' is not a non-empty string"),
    (pd.DataFrame({"start": [1.0], "end": [2.0], "label": [None]}), "label None"),
    (pd.DataFrame({"start": [1.0], "end": [2.0], "label": [5]}), "label 5"),
    (pd.DataFrame({"start": [1.0], "end": [2.0], "label": ["a,b"]}), "comma"),
    (pd.DataFrame({"start": [1.0], "end": [2.0], "label": ["a"], "score": [math.nan]}), "score nan is not finite"),
])
def test_invalid_rows_are_refused_naming_the_row(tmp_path, frame, message):
    with pytest.raises(ValueError) as caught:
        write_detections(tmp_path, "r", frame)
    assert message in str(caught.value)
    assert not any(tmp_path.rglob("*"))  # nothing written, no temporary file left


def test_a_refused_frame_leaves_the_previous_file(tmp_path):
    write_detections(tmp_path, "r", pd.DataFrame({"start": [1.0], "end": [2.0], "label": ["a"]}))
    with pytest.raises(ValueError):
        write_detections(tmp_path, "r", pd.DataFrame({"start": [3.0], "end": [2.0], "label": ["a"]}))
    assert read_back(tmp_path / "r.csv") == [["start", "end", "label"], ["1.0", "2.0", "a"]]


@pytest.mark.parametrize("recording, fold", [("", None), ("/abs", None), ("a/../b", None), ("a//b", None),
                                              ("ok", "a/b"), ("ok", ".."), ("ok", True)])
def test_ids_that_would_leave_the_folder_are_refused(tmp_path, recording, fold):
    with pytest.raises(ValueError):
        write_detections(tmp_path / "out", recording, pd.DataFrame({"start": [1.0], "end": [2.0], "label": ["a"]}), fold=fold)
    assert not (tmp_path / "out").exists()


def test_not_a_data_frame():
    with pytest.raises(TypeError):
        write_detections("x", "r", [{"start": 1, "end": 2, "label": "a"}])
