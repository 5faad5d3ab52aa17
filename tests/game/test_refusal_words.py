"""The words test on the refusals a player reads when a unit may not go into a building.

Every troop type each system offers is put in base contact with its system's building and
asked to embark (:func:`board.game.occupancy.embarking.try_embark`, what the Building dock's
Embark and a drop on a building ask); each answer is read as a player reads it: a troop type
is a word ("war engine"), never its code ("war_engine"), and a plural name agrees.
"""

from __future__ import annotations

import pytest

from board.document.io import default_library
from board.document.model import Base, Model, Scenario, Side, TerrainPiece, Unit
from board.game.core.world import WorldCache
from board.game.occupancy.embarking import try_embark
from board.game.systems.setup import troop_types
from tests.game.plain_words import faults
from tests.game.test_report_words import BOARDS


def _asked(system, building: str) -> tuple[Scenario, list[str]]:
    library = default_library()
    said: list[str] = []
    scenario = Scenario(name="Refusals", rule_system=system,
                        sides=[Side("side-a", "Iron Warriors", "#c62828"),
                               Side("side-b", "Orc Warbands", "#1e63d6")],
                        terrain=[TerrainPiece("house-1", building, 30.0, 24.0)])
    for k, troop in enumerate(troop_types(system)):
        unit = Unit(f"unit-{k}", "Black Orcs", "side-a", troop,
                    [Model(f"unit-{k}.m-1", Base.round_mm(25), 30.0, 24.0)])
        scenario.units = [unit]
        world = WorldCache(library).world_for(scenario)
        footprint = world.piece("house-1").footprint
        x0, y0, x1, y1 = footprint.bounds
        unit.models[0].x, unit.models[0].y = x1 + 0.5, (y0 + y1) / 2  # in base contact
        world = WorldCache(library).world_for(scenario)
        said.append(try_embark(scenario, library, world, unit.id, "house-1").decision.reason)
    return scenario, said


@pytest.mark.parametrize("name", BOARDS)
def test_every_troop_type_asked_into_a_building_is_answered_in_words(name):
    system, _, building, _ = BOARDS[name]
    scenario, said = _asked(system, building)
    assert len(said) == len(troop_types(system)) and all(said)
    wrong = faults(said, scenario)
    assert not wrong, "\n".join(wrong)


def test_two_buildings_of_one_name_are_told_apart_by_number_not_id():
    """The Shooting dialog's targets: two Imperial Bastions are "… 1" and "… 2"."""
    from board.game.firers import target_choices

    scenario = Scenario(name="Twins", sides=[Side("side-a", "Iron Warriors", "#c62828")],
                        terrain=[TerrainPiece("bastion-1", "imperial_bastion", 20.0, 24.0),
                                 TerrainPiece("bastion-2", "imperial_bastion", 50.0, 24.0)])
    labels = [label for _, label in target_choices(scenario, default_library())]
    assert labels == ["Imperial Bastion 1", "Imperial Bastion 2"]
    assert not faults(labels, scenario)


def test_a_door_drawn_without_a_name_is_named_by_its_wall_not_its_id():
    """A datasheet's access point with no label (a file made by hand, an import)."""
    from dataclasses import replace

    from board.game.core.names import _door_name

    sheet = default_library()["imperial_bastion"]
    bare = replace(sheet, access_points=tuple(replace(a, label="")
                                              for a in sheet.access_points))
    said = [_door_name(bare, a.id) for a in bare.access_points]
    assert all("access point" in s for s in said), said
    assert not any(a.id in s for a in bare.access_points for s in said), said


def test_doors_of_one_name_on_no_wall_are_numbered_not_named_by_id():
    """Two access points both called "Door", standing inside the footprint, off every wall."""
    from dataclasses import replace

    from board.game.core.names import _door_name

    sheet = default_library()["imperial_bastion"]
    xs = [x for x, _ in sheet.footprint]
    ys = [y for _, y in sheet.footprint]
    middle = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    inside = replace(sheet, access_points=tuple(
        replace(a, label="Door", x=middle[0] + k * 0.1, y=middle[1])
        for k, a in enumerate(sheet.access_points[:2])))
    said = [_door_name(inside, a.id) for a in inside.access_points]
    assert said == ["the door 1", "the door 2"], said
