"""Every route that opens a file ends a refusal in exactly one readable error box, the board
unchanged: File ▸ Open, Open Recent, a file dropped on the board, ``battleboard FILE``; and
a save that fails says why."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from board import main as board_main
from board.document.io import scenario_to_dict
from board.view.files import MAX_SHOWN, dropped_file
from tests.board import fuzz_inputs


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Every error box shown (title, text), instead of showing it."""
    shown: list[tuple[str, str]] = []

    def critical(parent: object, title: str, text: str, *args: object) -> object:
        shown.append((title, text))
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "critical", critical)
    return shown


def bad_files(tmp_path: Path) -> list[Path]:
    """Hostile files: the issue's cases and a sample of fuzzed ones."""
    base = fuzz_inputs.base_scenarios()[0]
    rng = random.Random(11)
    texts: list[bytes] = []
    for state in ({"hull_points_lost": "x"}, {"effects": "x"}):
        data = json.loads(json.dumps(base))
        data["terrain"][0]["state"] = state
        texts.append(json.dumps(data).encode())
    demo = json.dumps(base)
    texts += [
        demo.replace('"Demo', '"\\ud800Demo', 1).encode(),
        demo.replace('"name": ', '"name": "x", "name": ', 1).encode(),
        demo.replace('"width": 72', '"width": ' + "9" * 5000, 1).encode(),
        demo.replace('"width": 72', '"width": 1e308', 1).encode(),
        demo.replace('"options": {', '"options": {"deep": ' + "[" * 3000 + "]" * 3000 + ", ",
                     1).encode(),
        b"\xff\xfe not text", b"",
    ]
    texts += [fuzz_inputs.structural(base, rng) for _ in range(12)]
    texts += [fuzz_inputs.damaged(base, rng) for _ in range(4)]
    paths = []
    for i, raw in enumerate(texts):
        path = tmp_path / f"bad{i}.json"
        path.write_bytes(raw)
        paths.append(path)
    return paths


def refused_everywhere(window, boxes, path: Path, open_it) -> bool:
    """Open ``path`` by ``open_it``; if refused: one readable box and the board unchanged."""
    before = scenario_to_dict(window.scenario)
    before_path = window.files.path
    boxes.clear()
    open_it(path)
    QApplication.processEvents()
    if not boxes:  # the file was fine: it is on the board now
        assert window.files.path == path
        return False
    assert len(boxes) == 1, boxes
    title, text = boxes[0]
    assert title == "Cannot open scenario"
    assert 0 < len(text) <= MAX_SHOWN and "\n" not in text
    assert scenario_to_dict(window.scenario) == before
    assert window.files.path == before_path
    return True


def test_file_open_refuses_in_one_box(window, boxes, tmp_path, monkeypatch) -> None:
    chosen: list[Path] = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        lambda *args, **kwargs: (str(chosen[-1]), ""))

    def by_menu(path: Path) -> None:
        chosen.append(path)
        window.actions_["open"].trigger()

    refusals = [refused_everywhere(window, boxes, p, by_menu) for p in bad_files(tmp_path)]
    assert sum(refusals) >= 12


def test_open_recent_refuses_in_one_box(window, boxes, tmp_path) -> None:
    def by_recent(path: Path) -> None:
        window.files.settings.setValue("recent_files", [str(path)])
        window.files.recent_changed()
        [action] = window.recent_menu.actions()
        action.trigger()

    refusals = [refused_everywhere(window, boxes, p, by_recent) for p in bad_files(tmp_path)]
    assert sum(refusals) >= 12


def drop(window, path: Path) -> None:
    """Drag ``path`` from a file manager onto the board and let go (real Qt events)."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    viewport = window.view.viewport()
    centre = viewport.rect().center()
    buttons, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(centre, Qt.DropAction.CopyAction, mime, buttons, none)
    QApplication.sendEvent(viewport, enter)
    assert enter.isAccepted()
    QApplication.sendEvent(viewport, QDropEvent(QPointF(centre), Qt.DropAction.CopyAction, mime,
                                                buttons, none))
    QApplication.processEvents()


def test_a_dropped_file_refuses_in_one_box(window, boxes, tmp_path) -> None:
    refusals = [refused_everywhere(window, boxes, p, lambda p: drop(window, p))
                for p in bad_files(tmp_path)]
    assert sum(refusals) >= 12


def test_a_dropped_good_file_opens(window, boxes, tmp_path) -> None:
    path = tmp_path / "good.json"
    path.write_text(json.dumps(fuzz_inputs.base_scenarios()[1]), encoding="utf-8")
    drop(window, path)
    assert boxes == []
    assert window.files.path == path
    assert window.scenario.rule_system.value == "epic40k"


def test_only_one_local_file_is_taken() -> None:
    mime = QMimeData()
    mime.setUrls([QUrl("https://example.com/a.json")])
    assert dropped_file(mime) is None
    mime.setUrls([QUrl.fromLocalFile("/a.json"), QUrl.fromLocalFile("/b.json")])
    assert dropped_file(mime) is None
    mime.setUrls([QUrl.fromLocalFile("/a.json")])
    assert dropped_file(mime) == Path("/a.json")


def test_a_drop_of_text_opens_nothing(window, boxes) -> None:
    mime = QMimeData()
    mime.setText("/tmp/some.json")
    before, before_path = scenario_to_dict(window.scenario), window.files.path
    viewport = window.view.viewport()
    QApplication.sendEvent(viewport, QDropEvent(QPointF(5, 5), Qt.DropAction.CopyAction, mime,
                                                Qt.MouseButton.LeftButton,
                                                Qt.KeyboardModifier.NoModifier))
    QApplication.processEvents()
    assert boxes == []
    assert scenario_to_dict(window.scenario) == before and window.files.path == before_path


def test_the_command_refuses_in_one_box_and_one_line(qapp, boxes, tmp_path, capsys) -> None:
    for path in bad_files(tmp_path)[:9]:  # the cases: each a refusal
        boxes.clear()
        assert board_main.main([str(path)]) == 2
        err = capsys.readouterr().err.splitlines()
        assert len(boxes) == 1 and len(err) == 1, (boxes, err)
        assert len(boxes[0][1]) <= MAX_SHOWN + 20
        assert err[0].startswith("battleboard: cannot open ") and "Traceback" not in err[0]


def test_an_unexpected_loader_error_is_still_one_box(window, boxes, tmp_path,
                                                     monkeypatch) -> None:
    import board.view.files as files

    def broken(*args: object) -> None:
        raise MemoryError("out of memory")

    monkeypatch.setattr(files, "load_scenario", broken)
    before = scenario_to_dict(window.scenario)
    assert not window.files.open_file(tmp_path / "any.json")
    assert len(boxes) == 1 and "MemoryError" in boxes[0][1]
    assert scenario_to_dict(window.scenario) == before


def test_a_board_that_cannot_be_shown_puts_the_old_one_back(window, boxes, tmp_path,
                                                            monkeypatch) -> None:
    path = tmp_path / "good.json"
    path.write_text(json.dumps(fuzz_inputs.base_scenarios()[1]), encoding="utf-8")
    before = scenario_to_dict(window.scenario)
    real = window.show_scenario
    calls: list[int] = []

    def fails_once(scenario, path=None) -> None:
        calls.append(1)
        if len(calls) == 1:
            raise TypeError("a slot broke")
        real(scenario, path)

    monkeypatch.setattr(window, "show_scenario", fails_once)
    assert not window.files.open_file(path)
    assert len(boxes) == 1 and "a slot broke" in boxes[0][1]
    assert scenario_to_dict(window.scenario) == before


def test_a_failed_save_says_why(window, boxes, tmp_path) -> None:
    assert not window.files.save_to(tmp_path / "no such folder" / "game.json")
    assert len(boxes) == 1
    title, text = boxes[0]
    assert title == "Cannot save scenario" and "No such file or directory" in text
    boxes.clear()
    window.scenario.units[0].stats = {"note": "\udc80"}  # what no file could have given
    assert not window.files.save_to(tmp_path / "game.json")
    assert len(boxes) == 1 and "lone surrogate" in boxes[0][1]
    assert len(boxes[0][1]) <= MAX_SHOWN
    assert not (tmp_path / "game.json").exists()
