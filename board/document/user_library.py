"""The player's own datasheets: buildings made in the building editor, kept between sessions.

They live in the player's data folder (``platformdirs.user_data_dir("battleboard")``, e.g.
``~/.local/share/battleboard/datasheets`` on Linux), one ``<id>.json`` file each in the
datasheet format (docs/scenario-format.md). ``BATTLEBOARD_LIBRARY`` names another folder
(tests use it). A scenario that places one embeds a copy (``Scenario.custom_datasheets``), so
the saved file opens anywhere.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from pathlib import Path

import platformdirs

from board.document.datasheet import Datasheet
from board.document.datasheet_json import datasheet_from_dict, datasheet_to_dict
from board.document.errors import ScenarioError

__all__ = ["library_dir", "save_user_datasheet", "load_user_datasheets", "datasheet_id_for",
           "ENV_FOLDER"]

#: The environment variable that moves the player's library (tests set it).
ENV_FOLDER = "BATTLEBOARD_LIBRARY"


def library_dir() -> Path:
    """The folder of the player's own datasheets (not created here)."""
    chosen = os.environ.get(ENV_FOLDER)
    if chosen:
        return Path(chosen)
    return Path(platformdirs.user_data_dir("battleboard", appauthor=False)) / "datasheets"


def datasheet_id_for(name: str, taken: Iterable[str] = ()) -> str:
    """A datasheet id from a name, distinct from ``taken``.

    >>> datasheet_id_for("My Bunker!", ["my_bunker"])
    'my_bunker_2'
    """
    base = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "building"
    used = set(taken)
    found, k = base, 2
    while found in used:
        found, k = f"{base}_{k}", k + 1
    return found


def save_user_datasheet(sheet: Datasheet, folder: Path | None = None) -> Path:
    """Check ``sheet`` as a datasheet file is checked, then write it; return the file's path.

    A :class:`ScenarioError` says what is wrong (a door off the wall, a self-crossing
    footprint…) and nothing is written.
    """
    data = datasheet_to_dict(sheet)
    datasheet_from_dict(json.loads(json.dumps(data)))  # refuses exactly as loading would
    where = folder if folder is not None else library_dir()
    where.mkdir(parents=True, exist_ok=True)
    path = where / f"{sheet.id}.json"
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return path


def load_user_datasheets(folder: Path | None = None) -> tuple[list[Datasheet], list[str]]:
    """The player's datasheets, and one line for each file that could not be read."""
    where = folder if folder is not None else library_dir()
    sheets: list[Datasheet] = []
    problems: list[str] = []
    if not where.is_dir():
        return sheets, problems
    for path in sorted(where.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            sheet = datasheet_from_dict(data)
        except (OSError, ValueError, ScenarioError) as error:
            problems.append(f"{path}: {error}")
            continue
        if sheet.id != path.stem:
            problems.append(f"{path}: the id {sheet.id!r} is not the file's name")
            continue
        sheets.append(sheet)
    return sheets, problems
