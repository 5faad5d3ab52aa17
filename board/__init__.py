"""battleboard: the application — the scenario document (``board.document``) and the Qt view (``board.view``)."""
