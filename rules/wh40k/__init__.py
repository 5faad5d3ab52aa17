"""Warhammer 40,000 (6th/7th-edition Stronghold Assault) and Horus Heresy building rules.

Facts in, decisions and outcomes out: the board builds a :class:`BuildingProfile` from a
terrain datasheet and keeps a :class:`BuildingState` in the terrain piece; every function here
takes those plain values (and geometry answers as arguments or callbacks) and returns a
:class:`rules.decision.Decision` or an outcome carrying every :class:`rules.dice.Roll`.
"""
