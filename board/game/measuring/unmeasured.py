"""Why a kept measurement cannot be measured now, in a player's words.

A kept ruler, within or ring names models, units and pieces by id; when one of them leaves the
table (a unit goes into a building, a model is lost) the measurement has nothing to measure.
The file-level message (``annotation 'ruler-1' (ruler): no model 'unit-2.m-5' on the table``)
names ids so that a file can be mended; the board says the same by name:
``Chosen Raiders, model 5 is not on the table``.
"""

from __future__ import annotations

from board.document.model import Annotation
from board.game.core.names import Namer
from board.game.core.targets import (
    ModelTarget,
    Target,
    TargetError,
    UnitTarget,
    ZoneResolver,
    resolve,
)
from board.game.core.units import display_unit
from board.game.core.world import World
from board.game.measuring.annotations import (
    AnnotationError,
    RulerAnnotation,
    read_annotation,
)
from board.game.measuring.rings import RING_KIND, read_ring
from rules.words import says

__all__ = ["KIND_NAMES", "kept_name", "unmeasured_words"]

#: What a player calls each kind of kept measurement.
KIND_NAMES = {"ruler": "Ruler", "within": "Within", RING_KIND: "Rings"}


def kept_name(annotation: Annotation) -> str:
    """A kept measurement as a player names it: ``Ruler 1``, ``Rings 2`` (never its id).

    The number is the one its id ends with (``ruler-1``), so it stays when another goes.
    """
    kind = KIND_NAMES.get(annotation.kind, "Measurement")
    tail = annotation.id.rsplit("-", 1)[-1]
    return f"{kind} {tail}" if tail.isdigit() else kind


def _targets(annotation: Annotation, world: World) -> list[Target]:
    if annotation.kind == RING_KIND:
        return [read_ring(annotation).target]
    kept = read_annotation(annotation, display_unit(world.rule_system))
    if kept is None:
        return []
    if isinstance(kept, RulerAnnotation):
        return [kept.first, kept.second]
    return [UnitTarget(kept.unit_id), kept.target]


def _gone(target: Target, namer: Namer) -> str | None:
    """``a model`` or ``a unit`` no longer in the game (lost, deleted), else ``None``."""
    if isinstance(target, ModelTarget) and namer.target(target) == target.model_id:
        return "a model"
    if isinstance(target, UnitTarget) and namer.target(target) == target.unit_id:
        return "a unit"
    return None


def unmeasured_words(annotation: Annotation, world: World, zones: ZoneResolver,
                     namer: Namer) -> str:
    """What keeps ``annotation`` from being measured, by name (never an id).

    ``Chosen Raiders, model 5 is not on the table``; ``a model it measures is no longer in
    the game``; ``it cannot be read`` for a broken one.
    """
    try:
        targets = _targets(annotation, world)
    except (AnnotationError, TargetError, ValueError, KeyError):
        return "it cannot be read"
    off, gone = [], []
    for target in targets:
        try:
            found = resolve(target, world, zones)
        except (TargetError, ValueError, KeyError):
            found = []
        if not found:
            lost = _gone(target, namer)
            if lost:
                gone.append(lost)
            else:
                off.append(namer.target(target))
    said = []
    if off:
        names = " and ".join(off)
        said.append(f"{names} {says(names, 'is', 'are') if len(off) == 1 else 'are'} "
                    "not on the table")
    said += [f"{what} it measures is no longer in the game" for what in dict.fromkeys(gone)]
    return "; ".join(said) or "it cannot be measured now"
