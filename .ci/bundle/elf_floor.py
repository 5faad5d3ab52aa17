"""The players' bundle against the glibc floor: every ELF file in it read, none above the floor.

Usage::

    python3 .ci/bundle/elf_floor.py [FOLDER]     # default .ci-bundle/dist/battleboard

Reads every ELF file under FOLDER (``readelf --version-info``: the symbol versions each file
needs from the libraries it links) and exits 1, naming the file, when

- a file needs a ``GLIBC_``, ``GLIBCXX_``, ``CXXABI_`` or ``GCC_`` version newer than the floor
  (:data:`desktop_libs.FLOOR`: Ubuntu 22.04 LTS, glibc 2.35), or glibc's private symbols;
- a library the desktop provides is bundled (:func:`desktop_libs.left_to_desktop`: AppImage's
  exclude list, GTK, GLib);
- a file links a library that is neither in the bundle nor the desktop's (as Qt's ``xcb``
  platform links ``libxcb-icccm.so.4``, which a desktop may lack: built on a machine without
  it, the bundle would open no window there).

It also says whether RHEL 9 (glibc 2.34) is reached, and which files keep it from it; that is
reported, not required. Needs ``readelf`` (binutils, as PyInstaller itself does).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from desktop_libs import FLOOR, FLOOR_RHEL9, left_to_desktop, needed_libraries  # noqa: E402

Version = tuple[int, ...]


def elf_files(folder: Path) -> Iterator[Path]:
    """Every regular ELF file under ``folder`` (a link is read once, where it points)."""
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as handle:
                if handle.read(4) == b"\x7fELF":
                    yield path


def needed_versions(path: Path) -> list[str]:
    """The symbol versions ``path`` needs from other libraries (its ``.gnu.version_r``)."""
    out = subprocess.run(["readelf", "--version-info", "--wide", str(path)],
                         capture_output=True, text=True, check=True).stdout
    names: list[str] = []
    in_needs = False
    for line in out.splitlines():
        if line.startswith("Version "):  # a section's header
            in_needs = line.startswith("Version needs section")
        elif in_needs and "Name: " in line:
            names.append(line.split("Name: ", 1)[1].split()[0])
    return names


def family_and_version(name: str) -> tuple[str, Version | None]:
    """``GLIBC_2.35`` → ``("GLIBC", (2, 35))``; ``GLIBC_PRIVATE`` → ``("GLIBC", None)``.

    >>> family_and_version("GLIBCXX_3.4.30"), family_and_version("GLIBC_PRIVATE")
    (('GLIBCXX', (3, 4, 30)), ('GLIBC', None))
    """
    family, _, number = name.partition("_")
    parts = number.split(".")
    if not all(part.isdigit() for part in parts):
        return family, None
    return family, tuple(int(part) for part in parts)


def above(names: list[str], floor: Mapping[str, Version]) -> list[str]:
    """The versions among ``names`` that a system at ``floor`` does not have.

    >>> above(["GLIBC_2.34", "GLIBC_2.36", "GLIBCXX_3.4.29", "OPENSSL_3.0.0"], FLOOR)
    ['GLIBC_2.36']
    """
    found = []
    for name in names:
        family, version = family_and_version(name)
        if family in floor and (version is None or version > floor[family]):
            found.append(name)
    return found


def dotted(version: Version) -> str:
    """``(2, 35)`` → ``2.35``."""
    return ".".join(map(str, version))


def scan(folder: Path) -> tuple[list[str], list[str], dict[str, Version]]:
    """``(faults, short of RHEL 9, highest version needed per family)`` of the bundle."""
    faults: list[str] = []
    short_of_rhel9: list[str] = []
    highest: dict[str, Version] = {}
    bundled = {path.name for path in folder.rglob("*")}
    for path in elf_files(folder):
        where = path.relative_to(folder)
        if left_to_desktop(path.name):
            faults.append(f"{where}: the desktop's own library is bundled (desktop_libs.py)")
        if missing := sorted(name for name in needed_libraries(str(path))
                             if name not in bundled and not left_to_desktop(name)):
            faults.append(f"{where}: links {', '.join(missing)}, neither bundled nor the "
                          "desktop's (desktop_libs.py)")
        names = needed_versions(path)
        for name in names:
            family, version = family_and_version(name)
            if family in FLOOR and version is not None:
                highest[family] = max(highest.get(family, version), version)
        if too_new := above(names, FLOOR):
            faults.append(f"{where}: needs {', '.join(too_new)} (the floor is "
                          f"{', '.join(f'{k}_{dotted(v)}' for k, v in FLOOR.items())})")
        elif too_new := above(names, FLOOR_RHEL9):
            short_of_rhel9.append(f"{where} ({', '.join(too_new)})")
    return faults, short_of_rhel9, highest


def main(argv: list[str] | None = None) -> int:
    """Scan the bundle; print what it needs; exit 1 on a fault."""
    args = sys.argv[1:] if argv is None else argv
    top = Path(__file__).resolve().parents[2]
    folder = Path(args[0]) if args else top / ".ci-bundle" / "dist" / "battleboard"
    if not folder.is_dir():
        print(f"elf_floor: no bundle at {folder}")
        return 1
    faults, short_of_rhel9, highest = scan(folder)
    count = sum(1 for _ in elf_files(folder))
    needs = ", ".join(f"{family}_{dotted(version)}" for family, version in sorted(highest.items()))
    print(f"elf_floor: {count} ELF files in {folder}; the newest versions they need: {needs}")
    if short_of_rhel9:
        print(f"elf_floor: RHEL 9 (glibc 2.34) not reached, {len(short_of_rhel9)} files: "
              + "; ".join(short_of_rhel9))
    else:
        print("elf_floor: RHEL 9 (glibc 2.34) reached too")
    for fault in faults:
        print(f"elf_floor: FAIL {fault}")
    if faults:
        return 1
    print("elf_floor: every file runs on glibc 2.35 (Ubuntu 22.04 LTS), nothing of the "
          "desktop's is bundled")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("LC_ALL", "C")  # readelf's words, not a translation
    sys.exit(main())
