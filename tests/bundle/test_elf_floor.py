"""The bundle's floor scan (.ci/bundle/elf_floor.py) and the spec's pruning (desktop_libs.py).

Run on real ELF files, the system's own libraries copied into a folder laid out as a bundle.
"""

import shutil
import sys
from pathlib import Path

import pytest

BUNDLE_TOOLS = Path(__file__).resolve().parents[2] / ".ci" / "bundle"
sys.path.insert(0, str(BUNDLE_TOOLS))

import desktop_libs  # noqa: E402
import elf_floor  # noqa: E402

LIBS = Path("/usr/lib/x86_64-linux-gnu")

pytestmark = pytest.mark.skipif(
    not (LIBS / "libffi.so.8").exists() or shutil.which("readelf") is None,
    reason="needs Debian's x86_64 libffi.so.8 and binutils' readelf")


@pytest.fixture
def bundle(tmp_path: Path) -> Path:
    """A bundle whose one library (libffi: links only libc, glibc 2.27 at most) is fine."""
    (tmp_path / "_internal").mkdir()
    shutil.copy(LIBS / "libffi.so.8", tmp_path / "_internal" / "libffi.so.8")
    return tmp_path


def test_a_bundle_within_the_floor_passes(bundle: Path, capsys) -> None:
    assert elf_floor.main([str(bundle)]) == 0
    said = capsys.readouterr().out
    assert "GLIBC_2.27" in said and "RHEL 9 (glibc 2.34) reached too" in said


def test_a_file_needing_a_newer_glibc_fails(bundle: Path, capsys) -> None:
    # The same library, its need of GLIBC_2.27 rewritten in its string table to GLIBC_2.36.
    data = (bundle / "_internal" / "libffi.so.8").read_bytes()
    assert data.count(b"GLIBC_2.27\0") == 1
    (bundle / "_internal" / "libmine.so.1").write_bytes(
        data.replace(b"GLIBC_2.27\0", b"GLIBC_2.36\0"))
    assert elf_floor.main([str(bundle)]) == 1
    said = capsys.readouterr().out
    assert "FAIL _internal/libmine.so.1: needs GLIBC_2.36" in said
    assert "libffi.so.8" not in said.split("FAIL", 1)[1]


def test_a_bundled_library_of_the_desktop_fails(bundle: Path, capsys) -> None:
    shutil.copy(LIBS / "libstdc++.so.6", bundle / "_internal" / "libstdc++.so.6")
    assert elf_floor.main([str(bundle)]) == 1
    assert ("FAIL _internal/libstdc++.so.6: the desktop's own library is bundled"
            in capsys.readouterr().out)


@pytest.mark.skipif(not (LIBS / "libxcb-icccm.so.4").exists(), reason="needs libxcb-icccm4")
def test_a_library_linking_what_is_neither_bundled_nor_the_desktops_fails(bundle, capsys):
    # libxcb-icccm links only libxcb (the desktop's): fine alone ...
    shutil.copy(LIBS / "libxcb-icccm.so.4", bundle / "_internal" / "libxcb-icccm.so.4")
    assert elf_floor.main([str(bundle)]) == 0
    # ... but a file linking libxcb-icccm, when it is not bundled, is refused.
    (bundle / "_internal" / "libxcb-icccm.so.4").rename(bundle / "plugin.so")
    data = (bundle / "plugin.so").read_bytes()
    (bundle / "plugin.so").write_bytes(data.replace(b"libxcb.so.1\0", b"libxzz.so.1\0"))
    assert elf_floor.main([str(bundle)]) == 1
    assert "plugin.so: links libxzz.so.1, neither bundled nor the desktop's" in (
        capsys.readouterr().out)


def test_the_exclude_list_names_what_the_issue_found_bundled() -> None:
    for name in ("libstdc++.so.6", "libgcc_s.so.1", "libexpat.so.1", "libgtk-3.so.0",
                 "libglib-2.0.so.0", "libX11.so.6", "libc.so.6"):
        assert desktop_libs.left_to_desktop(name), name
    for helper in ("libxcb-cursor.so.0", "libxcb-icccm.so.4", "libxcb-keysyms.so.1",
                   "libxkbcommon-x11.so.0", "libpython3.11.so.1.0", "libQt6Core.so.6"):
        assert not desktop_libs.left_to_desktop(helper), helper


@pytest.mark.skipif(not (LIBS / "libcairo.so.2").exists()
                    or not (LIBS / "libgobject-2.0.so.0").exists(), reason="needs cairo, GLib")
def test_the_pruning_drops_the_desktops_and_what_only_they_link() -> None:
    binaries = [
        ("libcairo.so.2", str(LIBS / "libcairo.so.2"), "BINARY"),  # the desktop's
        ("libpixman-1.so.0", str(LIBS / "libpixman-1.so.0"), "BINARY"),  # only cairo links it
        ("libffi.so.8", str(LIBS / "libffi.so.8"), "BINARY"),  # the kept "extension" links it
        ("ext/_mine.so", str(LIBS / "libgobject-2.0.so.0"), "EXTENSION"),  # links libffi
        ("libpython3.11.so.1.0", str(LIBS / "libffi.so.8"), "BINARY"),  # loaded, not linked
    ]
    kept, dropped = desktop_libs.without_desktop_libs(binaries)
    assert [entry[0] for entry in kept] == ["libffi.so.8", "ext/_mine.so",
                                            "libpython3.11.so.1.0"]
    assert dropped == ["libcairo.so.2", "libpixman-1.so.0"]
