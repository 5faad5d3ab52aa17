"""Warhammer Fantasy building assault, step by step, each player's choices asked in turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QWidget,
)

from board.document.model import Unit
from board.game.assault_reach import assault_candidates
from board.game.core.assault import AssaultError
from board.game.core.names import Namer
from board.game.kit import AssaultStep, Dice, Reaction
from board.game.systems.protocol import AssaultSteps, SteppedAssault
from board.game.systems.registry import system_for
from board.view.assault.common import (
    AssaultDialog,
    no_candidate_text,
    out_of_reach_text,
    ring_of,
)
from board.view.assault.marks_item import TAKING_PART, AssaultMarks, ChargeLine

if TYPE_CHECKING:
    from board.view.window import MainWindow

__all__ = ["FantasyAssaultDialog"]

Step = AssaultStep


class FantasyAssaultDialog(AssaultDialog):
    """Declare → the garrison reacts → charge → assault parties → fight → result.

    Each button is enabled only at its step; the assault is applied to the board (one undo
    step) as soon as it ends: a failed charge, a broken garrison or a withdrawal.
    """

    def __init__(self, window: MainWindow, piece_id: str, make_dice: Callable[[], Dice]) -> None:
        super().__init__(window, piece_id, make_dice, "Warhammer Fantasy building assault")
        self.storm: SteppedAssault | None = None
        scenario = window.document.scenario
        steps = system_for(scenario.rule_system).assault_steps
        assert steps is not None, "the step-by-step dialog opens for AssaultKind.FANTASY only"
        self.steps: AssaultSteps = steps
        self.garrison: Unit | None = steps.garrison(scenario, window.library, piece_id)
        self._build()
        if self.garrison is None:
            self.refuse(f"{self.piece_name} holds no garrison: only an occupied building is "
                        f"assaulted")
        self._refresh()

    # -- widgets -----------------------------------------------------------------------------
    def _build(self) -> None:
        held = f"held by {self.garrison.name}" if self.garrison else "empty"
        self.held = QLabel(f"The building is {held}.")
        self.add(self.held)
        self.attacker_box = QComboBox()
        window = self.window_
        self.candidates = assault_candidates(window.document.scenario, window.scene.world(),
                                             self.piece_id) if self.garrison else []
        for candidate in self.candidates:
            if candidate.allowed:
                self.attacker_box.addItem(candidate.text, candidate.unit_id)
        self.attacker_box.setToolTip("The enemy units whose charge can reach the building "
                                     "(Movement + 2D6, measured to the nearest model)")
        self.declare_button = QPushButton("1. Declare the assault")
        self.add(self._row("Assaulting unit:", self.attacker_box, self.declare_button))
        never = self.steps.refusals(window.document.scenario, window.scene.world(),
                                    self.piece_id) if self.garrison else []
        self.out_of_reach = QLabel("\n".join(
            [t for t in (out_of_reach_text(self.candidates),) if t] + never))
        self.out_of_reach.setWordWrap(True)
        self.add(self.out_of_reach)
        self.hold = QRadioButton("Hold")
        self.stand_and_shoot = QRadioButton("Stand && Shoot")
        self.hold.setChecked(True)
        self.terror = QCheckBox("failed a Terror test")
        self.react_button = QPushButton("2. The garrison reacts")
        self.add(self._row("Garrison's reaction:", self.hold, self.stand_and_shoot, self.terror,
                           self.react_button))
        self.charge_button = QPushButton("3. Roll the charge")
        self.abandon_button = QPushButton("The assaulter is charged: abandon the assault")
        self.abandon_button.setToolTip("An assaulting unit that is itself charged "
                                       "abandons the assault and moves back 1\"")
        self.add(self._row("", self.charge_button, self.abandon_button))
        self.attacker_characters = QListWidget()
        self.defender_characters = QListWidget()
        self.parties_button = QPushButton("4. Choose the assault parties")
        self.add(self._parties_box())
        self.add(self._stomps_box())
        self.add(self._challenge_box())
        self.fight_button = QPushButton("5. Fight the round")
        self.resolve_button = QPushButton("6. Result and Break test")
        self.add(self._row("", self.fight_button, self.resolve_button))
        self.declare_button.clicked.connect(self.declare)
        self.react_button.clicked.connect(self.react)
        self.charge_button.clicked.connect(self.roll_charge)
        self.abandon_button.clicked.connect(self.abandon)
        self.parties_button.clicked.connect(self.choose_parties)
        self.fight_button.clicked.connect(self.fight)
        self.resolve_button.clicked.connect(self.resolve)

    def _row(self, title: str, *widgets: QWidget) -> QWidget:
        box = QWidget()
        grid = QGridLayout(box)
        grid.setContentsMargins(0, 0, 0, 0)
        if title:
            grid.addWidget(QLabel(title), 0, 0)
        for k, widget in enumerate(widgets, start=1):
            grid.addWidget(widget, 0, k)
        return box

    def _parties_box(self) -> QGroupBox:
        box = QGroupBox("Characters in the assault parties (rank and file fill up to US 10)")
        grid = QGridLayout(box)
        grid.addWidget(QLabel("Assaulter"), 0, 0)
        grid.addWidget(QLabel("Garrison"), 0, 1)
        grid.addWidget(self.attacker_characters, 1, 0)
        grid.addWidget(self.defender_characters, 1, 1)
        grid.addWidget(self.parties_button, 2, 0, 1, 2)
        self.attacker_characters.setMaximumHeight(70)
        self.defender_characters.setMaximumHeight(70)
        return box

    def _stomps_box(self) -> QGroupBox:
        """The nominations for Stomps, hidden unless a party has a model with Stomps.

        Seed 002: a model fighting in a building is in base contact with one enemy model its
        opponent nominates; each player names it for the other side's Stomps.
        """
        self.stomps = QGroupBox("Stomps: in base contact with (the opponent nominates)")
        grid = QGridLayout(self.stomps)
        self.stomps_on_defenders, self.stomps_on_attackers = QComboBox(), QComboBox()
        grid.addWidget(QLabel("the assaulters' Stomps land on"), 0, 0)
        grid.addWidget(self.stomps_on_defenders, 0, 1)
        grid.addWidget(QLabel("the garrison's Stomps land on"), 1, 0)
        grid.addWidget(self.stomps_on_attackers, 1, 1)
        self.stomps.setVisible(False)
        return self.stomps

    def _challenge_box(self) -> QGroupBox:
        """The one challenge, between characters or champions already in the two parties.

        Seed 002: "A single challenge may still be issued and accepted, but only between
        models already chosen for the two assault parties". Hidden until the parties are
        chosen and each has a model that may fight one.
        """
        self.challenge = QGroupBox("Challenge (between the two assault parties)")
        self.challenge.setCheckable(True)
        self.challenge.setChecked(False)
        grid = QGridLayout(self.challenge)
        self.challenger, self.accepter = QComboBox(), QComboBox()
        grid.addWidget(QLabel("issued by"), 0, 0)
        grid.addWidget(self.challenger, 0, 1)
        grid.addWidget(QLabel("accepted by"), 1, 0)
        grid.addWidget(self.accepter, 1, 1)
        self.challenge.setVisible(False)
        return self.challenge

    def _fill_challenge(self) -> None:
        """The characters and champions of each party, the assaulters' first."""
        assert self.storm is not None
        ours, theirs = self.storm.party_members()
        for combo, members in ((self.challenger, [*ours, *theirs]),
                               (self.accepter, [*theirs, *ours])):
            combo.clear()
            for member in members:
                if member.may_challenge:
                    combo.addItem(member.name, member.id)
        self.challenge.setVisible(any(m.may_challenge for m in ours)
                                  and any(m.may_challenge for m in theirs))

    def challenged(self) -> tuple[str, str] | None:
        """The challenge as the box has it (``None``: no challenge)."""
        if not (self.challenge.isVisible() and self.challenge.isChecked()):
            return None
        return str(self.challenger.currentData()), str(self.accepter.currentData())

    def _fill_stomps(self) -> None:
        """Offer the enemy party's models to each side whose party has a model with Stomps."""
        assert self.storm is not None
        ours, theirs = self.storm.party_members()
        if not ours:
            return
        shown = False
        for own, enemy, combo in ((ours, theirs, self.stomps_on_defenders),
                                  (theirs, ours, self.stomps_on_attackers)):
            combo.clear()
            stomping = any(m.stomps for m in own)
            for model in enemy:
                combo.addItem(model.name, model.id)
            combo.setCurrentIndex(combo.count() - 1)  # the last rank and file, unless named
            combo.setEnabled(stomping)
            shown = shown or stomping
        self.stomps.setVisible(shown)

    def nominated(self) -> dict[str, str]:
        """Each model with Stomps → the enemy model its opponent named."""
        if self.storm is None:
            return {}
        ours, theirs = self.storm.party_members()
        found = {}
        for own, combo in ((ours, self.stomps_on_defenders),
                           (theirs, self.stomps_on_attackers)):
            for model in own:
                if model.stomps and combo.currentData():
                    found[model.id] = str(combo.currentData())
        return found

    def _refresh(self) -> None:
        step = self.storm.step if self.storm else None
        self.declare_button.setEnabled(self.storm is None and self.garrison is not None)
        self.attacker_box.setEnabled(self.storm is None)
        self.react_button.setEnabled(step is Step.DECLARED)
        self.stand_and_shoot.setEnabled(step is Step.DECLARED
                                        and self.storm is not None
                                        and self.storm.may_stand_and_shoot())
        self.charge_button.setEnabled(step is Step.REACTED)
        self.abandon_button.setEnabled(step in (Step.DECLARED, Step.REACTED, Step.ENGAGED))
        self.parties_button.setEnabled(step is Step.ENGAGED)
        self.fight_button.setEnabled(step is Step.PARTIES_CHOSEN)
        self.resolve_button.setEnabled(step is Step.FOUGHT)

    # -- the steps ---------------------------------------------------------------------------
    def declare(self) -> None:
        """Declare the assault by the unit chosen (sight and distance measured)."""
        window = self.window_
        attacker = self.attacker_box.currentData()
        if attacker is None:
            self.refuse(no_candidate_text(self.candidates, "charge it"))
            return
        try:
            self.storm = self.steps.declare(window.document.scenario, window.library,
                                            window.scene.world(), self.piece_id,
                                            str(attacker), self.make_dice())
        except AssaultError as error:
            self.refuse(error)
            return
        self.note(self.storm.lines[0])
        self._mark_charge()
        self._list_characters()
        self._refresh()

    def _mark_charge(self) -> None:
        """The assaulter ringed and the line it must cross, with the distance, on the board."""
        assert self.storm is not None
        near, far, gap = self.storm.charge_line()
        rings = tuple(ring_of(m, TAKING_PART) for m in self.storm.attacker.models)
        self.show_marks(AssaultMarks(rings, ChargeLine(QPointF(*near), QPointF(*far),
                                                       f"{gap:.2f}\"")))

    def _list_characters(self) -> None:
        assert self.storm is not None and self.garrison is not None
        scenario = self.window_.document.scenario
        namer = Namer.for_scenario(scenario, None)
        for unit, widget in ((self.storm.attacker, self.attacker_characters),
                             (self.garrison, self.defender_characters)):
            for character in self.steps.characters_with(scenario, unit):
                for model in character.models:
                    item = QListWidgetItem(namer.model(model.id))
                    item.setData(Qt.ItemDataRole.UserRole, model.id)
                    item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                    item.setCheckState(Qt.CheckState.Checked)
                    widget.addItem(item)

    def _do(self, step: Callable[[], str]) -> None:
        try:
            self.note(step())
        except AssaultError as error:
            self.refuse(error)
            return
        assert self.storm is not None
        if self.storm.step.over:
            before = len(self.storm.lines)
            result = self.storm.result()
            self.apply(result.change, f"Assault on {self.piece_name}")
            self.show_marks(AssaultMarks())  # the board itself shows where everyone went
            self._say_who_holds()
            if result.lines[before:]:
                self.note("\n".join(result.lines[before:]))
        self._refresh()

    def _say_who_holds(self) -> None:
        inside = self.window_.document.scenario.units_in(self.piece_id)
        names = ", ".join(u.name for u in inside)
        self.held.setText(f"After the assault the building is "
                          f"{f'held by {names}' if names else 'empty'}.")

    def react(self) -> None:
        """The garrison Holds or Stands & Shoots (it never flees)."""
        assert self.storm is not None
        storm = self.storm
        reaction = Reaction.STAND_AND_SHOOT if self.stand_and_shoot.isChecked() \
            else Reaction.HOLD
        self._do(lambda: storm.react(reaction, self.terror.isChecked()))

    def roll_charge(self) -> None:
        """Roll Movement + 2D6 against the distance to the building."""
        assert self.storm is not None
        self._do(self.storm.roll_charge)

    def choose_parties(self) -> None:
        """Both players' characters in their parties; rank and file fill up."""
        assert self.storm is not None
        storm = self.storm
        ours, theirs = _checked(self.attacker_characters), _checked(self.defender_characters)
        self._do(lambda: storm.choose_parties(ours, theirs))
        self._fill_stomps()
        self._fill_challenge()

    def fight(self) -> None:
        """Fight the round in Initiative order (the challenge apart), then the Stomps."""
        assert self.storm is not None
        storm, nominated, challenge = self.storm, self.nominated(), self.challenged()
        self._do(lambda: storm.fight(nominated, challenge))

    def abandon(self) -> None:
        """The assaulter is itself charged: the assault ends, the unit moves back 1"."""
        assert self.storm is not None
        self._do(self.storm.abandon)

    def resolve(self) -> None:
        """Work out the result, the Break test and who goes where; apply it to the board."""
        assert self.storm is not None
        self._do(self.storm.resolve)


def _checked(widget: QListWidget) -> list[str]:
    items = [widget.item(k) for k in range(widget.count())]
    return [str(i.data(Qt.ItemDataRole.UserRole)) for i in items
            if i.checkState() == Qt.CheckState.Checked]
