"""Settings every test needs.

No Qt import here: tests/geometry and tests/rules run without PySide6.
"""

import os

# The tests never need a display: Qt draws offscreen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
