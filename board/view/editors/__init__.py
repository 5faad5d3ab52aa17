"""Editors: the unit editor, the building editor, sides and table.

:func:`install` gives the window a **Units** menu (*Add Unit…* Ctrl+U, *Edit Unit…* Ctrl+Shift+U)
and the building editor's entries; see each module.
"""

from __future__ import annotations

