"""The measure layer keeps the scenario's deployment until the document changes.

Which zone a side deploys in can depend on where its models stand; the Measure dock asks for
it on every selection change (twenty times when a unit is picked up). The kept answer must
be exactly a fresh one after any edit: here the red squad walks into the other zone.
"""

from __future__ import annotations

from board.game.core.deploy import deployment_for


def test_the_kept_deployment_is_a_fresh_one_after_an_edit(window):
    layer = window.measure.layer
    document = window.document
    before = layer.deployment()
    assert before.zones == deployment_for(document.scenario).zones == {"red": "bottom",
                                                                      "blue": "top"}
    assert layer.deployment() is before  # nothing changed: kept
    red = document.scenario.unit("red-tac")
    document.move_models({m.id: (m.x, 4.0) for m in red.models})  # into the top zone
    after = layer.deployment()
    assert after is not before
    assert after.zones == deployment_for(document.scenario).zones == {"red": "top",
                                                                     "blue": "bottom"}
    document.move_models({m.id: (m.x, 40.0) for m in red.models})  # back again
    assert layer.deployment().zones == deployment_for(document.scenario).zones == before.zones


def test_the_dock_names_the_zones_of_the_document_after_a_drag(window):
    dock = window.measure.dock
    names = [dock.zones.itemText(k) for k in range(dock.zones.count())]
    assert names == ["Blue's deployment zone", "Red's deployment zone"]
    red = window.document.scenario.unit("red-tac")
    window.document.move_models({m.id: (m.x, 4.0) for m in red.models})
    window.scene.clearSelection()  # the dock lists again on a selection change
    window.scene.select_unit_of(red.models[0].id)
    assert deployment_for(window.document.scenario).zones["red"] == "top"
    listed = [dock.zones.itemText(k) for k in range(dock.zones.count())]
    assert listed == ["Red's deployment zone", "Blue's deployment zone"]  # top, then bottom
