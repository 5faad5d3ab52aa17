"""Settings every test needs.

No Qt import here: tests/geometry and tests/rules run without PySide6.
"""

import os

# The tests never need a display: Qt draws offscreen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# Journals of unsaved boards (and of `battleboard` run as a subprocess) go to a folder of this
# test run, never the user's data folder (board.document.journal.DATA_DIR_ENV).
if "BATTLEBOARD_DATA_DIR" not in os.environ:
    import tempfile

    os.environ["BATTLEBOARD_DATA_DIR"] = tempfile.mkdtemp(prefix="battleboard-tests-")

# Settings too: a window made without its own QSettings (``battleboard``'s ``main([])``, a
# subprocess) writes ``QSettings("battleboard", "battleboard")``, which Qt keeps under
# $XDG_CONFIG_HOME on Linux: a folder of this test run, never the user's own settings.
if "BATTLEBOARD_TEST_SETTINGS" not in os.environ:
    import tempfile

    os.environ["BATTLEBOARD_TEST_SETTINGS"] = tempfile.mkdtemp(prefix="battleboard-settings-")
    os.environ["XDG_CONFIG_HOME"] = os.environ["BATTLEBOARD_TEST_SETTINGS"]

# Tests assert behaviour, never timings: on a loaded machine Hypothesis's default 200 ms
# deadline per example fails sound tests (a test that sets its own settings keeps them).
from hypothesis import settings  # noqa: E402

# The suite is deterministic: each property test draws the same examples on every run, so a
# clean clone's CI passes or fails on the code, not on the draw. Exploring new examples is the
# documented runs' job (benchmarks/undo_bench.py sets BATTLEBOARD_EXPLORE=1); a failure they
# find becomes a plain regression test.
settings.register_profile("battleboard", deadline=None,
                          derandomize=not os.environ.get("BATTLEBOARD_EXPLORE"))
settings.load_profile("battleboard")
