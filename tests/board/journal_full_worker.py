"""A process whose disk "fills up" while it journals (the full-disk test runs it).

Usage: ``python tests/board/journal_full_worker.py JOURNAL SEED ROOM``. It starts a journal
of the demo board at JOURNAL, then limits the size of any file it writes to the journal's
size plus ROOM bytes (``RLIMIT_FSIZE``: the kernel refuses a write past it with EFBIG, as a
full disk refuses one with ENOSPC), and makes the random edits of ``random_edits`` with SEED:
``rev N`` after each accepted edit, ``failure TEXT`` once when the journal stops, and after
20 more edits ``done N`` (the board went on in memory).
"""

from __future__ import annotations

import random
import resource
import signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from board.document.datasheets import load_library  # noqa: E402
from board.document.edits import ScenarioDocument  # noqa: E402
from board.document.io import load_scenario  # noqa: E402
from board.document.journal import Journal  # noqa: E402
from resources import DEMO_SCENARIO  # noqa: E402
from tests.board.random_edits import random_edit  # noqa: E402


def main() -> None:
    """Journal until the file size limit, then go on without it."""
    path, seed, room = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    library = load_library()
    doc = ScenarioDocument(load_scenario(DEMO_SCENARIO, library))
    journal = Journal.start(path, doc)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a refused write, not a killed process
    limit = path.stat().st_size + room
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.getrlimit(
        resource.RLIMIT_FSIZE)[1]))
    rng, undo = random.Random(seed), []  # type: ignore[var-annotated]
    after = None
    while after is None or doc.revision < after + 20:
        random_edit(doc, rng, library, undo)
        print(f"rev {doc.revision}", flush=True)
        if journal.failure and after is None:
            after = doc.revision
            print(f"failure {journal.failure}", flush=True)
    print(f"done {doc.revision} limit {limit}", flush=True)


if __name__ == "__main__":
    main()
