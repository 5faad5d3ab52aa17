"""Scenario files: load and save ``*.json`` scenarios (format ``battleboard-scenario``, v1).

``docs/scenario-format.md`` describes every field. Loading builds a complete new
:class:`~board.document.model.Scenario` and returns it only when all of it is valid, so the
board that is open stays untouched when a file is refused; the refusal is a
:class:`~board.document.errors.ScenarioError` that names the problem and where it is (the
file, then the JSON location). Saving writes a temporary file beside the target, flushes and
syncs it, then renames it over the old file, so a crash mid-save never destroys the old file.
"""

from __future__ import annotations

import contextlib
import functools
import os
import stat
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from board.document.checks import check_scenario
from board.document.datasheet import Datasheet
from board.document.datasheets import DatasheetLibrary, load_library, read_json_file
from board.document.errors import ScenarioError, join_where
from board.document.jsontext import check_value, dumps
from board.document.model import Scenario
from board.document.scenario_json import (
    check_counts,
    read_scenario_fields,
    scenario_fields,
    write_scenario,
)

__all__ = [
    "load_scenario",
    "save_scenario",
    "scenario_to_dict",
    "scenario_from_dict",
    "default_library",
]


@functools.cache
def default_library() -> DatasheetLibrary:
    """Return the shipped datasheets, read once per run."""
    return load_library()


def scenario_to_dict(scenario: Scenario) -> dict[str, Any]:
    """Write a scenario as JSON values (every field present, format name and version first)."""
    return write_scenario(scenario)


def scenario_from_dict(data: object, library: Mapping[str, Datasheet] | None = None,
                       where: str = "") -> Scenario:
    """Read and check a scenario from decoded JSON.

    Parameters
    ----------
    data
        The decoded JSON object.
    library
        The datasheets its pieces may name; the shipped ones when ``None``. The scenario's own
        ``custom_datasheets`` are added to it.
    where
        Put in front of every error's location.

    Raises
    ------
    ScenarioError
        Wrong format name, unknown version, a missing field, a wrong type, a bad value, or parts
        that do not fit together.
    """
    fields = scenario_fields(data, where)  # the format and version first
    check_counts(data, where)  # an absurd file is refused before its values are walked
    check_value(data, where)
    scenario = read_scenario_fields(fields)
    base = default_library() if library is None else library
    if not isinstance(base, DatasheetLibrary):
        base = DatasheetLibrary(base.values())
    full = base.including(scenario.custom_datasheets, join_where(where, "custom_datasheets"))
    check_scenario(scenario, full, where)
    return scenario


def load_scenario(path: str | Path, library: Mapping[str, Datasheet] | None = None) -> Scenario:
    """Read a scenario file; refuse a bad one with a :class:`ScenarioError` naming the file."""
    path = Path(path)
    data = read_json_file(path, check=False)  # scenario_from_dict checks the values
    try:
        return scenario_from_dict(data, library)
    except ScenarioError as exc:
        raise exc.in_file(path) from None


def _new_file_mode(path: Path) -> int:
    """Return the old file's permissions, or what a new file gets under the umask."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable (where the platform allows opening a directory)."""
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def save_scenario(scenario: Scenario, path: str | Path) -> None:
    """Write a scenario file safely: temporary file, flush, fsync, then rename over ``path``.

    Raises
    ------
    ScenarioError
        When the file cannot be written; the old file, if any, is then left as it was.
    """
    path = Path(path)
    data = scenario_to_dict(scenario)
    try:
        check_value(data)  # what could not be read back (NaN, a lone surrogate…) is not written
        text = dumps(data) + "\n"
    except ScenarioError as exc:
        raise ScenarioError(f"cannot save: a value is not JSON ({exc.message})",
                            f"{path}, {exc.where}" if exc.where else str(path)) from None
    except (TypeError, ValueError, RecursionError) as exc:
        raise ScenarioError(f"cannot save: a value is not JSON ({exc})", str(path)) from exc
    mode = _new_file_mode(path)
    tmp_name = ""
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp_name, mode)
        os.replace(tmp_name, path)
    except BaseException as exc:
        if tmp_name:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)
        if isinstance(exc, OSError):
            raise ScenarioError(f"cannot save: {exc.strerror or exc}", str(path)) from exc
        if isinstance(exc, Exception):
            raise ScenarioError(f"cannot save: {type(exc).__name__}: {exc}", str(path)) from exc
        raise
    _sync_directory(path.parent)
