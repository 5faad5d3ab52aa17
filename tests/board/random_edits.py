"""Random but reproducible edits of every kind the document accepts (no Qt).

:func:`random_edit` makes one edit chosen by ``rng`` from the document's state: the same seed
on the same start makes the same edits, so a test can rebuild the board a killed process had
at any revision. Used by the journal tests and ``journal_worker.py``.
"""

from __future__ import annotations

import copy
import random

from board.document.changes import UNSET, Change
from board.document.datasheet import TerrainKind
from board.document.datasheets import DatasheetLibrary, place_datasheet
from board.document.edits import ScenarioDocument
from board.document.model import Annotation, Base, LogEntry, Model, TroopType, Unit

#: Datasheets placed (one multi-part building among them).
SHEETS = ("imperial_bastion", "wh40k_small_building", "aquila_strongpoint")


def _on_table_models(doc: ScenarioDocument) -> list[str]:
    return [m.id for u in doc.scenario.units if u.on_table for m in u.models]


def random_edit(doc: ScenarioDocument, rng: random.Random, library: DatasheetLibrary,
                undo: list[object]) -> None:
    """Make exactly one edit (the document's revision goes up by one).

    ``undo`` keeps what undoes the last edit (a compound edit's inverse, or the models a
    casualty took off), which an "undo" uses if nothing came after it, as the undo stack would.
    """
    last = undo[1:] if undo and undo[0] == doc.revision else []
    undo.clear()
    before = doc.revision
    inverse = _one_edit(doc, rng, library, last)
    assert doc.revision == before + 1
    if inverse is not None:
        undo[:] = [doc.revision, inverse]


def _one_edit(doc: ScenarioDocument, rng: random.Random, library: DatasheetLibrary,
              undo: list[object]) -> object:
    scenario = doc.scenario
    kind = rng.choice(["move", "move", "rotate", "casualty", "unit", "piece", "place", "claim",
                       "embark", "option", "log", "note", "undo", "undo", "remove_unit"])
    models = _on_table_models(doc)
    if kind in ("move", "rotate") and models:
        chosen = rng.sample(models, min(len(models), rng.randint(1, 5)))
        if kind == "move":
            doc.move_models({m: (rng.uniform(1, 70), rng.uniform(1, 46)) for m in chosen})
        else:
            doc.rotate_models({m: rng.uniform(-720, 720) for m in chosen})
        return None
    if kind == "casualty":
        units = [u for u in scenario.units if len(u.models) > 1]
        if units:
            unit = rng.choice(units)
            return doc.remove_models([rng.choice(unit.models).id])
    if kind == "unit" or not scenario.units:
        uid = doc.new_id("unit")
        ids = doc.new_ids("m", rng.randint(1, 6))
        side = rng.choice(scenario.sides).id
        doc.add_unit(Unit(uid, f"Squad {uid}", side, TroopType.INFANTRY,
                          [Model(m, Base.round_mm(rng.choice([25, 32, 40])), rng.uniform(2, 70),
                                 rng.uniform(2, 46), rng.uniform(0, 359)) for m in ids],
                          stats={"movement": rng.randint(4, 8)}), rng.choice([None, 0]))
        return None
    joined = {u.joined_to for u in scenario.units}
    free = [u for u in scenario.units if u.id not in joined]
    if kind == "remove_unit" and free:
        doc.remove_unit(rng.choice(free).id)
        return None
    if kind == "piece":
        lone = [p for p in scenario.terrain if p.group is None and not scenario.units_in(p.id)]
        if lone and rng.random() < 0.3:
            doc.remove_piece(rng.choice(lone).id)
            return None
        sheet = rng.choice(SHEETS)
        doc.add_pieces(place_datasheet(library, sheet, rng.uniform(5, 65), rng.uniform(5, 40),
                                       rng.choice([0.0, 90.0, 33.5]), doc.new_id(sheet)))
        return None
    if kind == "place" and scenario.terrain:
        pieces = rng.sample(scenario.terrain, min(2, len(scenario.terrain)))
        doc.place_pieces({p.id: (p.x + rng.uniform(-3, 3), p.y + rng.uniform(-3, 3),
                                 p.rotation + rng.choice([0, 90, 15])) for p in pieces})
        return None
    if kind == "claim" and scenario.terrain:
        piece = rng.choice(scenario.terrain)
        doc.claim_piece(piece.id, rng.choice([None, *[s.id for s in scenario.sides]]))
        return None
    enterable = [p.id for p in scenario.terrain if library[p.datasheet].kind is
                 TerrainKind.BUILDING and not library[p.datasheet].impassable]
    if kind == "embark" and enterable and scenario.units:
        unit = copy.deepcopy(rng.choice(scenario.units))
        unit.embarked_in = None if unit.embarked_in else rng.choice(enterable)
        hit = copy.deepcopy(rng.choice(scenario.terrain))
        hit.state = {"hull_points_lost": rng.randint(0, 3)}
        return doc.apply_change(Change(units={unit.id: unit}, pieces={hit.id: hit},
                                       log=[LogEntry(f"{unit.name} embarks or leaves")]))
    if kind == "option":
        key = rng.choice(["turn", "deployment", "weather"])
        value = rng.choice([UNSET, 3, "dawn_of_war", {"rain": [1, 2.5]}])
        return doc.apply_change(Change(options={key: value}))
    if kind == "log":
        rolls = [{"purpose": "penetration", "faces": [rng.randint(1, 6)], "sides": 6}]
        return doc.apply_change(Change(log=[LogEntry("a shot", rolls, rng.randint(0, 99))]))
    if kind == "note":
        note_id = doc.new_id("note") if rng.random() < 0.7 or not scenario.annotations else None
        if note_id is None:
            gone = rng.choice(scenario.annotations).id
            return doc.apply_change(Change(annotations={gone: None}))
        note = Annotation(note_id, "ruler", {"from": [1.0, 2.0], "to": [rng.uniform(0, 9), 4]})
        return doc.apply_change(Change(annotations={note_id: note}))
    if kind == "undo" and undo:
        last = undo.pop()
        if isinstance(last, Change):
            doc.apply_change(last)
        else:
            doc.restore_models(last)  # type: ignore[arg-type]
        return None
    doc.move_models({models[0]: (10.0, 10.0)} if models else {})
    return None


def run_edits(doc: ScenarioDocument, seed: int, count: int, library: DatasheetLibrary) -> None:
    """Make ``count`` random edits from ``seed`` (each counted by the document's revision)."""
    rng = random.Random(seed)
    undo: list[object] = []
    for _ in range(count):
        random_edit(doc, rng, library, undo)
