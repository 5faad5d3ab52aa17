"""A model's level and the distance rule travel to the other board, checked like a file."""

from __future__ import annotations

import copy

from board.document.changes import Change, apply_change
from board.document.model import LevelRef
from board.game.core.heights import model_span
from board.game.core.world import WorldCache
from tests.board.samples import library, small_scenario
from tests.shared.relay import pair


def test_a_model_lifted_onto_the_battlements_stands_there_on_the_other_board():
    relay, host, guest = pair(small_scenario())  # the guest plays blue: squad B is theirs
    unit = copy.deepcopy(guest.document.scenario.unit("squad-b"))
    model = unit.models[0]
    model.x, model.y, model.level = 24.0, 24.0, LevelRef("bastion", "battlements")
    apply_change(guest.document, Change(units={"squad-b": unit}))
    relay.pump()
    there = host.document.scenario.model("b0")[1]
    assert there.level == LevelRef("bastion", "battlements") and (there.x, there.y) == (24, 24)
    world = WorldCache(library()).world_for(host.document.scenario)
    assert model_span(world, "b0").low == 8.0  # the bastion's battlements, 8" up


def test_a_house_rule_is_shared_and_a_bad_one_from_a_peer_is_refused():
    relay, host, guest = pair(small_scenario())
    apply_change(host.document, Change(options={"distance_rule": "across_then_up"}))
    relay.pump()
    assert guest.document.scenario.options["distance_rule"] == "across_then_up"
    with host.doc.transaction():
        host.r.options["distance_rule"] = '"diagonal"'
    relay.pump()
    assert guest.document.scenario.options["distance_rule"] == "across_then_up"
