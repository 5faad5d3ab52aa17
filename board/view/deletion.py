"""Deleting the selection, and describing it in the status bar."""

from __future__ import annotations

from PySide6.QtGui import QUndoStack

from board.document.edits import EditError, ScenarioDocument
from board.document.model import Scenario
from board.game.words import counted, member_word
from board.view.commands import RemoveModelsCommand, RemovePieceCommand, RemoveUnitCommand
from board.view.scene import BoardScene
from board.view.system_units import xy_text

__all__ = ["delete_selection", "selection_text"]


def delete_selection(scene: BoardScene, document: ScenarioDocument, stack: QUndoStack) -> str:
    """Delete the selected models and pieces as one undo step; return what was done.

    A unit all of whose models are selected is deleted whole; otherwise the selected models
    are taken off as casualties. A building with units inside is refused (``EditError``)
    before anything changes.
    """
    scenario = document.scenario
    piece_ids = scene.selected_piece_ids()
    for piece_id in piece_ids:
        inside = scenario.units_in(piece_id)
        if inside:
            names = ", ".join(u.name for u in inside)
            sheet = scene.datasheets.get(scenario.piece(piece_id).datasheet)
            name = sheet.name if sheet is not None else "the building"  # its name, not its id
            raise EditError(f"cannot delete {name}: {names} inside; disembark them first")
    whole, casualties = _split_by_unit(scenario, scene.selected_model_ids())
    if not (piece_ids or whole or casualties):
        return ""
    stack.beginMacro("Delete selection")
    for piece_id in piece_ids:
        sheet = scene.datasheets.get(scenario.piece(piece_id).datasheet)
        stack.push(RemovePieceCommand(document, piece_id,
                                      name=sheet.name if sheet is not None else "a terrain piece"))
    for unit_id in whole:
        stack.push(RemoveUnitCommand(document, unit_id))
    if casualties:
        stack.push(RemoveModelsCommand(document, casualties))
    stack.endMacro()
    member = member_word(scenario.rule_system)
    return "deleted " + ", ".join(counted(n, word) for n, word in (
        (len(piece_ids), "terrain piece"), (len(whole), "unit"), (len(casualties), member)) if n)


def _split_by_unit(scenario: Scenario, model_ids: list[str]) -> tuple[list[str], list[str]]:
    chosen = set(model_ids)
    whole, casualties = [], []
    for unit in scenario.units:
        ids = [m.id for m in unit.models if m.id in chosen]
        if ids and len(ids) == len(unit.models):
            whole.append(unit.id)
        else:
            casualties.extend(ids)
    return whole, casualties


def selection_text(scene: BoardScene, scenario: Scenario) -> str:
    """Return the status bar's words for the selection: one model's unit, base and position."""
    model_ids = scene.selected_model_ids()
    pieces = scene.selected_piece_ids()
    cm = scenario.rule_system.uses_cm
    if len(model_ids) == 1 and not pieces:
        unit, model = scenario.model(model_ids[0])
        side = next((s.name for s in scenario.sides if s.id == unit.side), unit.side)
        return (
            f"{unit.name} ({side}, {unit.troop_type.label}) · base {model.base.label} · "
            f"at {xy_text(model.x, model.y, uses_cm=cm)} · facing {model.facing:g}°"
        )
    if len(pieces) == 1 and not model_ids:
        piece = scenario.piece(pieces[0])
        sheet = scene.datasheets.get(piece.datasheet)
        name = sheet.name if sheet is not None else piece.datasheet
        return (
            f"{name} at {xy_text(piece.x, piece.y, uses_cm=cm)}, turned {piece.rotation:g}°"
        )
    if model_ids or pieces:
        member = member_word(scenario.rule_system)  # "stand" in Epic 40,000
        said = [counted(n, word) for n, word in ((len(model_ids), member),
                                                  (len(pieces), "terrain piece")) if n]
        return " and ".join(said) + " selected"
    return ""
