"""Shared fixtures: the repository, the shared datasets and a report folder made by the gesturelab binary."""

import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("GESTURELAB_SHARED_DATASETS", REPO.parent / "shared" / "datasets"))
SWIMWATCH = SHARED / "SwimWatch_Turns"
BINARY = REPO / ".build" / "release" / "gesturelab"


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture(scope="session")
def report_folder(tmp_path_factory) -> Path:
    """A `gesturelab compare` report folder: $GESTURELAB_REPORT, else one written now by
    `<repo>/.build/release/gesturelab compare configs/experiments/default.yaml --out <tmp>`."""
    given = os.environ.get("GESTURELAB_REPORT")
    if given:
        folder = Path(given)
        if not folder.is_dir():
            pytest.fail(f"GESTURELAB_REPORT={given} is not a folder")
        return folder
    if not BINARY.is_file():
        if os.environ.get("CI"):
            pytest.fail(f"{BINARY} is missing: CI builds it (scripts/test.sh) before these tests run")
        pytest.skip(f"no report folder: set GESTURELAB_REPORT to one, or build {BINARY} (swift build -c release) "
                    "so the tests can run `gesturelab compare configs/experiments/default.yaml`")
    folder = tmp_path_factory.mktemp("report") / "default"
    run = subprocess.run([str(BINARY), "compare", "configs/experiments/default.yaml", "--out", str(folder)],
                         cwd=REPO, capture_output=True, text=True)
    if run.returncode != 0:
        pytest.fail(f"gesturelab compare failed ({run.returncode}):\n{run.stderr[-3000:]}")
    return folder
