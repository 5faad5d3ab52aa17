"""A model's base: where it comes from, in the order a player can trust it.

The player's correction; a shipped row for the list's edition; the datasheet the system's
source gives (40kdc-data for Warhammer 40,000: by the list's BattleScribe id, then by name; per
model of its composition, or a datasheet of the model's own, or the model's name in any
composition); a shipped row citing a source read (by the model's name, then its unit's); the
longest row name in the model's name; a guess by troop type. Each answer says which
(:class:`~board.document.roster.bases.BaseChoice`).
"""

from __future__ import annotations

from board.document.model import Base, BaseShape, RuleSystem, TroopType
from board.document.roster.bases import BaseChoice, BaseLibrary, normalise
from board.document.roster.model import RosterUnit
from board.game.systems.datasheets import DatasheetMatch, DatasheetSource
from board.game.systems.roster_profiles import roster_reading

__all__ = ["choose_base", "datasheet_for", "datasheet_source"]


def datasheet_source(system: RuleSystem) -> DatasheetSource | None:
    """``system``'s datasheet source (loaded at the first call), if its folder names one."""
    loader = roster_reading(system).datasheets.get(system.value)
    return loader() if loader is not None else None


def datasheet_for(source: DatasheetSource | None, unit: RosterUnit) -> DatasheetMatch | None:
    """The datasheet ``source`` gives for ``unit`` (``None``: no source, no match)."""
    if source is None:
        return None
    models = [m.name for m in sorted(unit.models, key=lambda m: -m.count)]
    return source.match(unit.entry_id, [unit.name, unit.custom_name, *models])


def _sheet_base(source: DatasheetSource | None, sheet: DatasheetMatch | None, model: str,
                alone: bool) -> tuple[Base, DatasheetMatch] | None:
    """A model's base from its unit's datasheet, or from a datasheet of its own.

    The datasheet that names the model first (a drone beside a commander).
    """
    named = sheet.named_base(model) if sheet is not None else None
    if named is not None and sheet is not None:
        return named, sheet
    own = source.match("", [model]) if source is not None and not alone else None
    if own is not None and (sheet is None or own.name != sheet.name):
        base = own.base_for(model, alone=True)
        if base is not None:
            return base, own
    base = sheet.base_for(model, alone=alone) if sheet is not None else None
    if base is not None and sheet is not None:
        return base, sheet
    by_model = source.model(model) if source is not None else None
    if by_model is None or by_model.unit_base is None:
        return None
    return by_model.unit_base, by_model


def choose_base(system: RuleSystem, edition: str, names: list[str], model: str,
                troop: TroopType, library: BaseLibrary, sheet: DatasheetMatch | None, *,
                source: DatasheetSource | None = None, alone: bool = True) -> BaseChoice:
    """A model's base: yours, the edition's own row, the datasheet, the table, or a guess.

    ``alone``: the model is its unit's only kind (the unit's datasheet base is its own).
    """
    keys = [normalise(n) for n in names if n.strip()]
    found = (library.corrected(system.value, keys)
             or library.row(system.value, keys, edition, edition_only=True))
    if found is not None:
        return found
    sheet_base = _sheet_base(source, sheet, model, alone)
    if sheet_base is not None:
        base, used = sheet_base
        return BaseChoice(base, "datasheet", f"{used.credit}: {used.name}, {used.how}",
                          not used.draft, f"{used.credit} (the wh40kdc package), "
                          f"datasheet {used.name}")
    if sheet is not None and sheet.hull and alone:
        hull = library.row(system.value, [*keys, normalise(sheet.name)], edition)
        if hull is not None and hull.base.shape is BaseShape.HULL:
            return BaseChoice(hull.base, "library", f"{sheet.credit}: {sheet.name} has no base "
                              f"(measured to its hull); hull size: {hull.source}", hull.sure,
                              hull.title, cited=hull.cited)
    found = library.find(system.value, [*names, sheet.name if sheet and alone else ""],
                         troop.value, edition)
    if found.guessed and sheet is not None and sheet.hull and alone:
        return BaseChoice(found.base, "guess", f"{sheet.credit}: {sheet.name} has no base "
                          f"(measured to its hull); no source read gives its hull's size: "
                          f"{found.source}", False)
    return found
