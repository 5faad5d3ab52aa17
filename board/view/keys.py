"""Keys as a player types and reads them.

- :func:`typeable`: whether a key sequence is made of keys every keyboard has (letters,
  digits, F1–F12, the arrows and editing keys, with modifiers). The platform's standard
  bindings also name keys few keyboards have (the multimedia *Save*, *Open*, *Undo*, *Zoom In*
  keys, a Sun keyboard's F14): they stay bound, but a list of keys shows only the typeable ones.
- :func:`keys_text`: an action's typeable keys as the platform writes them (``Ctrl+S`` here,
  ``⌘S`` on a Mac), from the action's own key sequences.
- :func:`with_documented`: a standard binding plus the keys the docs promise on every platform
  (Redo is Ctrl+Shift+Z *and* Ctrl+Y: X11's own binding has no Ctrl+Y).
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence

__all__ = ["typeable", "keys_text", "with_documented", "DOCUMENTED"]

Key = QKeySequence.StandardKey

#: The keys the docs name for a standard command, bound on every platform.
DOCUMENTED: dict[Key, tuple[str, ...]] = {
    Key.Undo: ("Ctrl+Z",),
    Key.Redo: ("Ctrl+Shift+Z", "Ctrl+Y"),
}

_MODIFIERS = Qt.KeyboardModifier.KeyboardModifierMask.value
#: Escape … Page Down: Tab, Backspace, Return, Enter, Insert, Delete, Home, End, the arrows.
_EDITING = range(Qt.Key.Key_Escape.value, Qt.Key.Key_PageDown.value + 1)
_FUNCTION = range(Qt.Key.Key_F1.value, Qt.Key.Key_F12.value + 1)


def _typeable_key(key: int) -> bool:
    return key < Qt.Key.Key_Escape.value or key in _EDITING or key in _FUNCTION


def typeable(sequence: QKeySequence) -> bool:
    """Whether every key of ``sequence`` is on every keyboard (see the module doc).

    >>> typeable(QKeySequence("Ctrl+Shift+Z")), typeable(QKeySequence("F1"))
    (True, True)
    >>> typeable(QKeySequence(Qt.Key.Key_Save)), typeable(QKeySequence("F14"))
    (False, False)
    """
    if sequence.isEmpty():
        return False
    return all(_typeable_key(sequence[k].toCombined() & ~_MODIFIERS)  # type: ignore[index]
               for k in range(sequence.count()))


def keys_text(action: QAction) -> str:
    """``Ctrl+Shift+Z, Ctrl+Y``: the action's typeable keys, as the platform writes them."""
    return ", ".join(keys.toString(QKeySequence.SequenceFormat.NativeText)
                     for keys in action.shortcuts() if typeable(keys))


def with_documented(standard: Key, platform: Iterable[QKeySequence] | None = None
                    ) -> list[QKeySequence]:
    """The platform's binding for ``standard`` (typeable keys first), then the documented keys.

    ``platform``: the platform's binding (this platform's when ``None``).

    >>> x11_redo = [QKeySequence("Ctrl+Shift+Z")]
    >>> [k.toString() for k in with_documented(Key.Redo, x11_redo)]
    ['Ctrl+Shift+Z', 'Ctrl+Y']
    """
    bound = list(QKeySequence.keyBindings(standard) if platform is None else platform)
    keys = [k for k in bound if typeable(k)]
    for text in DOCUMENTED.get(standard, ()):
        documented = QKeySequence(text)
        if documented not in keys:
            keys.append(documented)
    return keys + [k for k in bound if not typeable(k)]
