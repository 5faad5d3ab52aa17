"""Bring an army list onto the board: map its units, pick bases, deploy them (no Qt).

``board/import_list.py`` (the ``battleboard import-list`` command) and the window's
File ▸ Import Army List… both call :func:`board.game.army.plan.plan_import` and apply the
:class:`~board.document.changes.Change` it builds, one undo step for the whole import.
"""
