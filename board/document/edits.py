"""The edit API of the scenario document: every change the board makes goes through here.

The view's undo commands call these methods and nothing else; observers (the Qt scene, a
test) hear about each change through small pure-Python signals. No Qt here.

>>> from board.document.model import Base, Model, Scenario, Side, TroopType, Unit
>>> unit = Unit("u1", "Tactical Squad", "red", TroopType.INFANTRY,
...             [Model("m1", Base.round_mm(32), 10.0, 10.0)])
>>> doc = ScenarioDocument(Scenario(sides=[Side("red", "Red", "#c03030")], units=[unit]))
>>> heard = []
>>> doc.models_changed.connect(heard.append)
>>> doc.move_models({"m1": (12.0, 9.5)})
{'m1': (10.0, 10.0)}
>>> heard, doc.scenario.model("m1")[1].x
([('m1',)], 12.0)
>>> doc.move_models({"m9": (1.0, 1.0)})
Traceback (most recent call last):
...
KeyError: 'no model with id m9'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from board.document.model import Model, Scenario, TerrainPiece, Unit

__all__ = [
    "Signal",
    "ScenarioDocument",
    "EditError",
    "offset_positions",
    "formation_positions",
    "turn_placements",
    "snapped_offset",
]

Point = tuple[float, float]
Placement = tuple[float, float, float]


class EditError(ValueError):
    """An edit the document refuses, with the reason a player reads."""


class Signal:
    """A tiny observer list: ``connect`` callables, ``emit`` calls each in order.

    >>> s = Signal()
    >>> s.connect(print)
    >>> s.emit("hello")
    hello
    >>> s.disconnect(print)
    >>> s.emit("nobody hears")
    """

    def __init__(self) -> None:
        self._slots: list[Callable[..., Any]] = []

    def connect(self, slot: Callable[..., Any]) -> None:
        """Call ``slot`` on every emit (once, however often it is connected)."""
        if slot not in self._slots:
            self._slots.append(slot)

    def disconnect(self, slot: Callable[..., Any]) -> None:
        """Stop calling ``slot``; a slot that is not connected is ignored."""
        if slot in self._slots:
            self._slots.remove(slot)

    def emit(self, *args: Any) -> None:
        """Call every connected slot with ``args``."""
        for slot in list(self._slots):
            slot(*args)


def _finite(value: float, what: str) -> float:
    number = float(value)
    if not math.isfinite(number):
        raise EditError(f"{what} must be a finite number, got {value!r}")
    return number


class ScenarioDocument:
    """A :class:`Scenario` and the edits the board makes to it.

    Signals (each emits after the change):

    - ``models_changed(model_ids)``: positions or facings of these models changed;
    - ``models_removed(model_ids)``, ``models_added(model_ids)``: casualties taken off, put back;
    - ``piece_added(piece)``, ``piece_removed(piece_id)``, ``pieces_changed(piece_ids)``;
    - ``unit_added(unit)``, ``unit_removed(unit_id)``;
    - ``annotations_changed(annotation_ids)``, ``options_changed(keys)``,
      ``log_changed(length)``: from :func:`board.document.changes.apply_change`;
    - ``replaced(scenario)``: a whole new scenario (New, Open).
    """

    def __init__(self, scenario: Scenario | None = None) -> None:
        self._scenario = scenario if scenario is not None else Scenario()
        self.models_changed = Signal()
        self.models_removed = Signal()
        self.models_added = Signal()
        self.piece_added = Signal()
        self.piece_removed = Signal()
        self.pieces_changed = Signal()
        self.unit_added = Signal()
        self.unit_removed = Signal()
        self.annotations_changed = Signal()
        self.options_changed = Signal()
        self.log_changed = Signal()
        self.replaced = Signal()

    @property
    def scenario(self) -> Scenario:
        """The scenario being edited (read it; change it only through these methods)."""
        return self._scenario

    # -- models -----------------------------------------------------------------------------
    def _model_on_table(self, model_id: str) -> Model:
        try:
            unit, model = self._scenario.model(model_id)
        except KeyError:
            raise KeyError(f"no model with id {model_id}") from None
        if not unit.on_table:
            raise EditError(
                f"model {model_id} of {unit.name} is embarked in {unit.embarked_in}, "
                "not on the table"
            )
        return model

    def move_models(self, positions: Mapping[str, Point]) -> dict[str, Point]:
        """Put each model's base centre at its new ``(x, y)``; return the old positions.

        All models are checked before any moves, so a refused edit changes nothing.
        """
        checked = {
            mid: (_finite(x, f"x of {mid}"), _finite(y, f"y of {mid}"))
            for mid, (x, y) in positions.items()
        }
        models = {mid: self._model_on_table(mid) for mid in checked}
        old = {mid: (m.x, m.y) for mid, m in models.items()}
        for mid, (x, y) in checked.items():
            models[mid].x, models[mid].y = x, y
        self.models_changed.emit(tuple(checked))
        return old

    def rotate_models(self, facings: Mapping[str, float]) -> dict[str, float]:
        """Set each model's facing (degrees clockwise, 0 up the table); return the old ones."""
        checked = {mid: _finite(a, f"facing of {mid}") % 360.0 for mid, a in facings.items()}
        models = {mid: self._model_on_table(mid) for mid in checked}
        old = {mid: m.facing for mid, m in models.items()}
        for mid, facing in checked.items():
            models[mid].facing = facing
        self.models_changed.emit(tuple(checked))
        return old

    def remove_models(self, model_ids: Iterable[str]) -> list[tuple[str, int, Model]]:
        """Take models off their units (casualties); return ``(unit_id, index, model)`` for undo.

        A unit keeps at least one model: removing every model of a unit is refused (remove
        the unit instead).
        """
        ids = list(dict.fromkeys(model_ids))
        units = {mid: self._scenario.model(mid)[0] for mid in ids}
        for unit in {u.id: u for u in units.values()}.values():
            if all(m.id in units for m in unit.models):
                raise EditError(f"removing every model of {unit.name}: remove the unit instead")
        removed = []
        for mid, unit in units.items():
            index = next(i for i, m in enumerate(unit.models) if m.id == mid)
            removed.append((unit.id, index, unit.models.pop(index)))
        self.models_removed.emit(tuple(ids))
        return removed

    def restore_models(self, removed: list[tuple[str, int, Model]]) -> None:
        """Put back models taken off by :meth:`remove_models` (its return value)."""
        for unit_id, index, model in reversed(removed):
            self._scenario.unit(unit_id).models.insert(index, model)
        self.models_added.emit(tuple(m.id for _, _, m in removed))

    # -- terrain ----------------------------------------------------------------------------
    def add_pieces(self, pieces: Iterable[TerrainPiece], index: int | None = None) -> None:
        """Add terrain pieces (at ``index`` in the terrain list, or at the end)."""
        new = list(pieces)
        ids = [p.id for p in new]
        taken = {p.id for p in self._scenario.terrain}
        clash = sorted(taken.intersection(ids)) or sorted({i for i in ids if ids.count(i) > 1})
        if clash:
            raise EditError(f"terrain piece id {clash[0]} is already in use")
        at = len(self._scenario.terrain) if index is None else index
        self._scenario.terrain[at:at] = new
        for piece in new:
            self.piece_added.emit(piece)

    def remove_piece(self, piece_id: str) -> tuple[int, TerrainPiece]:
        """Remove a terrain piece; return its index and the piece, for undo.

        A piece with units embarked in it is refused: they would be left nowhere.
        """
        piece = self._scenario.piece(piece_id)
        inside = self._scenario.units_in(piece_id)
        if inside:
            names = ", ".join(u.name for u in inside)
            raise EditError(f"cannot remove {piece_id}: {names} embarked in it")
        index = self._scenario.terrain.index(piece)
        del self._scenario.terrain[index]
        self.piece_removed.emit(piece_id)
        return index, piece

    def place_pieces(self, placements: Mapping[str, Placement]) -> dict[str, Placement]:
        """Set each piece's ``(x, y, rotation)``; return the old placements."""
        pieces = {pid: self._scenario.piece(pid) for pid in placements}
        checked = {
            pid: (
                _finite(x, f"x of {pid}"),
                _finite(y, f"y of {pid}"),
                _finite(r, f"rotation of {pid}") % 360.0,
            )
            for pid, (x, y, r) in placements.items()
        }
        old = {pid: (p.x, p.y, p.rotation) for pid, p in pieces.items()}
        for pid, (x, y, rotation) in checked.items():
            pieces[pid].x, pieces[pid].y, pieces[pid].rotation = x, y, rotation
        self.pieces_changed.emit(tuple(checked))
        return old

    def claim_piece(self, piece_id: str, side_id: str | None) -> str | None:
        """Mark a building as claimed by ``side_id`` (``None``: unclaimed); return the old one."""
        piece = self._scenario.piece(piece_id)
        if side_id is not None:
            self._scenario.side(side_id)  # KeyError for an unknown side
        old, piece.claimed_by = piece.claimed_by, side_id
        self.pieces_changed.emit((piece_id,))
        return old

    # -- units ------------------------------------------------------------------------------
    def add_unit(self, unit: Unit, index: int | None = None) -> None:
        """Add a unit (at ``index`` in the unit list, or at the end)."""
        if any(u.id == unit.id for u in self._scenario.units):
            raise EditError(f"unit id {unit.id} is already in use")
        self._scenario.side(unit.side)  # KeyError for an unknown side
        taken = {m.id for u in self._scenario.units for m in u.models}
        clash = sorted(taken.intersection(m.id for m in unit.models))
        if clash:
            raise EditError(f"model id {clash[0]} is already in use")
        at = len(self._scenario.units) if index is None else index
        self._scenario.units.insert(at, unit)
        self.unit_added.emit(unit)

    def remove_unit(self, unit_id: str) -> tuple[int, Unit]:
        """Remove a unit with all its models; return its index and the unit, for undo."""
        unit = self._scenario.unit(unit_id)
        index = self._scenario.units.index(unit)
        del self._scenario.units[index]
        self.unit_removed.emit(unit_id)
        return index, unit

    # -- whole document ---------------------------------------------------------------------
    def replace(self, scenario: Scenario) -> Scenario:
        """Swap in a whole new scenario; return the old one."""
        old, self._scenario = self._scenario, scenario
        self.replaced.emit(scenario)
        return old

    def new_id(self, prefix: str) -> str:
        """Return an id starting with ``prefix`` that no piece, unit or model uses yet.

        >>> ScenarioDocument().new_id("unit")
        'unit-1'
        """
        return self.new_ids(prefix, 1)[0]

    def new_ids(self, prefix: str, count: int) -> list[str]:
        """Return ``count`` ids ``prefix-N`` that no piece, unit or model uses yet.

        >>> ScenarioDocument().new_ids("m", 3)
        ['m-1', 'm-2', 'm-3']
        """
        used = {p.id for p in self._scenario.terrain}
        used.update(u.id for u in self._scenario.units)
        used.update(m.id for u in self._scenario.units for m in u.models)
        ids: list[str] = []
        number = 1
        while len(ids) < count:
            if f"{prefix}-{number}" not in used:
                ids.append(f"{prefix}-{number}")
            number += 1
        return ids


def offset_positions(positions: Mapping[str, Point], dx: float, dy: float) -> dict[str, Point]:
    """Every position moved by ``(dx, dy)``: a dragged group keeps its formation.

    >>> offset_positions({"a": (1.0, 2.0), "b": (3.0, 2.5)}, 0.5, -1.0)
    {'a': (1.5, 1.0), 'b': (3.5, 1.5)}
    """
    return {key: (x + dx, y + dy) for key, (x, y) in positions.items()}


def formation_positions(
    count: int, spacing: float, centre: Point, per_rank: int = 5
) -> list[Point]:
    """Place ``count`` models in ranks of ``per_rank``, ``spacing`` apart.

    The formation is centred on ``centre``; the first rank is the one furthest up the table.

    >>> formation_positions(3, 1.5, (10.0, 10.0))
    [(8.5, 10.0), (10.0, 10.0), (11.5, 10.0)]
    >>> formation_positions(0, 1.0, (0.0, 0.0))
    []
    """
    if count < 0 or spacing <= 0 or per_rank < 1:
        raise EditError(
            f"formation needs count >= 0, spacing > 0, per_rank >= 1; got "
            f"{count}, {spacing}, {per_rank}"
        )
    files = min(count, per_rank)
    ranks = -(-count // per_rank) if count else 0
    x0 = centre[0] - (files - 1) * spacing / 2
    y0 = centre[1] - (ranks - 1) * spacing / 2
    return [(x0 + (i % per_rank) * spacing, y0 + (i // per_rank) * spacing) for i in range(count)]


def turn_placements(
    placements: Mapping[str, Placement], groups: Mapping[str, str], degrees: float
) -> dict[str, Placement]:
    """Turn pieces ``degrees`` clockwise, each group about the mean of its pieces' origins.

    ``groups`` gives each piece's group (a multi-part building turns as one; a lone piece is
    its own group and turns in place).

    >>> turn_placements({"a": (10.0, 10.0, 0.0)}, {"a": "a"}, 90.0)
    {'a': (10.0, 10.0, 90.0)}
    >>> turned = turn_placements({"l": (0.0, 0.0, 0.0), "r": (4.0, 0.0, 0.0)},
    ...                          {"l": "g", "r": "g"}, 90.0)
    >>> {k: tuple(round(v, 9) for v in p) for k, p in turned.items()}
    {'l': (2.0, -2.0, 90.0), 'r': (2.0, 2.0, 90.0)}
    """
    members: dict[str, list[str]] = {}
    for piece_id in placements:
        members.setdefault(groups.get(piece_id, piece_id), []).append(piece_id)
    cos, sin = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    turned: dict[str, Placement] = {}
    for ids in members.values():
        cx = sum(placements[i][0] for i in ids) / len(ids)
        cy = sum(placements[i][1] for i in ids) / len(ids)
        for i in ids:
            x, y, rotation = placements[i]
            dx, dy = x - cx, y - cy
            # Clockwise on screen (y down) is the usual rotation matrix.
            turned[i] = (
                cx + dx * cos - dy * sin,
                cy + dx * sin + dy * cos,
                (rotation + degrees) % 360.0,
            )
    return turned


def snapped_offset(anchor: Point, dx: float, dy: float, step: float) -> Point:
    """Return the drag offset that lands ``anchor`` on the nearest multiple of ``step`` inches.

    The rest of a dragged group moves by the same offset, so its formation is kept. A
    ``step`` of 0 (or less) means no snapping.

    >>> snapped_offset((10.2, 5.0), 1.1, -0.3, 0.5)
    (1.3, -0.5)
    >>> snapped_offset((10.2, 5.0), 1.1, -0.3, 0.0)
    (1.1, -0.3)
    """
    if step <= 0:
        return dx, dy
    x = round((anchor[0] + dx) / step) * step
    y = round((anchor[1] + dy) / step) * step
    return round(x - anchor[0], 9), round(y - anchor[1], 9)
