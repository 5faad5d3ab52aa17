"""battleboard: the application.

The scenario document (``board.document``), the pure bridge to geometry and rules
(``board.game``) and the Qt view (``board.view``).
"""
