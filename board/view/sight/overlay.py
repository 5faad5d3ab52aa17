"""The line-of-sight picture: rays (clear green, partly hidden amber, blocked red), labels.

Each ray stands for one strip of the target's width and is coloured by the exact hidden share
of that strip (:attr:`geometry.sight.Ray.hidden`): a model behind a wall lower than the eye
and itself is drawn with amber rays (the lower part of each strip hidden), never clear ones.

:class:`SightOverlay` holds the shooter and the target the tool picked and the last
:class:`~board.game.sight.SightReading`. It reads again when they change or the document
changes (an edit, not a mouse move) and hands the picture to an
:class:`~board.view.measure.overlay_item.OverlayItem`, which builds it once per paint.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable

import numpy as np
from PySide6.QtCore import QObject, QPointF, QRectF, QTimer
from PySide6.QtGui import QColor

from board.document.events import DocumentChange
from board.game.core.names import Namer
from board.game.core.shooters import Shooter, ShooterKind
from board.game.core.targets import ModelTarget, UnitTarget
from board.game.core.world import World
from board.game.kit import Circle, Ray, Shape
from board.game.sight import (
    SEEN,
    SightError,
    SightReading,
    SightTarget,
    line_of_sight,
    percent,
)
from board.game.sight_verdicts import model_details, unit_verdicts
from board.view.items import ModelItem
from board.view.measure.label_drawing import label_metrics
from board.view.measure.overlay_item import OverlayItem
from board.view.measure.sketch import Label, LineBatch, Sketch
from board.view.scene import BoardScene
from board.view.sight.rays import RayLines

__all__ = ["CLEAR", "PARTLY", "BLOCKED", "ray_colour", "ROOM_PX", "PREVIEW_EVERY_S", "REST_S",
           "SightOverlay", "sight_sketch", "moved_reading"]

#: Room kept around the rays and eyes for the pens, screen pixels. The labels need none: the
#: item keeps where it painted them (see :class:`OverlayItem`). 200 px here made most of the
#: table repaint on every move of a drag.
ROOM_PX = 8.0

#: While a drag goes on, the line of sight is read again at most this often, seconds: a
#: reading of 320 rays (6,400 tested, each strip's hidden share) takes 8-9 ms, more than a
#: move's budget. In between, the
#: last reading is drawn moved with its models; it is read again as soon as the mouse rests.
PREVIEW_EVERY_S = 0.2

#: The mouse has rested once it has not moved for this long, seconds: the drag is read again.
REST_S = 0.06

XY = tuple[float, float]

CLEAR = QColor("#66bb6a")
PARTLY = QColor("#ffa000")
BLOCKED = QColor("#e53935")


def ray_colour(ray: Ray) -> QColor:
    """Red if the ray's strip is hidden whole, amber if part of it is, else green."""
    return BLOCKED if ray.blocked else PARTLY if ray.partly else CLEAR
COVER = QColor(150, 90, 0, 220)
OPEN = QColor(30, 110, 40, 220)
BORDERLINE_COLOUR = QColor(90, 90, 90, 220)


MIXED = QColor(70, 80, 110, 220)
OUT_OF_SIGHT = QColor(140, 20, 20, 220)

#: A verdict's colour by its kind (:attr:`board.game.sight_verdicts.UnitVerdict.kind`).
VERDICT_COLOURS = {"out": OUT_OF_SIGHT, "cover": COVER, "open": OPEN,
                   "borderline": BORDERLINE_COLOUR, "mixed": MIXED}

#: Model id -> its unit's id and name (what groups a reading's verdicts by unit).
UnitOf = dict[str, tuple[str, str]]


def _label_for(visible: float, cover: bool | None,
               borderline: bool = False) -> tuple[str, QColor]:
    if visible <= SEEN:
        return "out of sight", OUT_OF_SIGHT
    text = f"{percent(visible)} visible"  # a sliver never reads 0%, nor a part hidden 100%
    if cover is None:
        return text, OPEN
    if borderline:
        return text + "\nborderline", BORDERLINE_COLOUR
    return (text + "\ncover" if cover else text + "\nin the open"), COVER if cover else OPEN


def sight_sketch(reading: SightReading, centres: dict[str, tuple[float, float]],
                 unit_of: UnitOf | None = None, word: str = "model") -> Sketch:
    """The picture of ``reading``; ``centres`` places each target model's label.

    ``unit_of`` groups the target models by unit: one verdict per unit, under its models
    (:func:`~board.game.sight_verdicts.unit_verdicts`); without it, one per model.
    """
    groups: dict[int, tuple[QColor, list[tuple[float, float, float, float]]]] = {}
    for ray in reading.rays:
        colour = ray_colour(ray)
        groups.setdefault(colour.rgba(), (colour, []))[1].append((*ray.start, *ray.end))
    batches = [LineBatch(colour, np.array(rows, dtype=float))
               for colour, rows in groups.values()]
    return Sketch(labels=_labels(reading, centres, unit_of, word), batches=batches)


def _labels(reading: SightReading, centres: dict[str, tuple[float, float]],
            unit_of: UnitOf | None = None, word: str = "model") -> list[Label]:
    """The labels of ``reading``: per target unit, per facing, the shooter's name.

    A unit's verdict hangs under the middle of its models' labels' anchors (the bottom of
    the lowest base); without ``unit_of`` every model is a unit of its own.
    """
    labels: list[Label] = []
    grouping = unit_of if unit_of is not None else {}
    for verdict in unit_verdicts(reading.models, grouping, word):
        spots = [centres[m.model_id] for m in verdict.models if m.model_id in centres]
        if not spots:
            continue
        xs = [x for x, _ in spots]
        at = QPointF((min(xs) + max(xs)) / 2, max(y for _, y in spots))
        labels.append(Label(at, verdict.text, VERDICT_COLOURS[verdict.kind], 22.0))
    for facing in reading.facings:
        if not facing.rays:
            continue
        ends = [r.end for r in facing.rays]
        middle = QPointF(sum(e[0] for e in ends) / len(ends), sum(e[1] for e in ends) / len(ends))
        armour = f" AV {facing.armour}" if facing.armour is not None else ""
        text, colour = _label_for(facing.visible, None)
        if facing.visible > SEEN and armour:
            if facing.borderline:
                text, colour = text + "\nborderline", BORDERLINE_COLOUR
            else:
                text += "\nobscured" if facing.obscured else "\nnot obscured"
                colour = COVER if facing.obscured else OPEN
        labels.append(Label(middle, f"{facing.facing}{armour}\n{text}", colour, -30.0))
    return labels + _eye_labels(reading.shooter, reading.eyes)


def _eye_labels(shooter: str, eyes: tuple[XY, ...]) -> list[Label]:
    """The shooter's name over its first eye."""
    return [Label(QPointF(*eye), shooter, QColor(20, 20, 20, 200)) for eye in eyes[:1]]


def moved_reading(reading: SightReading, eye_owner: dict[XY, str],
                  moved: dict[str, XY]) -> SightReading:
    """``reading`` drawn where its models have moved: ``moved`` is each model's shift.

    A ray starts at an eye (the model ``eye_owner`` names) and ends on a target model (or on
    a facing, which stays); the verdicts are the reading's own.
    """
    def shift(point: XY, model_id: str) -> XY:
        dx, dy = moved.get(model_id, (0.0, 0.0))
        return (point[0] + dx, point[1] + dy)

    def eye(point: XY) -> XY:
        return shift(point, eye_owner.get(point, ""))

    models = tuple(dataclasses.replace(
        m, rays=tuple(dataclasses.replace(r, start=eye(r.start), end=shift(r.end, m.model_id))
                      for r in m.rays))
        for m in reading.models)
    facings = tuple(dataclasses.replace(
        f, rays=tuple(dataclasses.replace(r, start=eye(r.start)) for r in f.rays))
        for f in reading.facings)
    return dataclasses.replace(reading, models=models, facings=facings,
                               eyes=tuple(eye(e) for e in reading.eyes))


@dataclasses.dataclass
class _Preview:
    """The last reading during a drag: what it saw, where its models stood, when."""

    reading: SightReading
    world: World
    stood: dict[str, XY]
    eye_owner: dict[XY, str]
    at: float
    rays: RayLines | None = None
    #: The targets' labels, kept with the places they were made for.
    targets: tuple[tuple[XY | None, ...], list[Label]] | None = None
    #: Each looked-at model's id, item (its item's place is where it stands now) and where
    #: it stood for the reading.
    items: list[tuple[str, ModelItem, float, float]] = dataclasses.field(default_factory=list)
    #: Where each target model's label hangs in the reading's world, before any move.
    centres: dict[str, XY] = dataclasses.field(default_factory=dict)
    #: Each target model's unit: one verdict per unit.
    unit_of: UnitOf | None = None
    #: What the system calls one of a unit's models (``stand`` in Epic 40,000).
    word: str = "model"

    def sketch(self, moved: dict[str, XY], centres: dict[str, XY]) -> Sketch:
        """The reading drawn moved: what ``sight_sketch`` draws of ``moved_reading``."""
        if self.rays is None:
            self.rays = RayLines(self.reading, self.eye_owner, sorted(self.stood), CLEAR,
                                 BLOCKED, PARTLY)
        eyes = tuple((x + moved.get(self.eye_owner.get((x, y), ""), (0.0, 0.0))[0],
                      y + moved.get(self.eye_owner.get((x, y), ""), (0.0, 0.0))[1])
                     for x, y in self.reading.eyes[:1])
        # The targets' labels change only when their models move (a drag of the target):
        # kept while they stand, only the shooter's name is made again on each move.
        key = tuple(centres.get(model.model_id) for model in self.reading.models)
        if self.targets is None or self.targets[0] != key:
            self.targets = (key, _labels(dataclasses.replace(self.reading, eyes=()), centres,
                                         self.unit_of, self.word))
        labels = [*self.targets[1], *_eye_labels(self.reading.shooter, eyes)]
        return Sketch(labels=labels, batches=self.rays.batches(moved))


class SightOverlay(QObject):
    """The shooter, the target, the reading and the item that draws it on ``scene``.

    ``on_reading`` hears the readout lines (or a refusal) whenever the reading changes. A
    child of the scene, so that it goes with it.
    """

    def __init__(self, scene: BoardScene, on_reading: Callable[[list[str]], None]) -> None:
        super().__init__(scene)
        self.scene = scene
        self.shooter: Shooter | None = None
        self.target: SightTarget | None = None
        self.reading: SightReading | None = None
        self._on_reading = on_reading
        self.item = OverlayItem(self._sketch, self._estimate, z=40.0, note=self.summary_note)
        self.item.lines_clear_of_labels = True  # 300 rays over a name made it unreadable
        scene.addItem(self.item)
        document = scene.document
        document.changed.connect(self._on_change)
        self._dragging = False
        self._namer: Namer | None = None
        self._preview: _Preview | None = None
        self._box: tuple[SightReading | None, list[XY]] = (None, [])
        self._room: tuple[str | None, tuple[float, float]] = (None, (ROOM_PX, ROOM_PX))
        self._looked: tuple[object, list[tuple[str, ModelItem, XY]]] = (None, [])
        self._units: tuple[object, UnitOf] = (None, {})
        self._detailed: set[str] = set()  # the models whose tooltips carry a verdict
        self._now: tuple[object, World] | None = None
        self._rest = QTimer(self)  # reads again once the mouse rests in a drag
        self._rest.setSingleShot(True)
        self._rest.timeout.connect(self._on_rest)
        self._rested = False
        #: Seconds, for spacing the readings of a drag (a test injects its own clock).
        self.clock: Callable[[], float] = time.perf_counter
        scene.drag_moved.connect(self._on_drag_moved)

    def _on_drag_moved(self, text: str) -> None:
        self._dragging = bool(text)
        if not self._dragging:
            self._preview = None
            self._rest.stop()
        if self.reading is not None:
            self.item.mark_dirty()

    def _on_rest(self) -> None:
        self._rested = True
        self.item.mark_dirty()

    @property
    def resting(self) -> bool:
        """Whether the mouse has rested in a drag since the last reading (the next reads)."""
        return self._rested

    def _on_change(self, event: DocumentChange) -> None:
        if event.board_changed:
            self.refresh()

    def set(self, shooter: Shooter | None, target: SightTarget | None) -> None:
        """Look from ``shooter`` at ``target`` (either ``None``: nothing drawn)."""
        self.shooter, self.target = shooter, target
        self.refresh()

    def summary_note(self) -> tuple[str, list[str]] | None:
        """The reading in words, for an export (``None`` when nothing is looked at)."""
        if self.reading is None:
            return None
        return ("Line of sight", self.reading.lines())

    def say(self, lines: list[str]) -> None:
        """Show ``lines`` in the readout (a prompt or a refusal)."""
        self._on_reading(lines)

    def clear(self) -> None:
        """Draw nothing."""
        self.set(None, None)

    def refresh(self) -> None:
        """Read again (the document or the choice changed) and redraw."""
        self.reading, self._preview, self._namer = None, None, None
        if self.shooter is not None and self.target is not None:
            scenario = self.scene.document.scenario
            try:
                self.reading = line_of_sight(scenario, self.scene.datasheets, self.scene.world(),
                                             self.shooter, self.target, self._names())
            except (SightError, ValueError, KeyError) as error:  # said by name, never an id
                said = self._gone() or self._names().say(str(error))
                self._on_reading([f"Line of sight: {said}"])
            else:
                self._on_reading(self.reading.lines())
        self._show_details()
        self.item.mark_dirty()

    def _gone(self) -> str:
        """Which end of the line left the game (deleted, lost), in words; "" if neither."""
        scenario = self.scene.document.scenario
        known = {p.id for p in scenario.terrain} | {u.id for u in scenario.units}
        known |= {m.id for u in scenario.units for m in u.models}
        target = self.target
        target_id = next((getattr(target, a) for a in ("model_id", "unit_id", "piece_id")
                          if hasattr(target, a)), None)
        if self.shooter is not None and self.shooter.id not in known:
            return "the shooter is no longer in the game: click a new shooter"
        if target_id is not None and target_id not in known:
            return "the target is no longer in the game: click a new target"
        return ""

    def _unit_of(self) -> UnitOf:
        """Each model's unit id and name, kept while the document stays as it is."""
        document = self.scene.document
        key = (document.revision, id(document.scenario))
        if self._units[0] != key:
            found = {model.id: (unit.id, unit.name) for unit in document.scenario.units
                     for model in unit.models}
            self._units = (key, found)
        return self._units[1]

    def _show_details(self) -> None:
        """Each target model's own verdict on its tooltip (the board shows one per unit)."""
        details = model_details(self.reading.models) if self.reading is not None else {}
        for model_id in set(self._detailed) | set(details):
            try:
                item = self.scene.model_item(model_id)
            except KeyError:
                continue
            item.set_detail(details.get(model_id, ""))
        self._detailed = set(details)

    def _names(self) -> Namer:
        """Names for the readings, kept until the document changes (a drag keeps them)."""
        if self._namer is None:
            self._namer = Namer.for_world(self.scene.world(), self.scene.document.scenario)
        return self._namer

    def _units_looked_at(self) -> frozenset[str]:
        """The units whose models are the shooter's eyes or the targets."""
        scenario, found = self.scene.document.scenario, list[str]()
        for thing in (self.shooter, self.target):
            if isinstance(thing, Shooter) and thing.kind is ShooterKind.UNIT:
                found.append(thing.id)
            elif isinstance(thing, Shooter) and thing.kind is ShooterKind.MODEL:
                found.append(scenario.model(thing.id)[0].id)
            elif isinstance(thing, UnitTarget):
                found.append(thing.unit_id)
            elif isinstance(thing, ModelTarget):
                found.append(scenario.model(thing.model_id)[0].id)
        return frozenset(found)

    def preview(self) -> tuple[SightReading, World] | None:
        """While a drag previews models, the reading with them where their items are now.

        Only the shooter's and the targets' models matter (models never block sight), so
        only they are moved; the other shapes are reused. Asked once per paint.
        """
        if self.shooter is None or self.target is None:
            return None
        scenario, units = self.scene.document.scenario, []
        moved, looked_at = False, self._units_looked_at()
        for unit in scenario.units:
            if unit.id in looked_at and unit.on_table:
                models = []
                for model in unit.models:  # new models, not copies of the whole unit
                    at = self.scene.model_item(model.id).pos()
                    moved |= (at.x(), at.y()) != (model.x, model.y)
                    models.append(dataclasses.replace(model, x=at.x(), y=at.y()))
                unit = dataclasses.replace(unit, models=models)
            units.append(unit)
        if not moved:
            return None
        preview = dataclasses.replace(scenario, units=units)
        world = self._world_now().moved(preview, looked_at)
        try:
            return line_of_sight(preview, self.scene.datasheets, world, self.shooter,
                                 self.target, self._names()), world
        except (SightError, ValueError, KeyError):
            return None

    def _world_now(self) -> World:
        """The scene's world, kept while the document stays as it is (a drag moves items)."""
        document = self.scene.document
        key = (document.revision, id(document.scenario))
        if self._now is None or self._now[0] != key:
            self._now = (key, self.scene.world())
        return self._now[1]

    def _estimate(self) -> QRectF:
        """Where the rays and eyes will be, cheaply, with room for the pens.

        The last rays and eyes, and during a drag the looked-at models where their items are.
        """
        if self.reading is None:
            return QRectF()
        corners = self._corners(self.reading)
        if corners:
            (left, top), (right, bottom) = corners
        else:
            left = top = math.inf
            right = bottom = -math.inf
        for _, item, _ in self._looked_at_models() if self._dragging else ():
            x, y = item.x(), item.y()  # not pos(): a point made and read costs 2.5 times as much
            if x < left:
                left = x
            if x > right:
                right = x
            if y < top:
                top = y
            if y > bottom:
                bottom = y
        if left > right:
            return QRectF()
        views = self.scene.views()
        pixel = 1.0 / max(views[0].transform().m11() if views else 10.0, 1e-6)
        # The shooter's name hangs over an eye, which moves with the drag: room for it, so
        # that a move repaints it with the rays (the other labels stay where they were).
        across, up = self._eye_label_room()
        return QRectF(left - across * pixel, top - up * pixel,
                      right - left + 2 * across * pixel,
                      bottom - top + (up + ROOM_PX) * pixel)

    def _corners(self, reading: SightReading) -> list[XY]:
        """Two corners of the box of the reading's rays and eyes (kept per reading)."""
        if self._box[0] is not reading:
            points = [p for ray in reading.rays for p in (ray.start, ray.end)]
            points += list(reading.eyes)
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            corners = [(min(xs), min(ys)), (max(xs), max(ys))] if points else []
            self._box = (reading, corners)
        return list(self._box[1])

    def _eye_label_room(self) -> tuple[float, float]:
        """Screen pixels the shooter's label needs beside and above an eye (at least the pens')."""
        if self.reading is None:
            return ROOM_PX, ROOM_PX
        if self._room[0] != self.reading.shooter:
            metrics = label_metrics()
            half = (metrics.horizontalAdvance(self.reading.shooter) + 8.0) / 2
            up = 14.0 + (metrics.height() + 4.0) / 2  # a label's box sits 14 px above its point
            self._room = (self.reading.shooter, (max(ROOM_PX, half + 2.0), max(ROOM_PX, up + 2.0)))
        return self._room[1]

    def _sketch(self) -> Sketch | None:
        if self.reading is None:
            return None
        moved: dict[str, XY] = {}
        last: _Preview | None = None
        if self._dragging:  # the world of the last reading: no fingerprint of every model
            reading, world, moved, last = self._drag_reading()
        else:
            reading, world = self.reading, self.scene.world()
        if last is not None:
            if not last.centres:
                last.centres = _centres(reading, world)
            centres = {model_id: (x + moved[model_id][0], y + moved[model_id][1])
                       if model_id in moved else (x, y)
                       for model_id, (x, y) in last.centres.items()}
            return last.sketch(moved, centres)
        return sight_sketch(reading, _centres(reading, world), self._unit_of(),
                            self._names().word)

    def _drag_reading(self) -> tuple[SightReading, World, dict[str, XY], _Preview | None]:
        """During a drag: a new preview reading, or the last one to be drawn moved.

        Returns the reading, the world it was read in, how far each looked-at model has
        moved since (for the labels' places) and the preview whose :meth:`_Preview.sketch`
        draws it moved (from arrays kept with it; unmoved, it is :func:`sight_sketch`'s
        picture).
        """
        now, last = self.clock(), self._preview
        if last is None or self._rested or now - last.at >= PREVIEW_EVERY_S:
            self._rested = False
            got = self.preview()
            stood = self._stood(items=got is not None)
            reading, world = got or (self.reading, self._world_now())
            assert reading is not None
            owners = {(x, y): model_id for model_id, (x, y) in stood.items()}
            eye_owner = {eye: owners.get(eye, _nearest(eye, stood)) for eye in reading.eyes}
            self._preview = _Preview(reading, world, stood, eye_owner, now,
                                     unit_of=self._unit_of(), word=self._names().word)
            # Drawn from the kept arrays at once (the picture is that of sight_sketch): the
            # arrays are made here, with the reading, not at the next move.
            return reading, world, {}, self._preview
        self._rest.start(round(REST_S * 1000))  # pushed back by every move
        moved: dict[str, XY] = {}
        if not last.items:
            last.items = [(model_id, self.scene.model_item(model_id), x, y)
                          for model_id, (x, y) in last.stood.items()]
        for model_id, item, x, y in last.items:
            ax, ay = item.x(), item.y()
            if ax != x or ay != y:
                moved[model_id] = (ax - x, ay - y)
        return last.reading, last.world, moved, last

    def _stood(self, items: bool) -> dict[str, XY]:
        """Where the looked-at models stand: their items (``items``) or the document."""
        found = {}
        for model_id, item, placed in self._looked_at_models():
            if items:
                at = item.pos()
                found[model_id] = (at.x(), at.y())
            else:
                found[model_id] = placed
        return found

    def _looked_at_models(self) -> list[tuple[str, ModelItem, XY]]:
        """The looked-at units' models on the table: id, item, where the document has it.

        Kept while the document and the shooter and target stay as they are: a drag moves
        the items, not the document (the estimate asks on every move).
        """
        document = self.scene.document
        key = (document.revision, id(document.scenario), self.shooter, self.target)
        if self._looked[0] != key:
            scenario, found = document.scenario, []
            for unit_id in self._units_looked_at():
                unit = scenario.unit(unit_id)
                for model in unit.models if unit.on_table else ():
                    found.append((model.id, self.scene.model_item(model.id), (model.x, model.y)))
            self._looked = (key, found)
        return self._looked[1]


def _centres(reading: SightReading, world: World) -> dict[str, XY]:
    """Where each target model's label hangs: under the middle of its base."""
    centres = {}
    for model in reading.models:
        box = QRectF(*_bounds(world.models[model.model_id].shape))
        centres[model.model_id] = (box.center().x(), box.bottom())
    return centres


def _nearest(point: XY, stood: dict[str, XY], within: float = 2.0) -> str:
    """The model standing nearest ``point``, if within ``within`` inches ("" if none).

    An eye is its model's centre, or a point of a vehicle's hull; a building's fire point
    belongs to no model.
    """
    def off(model_id: str) -> float:
        return (stood[model_id][0] - point[0]) ** 2 + (stood[model_id][1] - point[1]) ** 2

    best = min(stood, key=off, default="")
    return best if best and off(best) <= within**2 else ""


def _bounds(shape: Shape) -> tuple[float, float, float, float]:
    """``(x, y, width, height)`` of a base."""
    if isinstance(shape, Circle):
        r = shape.radius
        return (shape.x - r, shape.y - r, 2 * r, 2 * r)
    minx, miny, maxx, maxy = shape.bounds
    return (minx, miny, maxx - minx, maxy - miny)
