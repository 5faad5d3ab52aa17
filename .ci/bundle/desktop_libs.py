"""What the players' bundle leaves to the player's desktop, and the glibc floor it must meet.

Read by the spec (``battleboard.spec`` drops these libraries from what PyInstaller collected)
and by the scan (``elf_floor`` fails a bundle that still holds one, or that needs a newer glibc).

**Never bundled** (:data:`APPIMAGE_EXCLUDES`): the active entries of AppImage's exclude list,
``excludelist`` in AppImageCommunity/pkg2appimage (read at commit 03abb125cfef), the list
linuxdeploy and linuxdeployqt generate their own from. It names the C library, the C++ runtime
(``libstdc++``: "version `GLIBCXX_3.4.21' not found"), ``libgcc_s``, ``libexpat``, the graphics
driver's libraries (a bundled one breaks the system's Mesa), X11 and the font stack. Each entry
there carries its reason; the comments below are short.

**Also left to the desktop** (:data:`DESKTOP_STACK`, this project's choice, issue 37): GTK and
what only it brings (ATK, Pango, Cairo, gdk-pixbuf) and GLib. Qt's ``gtk3`` platform theme loads
GTK: with our GTK and GLib bundled, the system's GTK modules, theme engines and input methods
(built against the system's newer GTK and GLib) would load into ours. Without them the theme
plugin uses the desktop's own GTK and GLib, as a pip-installed PySide6 does, or is skipped
where there is no GTK (Qt then draws its own style). The
Wayland client libraries go with ``libwayland-client`` (one source package, one version).

**Kept**: the xcb helpers Qt's ``xcb`` platform needs and desktops often lack (``libxcb-cursor``,
``-icccm``, ``-keysyms``, ``-image``, ``-render-util``, ``-util``, ``libxkbcommon-x11``), Qt's own
libraries and ICU from the PySide6 wheel, and Python's.
"""

from __future__ import annotations

import subprocess
from collections.abc import Sequence
from pathlib import PurePath

__all__ = ["APPIMAGE_EXCLUDES", "DESKTOP_STACK", "FLOOR", "FLOOR_RHEL9", "left_to_desktop",
           "needed_libraries", "without_desktop_libs"]

#: One of PyInstaller's TOC entries: ``(name in the bundle, file it is copied from, kind)``.
Entry = tuple[str, str, str]

#: AppImage's exclude list, its active (uncommented) entries, in its order.
APPIMAGE_EXCLUDES = (
    # the GNU C library (generated from a build of glibc 2.25)
    "ld-linux.so.2", "ld-linux-x86-64.so.2", "libanl.so.1", "libBrokenLocale.so.1",
    "libcidn.so.1", "libc.so.6", "libdl.so.2", "libm.so.6", "libmvec.so.1",
    "libnss_compat.so.2", "libnss_dns.so.2", "libnss_files.so.2", "libnss_hesiod.so.2",
    "libnss_nisplus.so.2", "libnss_nis.so.2", "libpthread.so.0", "libresolv.so.2",
    "librt.so.1", "libthread_db.so.1", "libutil.so.1",
    "libstdc++.so.6",  # GLIBCXX_* not found on newer systems
    # the video driver's OpenGL and Mesa
    "libGL.so.1", "libEGL.so.1", "libGLdispatch.so.0", "libGLX.so.0", "libOpenGL.so.0",
    "libdrm.so.2", "libglapi.so.0", "libgbm.so.1",
    # X11 and Wayland's client: the system's must match its server's helpers
    "libxcb.so.1", "libX11.so.6", "libX11-xcb.so.1", "libwayland-client.so.0",
    "libasound.so.2",
    # the font stack (stalls and missing symbols when bundled)
    "libfontconfig.so.1", "libfreetype.so.6", "libharfbuzz.so.0",
    # assumed part of the base system
    "libcom_err.so.2", "libexpat.so.1", "libgcc_s.so.1", "libgpg-error.so.0", "libICE.so.6",
    "libSM.so.6", "libusb-1.0.so.0", "libuuid.so.1", "libz.so.1",
    "libjack.so.0", "libpipewire-0.3.so.0",  # must match the system's sound server
    "libxcb-dri3.so.0", "libxcb-dri2.so.0", "libfribidi.so.0", "libgmp.so.10",
)

#: GTK, what only it brings, and GLib: the desktop's own (see the module's docstring).
DESKTOP_STACK = (
    "libgtk-3.so.0", "libgdk-3.so.0", "libgtk-x11-2.0.so.0", "libgdk-x11-2.0.so.0",
    "libgdk_pixbuf-2.0.so.0", "libatk-1.0.so.0", "libatk-bridge-2.0.so.0", "libatspi.so.0",
    "libpango-1.0.so.0", "libpangocairo-1.0.so.0", "libpangoft2-1.0.so.0",
    "libcairo.so.2", "libcairo-gobject.so.2", "libepoxy.so.0",
    "libglib-2.0.so.0", "libgobject-2.0.so.0", "libgio-2.0.so.0", "libgmodule-2.0.so.0",
    "libgthread-2.0.so.0",
    "libwayland-cursor.so.0", "libwayland-egl.so.1", "libwayland-server.so.0",
)

#: The newest symbol versions a bundled file may need from the system: Ubuntu 22.04 LTS and
#: Linux Mint 21 (glibc 2.35, GCC 12's libstdc++). ``GCC_`` is libgcc_s's.
FLOOR = {"GLIBC": (2, 35), "GLIBCXX": (3, 4, 30), "CXXABI": (1, 3, 13), "GCC": (12, 0, 0)}

#: RHEL 9 and its rebuilds (glibc 2.34, GCC 11's libstdc++): reported, not required.
FLOOR_RHEL9 = {"GLIBC": (2, 34), "GLIBCXX": (3, 4, 29), "CXXABI": (1, 3, 13), "GCC": (11, 0, 0)}


def left_to_desktop(file_name: str) -> bool:
    """Whether the library ``file_name`` (a soname, or a file named after one) is the desktop's.

    >>> left_to_desktop("libstdc++.so.6"), left_to_desktop("libexpat.so.1.8.10")
    (True, True)
    >>> left_to_desktop("libxcb-cursor.so.0"), left_to_desktop("libxcb.so.1")
    (False, True)
    """
    return any(file_name == name or file_name.startswith(name + ".")
               for name in APPIMAGE_EXCLUDES + DESKTOP_STACK)


def needed_libraries(path: str) -> set[str]:
    """The libraries ``path`` links (its ``DT_NEEDED`` entries), read with ``readelf``."""
    out = subprocess.run(["readelf", "--dynamic", "--wide", path], capture_output=True,
                         text=True, check=False, env={"LC_ALL": "C", "PATH": "/usr/bin:/bin"})
    return {line.rsplit("[", 1)[1].rstrip("]") for line in out.stdout.splitlines()
            if "(NEEDED)" in line}


def without_desktop_libs(binaries: Sequence[Entry]) -> tuple[list[Entry], list[str]]:
    """PyInstaller's ``binaries`` less the desktop's libraries and what only they needed.

    Returns the entries kept and the names dropped. A library is dropped with the desktop's
    when it sits at the bundle's top (where PyInstaller puts what it found by following links)
    and nothing kept links it: Pango's ``libthai``, GLib's ``libmount``, and what the system's
    ``libxcb`` links (``libXau``), which PyInstaller's ``ldd`` listed though ``libxcb`` stays out.
    """
    links = {dest: needed_libraries(src) for dest, src, kind in binaries if kind != "SYMLINK"}
    kept = [entry for entry in binaries if not left_to_desktop(PurePath(entry[0]).name)]
    dropped = [entry[0] for entry in binaries if left_to_desktop(PurePath(entry[0]).name)]
    while True:
        linked_by_kept = set().union(*(links.get(dest, set()) for dest, _, _ in kept))
        orphans = [entry for entry in kept if _orphan(entry[0], linked_by_kept)]
        if not orphans:
            return kept, dropped
        kept = [entry for entry in kept if entry not in orphans]
        dropped += [entry[0] for entry in orphans]


def _orphan(name: str, linked_by_kept: set[str]) -> bool:
    """Whether the collected ``name`` is a library at the top that nothing kept links.

    Python's own library is loaded by the bundle's starter (not linked), so it always stays.
    """
    return ("/" not in name and name.startswith("lib") and not name.startswith("libpython")
            and name not in linked_by_kept)
