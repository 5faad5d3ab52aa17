"""Data the program ships: terrain datasheets, demo scenarios, icons.

This is a package only so that the data installs with the program; it holds no code
beyond the paths below.
"""

from pathlib import Path

__all__ = ["RESOURCES", "DATASHEETS", "SCENARIOS", "DEMO_SCENARIO", "APP_ICON"]

RESOURCES = Path(__file__).resolve().parent
DATASHEETS = RESOURCES / "datasheets"
SCENARIOS = RESOURCES / "scenarios"
DEMO_SCENARIO = SCENARIOS / "demo.json"
#: The program's icon (the window, the desktop entry, the bundles).
APP_ICON = RESOURCES / "icons" / "battleboard.png"
