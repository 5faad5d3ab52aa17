"""What the board presents beside the game: each overlay's labels and where they go. No Qt.

The game layer (:mod:`board.game`) answers the questions players argue over; this layer keeps
what an overlay (a ruler, a line of sight, the void shields' zones, range rings, the
deployment zones) shows of that answer as plain data: its labels as the layout model is asked
for them, and where the layout put them on the page last laid out
(:class:`~board.present.overlay.OverlayModel`). The view's items draw what a model holds and
nothing else; the layout (:func:`board.game.core.board_layout.lay_out`) reads the models of a
board (:class:`~board.present.presentation.Presentation`), never the items that draw them.
"""
