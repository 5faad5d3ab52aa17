"""The Qt view of the scenario: scene, items, tools, docks, undo commands."""
