"""Your first game, Warhammer 40,000: a squad storms a bastion (docs/first-game-40k.md).

From File ▸ New with real keys and clicks: the bastion from the palette, the squad from the
unit editor; the storm is refused while the squad stands off and accepted once a base
touches the wall; the roll ends in the log.
"""

from __future__ import annotations

from board.document.model import RuleSystem
from board.view.assault import CloseCombatDialog
from rules.dice import FixedDice
from tests.board.first_game import (
    drag_into_contact,
    enter_unit,
    file_new,
    pick,
    place_from_palette,
    press_button,
    save_shot,
    select_piece,
    storm_selected,
)


def test_a_squad_storms_a_bastion_refused_out_of_contact_accepted_in_contact(fresh_window):
    window = fresh_window
    file_new(window, RuleSystem.WH40K, ("Ultramarines", "Iron Warriors"),
             shot=lambda d: save_shot(d, "first-game-40k-new.png"))
    bastion = place_from_palette(window, "Imperial Bastion")
    squad = enter_unit(window, "Tactical Squad Cato", "Ultramarines", 5, "32 mm",
                       {"ws": "4", "s": "4", "toughness": "4", "leadership": "8", "save": "3"},
                       shot=lambda e: save_shot(e, "first-game-40k-unit.png"))
    assert window.scenario.unit(squad).stats["toughness"] == 4
    save_shot(window, "first-game-40k-board.png")

    # Out of contact: nobody to pick, the reason with the measured distance, no roll.
    select_piece(window, bastion)
    dialog = storm_selected(window)
    assert isinstance(dialog, CloseCombatDialog)
    assert dialog.attacker.count() == 0 and not dialog.roll_button.isEnabled()
    refusal = dialog.refusal.text()
    assert refusal.startswith("No enemy unit may fight it in close combat — Tactical Squad Cato:")
    assert "from the building: it must be in base contact (within 0.10\")" in refusal
    assert "unit-" not in refusal and ".m-" not in refusal  # never internal ids
    save_shot(dialog, "first-game-40k-refused.png")
    dialog.close()

    # In contact: offered with the distance, rolled, the result in the log.
    drag_into_contact(window, squad, bastion)
    window.storm.make_dice = lambda: FixedDice([3, 4, 2, 1, *[4] * 20])  # the dice, scripted
    select_piece(window, bastion)
    dialog = storm_selected(window)
    assert dialog.attacker.count() == 1 and dialog.attacker_name() == "Tactical Squad Cato"
    assert "away, in base contact" in dialog.attacker.currentText()
    pick(dialog.preset, "Melta bombs")
    save_shot(dialog, "first-game-40k-accepted.png")
    press_button(dialog.roll_button)
    entry = window.scenario.log[-1]
    assert entry.text.startswith("Tactical Squad Cato assaults Imperial Bastion in close combat "
                                 "(rear armour 14, hits automatically) – Melta bombs")
    # Melta bombs: S8 + 2D6 (3 + 4) = 15 against rear armour 14, a penetrating hit: a hull
    # point, and the damage roll 2 + 2 (AP1) = 4, Structural Collapse (seed 000's table).
    assert ("penetration 7 + S8 = 15 against armour 14: penetrating hit; hull points 4 → 3; "
            "damage roll 2 +2 (AP1 weapon) = 4: Structural Collapse") in entry.text
    assert window.scenario.piece(bastion).state["hull_points_lost"] == 1
    save_shot(window, "first-game-40k-result.png")
