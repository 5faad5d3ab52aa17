"""Where the real army lists are: public parsers' test data, kept outside this repository.

The lists (BattleScribe .ros/.rosz, New Recruit JSON) were written by other people and
published with their repositories' licences; the workplace's rule is that files brought in
from other repositories stay out of the developers' commits (data files belong under the
steering repository's ``shared/``). So the tests and ``benchmarks/army_import_bench.py`` look
for them, in order, in ``$BATTLEBOARD_REAL_ROSTERS``, ``../shared/rosters/real`` and
``../rosters/real`` beside the clone, and skip with the reason when none holds them.
``tests/game/rosters/real_sources.json`` names each file's repository, path, commit and licence,
so the folder can be laid again anywhere.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

__all__ = ["REAL", "SOURCES", "MISSING", "manifest"]

_TOP = Path(__file__).resolve().parents[2]
_CANDIDATES = [Path(os.environ["BATTLEBOARD_REAL_ROSTERS"])] \
    if os.environ.get("BATTLEBOARD_REAL_ROSTERS") else []
_CANDIDATES += [_TOP.parent / "shared" / "rosters" / "real", _TOP.parent / "rosters" / "real"]
#: The manifest kept in the repository: one entry per file (repo, path, commit, licence...).
SOURCES = Path(__file__).resolve().parent / "rosters" / "real_sources.json"


def manifest() -> list[dict]:
    """The manifest's entries."""
    return json.loads(SOURCES.read_text(encoding="utf-8"))


def _find() -> Path | None:
    names = [e["file"] for e in manifest()]
    for folder in _CANDIDATES:
        if folder.is_dir() and all((folder / n).is_file() for n in names):
            return folder
    return None


#: The folder holding every file of the manifest, or ``None``.
REAL = _find()
#: Why the real lists' tests skip, when they do.
MISSING = ("the real army lists are not laid beside this clone (set BATTLEBOARD_REAL_ROSTERS, "
           "or lay shared/rosters/real; tests/game/rosters/real_sources.json lists the files)")
