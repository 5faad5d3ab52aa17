"""Measure and draw: a ruler or a "within" question as its reading and its picture.

The live tools and the kept measurements draw the same way; a kept one is read from its
annotation (:mod:`board.game.measuring.annotations`) and measured again where the models now stand.
"""

from __future__ import annotations

from board.document.model import Annotation
from board.game.core.names import Namer
from board.game.core.targets import Target, TargetError, ZoneResolver, resolve, zone_reach
from board.game.core.units import display_unit, excess_text
from board.game.core.units import distance_text as format_distance
from board.game.core.world import World
from board.game.kit import ground_reach
from board.game.measuring.annotations import (
    AnnotationError,
    RulerAnnotation,
    WithinAnnotation,
    read_annotation,
)
from board.game.measuring.range_rings import part_heights
from board.game.measuring.ruler import RulerReading, ruler
from board.game.measuring.within import WithinReading, within_check
from board.view.measure.sketch import Sketch
from board.view.measure.sketches import reach_path, reach_path_at, ruler_sketch, within_sketch

__all__ = ["ruler_picture", "within_picture", "within_title", "kept_sketch"]


def ruler_picture(world: World, first: Target, second: Target, centre_to_centre: bool,
                  zones: ZoneResolver, title: str = "", namer: Namer | None = None,
                  ) -> tuple[RulerReading, Sketch]:
    """Measure from ``first`` to ``second`` and draw it (raises like :func:`ruler`)."""
    reading = ruler(world, first, second, centre_to_centre, zones, namer)
    ends = [dict(resolve(t, world, zones))[part] for t, part in
            ((first, reading.start_part), (second, reading.end_part))]
    return reading, ruler_sketch(reading, ends, title)


def within_title(world: World, reading: WithinReading) -> str:
    """The verdict in words: ``Tactical Squad: within 6.00" of Imperial Bastion``."""
    name = reading.unit_name or world.units[reading.unit_id].name
    models = reading.models
    if reading.zone == "void_shield" and models:  # the coverage rule's answer, as its overlay
        far = format_distance(max(m.farthest for m in models), reading.reach, reading.unit)
        return f"{name}: {reading.answer} (farthest part {far} from {reading.measured_to})"
    if reading.zone and models:
        out = max(m.farthest for m in models)
        over = f", {excess_text(out, reading.unit)} out" if out > 0 else ""
        return f"{name}: {reading.answer}{over}"
    head = f"{name}: {reading.verdict} {reading.reach_text} of {reading.target}"
    if reading.verdict == "not within" and models:
        gap = format_distance(min(m.closest for m in models), reading.reach, reading.unit)
        return f"{head} (closest {gap})"
    return head


def within_picture(world: World, unit_id: str, target: Target, reach: float,
                   zones: ZoneResolver, title: str = "", namer: Namer | None = None,
                   ) -> tuple[WithinReading, Sketch]:
    """Check every model of ``unit_id`` against ``reach`` inches of ``target`` and draw it."""
    reading = within_check(world, unit_id, target, reach, zones, namer)
    own = zone_reach(world, target)
    if own is not None:  # a void-shield zone: its own reach from the generator, not N more
        area = reach_path((own[0],), own[1])
    else:  # where the reach meets the table: nearer round a raised target (docs/measure.md)
        parts = resolve(target, world, zones)
        reaches = tuple(ground_reach(reach, h, world.distance_rule)
                        for h in part_heights(world, target, parts))
        area = reach_path_at(tuple(shape for _, shape in parts), reaches)
    models = dict(world.unit_models(unit_id))
    return reading, within_sketch(reading, models, area, title + within_title(world, reading))


def kept_sketch(annotation: Annotation, world: World, zones: ZoneResolver,
                namer: Namer | None = None) -> Sketch | None:
    """The picture of a kept ``ruler`` or ``within`` (``None`` when it cannot be measured).

    Its label is the result in words, by name (the annotation's id is for the dock's list).
    """
    try:
        kept = read_annotation(annotation, display_unit(world.rule_system))
        if isinstance(kept, RulerAnnotation):
            return ruler_picture(world, kept.first, kept.second, kept.centre_to_centre,
                                 zones, namer=namer)[1]
        if isinstance(kept, WithinAnnotation):
            return within_picture(world, kept.unit_id, kept.target, kept.reach, zones,
                                  namer=namer)[1]
    except (AnnotationError, TargetError, KeyError, ValueError):
        return None
    return None

