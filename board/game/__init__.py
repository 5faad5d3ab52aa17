"""The pure bridge from the scenario document to geometry and rules (no Qt).

Tools on the board and the ``battleboard check`` command stand on this package. It is
grouped by what the modules are about (``docs/architecture.md`` draws the layers):

- :mod:`board.game.core`: the world of shapes, names, targets, shooters, the turn clock and
  the building rules objects: what every other module shares.
- :mod:`board.game.systems`: one folder per rule system (40K with the Horus Heresy, Epic
  40,000, Warhammer Fantasy) holding everything that system alone does.
- :mod:`board.game.measuring`, :mod:`board.game.deployment`, :mod:`board.game.occupancy`,
  :mod:`board.game.reports`, :mod:`board.game.sight` and :mod:`board.game.turns`: the
  tools' questions, the same for every rule system.

Import a name from the module that defines it; this package re-exports nothing.
"""
