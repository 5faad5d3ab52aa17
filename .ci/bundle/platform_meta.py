"""What the Windows and macOS builds say about themselves: version, document types, windowing.

Read by ``battleboard.spec``. These builds are configured here but not built or run here (this
machine and its CI are Linux; PyInstaller does not cross-compile): docs/install.md says so.

- **One version**: ``pyproject.toml``'s, in the Windows executable's version resource and in the
  macOS bundle's ``CFBundleShortVersionString`` and ``CFBundleVersion``.
- **Windowed**: ``battleboard.exe`` and ``battleboard.app`` open no console (on macOS a console
  program is background-only: no Dock icon, no menu bar). Windows also gets
  ``battleboard-cli.exe`` (with a console) so that ``battleboard-cli check FILE`` prints where
  it was typed.
- **Document types** (macOS): a scenario is a ``.json`` file and macOS has no content match
  (its types go by extension), so battleboard declares JSON at rank *Alternate*: offered under
  Open With for scenarios, never taking JSON from its own program. Windows associates files
  through an installer (the registry), which this repository does not make.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

__all__ = ["BUNDLE_ID", "project_version", "version_numbers", "info_plist",
           "windows_version_file"]

TOP = Path(__file__).resolve().parents[2]
#: The macOS bundle's identifier.
BUNDLE_ID = "org.battleboard.battleboard"


def project_version(pyproject: Path = TOP / "pyproject.toml") -> str:
    """``pyproject.toml``'s ``[project] version``."""
    with pyproject.open("rb") as handle:
        return str(tomllib.load(handle)["project"]["version"])


def version_numbers(version: str) -> tuple[int, int, int, int]:
    """The four numbers Windows wants: ``"0.1.0"`` → ``(0, 1, 0, 0)``.

    >>> version_numbers("0.1.0"), version_numbers("2.10")
    ((0, 1, 0, 0), (2, 10, 0, 0))
    """
    numbers = [int(part) for part in re.findall(r"\d+", version)[:4]]
    numbers += [0] * (4 - len(numbers))
    return (numbers[0], numbers[1], numbers[2], numbers[3])


def info_plist(version: str) -> dict[str, Any]:
    """The macOS bundle's ``Info.plist`` entries beyond PyInstaller's own."""
    return {
        "CFBundleName": "battleboard",
        "CFBundleDisplayName": "battleboard",
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "NSHighResolutionCapable": True,  # Retina: drawn at the screen's own resolution
        "LSApplicationCategoryType": "public.app-category.board-games",
        "NSHumanReadableCopyright": "battleboard, free software under the MIT licence",
        "CFBundleDocumentTypes": [{
            "CFBundleTypeName": "battleboard scenario",
            "CFBundleTypeRole": "Editor",
            "LSHandlerRank": "Alternate",  # offered for JSON files, never their default
            "LSItemContentTypes": ["public.json"],
        }],
    }


def windows_version_file(version: str) -> str:
    """The executable's version resource (Explorer's Details tab) in PyInstaller's text form.

    The text PyInstaller's ``pyi-grab_version`` writes and ``EXE(version=FILE)`` reads (its
    reader needs Windows: here it is only written and checked as Python).

    >>> text = windows_version_file("0.1.0")
    >>> "filevers=(0, 1, 0, 0)" in text and "StringStruct('ProductVersion', '0.1.0')" in text
    True
    """
    numbers = version_numbers(version)
    strings = [("CompanyName", "battleboard"), ("ProductName", "battleboard"),
               ("FileDescription", "battleboard, a true-scale wargames board"),
               ("FileVersion", version), ("ProductVersion", version),
               ("InternalName", "battleboard"), ("OriginalFilename", "battleboard.exe"),
               ("LegalCopyright", "Free software under the MIT licence")]
    structs = ",\n          ".join(f"StringStruct({key!r}, {value!r})" for key, value in strings)
    return f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={numbers}, prodvers={numbers}, mask=0x3f, flags=0x0,
                    OS=0x40004, fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([StringTable('040904B0', [
          {structs}])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""
