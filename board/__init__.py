"""battleboard: the application.

The scenario document (``board.document``), the pure bridge to geometry and rules
(``board.game``) and the Qt view (``board.view``).
"""

# The rule systems the program plays are registered before anything reads a file: each
# folder of board/game/systems/ hands the document its description (what a file may name,
# how its saved building state is checked; board/document/rule_systems.py). The document
# cannot import board.game; the program, here, hands the descriptions down.
import board.game.systems  # noqa: E402, F401
