"""A building's label names its floors where the rules tell floors apart (no Qt needed).

Which systems do is their description's word (``SystemDescription.building_floors``, the
Fantasy folder's), asked of the document's registry: the look is made for the first paint,
which loads neither the systems' facts nor their rules.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys

from board.document.io import default_library
from board.view.building_look import look_of


def test_a_fantasy_building_names_its_floors_and_a_40k_one_does_not():
    library = default_library()
    house = library["whfb_building_2_floor"]
    assert "2 floors" in look_of(house).stats
    bunker = dataclasses.replace(library["wh40k_small_building"], floors=2)
    assert "floor" not in look_of(bunker).stats


def test_a_buildings_size_is_said_once_and_as_a_size():
    # "Building, small (40K)" over "small" read twice; "medium · HP 4" left "medium" bare.
    library = default_library()
    assert look_of(library["wh40k_small_building"]).stats == ""
    assert look_of(library["imperial_bastion"]).stats == "medium-sized · HP 4"


def test_the_look_asks_no_facts_and_no_rules():
    code = ("import sys; from board.document.io import default_library; "
            "from board.view.building_look import look_of; "
            "look_of(default_library()['whfb_building_2_floor']); "
            "print(sorted(m for m in sys.modules if m.startswith('rules') "
            "or m.endswith('.facts')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
