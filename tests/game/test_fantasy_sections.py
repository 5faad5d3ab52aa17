"""A large Warhammer Fantasy building split into sections (seed 002; a datasheet option)."""

from __future__ import annotations

from board.document.changes import apply_change
from board.document.datasheets import place_datasheet
from board.document.edits import ScenarioDocument
from board.document.model import RuleSystem
from board.game.core.world import WorldCache
from board.game.occupancy.embarking import try_embark
from rules.warhammer_fantasy.magic import section_advice
from tests.game.samples import BLUE, RED, library, round_unit, scenario


def _at_door(s, world, piece_id, unit_id):
    """Stand the unit's single model just below the piece's door."""
    door = world.piece(piece_id).access_point("door")
    model = s.unit(unit_id).models[0]
    model.x, model.y = door.x, door.y + 10 / 25.4 + 0.02


def test_each_section_is_garrisoned_on_its_own():
    """Seed 002: "a larger or more complex one ... is usually best broken into several
    sections, each treated as its own separate building that can be occupied and assaulted
    independently." The manor in two sections: Red garrisons the west one and Blue may still
    garrison the east one; the whole manor (the other datasheet) holds only one unit."""
    lib = library()
    pieces = place_datasheet(lib, "whfb_manor_sections", 20.0, 20.0, piece_id="manor")
    assert [p.id for p in pieces] == ["manor.west", "manor.east"]
    s = scenario(RuleSystem.WARHAMMER_FANTASY, pieces, [
        round_unit("spears", RED, [(0.0, 0.0)], mm=20),
        round_unit("archers", BLUE, [(40.0, 40.0)], mm=20),
    ])
    world = WorldCache(lib).world_for(s)
    _at_door(s, world, "manor.west", "spears")
    _at_door(s, world, "manor.east", "archers")
    world = WorldCache(lib).world_for(s)
    west = try_embark(s, lib, world, "spears", "manor.west")
    assert west.allowed
    apply_change(ScenarioDocument(s), west.change)
    world = WorldCache(lib).world_for(s)
    east = try_embark(s, lib, world, "archers", "manor.east")
    assert east.allowed, east.decision.reason
    assert east.change.pieces["manor.east"].claimed_by == BLUE
    assert s.piece("manor.west").claimed_by == RED
    assert section_advice(12, 5).count == 2


def test_the_whole_manor_holds_one_unit():
    """Seed 002: "Each building holds a single unit ... once garrisoned, no other unit can
    enter until the current occupants leave or are driven out." """
    lib = library()
    pieces = place_datasheet(lib, "whfb_manor", 20.0, 20.0, piece_id="manor")
    s = scenario(RuleSystem.WARHAMMER_FANTASY, pieces, [
        round_unit("spears", RED, [(0.0, 0.0)], mm=20),
        round_unit("archers", BLUE, [(40.0, 40.0)], mm=20),
    ])
    world = WorldCache(lib).world_for(s)
    for unit_id, door in (("spears", "door-west"), ("archers", "door-east")):
        point = world.piece("manor").access_point(door)
        model = s.unit(unit_id).models[0]
        model.x, model.y = point.x, point.y + 10 / 25.4 + 0.02
    world = WorldCache(lib).world_for(s)
    first = try_embark(s, lib, world, "spears", "manor")
    assert first.allowed
    apply_change(ScenarioDocument(s), first.change)
    world = WorldCache(lib).world_for(s)
    second = try_embark(s, lib, world, "archers", "manor")
    assert not second.allowed
