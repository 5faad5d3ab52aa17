"""The shooting dialog's choices read with names: buildings, units' sides, emplaced weapons."""

from __future__ import annotations

from board.document.datasheets import DEMO_SCENARIO_PATH
from board.document.io import default_library, load_scenario
from board.game.core.world import WorldCache
from board.view.shooting.choices import firer_choices, firer_position, target_choices


def test_choices_name_buildings_sides_and_weapons_by_wall():
    library = default_library()
    demo = load_scenario(DEMO_SCENARIO_PATH, library)
    world = WorldCache(library).world_for(demo)
    targets = dict(target_choices(demo, library))
    assert targets["bastion"] == "Imperial Bastion"
    assert targets["fortress.tower"] == "Fortress of Redemption: tower"
    firers = dict(firer_choices(demo, library, world))
    assert firers["unit/tactical-cato"] == "Tactical Squad Cato (Ultramarines)"
    assert firers["emplaced/bastion/heavy-bolter-front"] == \
        "Heavy bolter (front) of Imperial Bastion (Ultramarines)"
    assert firers["emplaced/bastion/icarus-lascannon"] == \
        "Icarus lascannon of Imperial Bastion (Ultramarines)"
    at, name = firer_position(demo, world, "emplaced/bastion/heavy-bolter-rear", "hab-block")
    mount = next(m for m in world.piece("bastion").mounts if m.id == "heavy-bolter-rear")
    assert at == (mount.x, mount.y) and name == "Heavy bolter (rear) of Imperial Bastion"
