"""GestureLab's Python face: read GestureLab's datasets and experiment reports into pandas, and write
detections for GestureLab to judge.

Units: times in seconds (columns ``time_s``, ``start_s``, ``end_s``), acceleration in g, rotation rate in
rad/s, angles in radians, CoreMotion axes and signs; every column that holds a unit names it.

- :func:`read_dataset` — a dataset's recordings (``time_s``, ``accel_x_g``, ``gyro_x_rad_s`` …) and annotations.
- :func:`read_report` — a ``gesturelab compare`` report folder's ``outcomes.csv``, ``folds.csv`` and
  ``metrics-*.csv`` as typed DataFrames, and ``results.json``.
- :func:`folds` — which recordings each fold trains and tests on (``compare --folds-out FILE``).
- :func:`write_detections` — one recording's detections as ``start,end,label[,score]`` CSV, in seconds.
"""

from .dataset import Dataset, Recording, channel_column, read_dataset
from .detections import write_detections
from .errors import FormatError, MissingFileError, UnsupportedDatasetError
from .folds import folds
from .report import COLUMN_RENAMES, Report, read_report

__version__ = "0.1.0"

__all__ = [
    "COLUMN_RENAMES",
    "Dataset",
    "FormatError",
    "MissingFileError",
    "Recording",
    "Report",
    "UnsupportedDatasetError",
    "channel_column",
    "folds",
    "read_dataset",
    "read_report",
    "write_detections",
]
