"""The published tournament layouts (``wh40kdc``) as scenarios of our own.

:mod:`~board.game.layouts.catalogue` reads the dataset (lazily, by its public API),
:mod:`~board.game.layouts.placing` and :mod:`~board.game.layouts.pieces` place each piece as
the dataset does, :mod:`~board.game.layouts.sheets` turns it into our terrain and
:mod:`~board.game.layouts.build` makes the scenario (docs/layouts.md).
"""
