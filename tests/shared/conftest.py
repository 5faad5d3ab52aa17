"""The board tests' shared fixtures, for the shared board's window tests."""

from tests.board.conftest import close_leftover_windows, library  # noqa: F401
