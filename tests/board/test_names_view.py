"""The shooting dialog's choices read with names: buildings, units' sides, emplaced weapons."""

from __future__ import annotations

from board.document.datasheets import DEMO_SCENARIO_PATH
from board.document.io import default_library, load_scenario
from board.game.core.world import WorldCache
from board.game.firers import Firer, firer_choices, firer_position, target_choices


def test_choices_name_buildings_sides_and_weapons_by_wall():
    library = default_library()
    demo = load_scenario(DEMO_SCENARIO_PATH, library)
    world = WorldCache(library).world_for(demo)
    targets = dict(target_choices(demo, library))
    assert targets["bastion"] == "Imperial Bastion"
    assert targets["fortress.tower"] == "Fortress of Redemption: tower"
    firers = dict(firer_choices(demo, library, world))
    assert firers[Firer.of_unit("tactical-cato")] == "Tactical Squad Cato (Ultramarines)"
    assert firers[Firer.of_weapon("bastion", "heavy-bolter-front")] == \
        "Heavy bolter (front) of Imperial Bastion (Ultramarines)"
    assert firers[Firer.of_weapon("bastion", "icarus-lascannon")] == \
        "Icarus lascannon of Imperial Bastion (Ultramarines)"
    at, name = firer_position(demo, world, Firer.of_weapon("bastion", "heavy-bolter-rear"),
                              "hab-block")
    mount = next(m for m in world.piece("bastion").mounts if m.id == "heavy-bolter-rear")
    assert at == (mount.x, mount.y) and name == "Heavy bolter (rear) of Imperial Bastion"


def test_a_firer_is_a_unit_or_a_weapon_never_both_or_neither():
    import pytest

    with pytest.raises(ValueError, match="a firer is a unit or a building's weapon"):
        Firer(unit_id="u", piece_id="b", weapon_id="w")
    with pytest.raises(ValueError):
        Firer()
    with pytest.raises(ValueError):
        Firer(piece_id="b")
