import csv
import json
import math

import pandas as pd
import pytest

from gesturelab import COLUMN_RENAMES, FormatError, MissingFileError, read_report


def parse(path):
    """A table as the csv module reads it: header and rows of text."""
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    return rows[0], rows[1:]


def same(value, cell):
    """Whether a typed DataFrame value is what the cell says."""
    if cell == "":
        return value is None or pd.isna(value)
    if isinstance(value, str):
        return value == cell
    number = float(cell)
    if math.isnan(number):
        return pd.isna(value) and not isinstance(value, str)
    return value == number


def assert_unchanged(frame, path, renames):
    header, rows = parse(path)
    assert list(frame.columns) == [renames.get(c, c) for c in header]
    assert len(frame) == len(rows)
    columns = [frame[renames.get(name, name)].tolist() for name in header]
    for k, row in enumerate(rows):
        for name, column, cell in zip(header, columns, row):
            assert same(column[k], cell), f"{path.name} line {k + 2}, column {name!r}: {column[k]!r} is not {cell!r}"


# -- a report written by the gesturelab binary ----------------------------------------------------------


@pytest.fixture(scope="module")
def report(report_folder):
    return read_report(report_folder)


def test_outcomes_rows_unchanged(report, report_folder):
    path = report_folder / "outcomes.csv"
    assert path.is_file(), "the default experiment has continuous entries, so outcomes.csv is written"
    assert_unchanged(report.outcomes, path, COLUMN_RENAMES["outcomes.csv"])
    assert {"start_s", "end_s", "time_s"} <= set(report.outcomes.columns)
    assert report.outcomes.start_s.dtype == "float64"
    assert set(report.outcomes.kind) <= {"annotation", "detection"}
    assert (report.outcomes.start_s <= report.outcomes.end_s).all()


def test_every_metrics_file_unchanged(report, report_folder):
    files = sorted(p.name for p in report_folder.glob("metrics-*.csv"))
    assert files and sorted(report.metrics_by_file) == files
    for name in files:
        assert_unchanged(report.metrics_by_file[name], report_folder / name, COLUMN_RENAMES["metrics-*.csv"])
        rows = report.metrics[report.metrics.file == name].drop(columns="file").reset_index(drop=True)
        assert rows.equals(report.metrics_by_file[name])
    assert list(report.metrics.file) == [name for name in files for _ in range(len(report.metrics_by_file[name]))]


def test_folds_unchanged(report, report_folder):
    assert_unchanged(report.folds, report_folder / "folds.csv", COLUMN_RENAMES["folds.csv"])
    assert "fp_per_h" in report.folds.columns and "fp/h" not in report.folds.columns
    assert str(report.folds["count"].dtype) == "Int64"


def test_results_json(report, report_folder):
    assert report.results == json.loads((report_folder / "results.json").read_text())


# -- a small report folder written here, in GestureLab's format ---------------------------------------------

OUTCOMES = """entry,dataset,fold,recording,kind,label,start,end,time,score,outcome,activity
shake,default,subject01,subject01-session1-01,annotation,shake,6.1299,6.7929,6.5,,correct,
shake,default,subject01,subject01-session1-01,detection,shake,6.2,6.6,6.5,1.4302,correct,
"dtw, searched",default,subject01,subject01-session1-01,annotation,NA,7.0,8.0,,,deletion,
"dtw, searched",default,subject01,subject01-session1-01,detection,null,9.1,9.30000000000001,9.2,nan,insertion,jogging
"""
FOLDS = """entry,dataset,fold,metric,value,lower,upper,over,count,precision,recall,fp/h,fragments,fragment share,trained
shake,default,subject01,f1,0.8333,0.6,1,2 recordings,6,0.8333,0.8333,1.5,0,0,movementThreshold=0.75 peakThreshold=1.25
shape dtw,shapes,subject01,f1,nan,,,,16,,,,,,
"""
METRICS = """scope,name,value,lower,upper,over
shake,f1,0.8,0.6,0.9,6 subjects
shake,latency.fromEnd.mean,-0.2,,,
shake/label shake,falsePositivesPerHour,inf,,,
"""


@pytest.fixture
def mini(tmp_path):
    (tmp_path / "outcomes.csv").write_text(OUTCOMES)
    (tmp_path / "folds.csv").write_text(FOLDS)
    (tmp_path / "metrics-default.csv").write_text(METRICS)
    (tmp_path / "metrics-shapes.csv").write_text("scope,name,value,lower,upper,over\ndtw,macroF1,0.5,0.4,0.6,6 subjects\n")
    (tmp_path / "results.json").write_text('{"seed": 1}\n')
    (tmp_path / "report.json").write_text(json.dumps({"tables": [{"name": "folds", "file": "folds.csv"},
                                                                 {"name": "outcomes", "file": "outcomes.csv"}]}))
    return tmp_path


def test_mini_report_typed_and_unchanged(mini):
    report = read_report(mini)
    assert_unchanged(report.outcomes, mini / "outcomes.csv", COLUMN_RENAMES["outcomes.csv"])
    assert_unchanged(report.folds, mini / "folds.csv", COLUMN_RENAMES["folds.csv"])
    o = report.outcomes
    assert o.entry.tolist() == ["shake", "shake", "dtw, searched", "dtw, searched"]
    assert o.label.tolist() == ["shake", "shake", "NA", "null"]  # labels are text, never missing values
    assert o.activity.tolist() == [None, None, None, "jogging"]
    assert o.end_s[3] == 9.30000000000001
    assert math.isnan(o.time_s[2]) and math.isnan(o.score[3]) and o.score[1] == 1.4302
    f = report.folds
    assert f["count"].tolist() == [6, 16]
    assert f.trained[0] == "movementThreshold=0.75 peakThreshold=1.25" and f.trained[1] is None
    assert math.isnan(f.value[1])
    m = report.metrics
    assert list(m.columns) == ["file", "scope", "name", "value", "lower", "upper", "over"]
    assert m.file.tolist() == ["metrics-default.csv"] * 3 + ["metrics-shapes.csv"]
    assert m.value[2] == math.inf
    assert report.results == {"seed": 1}
    assert report.columns == COLUMN_RENAMES


def test_without_outcomes_the_table_is_empty_with_its_columns(mini):
    (mini / "outcomes.csv").unlink()
    (mini / "report.json").unlink()
    report = read_report(mini)
    assert report.outcomes.empty
    assert list(report.outcomes.columns) == ["entry", "dataset", "fold", "recording", "kind", "label", "start_s", "end_s",
                                             "time_s", "score", "outcome", "activity"]


def test_unknown_columns_are_typed_from_their_values(mini):
    (mini / "metrics-default.csv").write_text("scope,name,value,lower,upper,over,exact,note\n"
                                              "a,b,1,,,,yes,1.5\na,c,2,,,,no,x\n")
    report = read_report(mini)
    frame = report.metrics_by_file["metrics-default.csv"]
    assert frame.exact.tolist() == [True, False]
    assert frame.note.tolist() == ["1.5", "x"]


@pytest.mark.parametrize("file, text, line, message", [
    ("outcomes.csv", OUTCOMES + "shake,default,s,r,detection,shake,1,2\n", 6, "the row has 8 fields, the header 12"),
    ("outcomes.csv", OUTCOMES.replace("6.2,6.6", "6.2,six"), 3, "column 'end': 'six' is not a number"),
    ("folds.csv", FOLDS.replace(",6,", ",6.5,"), 2, "column 'count': '6.5' is not a whole number"),
    ("metrics-default.csv", "scope,name,value\nx,y,1\n", 1, "missing columns ['lower', 'upper', 'over']"),
    ("metrics-default.csv", 'scope,name,value,lower,upper,over\n"x,y,1,,,\n', 2, "malformed CSV"),
])
def test_malformed_tables_name_file_and_line(mini, file, text, line, message):
    (mini / file).write_text(text)
    with pytest.raises(FormatError) as caught:
        read_report(mini)
    assert caught.value.file == str(mini / file)
    assert caught.value.line == line
    assert message in str(caught.value)


def test_missing_files(mini, tmp_path):
    with pytest.raises(MissingFileError):
        read_report(tmp_path / "absent")
    (mini / "outcomes.csv").unlink()
    with pytest.raises(MissingFileError, match="outcomes.csv: report.json lists this table"):
        read_report(mini)
    (mini / "report.json").unlink()
    (mini / "folds.csv").unlink()
    with pytest.raises(MissingFileError, match="folds.csv"):
        read_report(mini)
