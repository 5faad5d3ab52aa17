"""The licences of what battleboard is made of, for Help ▸ About and the players' bundle.

The players' bundle carries a ``LICENSES`` folder beside its program (written when it is
built, by ``.ci/bundle/licences.py``): every licence text of what it bundles, and
``index.json``, one entry per component. :func:`components` reads that index in the bundle;
in an installed copy it reads the installed packages' metadata instead (battleboard's
dependencies, followed to the end), so Help ▸ About lists what is running either way.
"""

from __future__ import annotations

import json
import platform
import re
import sys
from dataclasses import asdict, dataclass
from importlib.metadata import Distribution, PackageNotFoundError, distribution
from pathlib import Path

__all__ = ["Component", "components", "installed_components", "licences_folder",
           "read_index", "write_index", "INDEX"]

#: The index's name inside the ``LICENSES`` folder.
INDEX = "index.json"


@dataclass(frozen=True)
class Component:
    """One part of the program: its name, version, licence and where its texts are.

    ``texts`` are paths relative to the ``LICENSES`` folder (empty outside the bundle);
    ``inside`` names the package that brings it (Qt inside PySide6-Essentials); ``files``
    the bundle's files that are this component, for a system library.
    """

    name: str
    version: str
    licence: str
    texts: tuple[str, ...] = ()
    inside: str = ""
    files: tuple[str, ...] = ()


def licences_folder() -> Path | None:
    """The bundle's ``LICENSES`` folder, or ``None`` outside the bundle (or if it is gone)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is None:
        return None
    folder = Path(bundle).parent / "LICENSES"
    return folder if (folder / INDEX).is_file() else None


def read_index(folder: Path) -> list[Component]:
    """The components ``folder/index.json`` lists (``[]`` if it cannot be read)."""
    try:
        rows = json.loads((folder / INDEX).read_text(encoding="utf-8"))
        return [Component(**{**row, "texts": tuple(row.get("texts", ())),
                              "files": tuple(row.get("files", ()))}) for row in rows]
    except (OSError, ValueError, TypeError):
        return []


def write_index(folder: Path, found: list[Component]) -> None:
    """Write ``found`` as ``folder/index.json``."""
    rows = [asdict(component) for component in found]
    (folder / INDEX).write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")


def components() -> list[Component]:
    """What this battleboard is made of: the bundle's index, or the installed packages."""
    folder = licences_folder()
    return read_index(folder) if folder is not None else installed_components()


def installed_components(top: str = "battleboard") -> list[Component]:
    """Python, then ``top`` and every package it needs at run time, as installed.

    >>> names = [component.name for component in installed_components()]
    >>> names[:2], "shapely" in names, "Qt" in names, "pytest" in names
    (['Python', 'battleboard'], True, True, False)
    """
    found = [Component("Python", platform.python_version(), "PSF-2.0")]
    seen: set[str] = set()
    queue = [top]
    while queue:
        name = queue.pop(0)
        try:
            dist = distribution(name)
        except PackageNotFoundError:
            continue
        key = _key(dist.metadata["Name"])
        if key in seen:
            continue
        seen.add(key)
        found.append(Component(dist.metadata["Name"], dist.version, _licence(dist)))
        found += _inside(key)
        queue += [_requirement_name(line) for line in dist.requires or ()
                  if _needed_at_run_time(line)]
    return found


def _key(name: str) -> str:
    """A distribution's name as pip compares them: ``pyside6-essentials``."""
    return name.lower().replace("_", "-").replace(".", "-")


def _licence(dist: Distribution) -> str:
    """The licence a distribution declares: its SPDX expression, its field, or a classifier."""
    meta = dist.metadata
    declared = next((meta[field] for field in ("License-Expression", "License")
                     if field in meta and meta[field]), "")
    if declared and len(declared) <= 60 and "\n" not in declared:
        return declared
    classifiers = [value.rsplit(" :: ", 1)[-1] for value in meta.get_all("Classifier") or []
                   if value.startswith("License ::")]
    return ", ".join(classifiers) or (declared.splitlines()[0][:60] if declared else "unknown")


def _requirement_name(line: str) -> str:
    """``"shapely>=2.0; python_version < '3.12'"`` → ``"shapely"``."""
    for stop in " ;<>=!~[(":
        line = line.split(stop, 1)[0]
    return line


def _needed_at_run_time(line: str) -> bool:
    """Whether a ``Requires-Dist`` line may apply here: any but an extra's.

    Other markers (``python_version < "3.12"``) are not weighed: a package they leave out is
    not installed, and one that is not installed is not listed.

    >>> _needed_at_run_time('pytest>=8; extra == "test"'), _needed_at_run_time("numpy>=1.26")
    (False, True)
    """
    return "extra" not in line.partition(";")[2]


def _inside(key: str) -> list[Component]:
    """The libraries a wheel carries that its own metadata does not name (Qt, ICU, GEOS).

    Their versions are read from the wheel's file list (``libicuuc.so.73``,
    ``libgeos-d1e818bb.so.3.14.1``), without importing it: Qt's is PySide6's own.
    """
    if key == "pyside6-essentials":
        qt = distribution("PySide6-Essentials").version
        return [Component("Qt", qt, "LGPL-3.0-only", inside="PySide6-Essentials"),
                Component("ICU", _file_version("PySide6-Essentials", r"libicuuc\.so\.([\d.]+)$"),
                          "Unicode-DFS-2016 (ICU)", inside="PySide6-Essentials")]
    if key == "shapely":
        return [Component("GEOS", _file_version("shapely", r"libgeos-[0-9a-f]+\.so\.([\d.]+)$"),
                          "LGPL-2.1-only", inside="shapely")]
    return []


def _file_version(name: str, pattern: str) -> str:
    """The version in the name of the first file of ``name``'s wheel that ``pattern`` matches."""
    for file in distribution(name).files or ():
        if found := re.search(pattern, file.name):
            return found.group(1)
    return "?"
