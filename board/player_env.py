"""The player's environment, given back before the players' bundle starts any other program.

The bundle (docs/install.md) sets variables for itself before battleboard's code runs:

- its starter puts its own folder first on ``LD_LIBRARY_PATH`` (keeping the player's in
  ``LD_LIBRARY_PATH_ORIG``, absent when there was none) and adds ``_PYI_*`` notes for itself;
- its Qt hook points ``QT_PLUGIN_PATH`` and ``QML2_IMPORT_PATH`` at the bundle's Qt (the spec's
  own first hook, ``.ci/bundle/rthook_player_env.py``, kept the player's in ``*_ORIG``);
- on Windows and macOS it puts its folder on ``PATH`` or ``DYLD_LIBRARY_PATH``.

Every program started from the board inherits the environment: the web browser a Help link
opens through ``xdg-open``, the file manager. With the bundle's values they would load the
bundle's libraries and Qt plugins, built for another program. :func:`restore_player_environment`
puts the player's values back as the first thing ``battleboard`` does. The bundle's own process
loses nothing: the dynamic loader read ``LD_LIBRARY_PATH`` when the process started, and Qt is
given the bundle's plugin folder directly (``QCoreApplication.setLibraryPaths``, not inherited).
"""

from __future__ import annotations

import os
import sys
from collections.abc import MutableMapping

__all__ = ["BUNDLE_SETS", "restore_player_environment"]

#: Variables the bundle sets for itself, each with the player's value kept in ``NAME_ORIG``.
BUNDLE_SETS = ("LD_LIBRARY_PATH", "QT_PLUGIN_PATH", "QML2_IMPORT_PATH")

#: Search paths the bundle puts its folder on (Windows' ``PATH``, macOS's library path).
BUNDLE_PREPENDS = ("PATH", "DYLD_LIBRARY_PATH")


def restore_player_environment(environ: MutableMapping[str, str] | None = None,
                               bundle: str | None = None) -> dict[str, str]:
    """Give ``environ`` the player's values back; return the bundle's that were taken out.

    ``bundle`` is the bundle's folder (``sys._MEIPASS``); outside a bundle nothing changes.

    >>> env = {"LD_LIBRARY_PATH": "/b/_internal:/opt/x", "LD_LIBRARY_PATH_ORIG": "/opt/x",
    ...        "QT_PLUGIN_PATH": "/b/_internal/PySide6/Qt/plugins", "_PYI_ARCHIVE_FILE": "/b/bb",
    ...        "PATH": "/b/_internal:/usr/bin", "HOME": "/home/ann"}
    >>> taken = restore_player_environment(env, bundle="/b/_internal")
    >>> sorted(env.items())
    [('HOME', '/home/ann'), ('LD_LIBRARY_PATH', '/opt/x'), ('PATH', '/usr/bin')]
    >>> taken["QT_PLUGIN_PATH"]
    '/b/_internal/PySide6/Qt/plugins'
    >>> restore_player_environment(env, bundle="")  # not a bundle
    {}
    """
    env = os.environ if environ is None else environ
    folder = bundle if bundle is not None else getattr(sys, "_MEIPASS", None)
    if not folder:
        return {}
    taken: dict[str, str] = {}
    for name in BUNDLE_SETS:
        if name in env:
            taken[name] = env.pop(name)
        if f"{name}_ORIG" in env:
            env[name] = env.pop(f"{name}_ORIG")
    for name in [name for name in env if name.startswith("_PYI_")]:
        taken[name] = env.pop(name)
    for name in BUNDLE_PREPENDS:
        if name in env:
            kept = [part for part in env[name].split(os.pathsep)
                    if not (part and _inside(part, folder))]
            if len(kept) < len(env[name].split(os.pathsep)):
                taken[name] = env[name]
                env[name] = os.pathsep.join(kept)
    return taken


def _inside(path: str, folder: str) -> bool:
    """Whether ``path`` is ``folder`` or inside it."""
    path, folder = os.path.normpath(path), os.path.normpath(folder)
    return path == folder or path.startswith(folder + os.sep)
