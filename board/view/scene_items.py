"""The board's items kept in step with the document: one item per piece and per model.

:class:`SceneItems` is the part of :class:`~board.view.scene.BoardScene` that owns the map
from document ids to items. It hears the document's one change event
(:class:`~board.document.events.DocumentChange`) and updates the items of what it names, and
nothing else: a moved model is moved, a casualty's item is removed, a unit that embarks loses
its items, a building whose datasheet changed (collapsed) is drawn anew. A whole new scenario
(``replaced``) is drawn from scratch. :attr:`SceneItems.items_made` counts the items made
(``benchmarks/edit_bench.py`` reads it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsScene

from board.document.datasheet import Datasheet, TerrainKind
from board.document.edits import ScenarioDocument
from board.document.events import DocumentChange
from board.document.model import Base, Model, Scenario, TerrainPiece, Unit
from board.game.army.guess import base_guessed, board_name
from board.view.building_look import BuildingLook, look_of
from board.view.convert import to_colour
from board.view.items import BuildingItem, ModelItem, TableItem
from board.view.items.label_item import LabelledScene, LabelRegistry
from board.view.items.model_layer import ModelLayer

__all__ = ["SceneItems", "ITEM_CLASSES", "TABLE_MARGIN"]

#: Which item class draws which kind of document object.
ITEM_CLASSES: dict[type, type[BuildingItem | ModelItem]] = {
    TerrainPiece: BuildingItem,
    Model: ModelItem,
}

#: Room around the table for pieces and models put beside it, inches.
TABLE_MARGIN = 6.0


def _unknown_look(datasheet_id: str) -> BuildingLook:
    square = ((-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0))
    return BuildingLook(f"unknown datasheet {datasheet_id}", TerrainKind.IMPASSABLE, square)


class SceneItems(LabelledScene, QGraphicsScene):
    """A scene with one item per terrain piece and per model of ``document``.

    Parameters
    ----------
    document
        The document to show; the items follow its ``changed`` event.
    library
        Datasheets by id, to draw terrain pieces.
    """

    def __init__(self, document: ScenarioDocument, library: Mapping[str, Datasheet]) -> None:
        #: Every label on the board, kept as each comes and goes (the layout reads it).
        self.labels = LabelRegistry()
        super().__init__()
        self.document = document
        self.library = library
        #: The library plus the scenario's own datasheets: what its pieces are drawn from.
        self.datasheets: dict[str, Datasheet] = dict(library)
        self.table_item = TableItem()
        self.addItem(self.table_item)
        #: The models at rest, drawn as one item (each model's item keeps the mouse).
        self.model_layer = ModelLayer()
        self.addItem(self.model_layer)
        self._pieces: dict[str, BuildingItem] = {}
        self._models: dict[str, ModelItem] = {}
        self._unit_models: dict[str, list[str]] = {}
        self._piece_sheets: dict[str, str] = {}
        self._bases: dict[str, Base] = {}
        #: Each datasheet's look (frozen), with the datasheet it was worked out from.
        self._looks: dict[str, tuple[Datasheet, BuildingLook]] = {}
        #: How many model and building items this scene has made.
        self.items_made = 0
        #: The zoom changed since the buildings' labels were judged (the view judges them
        #: before its next layout: :meth:`place_building_labels_if_due`).
        self._judging_due = False
        #: Where models came, went or moved, or a piece went, during the change being applied
        #: (inches): the buildings near are judged again once it is applied.
        self._changed_area = QRectF()

    def table_rect(self) -> QRectF:
        """Return the table, inches."""
        return self.table_item.rect

    def _before_redraw(self, scenario: Scenario) -> None:
        """A whole new scenario is about to be drawn (subclasses let go of what they hold)."""

    def _connect(self, document: ScenarioDocument) -> None:
        document.changed.connect(self._on_changed)

    def _on_changed(self, event: DocumentChange) -> None:
        """Update the items of what ``event`` changed, and nothing else."""
        if event.replaced:
            self._sync(self.document.scenario)
            return
        scenario = self.document.scenario
        for piece_id in event.pieces_removed:
            self._on_piece_removed(piece_id)
        for piece_id in event.pieces_added:
            self._on_piece_added(scenario.piece(piece_id))
        for piece_id in event.pieces_changed:
            self._on_piece_changed(scenario.piece(piece_id))
        for unit_id in event.units_removed:
            self._remove_unit_items(unit_id)
        for unit_id in event.units_added:
            self._on_unit_added(scenario.unit(unit_id))
        for unit_id in event.units_changed:
            self._on_unit_changed(scenario.unit(unit_id))
        if event.models_removed:
            self._on_models_removed(event.models_removed)
        if event.models_added:
            self._on_models_added(event.models_added)
        if event.models_changed:
            self._on_models_changed(event.models_changed)
        if event.units_touched:
            self._sync_occupants()
        if self._changed_area.isValid():
            area, self._changed_area = self._changed_area, QRectF()
            self._place_labels_near(area)

    def _place_labels_near(self, area: QRectF) -> None:
        """Judge again the labels of the buildings near ``area`` (what was there changed)."""
        reach = BuildingItem.NEAR
        near = [item for item in self.items(area.adjusted(-reach, -reach, reach, reach))
                if isinstance(item, BuildingItem)]
        if near:
            symbols = BuildingItem.symbol_boxes(list(self._pieces.values()),
                                                near[0].judging_scale())
            for item in near:
                item.place_labels_now(symbols)

    def _models_moved(self, items: Iterable[ModelItem]) -> None:
        for item in items:
            self._changed_area = self._changed_area.united(item.sceneBoundingRect())

    def _sync(self, scenario: Scenario) -> None:
        self._before_redraw(scenario)
        # Forget the items before removing them: removal emits selectionChanged.
        old = [*self._pieces.values(), *self._models.values()]
        self._pieces, self._models, self._unit_models = {}, {}, {}
        self._piece_sheets, self._bases = {}, {}
        for item in old:
            self.removeItem(item)
        self.datasheets = {**self.library, **{d.id: d for d in scenario.custom_datasheets}}
        self.set_table(scenario)
        # The pieces are placed first and their labels judged once, when every piece and
        # model is in the scene (judging each as it comes would judge it without the models,
        # then again with them).
        for piece in scenario.terrain:
            self._on_piece_added(piece, settle=False)
        for unit in scenario.units:
            self._on_unit_added(unit)
        self._changed_area = QRectF()
        self.place_building_labels(every=True)

    def zoom_changed(self) -> None:
        """The view's zoom changed: the buildings' labels are judged before the next layout."""
        self._judging_due = True

    def place_building_labels_if_due(self) -> None:
        """Judge the buildings' labels at the zoom shown, if it changed since they were.

        The view runs this before it lays out its labels (before each paint and export):
        several zoom steps between two paints are judged once, and a board about to be
        replaced (a file opened) is not judged at the new board's zoom.
        """
        if self._judging_due:
            self._judging_due = False
            self.place_building_labels()

    def place_building_labels(self, every: bool = False) -> None:
        """Judge the buildings' badges and name spots now, in one pass (the zoom changed).

        Only those judged at another zoom than the one shown, unless ``every`` (a whole
        board was just drawn); the buildings' symbols are measured once for the pass.
        """
        pieces = [item for item in self._pieces.values() if every or item.needs_judging()]
        if pieces:
            symbols = BuildingItem.symbol_boxes(list(self._pieces.values()),
                                                pieces[0].judging_scale())
            for item in pieces:
                item.place_labels_now(symbols)

    def set_table(self, scenario: Scenario) -> None:
        """Lay ``scenario``'s table (its size, its grid) and the room around it.

        A window about to show a new game lays its table first and fits its view to it, so
        that the labels of the board drawn next are judged once, at the zoom it is seen at.
        """
        self.table_item.set_size(scenario.table.width, scenario.table.height)
        self.table_item.set_grid_cm(scenario.rule_system.uses_cm)  # Epic: a cm grid
        margin = TABLE_MARGIN
        self.setSceneRect(self.table_rect().adjusted(-margin, -margin, margin, margin))

    def _make_item(self, obj: TerrainPiece | Model) -> BuildingItem | ModelItem:
        self.items_made += 1
        item_class = ITEM_CLASSES[type(obj)]
        if isinstance(obj, Model):  # made with its own base: its outline drawn once
            base = obj.base
            return item_class(obj.id, base.shape.value, base.length_in,  # type: ignore[call-arg, arg-type]
                              base.width_in)
        if isinstance(obj, TerrainPiece):
            sheet = self.datasheets.get(obj.datasheet)
            if sheet is None:
                look = _unknown_look(obj.datasheet)
            else:  # a board has many pieces of few datasheets: each is worked out once
                known = self._looks.get(obj.datasheet)
                if known is None or known[0] is not sheet:
                    known = self._looks[obj.datasheet] = (sheet, look_of(sheet))
                look = known[1]
            return item_class(obj.id, look)  # type: ignore[call-arg, arg-type]
        return item_class(obj.id)  # type: ignore[call-arg]

    def _on_piece_added(self, piece: TerrainPiece, settle: bool = True) -> None:
        item = self._make_item(piece)
        assert isinstance(item, BuildingItem)
        self._pieces[piece.id] = item
        self._piece_sheets[piece.id] = piece.datasheet
        self.addItem(item)
        self._sync_piece(piece, settle)

    def _on_piece_changed(self, piece: TerrainPiece) -> None:
        """A piece changed: moved, claimed, damaged; a new datasheet is a new drawing."""
        if self._piece_sheets.get(piece.id) != piece.datasheet:
            selected = self._pieces[piece.id].isSelected()
            self._on_piece_removed(piece.id)
            self._on_piece_added(piece)
            self._pieces[piece.id].setSelected(selected)
        else:
            self._sync_piece(piece)

    def _sync_piece(self, piece: TerrainPiece, settle: bool = True) -> None:
        item = self._pieces[piece.id]
        item.set_part_of_group(piece.group is not None, settle)
        item.set_placement(piece.x, piece.y, piece.rotation, settle)
        scenario = self.document.scenario
        holder = next((s for s in scenario.sides if s.id == piece.claimed_by), None)
        item.set_claim(to_colour(holder.colour) if holder else None, holder.name if holder else "")
        item.set_occupants([u.name for u in scenario.units_in(piece.id)])
        if piece.state:  # damaged: the label shows what is left (hull points, damage capacity)
            from board.game.systems.live_stats import live_stats

            item.set_live_stats(live_stats(scenario, self.datasheets, piece))
        else:
            item.set_live_stats({})

    def _sync_occupants(self) -> None:
        """Units came, went, embarked or got out: each building lists who is inside."""
        inside: dict[str, list[str]] = {}
        for unit in self.document.scenario.units:
            if unit.embarked_in is not None:
                inside.setdefault(unit.embarked_in, []).append(unit.name)
        for piece_id, item in self._pieces.items():
            item.set_occupants(inside.get(piece_id, []))

    def _on_piece_removed(self, piece_id: str) -> None:
        item = self._pieces.pop(piece_id)
        self._piece_sheets.pop(piece_id, None)
        self._changed_area = self._changed_area.united(item.sceneBoundingRect())
        self.removeItem(item)

    def _on_unit_added(self, unit: Unit) -> None:
        self._unit_models[unit.id] = []
        if unit.on_table:
            self._add_model_items(unit, unit.models)

    def _on_unit_changed(self, unit: Unit) -> None:
        """A unit kept its id but changed: embarked, got out, renamed, changed side."""
        shown = [mid for mid in self._unit_models.get(unit.id, []) if mid in self._models]
        if not unit.on_table:
            self._remove_model_items(shown)
            return
        side = next((s for s in self.document.scenario.sides if s.id == unit.side), None)
        colour = to_colour(side.colour if side else "#808080")
        name = board_name(unit, side.name if side else unit.side)
        guessed = base_guessed(unit)
        for mid in shown:
            self._models[mid].set_colour(colour)
            self._models[mid].set_name(name)
            self._models[mid].set_guessed(guessed)
        missing = [m for m in unit.models if m.id not in self._models]
        self._add_model_items(unit, missing)
        order = {m.id: i for i, m in enumerate(unit.models)}
        self._unit_models[unit.id] = sorted(
            (mid for mid in self._unit_models[unit.id] if mid in order), key=order.__getitem__)

    def _add_model_items(self, unit: Unit, models: Iterable[Model]) -> None:
        side = next((s for s in self.document.scenario.sides if s.id == unit.side), None)
        colour = to_colour(side.colour if side else "#808080")
        name = board_name(unit, side.name if side else unit.side)
        guessed = base_guessed(unit)
        ids = self._unit_models.setdefault(unit.id, [])
        for model in models:
            item = self._make_item(model)
            assert isinstance(item, ModelItem)
            self._bases[model.id] = model.base
            item.set_colour(colour)
            item.set_name(name)
            item.set_guessed(guessed)
            item.set_placement(model.x, model.y, model.facing)
            self._models[model.id] = item
            if model.id not in ids:
                ids.append(model.id)
            self.addItem(item)
            item.set_layer(self.model_layer)
            self._models_moved([item])

    def _remove_model_items(self, model_ids: Iterable[str]) -> None:
        gone = set(model_ids)
        items = [self._models.pop(mid) for mid in gone if mid in self._models]
        for mid in gone:
            self._bases.pop(mid, None)
        self._models_moved(items)
        for item in items:
            self.removeItem(item)

    def _remove_unit_items(self, unit_id: str) -> None:
        self._remove_model_items(self._unit_models.pop(unit_id, []))

    def _on_models_changed(self, model_ids: tuple[str, ...]) -> None:
        scenario = self.document.scenario
        for model_id in model_ids:
            item = self._models.get(model_id)
            if item is None:  # embarked: its position is only its formation inside
                continue
            _, model = scenario.model(model_id)
            self._models_moved([item])
            if self._bases.get(model_id) != model.base:
                item.set_base(model.base.shape.value, model.base.length_in, model.base.width_in)
                self._bases[model_id] = model.base
            item.set_placement(model.x, model.y, model.facing)
            self._models_moved([item])

    def _on_models_removed(self, model_ids: tuple[str, ...]) -> None:
        gone = set(model_ids)
        for ids in self._unit_models.values():
            ids[:] = [mid for mid in ids if mid not in gone]
        self._remove_model_items(model_ids)

    def _on_models_added(self, model_ids: tuple[str, ...]) -> None:
        scenario = self.document.scenario
        for model_id in model_ids:
            unit, model = scenario.model(model_id)
            if model_id in self._models:
                continue
            if unit.on_table:
                self._add_model_items(unit, [model])
            else:
                self._unit_models.setdefault(unit.id, []).append(model_id)
            ids = self._unit_models[unit.id]
            order = {m.id: i for i, m in enumerate(unit.models)}
            ids.sort(key=lambda mid: order.get(mid, len(order)))
