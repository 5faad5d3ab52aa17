"""Draw docs/remote-trust.png: what each window says when a peer oversteps (offscreen).

Ann (red) hosts the demo game. Eve, a program that is not battleboard (a raw y-websocket
client: ``tests/shared/raw_peer.py``), takes blue's seat and writes a model at ``NaN``,
removes the game's head and renames Ann's unit; Ann's board refuses each, names Eve, and
heals the room. Bob then joins blue's seat and gets the whole game; he drags one of Ann's
models, which is refused before it moves. Run from the repository root:
``python docs/remote_trust_screenshot.py``.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from board.shared.server import seat_link  # noqa: E402
from board.shared.ydoc import HEAD_KEY  # noqa: E402
from board.view.window import MainWindow  # noqa: E402
from docs.remote_screenshot import save_side_by_side, settle, two_windows  # noqa: E402
from tests.shared.raw_peer import RawPeer  # noqa: E402
from tests.shared.servers import free_port  # noqa: E402


def eve(link: str, side: str, red_unit: str, blue_model: str) -> None:
    """The hostile peer's three writes, one transaction each."""
    async def script(peer: RawPeer, socket: object) -> None:
        await peer.present(socket, "Eve", side)
        await peer.write(socket, lambda r: r.pos.__setitem__(blue_model, "[NaN, 1, 0]"))
        await peer.write(socket, lambda r: r.head.__delitem__(HEAD_KEY))

        def rename(r: object) -> None:
            unit = json.loads(str(r.units[red_unit]))  # type: ignore[attr-defined]
            unit.update(name="Eve's now", side=side)
            r.units[red_unit] = json.dumps(unit)  # type: ignore[attr-defined]

        await peer.write(socket, rename)
        await peer.listen(socket, 0.5)

    RawPeer(link).run(script)


def main() -> int:
    """Take the screenshot; return the exit status."""
    app = QApplication.instance() or QApplication(["battleboard"])
    host, guest = two_windows(app)
    rooms = Path(tempfile.mkdtemp(prefix="battleboard-shot-"))
    red, blue = (s.id for s in host.scenario.sides)
    link = host.remote.host("Ann", red, free_port(), rooms, room="demo")
    mine = next(u for u in host.scenario.units if u.side == red and u.on_table)
    theirs = next(u for u in host.scenario.units if u.side == blue and u.on_table)
    eve(seat_link(link.split("?")[0] + "?secret=" + _secret(host), blue), blue, mine.id,
        theirs.models[0].id)
    settle(app, 1.0)
    guest.remote.join("Bob", blue, link)
    for window in (host, guest):
        window.view.fit_table()
    settle(app, 0.3)
    guest.activateWindow()
    model = mine.models[0]
    at = guest.view.mapFromScene(QPointF(model.x, model.y))
    QTest.mousePress(guest.view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    QTest.mouseMove(guest.view.viewport(), at + type(at)(40, 25))
    QTest.mouseRelease(guest.view.viewport(), Qt.MouseButton.LeftButton, pos=at + type(at)(40, 25))
    settle(app, 0.3)
    out = save_side_by_side(host, guest, "remote-trust.png")
    print("Ann:", *host.remote.messages, sep="\n  ")
    print("Bob:", guest.statusBar().currentMessage())
    for window in (host, guest):
        window.remote.leave()
        window.close()
    print(f"wrote {out}")
    return 0


def _secret(host: MainWindow) -> str:
    """The room's secret, which Ann's window holds (its session's own link)."""
    assert host.remote.session is not None
    return host.remote.session.link.split("secret=")[1]


if __name__ == "__main__":
    sys.exit(main())
