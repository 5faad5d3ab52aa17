"""A process that opens a scenario file as a window does and edits it until killed.

Usage: ``python tests/board/journal_window_worker.py FILE SEED [MODE]``. It does what
:meth:`board.view.files.FileController.open_file` and the window's journal do: counts the
other running windows' journals of FILE (printed as ``elsewhere N``), loads FILE, starts its
own journal beside it (:func:`board.document.journal.new_journal_path`, printed as
``journal PATH``), then makes the random edits of ``random_edits.random_edit`` with SEED,
printing ``rev N`` after each is accepted (journalled and synced). MODE ``save`` saves the
board over FILE after the next edit once it gets SIGUSR1 (the journal compacted, ``saved N``);
``discard5``
closes cleanly after its fifth edit, discarding (its journal deleted, ``closed``), then waits.
The test_journal_windows.py tests run two of these on one file and kill them with SIGKILL.
"""

from __future__ import annotations

import random
import signal
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from board.document.datasheets import load_library  # noqa: E402
from board.document.edits import ScenarioDocument  # noqa: E402
from board.document.io import load_scenario, save_scenario  # noqa: E402
from board.document.journal import (  # noqa: E402
    Journal,
    journals_of,
    new_journal_path,
    read_journal,
)
from board.document.journal_lock import writer_alive  # noqa: E402
from tests.board.random_edits import random_edit  # noqa: E402


def main() -> None:
    """Open, journal and edit until killed."""
    file, seed = Path(sys.argv[1]), int(sys.argv[2])
    mode = sys.argv[3] if len(sys.argv) > 3 else ""
    library = load_library()
    others = [p for p in journals_of(file) if writer_alive(p, read_journal(p)[0])]
    print(f"elsewhere {len(others)}", flush=True)
    doc = ScenarioDocument(load_scenario(file, library))
    journal = Journal.start(new_journal_path(file), doc, file)
    print(f"journal {journal.path}", flush=True)
    rng, undo = random.Random(seed), []  # type: ignore[var-annotated]
    asked = []
    signal.signal(signal.SIGUSR1, lambda *_: asked.append(True))
    print("rev 0", flush=True)
    while True:
        random_edit(doc, rng, library, undo)
        print(f"rev {doc.revision}", flush=True)
        if mode == "save" and asked:
            asked.clear()
            save_scenario(doc.scenario, file)
            journal = journal.saved(file)
            print(f"saved {doc.revision}", flush=True)
        if mode == "discard5" and doc.revision == 5:
            journal.close(delete=True)
            print("closed", flush=True)
            while True:
                time.sleep(1)
        time.sleep(0.01)


if __name__ == "__main__":
    main()
