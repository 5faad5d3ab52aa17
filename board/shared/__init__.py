"""The shared board: a scenario played by two people on two screens (no Qt here).

- :mod:`board.shared.dice`: fair dice by commit–reveal, re-verifiable from the saved file;
- :mod:`board.shared.ydoc`: the scenario as a Yjs document (pycrdt);
- :mod:`board.shared.binder`: a :class:`~board.document.edits.ScenarioDocument` kept in step
  with a Yjs document, local edits out as transactions, remote transactions in (checked);
- :mod:`board.shared.wire`: the y-websocket client on a background thread, with reconnects;
- :mod:`board.shared.server`: the room server (``battleboard serve``).
"""
