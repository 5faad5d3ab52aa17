"""The window's commands without the window: the same command objects on the same undo stack.

Every command the window offers ends in a ``QUndoCommand`` pushed on the window's
:class:`~board.view.commands.BoardUndoStack`, built from a game function (``board.game``)
or a plain document edit. :class:`HeadlessBoard` builds each of them exactly as the window's
glue does and pushes it on a real ``BoardUndoStack`` over a real
:class:`~board.document.edits.ScenarioDocument` with a real
:class:`~board.document.journal.Journal` attached, but with no scene, no items and no
repaint. Where the window's glue is a function or a scene method that needs only the
selection, the document and the stack (a drag, a turn, deleting the selection, a claim from
the context menu), the window's own code is called on a stand-in scene
(:class:`SelectionScene`); the rest repeat the few lines of their controller (noted on each
method). ``tests/board/test_undo_property.py`` drives it, with a smaller window-driven run
beside it that goes through the real window's glue.

Every method returns ``None``: whether the edit was accepted shows on the stack.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from board.document.changes import Change
from board.document.datasheet import Datasheet
from board.document.datasheets import place_datasheet
from board.document.edits import EditError, ScenarioDocument
from board.document.io import scenario_to_dict
from board.document.journal import Journal, read_journal
from board.document.journal_codec import decode_edit, scenario_of
from board.document.model import Annotation, Scenario, Side
from board.game.core.buildings import BuildingStateError
from board.game.core.clock import TurnError, goes_first
from board.game.core.targets import ModelTarget, PieceTarget, Target, UnitTarget
from board.game.core.world import World, WorldCache
from board.game.deployment.deploy_choice import choose_deployment, deployment_choices
from board.game.firers import Firer, firer_position
from board.game.kit import Dice
from board.game.measuring.annotations import ruler_annotation, within_annotation
from board.game.measuring.rings import parse_distances, ring_annotation
from board.game.occupancy.disembarking import disembark_change, plan_disembark
from board.game.occupancy.embarking import try_embark, try_move_between_parts
from board.game.placement import NoRoomError
from board.game.systems.wh40k.assault import CloseCombatAttack, close_combat
from board.game.systems.wh40k.automated_fire import automated_fire
from board.game.systems.wh40k.fire_record import embarked_models
from board.game.systems.wh40k.shooting import (
    ShootingError,
    ShotPlan,
    WeaponOrder,
    emplaced_order,
    shoot,
)
from board.game.turns import end_turn
from board.view.commands import (
    AddPiecesCommand,
    AddUnitCommand,
    ApplyChangeCommand,
    BoardUndoStack,
)
from board.view.context_menu import _claim
from board.view.deletion import delete_selection
from board.view.editors.sides import SidesCommand
from board.view.editors.unit_editor import UnitEditor
from board.view.editors.units import blocked_boxes
from board.view.palette import UnitSpec
from board.view.scene import BoardScene
from board.view.unit_factory import build_unit

__all__ = ["SelectionScene", "JournalFollower", "HeadlessBoard", "board_text"]

XY = tuple[float, float]


def board_text(scenario: Scenario) -> str:
    """The scenario as the JSON values a save writes, as one exact text (floats by repr).

    Strict JSON (no NaN): a value a save would refuse fails here.
    """
    return json.dumps(scenario_to_dict(scenario), allow_nan=False, ensure_ascii=False)


class SelectionScene:
    """What the window's drag, turn and delete code asks of a scene, without any items.

    :class:`~board.view.scene.BoardScene`'s own ``push_drag``, ``rotate_selected``,
    ``model_positions`` and ``piece_placements`` run on it unchanged (they read only the
    document, the datasheets, the world, the selection and the stack).
    """

    push_drag = BoardScene.push_drag
    rotate_selected = BoardScene.rotate_selected
    model_positions = BoardScene.model_positions
    piece_placements = BoardScene.piece_placements
    _push_as_one = BoardScene._push_as_one
    refuse = BoardScene.refuse

    def __init__(self, document: ScenarioDocument, datasheets: Mapping[str, Datasheet],
                 undo_stack: BoardUndoStack) -> None:
        self.document = document
        self.datasheets = dict(datasheets)
        self.undo_stack = undo_stack
        self._worlds = WorldCache(self.datasheets)
        self.selected_models: list[str] = []
        self.selected_pieces: list[str] = []

    def world(self) -> World:
        """The scenario's geometry as it is now (rebuilt only where it changed)."""
        return self._worlds.world_for(self.document.scenario)

    def select(self, model_ids: list[str], piece_ids: list[str]) -> None:
        """Select these (in document order, as the scene reports them)."""
        scenario = self.document.scenario
        models, pieces = set(model_ids), set(piece_ids)
        self.selected_models = [m.id for u in scenario.units if u.on_table
                                for m in u.models if m.id in models]
        self.selected_pieces = [p.id for p in scenario.terrain if p.id in pieces]

    def selected_model_ids(self) -> list[str]:
        """The selected models that still exist, in document order."""
        self.select(self.selected_models, self.selected_pieces)
        return list(self.selected_models)

    def selected_piece_ids(self) -> list[str]:
        """The selected pieces that still exist, in document order."""
        self.select(self.selected_models, self.selected_pieces)
        return list(self.selected_pieces)


class JournalFollower:
    """Replays a journal as it grows onto a second document: the journal's board, any time.

    :meth:`catch_up` reads the lines written since the last call, decodes each edit as
    recovery does and performs it on :attr:`document`, so after every step the board the
    journal rebuilds can be compared with the board on the table.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        header, records, note = read_journal(path)
        assert not records and not note
        self.document = ScenarioDocument(scenario_of(header["base"]["scenario"],
                                                     f"{path}, base"))
        self.offset = len(path.read_bytes().split(b"\n", 1)[0]) + 1
        self.edits = 0

    def catch_up(self) -> Scenario:
        """Perform the edits written since the last call; return the journal's board."""
        with open(self.path, "rb") as handle:
            handle.seek(self.offset)
            data = handle.read()
        end = data.rfind(b"\n") + 1  # a line is written whole (one os.write) or not at all
        assert end == len(data), "the journal ends in a partial line"
        for raw in data[:end].splitlines():
            record = json.loads(raw)
            assert record["n"] == self.edits + 1, "the journal's edits are not numbered in order"
            self.document.perform(record["op"], decode_edit(
                record["op"], record["args"], system=self.document.scenario.rule_system))
            self.edits += 1
        self.offset += end
        return self.document.scenario


class HeadlessBoard:
    """A document, the window's undo stack and a journal; the window's commands as methods.

    Parameters
    ----------
    scenario
        The board to start from (the document takes it).
    library
        The shipped datasheets (the scenario's own are added, as the scene does).
    journal
        Where to keep the journal (an unsaved board's: the whole scenario inline).
    undo_limit
        The stack's limit (the window's setting; 0 keeps every step).
    """

    def __init__(self, scenario: Scenario, library: Mapping[str, Datasheet], journal: Path,
                 undo_limit: int = 0) -> None:
        self.document = ScenarioDocument(scenario)
        self.library = dict(library)
        self.stack = BoardUndoStack(limit=undo_limit)
        self.refusals: list[str] = []
        self.stack.refused.connect(self.refusals.append)
        self.datasheets = {**self.library, **{d.id: d for d in scenario.custom_datasheets}}
        self.scene = SelectionScene(self.document, self.datasheets, self.stack)
        self.journal = Journal.start(journal, self.document)
        self.follower = JournalFollower(journal)

    @property
    def scenario(self) -> Scenario:
        """The board as the document has it."""
        return self.document.scenario

    def world(self) -> World:
        """The geometry of the board now (the scene's cache)."""
        return self.scene.world()

    def close(self) -> None:
        """Stop the journal (kept on disk) and let the stack go."""
        self.journal.close(delete=False)
        self.stack.clear()

    # -- placing and removing ---------------------------------------------------------------
    def place_terrain(self, datasheet_id: str, x: float, y: float) -> None:
        """The palette's terrain (``MainWindow.place_terrain``): a multi-part one whole."""
        pieces = place_datasheet(self.datasheets, datasheet_id, x, y,
                                 piece_id=self.document.new_id(datasheet_id))
        self.stack.push(AddPiecesCommand(self.document, pieces,
                                         self.datasheets[datasheet_id].name))

    def add_unit(self, spec: UnitSpec, centre: XY) -> None:
        """Units ▸ Add (``editors.units.add_unit``, the label boxes aside: they need a view)."""
        try:
            unit = build_unit(self.document, spec, centre, blocked_boxes(self.world()))
        except NoRoomError:
            return
        self.stack.push(AddUnitCommand(self.document, unit))

    def delete(self, model_ids: list[str], piece_ids: list[str]) -> None:
        """Delete the selection (the window's ``delete_selection``, one macro step)."""
        self.scene.select(model_ids, piece_ids)
        try:
            delete_selection(self.scene, self.document, self.stack)  # type: ignore[arg-type]
        except EditError:
            pass

    # -- moving -----------------------------------------------------------------------------
    def drag(self, model_ids: list[str], piece_ids: list[str], dx: float, dy: float) -> None:
        """A finished drag of these by ``(dx, dy)`` (the scene's ``push_drag``, claims too)."""
        old_m = self.scene.model_positions(model_ids)
        old_p = self.scene.piece_placements(piece_ids)
        self.scene.push_drag(old_m, {m: (x + dx, y + dy) for m, (x, y) in old_m.items()},
                             old_p, {p: (x + dx, y + dy, r) for p, (x, y, r) in old_p.items()})

    def charge(self, model_id: str, piece_id: str) -> None:
        """Drag one model into base contact with a building (a close combat may follow)."""
        from shapely.geometry import Point
        from shapely.ops import nearest_points

        model = self.scenario.model(model_id)[1]
        footprint = self.world().piece(piece_id).footprint
        if footprint.is_empty:
            return
        _, near = nearest_points(Point(model.x, model.y), footprint)
        dx, dy = model.x - near.x, model.y - near.y
        length = (dx * dx + dy * dy) ** 0.5 or 1.0
        reach = model.base.length_in / 2 + 0.02
        target = (near.x + dx / length * reach, near.y + dy / length * reach)
        self.drag([model_id], [], target[0] - model.x, target[1] - model.y)

    def approach(self, unit_id: str, piece_id: str, door: int) -> None:
        """Drag a whole unit (rigidly) to just outside one of a building's access points."""
        shapes = self.world().piece(piece_id)
        unit = self.scenario.unit(unit_id)
        if not shapes.access_points or not unit.on_table or not unit.models:
            return
        point = shapes.access_points[door % len(shapes.access_points)]
        middle = shapes.footprint.centroid
        ox, oy = point.x - middle.x, point.y - middle.y
        length = (ox * ox + oy * oy) ** 0.5 or 1.0
        reach = max(m.base.length_in for m in unit.models) / 2 + 0.6
        cx = sum(m.x for m in unit.models) / len(unit.models)
        cy = sum(m.y for m in unit.models) / len(unit.models)
        self.drag([m.id for m in unit.models], [], point.x + ox / length * reach - cx,
                  point.y + oy / length * reach - cy)

    def near_door(self, unit_id: str, piece_id: str) -> bool:
        """Whether some model of the unit is within 3" (centre) of an access point."""
        points = self.world().piece(piece_id).access_points
        return bool(points) and any(
            min((m.x - a.x) ** 2 + (m.y - a.y) ** 2 for a in points) <= 9.0
            for m in self.scenario.unit(unit_id).models)

    def rotate(self, model_ids: list[str], piece_ids: list[str], degrees: float) -> None:
        """Turn the selection (the scene's ``rotate_selected``; turns of the same merge)."""
        self.scene.select(model_ids, piece_ids)
        self.scene.rotate_selected(degrees)

    # -- editing ----------------------------------------------------------------------------
    def edit_unit(self, unit_id: str, name: str, side: int, troop: int) -> None:
        """Units ▸ Edit Unit…: the real editor's fields, accepted (``UnitsController``)."""
        scenario = self.scenario
        editor = UnitEditor(scenario.rule_system, scenario.sides, scenario.unit(unit_id))
        try:
            editor.name_edit.setText(name)
            editor.side_box.setCurrentIndex(side % max(1, editor.side_box.count()))
            editor.troop_box.setCurrentIndex(troop % max(1, editor.troop_box.count()))
            new = editor.edited()
        except ValueError:
            return
        finally:
            editor.deleteLater()
        self.stack.push(ApplyChangeCommand(self.document, Change(units={new.id: new}),
                                           f"Edit {new.name}"))

    def rename_sides(self, names: list[str], colours: list[str]) -> None:
        """Edit ▸ Sides…, accepted (the dialog refuses an empty or repeated name)."""
        sides = self.scenario.sides
        wanted = [n.strip() for n in names[:len(sides)]]
        if len(wanted) < len(sides) or not all(wanted) or \
                len({n.casefold() for n in wanted}) < len(wanted):
            return
        new = [Side(s.id, n, colours[k % len(colours)]) for k, (s, n) in
               enumerate(zip(sides, wanted, strict=True))]
        self.stack.push(SidesCommand(self.document, new))

    def claim(self, piece_id: str, side_id: str | None) -> None:
        """The building's context menu: claimed by a side, or unclaimed."""
        _claim(self.document, self.stack, piece_id, side_id, f"claim {piece_id}")

    def choose_map(self, key: str) -> None:
        """Deployment ▸ map (``DeploymentController.choose_map``)."""
        scenario = self.scenario
        change = choose_deployment(scenario, key)
        if change.empty:
            return
        name = next(c.name for c in deployment_choices(scenario) if c.key == key)
        self.stack.push(ApplyChangeCommand(self.document, change, f"Deployment map: {name}"))

    # -- buildings --------------------------------------------------------------------------
    def embark(self, unit_id: str, piece_id: str) -> None:
        """Embark (``BuildingsController.embark``): the rules decide, one step or none."""
        self._attempt(try_embark, unit_id, piece_id)

    def move_between_parts(self, unit_id: str, target_id: str) -> None:
        """Move inside a multi-part building (``BuildingsController.move_between_parts``)."""
        self._attempt(try_move_between_parts, unit_id, target_id)

    def _attempt(self, rule: Any, unit_id: str, piece_id: str) -> None:
        try:
            attempt = rule(self.scenario, self.datasheets, self.world(), unit_id, piece_id)
        except BuildingStateError:
            return
        if attempt.change is not None:
            self.stack.push(ApplyChangeCommand(self.document, attempt.change, "embark"))

    def disembark(self, unit_id: str, nudge: XY) -> None:
        """Disembark at the tool's first placement, moved by ``nudge`` (Enter completes)."""
        scenario = self.scenario
        try:
            plan = plan_disembark(scenario, self.datasheets, self.world(), unit_id)
        except BuildingStateError:
            return
        if not plan.decision:
            return
        positions = {m: (x + nudge[0], y + nudge[1]) for m, (x, y) in plan.start.items()}
        _, change = disembark_change(scenario, self.datasheets, self.world(), plan, positions)
        if change is not None:
            self.stack.push(ApplyChangeCommand(self.document, change, "disembark"))

    # -- the battle -------------------------------------------------------------------------
    def start_battle(self, side_id: str) -> None:
        """Who goes first (``ShootingFeature.start_battle``)."""
        try:
            change = goes_first(self.scenario, side_id)
        except TurnError:
            return
        self.stack.push(ApplyChangeCommand(self.document, change, "Who goes first"))

    def end_turn(self, seed: int) -> None:
        """End the player turn (``ShootingFeature.end_turn``)."""
        try:
            done = end_turn(self.scenario, self.datasheets, seed)
        except (TurnError, ValueError, KeyError):
            return
        self.stack.push(ApplyChangeCommand(self.document, done.change, "End turn"))

    def shoot(self, piece_id: str, firer: Firer, weapon: WeaponOrder, seed: int) -> None:
        """The Shoot dialog's Roll (``ShootDialog.plan`` and ``roll``): 40K, or Epic firepower.

        A Warhammer Fantasy board has no building shooting (the dialog says why).
        """
        from board.game.systems.protocol import ShotForm
        from board.game.systems.registry import system_for

        scenario, world = self.scenario, self.world()
        system = system_for(scenario.rule_system)
        try:
            if system.building_not_shot:
                return
            if system.shot_form is ShotForm.FIREPOWER:
                from board.game.systems.epic.shooting import epic_shoot

                at, label = firer_position(scenario, world, firer, piece_id)
                result = epic_shoot(scenario, self.datasheets, world, piece_id, weapon.shots,
                                    label, weapon.strength >= 8, seed)
            else:
                by_hand = None
                if firer.piece_id is not None and firer.weapon_id is not None:
                    weapon, _ = emplaced_order(scenario, self.datasheets, world,
                                               firer.piece_id, firer.weapon_id, weapon.bs)
                    by_hand = next(iter(embarked_models(scenario, firer.piece_id)), None)
                at, label = firer_position(scenario, world, firer, piece_id)
                result = shoot(scenario, self.datasheets, world,
                               ShotPlan(piece_id, weapon, at, label, by_hand=by_hand), seed)
        except (ShootingError, ValueError, KeyError):
            return
        self.stack.push(ApplyChangeCommand(self.document, result.change, "Shoot"))

    def automated_fire(self, seed: int) -> None:
        """Automated fire (``ShootingFeature.automated_fire``)."""
        try:
            result = automated_fire(self.scenario, self.datasheets, self.world(), seed)
        except (ValueError, KeyError):
            return
        if result.targets:
            self.stack.push(ApplyChangeCommand(self.document, result.change, "Automated fire"))

    def assault(self, piece_id: str, attacker: str, attack: CloseCombatAttack, seed: int,
                reaction: int = 0) -> None:
        """Storm a Building: the dialog of the board's system, played to its end, Roll/Apply.

        40K and Horus Heresy: close combat (``CloseCombatDialog.roll``); Epic 40,000: a close
        assault by the attacker's stands (``EpicAssaultDialog.roll``); Warhammer Fantasy:
        declare, react (hold, stand and shoot, flee by ``reaction``), charge, parties, fight,
        result (``FantasyAssaultDialog``), applied when it is over.
        """
        from board.game.core.assault import AssaultError
        from board.game.systems.protocol import AssaultKind
        from board.game.systems.registry import system_for

        scenario, world = self.scenario, self.world()
        kind = system_for(scenario.rule_system).assault
        try:
            if kind is AssaultKind.EPIC:
                from board.game.systems.epic.assault import epic_assault, epic_stands

                stands = [s.model_id for s in epic_stands(scenario, world, piece_id)
                          if s.decision]  # the dialog checks the stands that may
                result = epic_assault(scenario, self.datasheets, world, piece_id, stands,
                                      Dice(seed))
            elif kind is AssaultKind.FANTASY:
                result = _storm(scenario, self.datasheets, world, piece_id, attacker,
                                Dice(seed), reaction)
                if result is None:
                    return
            else:
                result = close_combat(scenario, self.datasheets, world, piece_id, attack,
                                      attacker, Dice(seed))
        except (AssaultError, KeyError):
            return
        self.stack.push(ApplyChangeCommand(self.document, result.change, "Assault"))

    def close_combat(self, piece_id: str, attacker: str, attack: CloseCombatAttack,
                     seed: int) -> None:
        """The 40K close combat dialog's Roll (kept for callers: :meth:`assault`)."""
        self.assault(piece_id, attacker, attack, seed)

    # -- kept measurements ------------------------------------------------------------------
    def _new_annotation_id(self, kind: str) -> str:
        used = {a.id for a in self.scenario.annotations}  # MeasureLayer.new_id
        return next(f"{kind}-{n}" for n in range(1, len(used) + 2) if f"{kind}-{n}" not in used)

    def _keep(self, annotation: Annotation) -> None:
        self.stack.push(ApplyChangeCommand(self.document,
                                           Change(annotations={annotation.id: annotation}),
                                           "Keep"))

    def keep_ruler(self, first: Target, second: Target, centre_to_centre: bool) -> None:
        """Keep a ruler on the board (the ruler tool's Keep)."""
        self._keep(ruler_annotation(self._new_annotation_id("ruler"), first, second,
                                    centre_to_centre))

    def keep_within(self, unit_id: str, target: Target, distance: float) -> None:
        """Keep a "within" question (the within tool's Keep)."""
        self._keep(within_annotation(self._new_annotation_id("within"), unit_id, target,
                                     distance))

    def rings(self, target: Target, text: str, weapons: bool = False) -> None:
        """Range rings around the selection, or its emplaced weapons' ranges."""
        try:
            distances = () if weapons else parse_distances(text, "in")
        except ValueError:
            return
        self._keep(ring_annotation(self._new_annotation_id("ring"), target, distances, "in",
                                   weapons=weapons))

    def remove_annotation(self, annotation_id: str) -> None:
        """Take a kept measurement off the board (``MeasureLayer.remove``)."""
        self.stack.push(ApplyChangeCommand(self.document,
                                           Change(annotations={annotation_id: None}),
                                           f"Remove {annotation_id}"))


TARGET_KINDS = (ModelTarget, UnitTarget, PieceTarget)


def _storm(scenario: Scenario, library: Mapping[str, Datasheet], world: World, piece_id: str,
           attacker: str, dice: Dice, reaction: int) -> Any:
    """A Warhammer Fantasy assault played through as the dialog's buttons do; its result.

    ``None`` when a step is refused before the assault is over (the dialog then shows why
    and applies nothing).
    """
    from board.game.core.assault import AssaultError
    from board.game.systems.fantasy.assault import FantasyStorm
    from rules.warhammer_fantasy.assault import AssaultStep
    from rules.warhammer_fantasy.assault_steps import Reaction

    storm = FantasyStorm(scenario, library, world, piece_id, attacker, dice)
    chosen = list(Reaction)[reaction % len(Reaction)]
    steps = {AssaultStep.DECLARED: lambda: storm.react(chosen),
             AssaultStep.REACTED: storm.roll_charge,
             AssaultStep.ENGAGED: storm.choose_parties,
             AssaultStep.PARTIES_CHOSEN: storm.fight,
             AssaultStep.FOUGHT: storm.resolve}
    for _ in range(10):
        if storm.step.over:
            return storm.result()
        try:
            steps[storm.step]()
        except AssaultError:
            if chosen is Reaction.HOLD:
                return None
            chosen = Reaction.HOLD  # the dialog refused that reaction: the player holds
    return None
