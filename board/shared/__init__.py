"""The shared board: a scenario played by two people on two screens (no Qt here).

- :mod:`board.shared.dice`: fair dice by commit–reveal, re-verifiable from the saved file;
- :mod:`board.shared.ydoc`: the scenario as a Yjs document (pycrdt);
- :mod:`board.shared.binder`: a :class:`~board.document.edits.ScenarioDocument` kept in step
  with a Yjs document, local edits out as transactions, remote transactions in (checked);
- :mod:`board.shared.wire`: the y-websocket client on a background thread, with reconnects;
- :mod:`board.shared.server`: the room server (``battleboard serve``);
- :mod:`board.shared.presence`: a presence (Yjs awareness) message read field by field;
- :mod:`board.shared.desk`, :mod:`board.shared.door`, :mod:`board.shared.journal`: the
  server's presence bound to seats, each connection paced and merged, every room's updates
  on disk by group commit.
"""
