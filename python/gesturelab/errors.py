"""The exceptions of the package: every one names the file (and the line, when there is one)."""

from __future__ import annotations

import os

__all__ = ["FormatError", "MissingFileError", "UnsupportedDatasetError"]


class FormatError(ValueError):
    """A file that does not hold what it should: a malformed row, a bad value, a missing column.

    The message starts with ``file:line:`` (or ``file:`` when no line applies); the parts are also
    available as ``.file``, ``.line`` and ``.reason``.
    """

    def __init__(self, reason: str, file: str | os.PathLike | None = None, line: int | None = None):
        self.reason = reason
        self.file = None if file is None else os.fspath(file)
        self.line = line
        where = "" if self.file is None else (f"{self.file}:{line}: " if line is not None else f"{self.file}: ")
        super().__init__(where + reason)
        self.message = where + reason

    def __str__(self) -> str:
        return self.message


class MissingFileError(FormatError, FileNotFoundError):
    """A file the data names (or that must be there) does not exist. Also a :class:`FileNotFoundError`."""

    def __init__(self, reason: str, file: str | os.PathLike | None = None, line: int | None = None):
        super().__init__(reason, file, line)
        self.filename = self.file


class UnsupportedDatasetError(FormatError):
    """A dataset whose layout or manifest feature this package does not read (GestureLab itself may)."""
