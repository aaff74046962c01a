import json

import pandas as pd
import pytest

from gesturelab import FormatError, MissingFileError, folds

EXAMPLE = {
    "experiment": "default",
    "folds": [
        {"dataset": "default", "fold": 0, "name": "subject01", "draw": None,
         "train": ["subject02-session1-01", "subject03-session1-01"], "test": ["subject01-session1-01"]},
        {"dataset": "default", "fold": 1, "name": "subject02", "draw": None,
         "train": ["subject01-session1-01", "subject03-session1-01"], "test": ["subject02-session1-01"]},
        {"dataset": "swim", "fold": 0, "name": "draw 2 of 3", "draw": 2,
         "train": ["data/4/Freestyle_1526810816300"], "test": ["data/39/Freestyle_1526984465048"]},
    ],
}


def write(tmp_path, document):
    path = tmp_path / "folds.json"
    path.write_text(document if isinstance(document, str) else json.dumps(document, indent=2))
    return path


def test_rows_are_each_fold_train_then_test(tmp_path):
    frame = folds(write(tmp_path, EXAMPLE))
    assert list(frame.columns) == ["dataset", "fold", "name", "draw", "role", "recording"]
    assert len(frame) == sum(len(f["train"]) + len(f["test"]) for f in EXAMPLE["folds"])
    expected = [(f["dataset"], f["fold"], f["name"], f["draw"], role, r)
                for f in EXAMPLE["folds"] for role in ("train", "test") for r in f[role]]
    got = [(d, fo, n, None if pd.isna(dr) else int(dr), ro, r) for d, fo, n, dr, ro, r in frame.itertuples(index=False)]
    assert got == expected
    assert frame["fold"].dtype == "int64"
    assert str(frame["draw"].dtype) == "Int64"
    assert frame.attrs["experiment"] == "default"
    test = frame[(frame.role == "test") & (frame.dataset == "default")]
    assert test.groupby("fold").recording.apply(list).to_dict() == {0: ["subject01-session1-01"], 1: ["subject02-session1-01"]}


def test_no_folds(tmp_path):
    frame = folds(write(tmp_path, {"experiment": "x", "folds": []}))
    assert frame.empty and list(frame.columns) == ["dataset", "fold", "name", "draw", "role", "recording"]


def test_missing_file(tmp_path):
    with pytest.raises(MissingFileError, match="folds.json"):
        folds(tmp_path / "folds.json")


def test_not_json_names_the_line(tmp_path):
    path = write(tmp_path, '{"experiment": "x",\n "folds": [}\n')
    with pytest.raises(FormatError) as caught:
        folds(path)
    assert caught.value.line == 2 and str(path) in str(caught.value)


def fold(**changes):
    base = {"dataset": "d", "fold": 0, "name": "s1", "draw": None, "train": ["a"], "test": ["b"]}
    base.update(changes)
    return {k: v for k, v in base.items() if v != "DROP"}


@pytest.mark.parametrize("document, message", [
    ([], "expected a JSON object"),
    ({"folds": []}, "missing key 'experiment'"),
    ({"experiment": "x"}, "missing key 'folds'"),
    ({"experiment": 1, "folds": []}, "'experiment' is not a string"),
    ({"experiment": "x", "folds": {}}, "'folds' is not a list"),
    ({"experiment": "x", "folds": [1]}, "folds[0] is not an object"),
    ({"experiment": "x", "folds": [fold(test="DROP")]}, "folds[0] lacks 'test'"),
    ({"experiment": "x", "folds": [fold(fold="0")]}, "folds[0].fold is not a non-negative integer"),
    ({"experiment": "x", "folds": [fold(fold=True)]}, "folds[0].fold is not a non-negative integer"),
    ({"experiment": "x", "folds": [fold(fold=-1)]}, "folds[0].fold is not a non-negative integer"),
    ({"experiment": "x", "folds": [fold(draw=1.5)]}, "folds[0].draw is neither null"),
    ({"experiment": "x", "folds": [fold(dataset="")]}, "folds[0].dataset"),
    ({"experiment": "x", "folds": [fold(name=None)]}, "folds[0].name is not a string"),
    ({"experiment": "x", "folds": [fold(train="a")]}, "folds[0].train is not a list"),
    ({"experiment": "x", "folds": [fold(test=["b", 3])]}, "folds[0].test[1] is not a recording id"),
    ({"experiment": "x", "folds": [fold(train=["a", "a"])]}, "folds[0].train lists 'a' twice"),
    ({"experiment": "x", "folds": [fold(train=["a", "b"])]}, "trains and tests on 'b'"),
    ({"experiment": "x", "folds": [fold(), fold(name="again")]}, "folds[1] repeats fold 0 of dataset 'd'"),
])
def test_bad_structure_is_refused_clearly(tmp_path, document, message):
    path = write(tmp_path, document)
    with pytest.raises(FormatError) as caught:
        folds(path)
    assert message in str(caught.value)
    assert str(caught.value).startswith(str(path))


def test_the_folds_gesturelab_writes_are_read_and_leave_each_subject_out(tmp_path, repo):
    """`gesturelab compare EXP --folds-out FILE --plan` writes the folds without running anything; each fold of the
    main job's leave-one-subject-out split tests exactly its subject's recordings and trains on every other one."""
    import os
    import subprocess

    from conftest import BINARY
    from gesturelab import read_dataset

    if not BINARY.is_file():
        if os.environ.get("CI"):
            pytest.fail(f"{BINARY} is missing")
        pytest.skip(f"build {BINARY} first")
    out = tmp_path / "folds.json"
    run = subprocess.run([str(BINARY), "compare", "configs/experiments/default.yaml", "--folds-out", str(out), "--plan"],
                         cwd=repo, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    frame = folds(out)
    assert frame.attrs["experiment"] == "default"
    hard = read_dataset(repo / "datasets" / "default-hard")
    subject = {r.id: r.subject for r in hard}
    rows = frame[frame["dataset"] == "default"]
    assert sorted(set(rows["name"])) == sorted(set(subject.values()))
    for name, fold in rows.groupby("name"):
        test = set(fold[fold["role"] == "test"]["recording"])
        train = set(fold[fold["role"] == "train"]["recording"])
        assert test == {i for i, s in subject.items() if s == name}
        assert train == set(subject) - test
