"""A process that edits a board with a journal until it is killed (the kill -9 test runs it).

Usage: ``python tests/board/journal_worker.py FOLDER SEED``. It opens the demo scenario as an
unsaved board (journal in ``$BATTLEBOARD_DATA_DIR/journals``), then makes the random edits of
``random_edits.run_edits`` with ``SEED`` one by one, printing ``rev N`` after each is accepted,
and now and then saves to ``FOLDER/game.json`` (compacting the journal) and prints
``saved N``. The same calls as the window's: :class:`board.document.journal.Journal` on the
document, :func:`board.document.io.save_scenario`, :meth:`Journal.saved`.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from board.document.datasheets import load_library  # noqa: E402
from board.document.edits import ScenarioDocument  # noqa: E402
from board.document.io import load_scenario, save_scenario  # noqa: E402
from board.document.journal import Journal, unsaved_folder  # noqa: E402
from resources import DEMO_SCENARIO  # noqa: E402
from tests.board.random_edits import random_edit  # noqa: E402


def main() -> None:
    """Edit until killed."""
    folder, seed = Path(sys.argv[1]), int(sys.argv[2])
    library = load_library()
    doc = ScenarioDocument(load_scenario(DEMO_SCENARIO, library))
    journal = Journal.start(unsaved_folder() / f"unsaved-{os.getpid()}.journal", doc)
    rng, saves = random.Random(seed), random.Random(seed + 1000)
    undo: list[object] = []
    print("rev 0", flush=True)
    while True:
        random_edit(doc, rng, library, undo)
        print(f"rev {doc.revision}", flush=True)
        if saves.random() < 0.05:
            file = folder / "game.json"
            save_scenario(doc.scenario, file)
            journal = journal.saved(file)
            print(f"saved {doc.revision}", flush=True)


if __name__ == "__main__":
    main()
