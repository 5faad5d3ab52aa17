"""battleboard's one version: ``pyproject.toml``'s ``[project] version``.

Shown by ``battleboard --version``, Help ▸ About, and in the name of the players' bundle's
download (``.ci/bundle/build``). A source checkout reads it from its own ``pyproject.toml``;
an installed copy and the bundle read the installed package's metadata, which pip made from
that same line.
"""

from __future__ import annotations

import tomllib
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as installed_version
from pathlib import Path

__all__ = ["PYPROJECT", "version"]

#: The source checkout's ``pyproject.toml`` (absent from an installed copy and the bundle).
PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def version(pyproject: Path = PYPROJECT) -> str:
    """The version of this battleboard, ``"0.1.0"``; ``"unknown"`` if nothing says.

    >>> version().count(".") >= 2
    True
    """
    if pyproject.is_file():
        with pyproject.open("rb") as handle:
            return str(tomllib.load(handle)["project"]["version"])
    try:
        return installed_version("battleboard")
    except PackageNotFoundError:
        return "unknown"
