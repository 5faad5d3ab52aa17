"""The bundle's ``LICENSES`` folder: the licence texts of everything it carries, and an index.

Usage (by .ci/bundle/build, with the bundle's own Python)::

    python .ci/bundle/licences.py DIST BINARIES_JSON

DIST is the bundle's folder; BINARIES_JSON the spec's list of the libraries it bundled
(``[name in the bundle, file it was copied from]``). Into DIST/LICENSES go:

- Python's licence (its ``LICENSE.txt``);
- each package's licence files as its wheel ships them (``*.dist-info``), battleboard's
  dependencies followed to the end (:func:`board.licences.installed_components`); PySide6 and
  shiboken6 ship none: Qt, PySide6 and shiboken6 get the LGPL-3.0 and the GPL-3.0 it
  supplements, from Debian's ``/usr/share/common-licenses``; GEOS its text from shapely's wheel;
- each system library the bundle carries (the xcb helpers, OpenSSL, SQLite...): its Debian
  package's ``copyright`` file, found with ``dpkg -S``;
- ``index.json`` (read by Help ▸ About) and ``README.txt``, one line per component.

Exits 1, naming it, if a component is left without a licence text.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from importlib.metadata import distribution
from pathlib import Path

TOP = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(TOP))

from board.licences import Component, installed_components, write_index  # noqa: E402

COMMON = Path("/usr/share/common-licenses")
#: Packages whose wheels carry no licence file, and the texts their licence names.
TEXTS_BY_HAND = {"pyside6-essentials": ("LGPL-3", "GPL-3"), "shiboken6": ("LGPL-3", "GPL-3"),
                 "qt": ("LGPL-3", "GPL-3")}
LICENCE_FILE = re.compile(r"(LICEN[CS]E|COPYING|NOTICE|AUTHORS)", re.IGNORECASE)


def _key(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def wheel_texts(name: str, out: Path) -> list[str]:
    """Copy the licence files of the installed distribution ``name`` into ``out/name``."""
    dist = distribution(name)
    copied = []
    for file in dist.files or ():
        parts = file.parts
        if not parts[0].endswith(".dist-info") or not (
                "licenses" in parts or LICENCE_FILE.search(file.name)):
            continue
        target = out / name / Path(*parts[1:])
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(file.locate(), target)
        copied.append(str(target.relative_to(out)))
    return copied


def metadata_text(name: str, out: Path) -> list[str]:
    """For a wheel that ships no licence file: what its metadata declares, and who wrote it."""
    meta = distribution(name).metadata
    declared = meta.get("License-Expression") or meta.get("License")
    if not declared:
        return []
    (out / name).mkdir(parents=True, exist_ok=True)
    (out / name / "LICENSE-from-metadata.txt").write_text(
        f"The {name} {meta['Version']} wheel ships no licence file. Its metadata declares:\n\n"
        f"License: {declared}\nAuthor: {meta.get('Author') or meta.get('Author-email')}\n"
        f"Home: {meta.get('Home-page') or meta.get('Project-URL') or '?'}\n", encoding="utf-8")
    return [f"{name}/LICENSE-from-metadata.txt"]


def common_texts(name: str, licences: tuple[str, ...], out: Path) -> list[str]:
    """Copy Debian's texts of ``licences`` (``LGPL-3``...) into ``out/name``."""
    copied = []
    for licence in licences:
        if (COMMON / licence).is_file():
            (out / name).mkdir(parents=True, exist_ok=True)
            shutil.copy(COMMON / licence, out / name / f"{licence}.txt")
            copied.append(f"{name}/{licence}.txt")
    return copied


def qt_note(version: str, out: Path) -> str:
    """What the Qt in the PySide6 wheel holds of others', and that the wheel has no texts."""
    (out / "Qt" / "THIRD-PARTY.txt").write_text(
        f"Qt {version} (inside the PySide6-Essentials wheel) is under the LGPL-3.0 (beside).\n"
        "Qt contains code of others under their own licences (its list: 'Licenses Used in\n"
        "Qt' in Qt's documentation). The PySide6 wheel carries none of those texts, and this\n"
        "bundle, built from the wheel without a network, has none of them either.\n",
        encoding="utf-8")
    return "Qt/THIRD-PARTY.txt"


def icu_texts(out: Path) -> list[str]:
    """ICU's licence: the PySide6 wheel carries ICU's libraries, not its text; Debian has it."""
    sources = sorted(Path("/usr/share/doc").glob("libicu[0-9]*/copyright"))
    if not sources:
        return []
    (out / "ICU").mkdir(parents=True, exist_ok=True)
    shutil.copy(sources[-1], out / "ICU" / "copyright")
    (out / "ICU" / "NOTE.txt").write_text(
        f"The text beside is Debian's {sources[-1].parent.name} copyright file: the ICU the\n"
        "PySide6 wheel carries is another version under the same Unicode licence.\n",
        encoding="utf-8")
    return ["ICU/copyright", "ICU/NOTE.txt"]


def python_texts(out: Path) -> list[str]:
    """Python's own licence, from its standard library's folder."""
    source = Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt"
    if not source.is_file():
        return []
    (out / "Python").mkdir(parents=True, exist_ok=True)
    shutil.copy(source, out / "Python" / "LICENSE.txt")
    return ["Python/LICENSE.txt"]


def with_texts(component: Component, out: Path) -> Component:
    """``component`` with its licence texts copied into ``out``."""
    key = _key(component.name)
    if component.name == "Python":
        texts = python_texts(out)
    elif component.name == "GEOS":
        texts = [text for text in wheel_texts("shapely", out) if "GEOS" in text]
    elif key in TEXTS_BY_HAND:
        texts = common_texts(component.name, TEXTS_BY_HAND[key], out)
        if key == "qt":
            texts.append(qt_note(component.version, out))
    elif component.name == "ICU":
        texts = icu_texts(out)
    else:
        texts = wheel_texts(component.name, out) or metadata_text(component.name, out)
    return Component(component.name, component.version, component.licence, tuple(texts),
                     component.inside)


def debian_package(path: str) -> str | None:
    """The Debian package that installed the file ``path`` (``None`` if none did).

    Tried as found, as its link resolves, and under both /lib and /usr/lib (Debian's merged
    /usr: a package names /lib/x86_64-linux-gnu/libbz2.so.1.0, the loader found /usr/lib's).
    """
    real = os.path.realpath(path)
    tries = [path, real] + [other for name in (path, real) for other in (
        name.removeprefix("/usr") if name.startswith("/usr/lib/") else "/usr" + name,)]
    for candidate in dict.fromkeys(tries):
        done = subprocess.run(["dpkg", "-S", candidate], capture_output=True, text=True,
                              check=False)
        if done.returncode == 0 and ":" in done.stdout:
            return done.stdout.split(":", 1)[0].split(",")[0].strip()
    return None


def system_components(binaries: list[list[str]], out: Path) -> list[Component]:
    """The bundled libraries no wheel and no Python brought, grouped by Debian package."""
    own = (sys.prefix, sys.base_prefix)
    by_package: dict[str, list[str]] = {}
    for dest, source in binaries:
        if source.startswith(own) or shutil.which("dpkg") is None:
            continue
        package = debian_package(source) or f"unknown ({Path(source).name})"
        by_package.setdefault(package, []).append(Path(dest).name)
    found = []
    for package, files in sorted(by_package.items()):
        name = package.split(":")[0]
        copyright_file = Path("/usr/share/doc") / name / "copyright"
        texts: tuple[str, ...] = ()
        licence = "unknown"
        if copyright_file.is_file():
            (out / "system" / name).mkdir(parents=True, exist_ok=True)
            shutil.copy(copyright_file, out / "system" / name / "copyright")
            texts = (f"system/{name}/copyright",)
            licence = dep5_licences(copyright_file.read_text(errors="replace"))
        version = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", package],
                                 capture_output=True, text=True, check=False).stdout
        found.append(Component(name, version or "?", licence, texts, "", tuple(sorted(files))))
    return found


def dep5_licences(text: str) -> str:
    """The main licence a Debian ``copyright`` file names: its ``Files: *`` paragraph's."""
    for paragraph in text.split("\n\n"):
        fields = dict(line.split(":", 1) for line in paragraph.splitlines()
                      if ":" in line and not line.startswith((" ", "\t")))
        if fields.get("Files", "").strip() == "*" and fields.get("License", "").strip():
            return fields["License"].strip()
    return "see its copyright file"


def readme(found: list[Component]) -> str:
    """The index for people: one paragraph per component."""
    lines = ["The licences of what this battleboard bundle is made of (Help > About lists them",
             "too). Each component's texts are in the folder named after it.", ""]
    for component in found:
        where = f" (inside {component.inside})" if component.inside else ""
        lines.append(f"{component.name} {component.version}{where}: {component.licence}")
        if component.files:
            lines.append(f"    bundled as {', '.join(component.files)}")
        lines += [f"    {text}" for text in component.texts] or ["    (no text)"]
    return "\n".join(lines) + "\n"


def main(dist: Path, binaries_json: Path) -> int:
    """Write ``dist/LICENSES``; exit 1 if a component has no text."""
    out = dist / "LICENSES"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir()
    found = [with_texts(component, out) for component in installed_components()]
    found += system_components(json.loads(binaries_json.read_text()), out)
    write_index(out, found)
    (out / "README.txt").write_text(readme(found), encoding="utf-8")
    missing = [c.name for c in found if not c.texts and c.name != "battleboard"]
    print(f"licences: {len(found)} components, {sum(len(c.texts) for c in found)} texts in {out}")
    if missing:
        print(f"licences: no licence text for {', '.join(missing)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2])))
