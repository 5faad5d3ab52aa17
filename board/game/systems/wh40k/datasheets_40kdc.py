"""Warhammer 40,000 datasheets from ``wh40kdc`` (40kdc-data): each unit's bases, per model.

``wh40kdc`` (PyPI; code MIT, data CC BY 4.0; "Powered by 40kdc-data") embeds the current 40K
datasheets: each unit's base (``base_size_mm``), its composition with a base per model (a
sergeant on 40 mm beside troopers on 32 mm), its size (``model_count``) and its BattleScribe
entry ids (``external_refs``, namespace ``bsdata``). It is imported at the first 40K import,
not before (:func:`load`), and not copied: battleboard reads it through its public API
(``Dataset.embedded()``, ``units.by_external_ref``, ``units.find_all``,
``unit_composition_of``).

A list's unit is matched by its BattleScribe entry id first (a link's id ``a::b`` tries each
part, the target last-first), then by name: the unit's, then its models' (an 8th-edition
"Basilisks" unit of one "Basilisk"), each as written, without an older edition's designation
("XV88 Broadside Battlesuits" is today's "Broadside Battlesuits"), without a note in brackets or
after "w/", and in the singular; a name matches a datasheet's name or one of its aliases
exactly, never a part of one. A match says which way it was made.

Base forms, as the dataset writes them: ``round`` (``diameter``), ``oval`` and ``flying-base``
(``length`` and ``width``: the board stands an oval with its longer axis along the model's
facing, as a bike or a flyer stands), ``hull`` (no base: measured to the hull, whose size the
shipped table gives), ``unique`` or a flying base without sizes (no size given: not a base).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from board.document.model import Base
from board.document.roster.bases import normalise
from board.game.systems.datasheets import DatasheetMatch, name_forms

__all__ = ["Datasheets40kdc", "load", "CREDIT", "base_of"]

#: How the board credits the source (Help ▸ About, the import dialog, docs).
CREDIT = "40kdc-data"
_ID = re.compile(r"^[0-9a-f]{1,8}(-[0-9a-f]{1,8}){2,4}$")


def base_of(raw: object) -> Base | None:
    """A dataset base (``{"shape": "round", "diameter": 32}``…) as the board's, if it has sizes.

    >>> base_of({"shape": "round", "diameter": 28.5}).label
    '28.5 mm'
    >>> base_of({"shape": "oval", "length": 42, "width": 75}).label
    '75×42 mm oval'
    >>> base_of({"shape": "hull", "draft": True}) is None
    True
    """
    if not isinstance(raw, dict):
        return None
    try:
        if raw.get("shape") == "round" and raw.get("diameter"):
            return Base.round_mm(float(raw["diameter"]))
        if raw.get("shape") in ("oval", "flying-base") and raw.get("length") and raw.get("width"):
            a, b = float(raw["length"]), float(raw["width"])
            return Base.oval_mm(max(a, b), min(a, b))
    except (TypeError, ValueError):
        return None
    return None


class Datasheets40kdc:
    """The embedded dataset, indexed for the import (built once, at the first 40K import)."""

    credit = CREDIT

    def __init__(self, dataset: Any, normalize: Callable[[str], str]) -> None:
        self.dataset, self.normalize = dataset, normalize
        self._by_model: dict[str, list[tuple[str, Base]]] | None = None

    def model(self, name: str) -> DatasheetMatch | None:
        """A model's base by its own name in the datasheets' compositions.

        "Ogryn" in the Ogryn Squad's; only when every composition naming it agrees on the base.
        """
        index = self._model_index()
        for form in name_forms(name):
            found = index.get(normalise(form), [])
            if found and len({base for _, base in found}) == 1:
                sheet, base = found[0]
                return DatasheetMatch(sheet, f"by its model “{form}”", {normalise(form): base},
                                      base, None, credit=CREDIT)
        return None

    def _model_index(self) -> dict[str, list[tuple[str, Base]]]:
        if self._by_model is None:
            by_unit = {u.id: u.name for u in self.dataset.units}
            index: dict[str, list[tuple[str, Base]]] = {}
            for composition in self.dataset.unit_compositions:
                for model in composition.get("models") or []:
                    base = base_of(model.get("base_size_mm"))
                    if base is not None and isinstance(model.get("name"), str):
                        sheet = by_unit.get(composition.get("unit_id"), model["name"])
                        index.setdefault(normalise(model["name"]), []).append((sheet, base))
            self._by_model = index
        return self._by_model

    def match(self, entry_id: str, names: Iterable[str]) -> DatasheetMatch | None:
        """The datasheet for a list's unit: by BattleScribe id, else by name."""
        for part in reversed([p for p in entry_id.split("::") if _ID.match(p)]):
            units = self.dataset.units.by_external_ref("bsdata", part)
            if units:
                return self._match(units[0].raw, f"by BattleScribe id {part}")
        for name in names:
            for form in name_forms(name) if name.strip() else ():
                unit = self._named(form)
                if unit is not None:
                    return self._match(unit, f"by name “{form}”")
        return None

    def _named(self, name: str) -> dict[str, Any] | None:
        """The datasheet whose name or alias is exactly ``name`` (the dataset's own key)."""
        key = self.normalize(name)
        for unit in self.dataset.units.find_all(name):
            raw = unit.raw
            if key in (self.normalize(n) for n in [raw.get("name", ""), *raw.get("aliases", ())]):
                return dict(raw)
        return None

    def _match(self, unit: dict[str, Any], how: str) -> DatasheetMatch:
        raw_base = unit.get("base_size_mm") or {}
        composition = self.dataset.unit_composition_of(unit) or {}
        bases: dict[str, Base] = {}
        for model in composition.get("models") or []:
            base = base_of(model.get("base_size_mm"))
            if base is not None and isinstance(model.get("name"), str):
                bases.setdefault(normalise(model["name"]), base)
        count = unit.get("model_count") or {}
        smallest = count.get("min") if isinstance(count.get("min"), int) else None
        largest = count.get("max") if isinstance(count.get("max"), int) else None
        return DatasheetMatch(str(unit.get("name", "")), how, bases, base_of(raw_base),
                              smallest, hull=raw_base.get("shape") == "hull", credit=CREDIT,
                              max_models=largest,
                              draft=raw_base.get("draft") is True)


def load() -> Datasheets40kdc | None:
    """The dataset (about 0.4 s the first time); ``None`` when ``wh40kdc`` is not installed."""
    try:
        from wh40kdc import Dataset, normalize_name
    except ImportError:
        return None
    return Datasheets40kdc(Dataset.embedded(), normalize_name)
