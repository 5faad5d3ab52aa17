"""PySide's scan of every imported module, made cheap: one read of the file, no text kept.

PySide 6 watches every import made after it is loaded: for each new module it asks whether
the module's source mentions ``PySide6`` (those modules may switch on ``from __feature__
import snake_case``; ``shibokensupport.feature._mod_uses_pyside``). It asks through
``inspect.getsource``, which decodes the whole file, splits it into lines and keeps them in
``linecache``. Before the board's first paint some 250 modules are imported after PySide
(the board's own, numpy's, Shapely's): the scan took 65–85 ms of the launch, measured on
this machine, and left 13 MB of source text behind (see :mod:`board.view.memory`).

:func:`scan_imports_quickly` gives PySide the same answer for a module with a source file
(``b"PySide6"`` among its bytes: the files are UTF-8 or ASCII) from one read of the file,
nothing decoded or kept; any other module is still asked about PySide's own way. Whether
the answer is yes or no only matters to a module that switches a ``__feature__`` on, which
battleboard never does.

**Gated.** ``_mod_uses_pyside`` is PySide's own, not a public API: the patch is made only on
the PySide versions it was checked against (:data:`CHECKED`; a test compares both answers over
every loaded module there), and ``BATTLEBOARD_NO_IMPORT_SCAN=1`` turns it off. On any other
version imports are scanned as PySide does it, and the launch costs what it costs: the patch
saves launch time only (65–85 ms of a quiet launch; 0.21 s of CPU at load 11, 8 launches
each way alternating, 4 December), never changes an answer.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from types import ModuleType

__all__ = ["scan_imports_quickly", "uses_pyside", "CHECKED", "OFF_ENV", "checked_pyside"]

#: PySide's support module that holds the scan (loaded with PySide6.QtCore).
FEATURE_MODULE = "shibokensupport.feature"
#: The PySide6 (major, minor) versions whose scan the patch was checked against.
CHECKED = frozenset({(6, 11)})
#: The environment variable that turns the patch off (``1``).
OFF_ENV = "BATTLEBOARD_NO_IMPORT_SCAN"


def checked_pyside(version: tuple[int, ...] | None = None) -> bool:
    """Whether PySide6 ``version`` (the one loaded when ``None``) is one the patch was checked on.

    >>> checked_pyside((6, 11, 3)), checked_pyside((6, 12, 1)), checked_pyside((5, 15))
    (True, False, False)
    """
    if version is None:
        pyside = sys.modules.get("PySide6")
        version = tuple(getattr(pyside, "__version_info__", ())[:2])
    return tuple(version[:2]) in CHECKED


def uses_pyside(module: ModuleType, otherwise: Callable[[ModuleType], bool]) -> bool:
    """Whether ``module``'s source file mentions PySide6; ``otherwise`` asks for the rest.

    >>> import json, math
    >>> uses_pyside(json, lambda m: None), uses_pyside(math, lambda m: "asked")
    (False, 'asked')
    """
    path = getattr(module, "__file__", None)
    if isinstance(path, str) and path.endswith(".py"):
        try:
            with open(path, "rb") as source:
                return b"PySide6" in source.read()
        except OSError:
            return False  # no source file: what inspect.getsource says too
    return otherwise(module)


def scan_imports_quickly() -> bool:
    """Make PySide's scan of later imports read each file once; whether it was done.

    Nothing happens before PySide is imported, on a PySide version the patch was not checked
    against, with :data:`OFF_ENV` set, or if its support module has no such scan: then
    imports are scanned as PySide does it.
    """
    if os.environ.get(OFF_ENV) == "1" or not checked_pyside():
        return False
    feature = sys.modules.get(FEATURE_MODULE)
    scan = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or not callable(scan):
        return False
    if getattr(scan, "quick", False):
        return True

    def quick(module: ModuleType) -> bool:
        return uses_pyside(module, scan)

    quick.quick = True  # type: ignore[attr-defined]
    feature._mod_uses_pyside = quick  # type: ignore[attr-defined]
    return True
