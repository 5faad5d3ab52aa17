"""The base-size library: shipped rows with their sources, and the player's own corrections.

``resources/base_sizes.json`` lists bases by model or unit name for each rule system, each
row citing its source (``sources``) and marked ``"sure": false`` where it could not be
checked. The player's corrections (made in the import dialog) are kept in their data folder
(``platformdirs.user_data_dir("battleboard")/base_sizes.json``; ``BATTLEBOARD_BASES`` names
another file, tests use it) and are preferred next time. When no row names a model, the
troop type's ``fallback`` is used and the base is a *guess*, flagged until confirmed.

>>> library = BaseLibrary.shipped()
>>> choice = library.find("wh40k", ["Intercessor"], "infantry")
>>> choice.base.label, choice.origin
('32 mm', 'library')
>>> library.find("wh40k", ["Mystery Beast"], "monstrous_creature").origin
'guess'
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import platformdirs

from board.document.errors import ScenarioError
from board.document.model import Base, BaseShape

__all__ = ["BaseChoice", "BaseLibrary", "corrections_path", "base_from_dict", "base_to_dict",
           "normalise", "ENV_BASES"]

#: The environment variable that moves the player's corrections file (tests set it).
ENV_BASES = "BATTLEBOARD_BASES"
_FORMAT = "battleboard-base-corrections"


def corrections_path() -> Path:
    """The file of the player's base corrections (not created here)."""
    chosen = os.environ.get(ENV_BASES)
    if chosen:
        return Path(chosen)
    return Path(platformdirs.user_data_dir("battleboard", appauthor=False)) / "base_sizes.json"


def normalise(name: str) -> str:
    """A name as the library matches it: lower case, letters and digits, one space apart.

    >>> normalise("  Space Marine  Bike (w/ Melta)")
    'space marine bike w melta'
    """
    return " ".join(re.sub(r"[^a-z0-9]+", " ", name.lower()).split())


def _singular(name: str) -> str:
    return name[:-1] if name.endswith("s") and not name.endswith("ss") else name


def base_from_dict(data: object, where: str = "") -> Base:
    """A :class:`Base` from ``{"shape", "length", "width"}``; refuse a bad one."""
    if not isinstance(data, Mapping):
        raise ScenarioError(f"a base must be an object, got {type(data).__name__}", where)
    try:
        shape = BaseShape(str(data.get("shape")))
        length, width = float(data["length"]), float(data.get("width", data["length"]))
    except (KeyError, TypeError, ValueError):
        raise ScenarioError(f"a base needs a shape ({', '.join(BaseShape)}), a length and a "
                            f"width, got {dict(data)!r}"[:200], where) from None
    high = 40.0 if shape is BaseShape.HULL else 1000.0
    if not (0 < length <= high and 0 < width <= high):
        unit = "in" if shape is BaseShape.HULL else "mm"
        raise ScenarioError(f"a {shape} base must be more than 0 and at most {high:g} {unit} "
                            f"each way, got {length:g} × {width:g}", where)
    return Base(shape, length, width)


def base_to_dict(base: Base) -> dict[str, Any]:
    """The JSON form :func:`base_from_dict` reads."""
    return {"shape": base.shape.value, "length": base.length, "width": base.width}


@dataclass(frozen=True)
class _Row:
    """A shipped row: the base, its source's key, whether it was checked, its editions."""

    base: Base
    source: str
    sure: bool
    editions: frozenset[str]


def _pick(entries: Iterable[_Row], edition: str, edition_only: bool) -> _Row | None:
    """The row for ``edition``, else (unless ``edition_only``) an every-edition row.

    A row for other editions never answers.
    """
    every: _Row | None = None
    for entry in entries:
        if entry.editions:
            if edition in entry.editions:
                return entry
        elif every is None:
            every = entry
    return None if edition_only else every


@dataclass(frozen=True)
class BaseChoice:
    """A base for a model, where it came from and why.

    ``origin`` is ``yours`` (the player's correction), ``datasheet`` (a datasheet source such
    as 40kdc-data), ``library`` (a shipped row) or ``guess`` (the troop type's fallback).
    """

    base: Base
    origin: str
    source: str
    sure: bool
    title: str = ""
    cited: bool = True

    @property
    def sourced(self) -> bool:
        """Whether a source someone read (an address), a datasheet or the player gave it."""
        return self.origin in ("yours", "datasheet") or (self.origin == "library"
                                                          and self.cited)

    @property
    def guessed(self) -> bool:
        """Whether the base is the troop type's fallback (flagged until confirmed)."""
        return self.origin == "guess"


class BaseLibrary:
    """The shipped rows, by system and normalised name, with the player's corrections."""

    def __init__(self, data: Mapping[str, Any], corrections: Mapping[str, Any] | None = None,
                 path: Path | None = None) -> None:
        self.sources = {k: str(v.get("title", k)) for k, v in data.get("sources", {}).items()}
        self.short = {k: str(v.get("short", k)) for k, v in data.get("sources", {}).items()}
        self.cited = {k for k, v in data.get("sources", {}).items()
                      if str(v.get("url", "")).startswith(("https://", "http://"))}
        self.rows: dict[tuple[str, str], list[_Row]] = {}
        for k, row in enumerate(data.get("bases", [])):
            base = base_from_dict(row["base"], f"bases[{k}].base")
            entry = _Row(base, row["source"], bool(row.get("sure")),
                         frozenset(row.get("editions", ())))
            for system in row["systems"]:
                for name in row["names"]:
                    key = normalise(name)
                    for wanted in dict.fromkeys((key, _singular(key))):
                        self.rows.setdefault((system, wanted), []).append(entry)
        self.fallback = {system: {troop: _short_base(v) for troop, v in table.items()}
                         for system, table in data.get("fallback", {}).items()}
        self.corrections: dict[str, dict[str, dict[str, Any]]] = {
            s: dict(v) for s, v in (corrections or {}).items()}
        self.path = path

    @classmethod
    def shipped(cls) -> BaseLibrary:
        """The library as shipped, without the player's corrections."""
        text = resources.files("resources").joinpath("base_sizes.json").read_text("utf-8")
        return cls(json.loads(text))

    @classmethod
    def load(cls, path: Path | None = None) -> tuple[BaseLibrary, str]:
        """The shipped library with the player's corrections, and a line if they were unread."""
        library = cls.shipped()
        path = path if path is not None else corrections_path()
        library.path = path
        if not path.is_file():
            return library, ""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("format") != _FORMAT:
                raise ValueError(f"not a {_FORMAT} file")
            for system, names in data.get("bases", {}).items():
                for name, entry in names.items():
                    base_from_dict(entry.get("base"), f"{system}.{name}")
            library.corrections = {s: dict(v) for s, v in data["bases"].items()}
        except (OSError, ValueError, AttributeError, ScenarioError) as error:
            return library, f"{path}: your base corrections could not be read ({error})"
        return library, ""

    def find(self, system: str, names: Iterable[str], troop_type: str,
             edition: str = "") -> BaseChoice:
        """The base for a model called by one of ``names`` (first that matches wins).

        The player's correction first, then a shipped row (one for the list's ``edition``
        before one for every edition), then a row whose name is found in the model's as whole
        words (unsure), then the troop type's guess.
        """
        keys = [normalise(n) for n in names if n.strip()]
        return (self.corrected(system, keys) or self.row(system, keys, edition)
                or self._by_words(system, keys, edition) or self.guess(system, troop_type))

    def corrected(self, system: str, keys: list[str]) -> BaseChoice | None:
        """The player's own base for the first of ``keys`` (normalised names) they corrected."""
        for key in keys:
            mine = self.corrections.get(system, {}).get(key)
            if mine is not None:
                return BaseChoice(base_from_dict(mine["base"]), "yours", "your correction", True)
        return None

    def row(self, system: str, keys: list[str], edition: str = "", *,
            edition_only: bool = False) -> BaseChoice | None:
        """The shipped row for the first of ``keys`` that has one, for ``edition``.

        A row citing a source someone read wins over an unverified one, whichever name found
        it; a row for that edition wins over a row for every edition; a row for other editions
        never answers. ``edition_only`` asks for an edition's own row and nothing else.
        """
        found = [entry for key in keys for wanted in (key, _singular(key))
                 if (entry := _pick(self.rows.get((system, wanted), ()), edition,
                                    edition_only)) is not None]
        cited = [entry for entry in found if entry.source in self.cited]
        return self._choice((cited or found)[0], edition) if found else None

    def guess(self, system: str, troop_type: str) -> BaseChoice:
        """The troop type's fallback base: a guess, flagged until the player confirms it."""
        table = self.fallback.get(system, {})
        base = table.get(troop_type) or next(iter(table.values()), Base.round_mm(25))
        return BaseChoice(base, "guess", f"a guess by troop type ({troop_type})", False)

    def _choice(self, entry: _Row, edition: str, words: str = "") -> BaseChoice:
        short = self.short.get(entry.source, entry.source)
        if entry.editions and edition:
            short += f", {edition} edition"
        if words:
            short += f", by the words '{words}'"
        return BaseChoice(entry.base, "library", short, entry.sure and not words,
                          self.sources.get(entry.source, entry.source),
                          cited=entry.source in self.cited)

    def _by_words(self, system: str, keys: list[str], edition: str) -> BaseChoice | None:
        """The longest library name found as whole words in a name (marked unsure)."""
        best: tuple[int, str, _Row] | None = None
        for key in keys:
            padded = f" {key} "
            for (row_system, name), entries in self.rows.items():
                if row_system != system or len(name) < 5 or f" {name} " not in padded \
                        or (best is not None and len(name) <= best[0]):
                    continue
                entry = _pick(entries, edition, False)
                if entry is not None:
                    best = (len(name), name, entry)
        return None if best is None else self._choice(best[2], edition, best[1])

    def correct(self, system: str, name: str, base: Base, troop_type: str | None = None) -> None:
        """Remember the player's base (and troop type) for ``name`` in ``system``."""
        entry: dict[str, Any] = {"base": base_to_dict(base)}
        if troop_type:
            entry["troop_type"] = troop_type
        self.corrections.setdefault(system, {})[normalise(name)] = entry

    def troop_type_of(self, system: str, name: str) -> str | None:
        """The troop type the player gave ``name``, if any."""
        entry = self.corrections.get(system, {}).get(normalise(name))
        return None if entry is None else entry.get("troop_type")

    def save(self, path: Path | None = None) -> Path:
        """Write the corrections (the shipped rows are never written); return the path."""
        path = path if path is not None else (self.path or corrections_path())
        path.parent.mkdir(parents=True, exist_ok=True)
        data = {"format": _FORMAT, "version": 1, "bases": self.corrections}
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        os.replace(tmp, path)
        return path


def _short_base(value: list[Any]) -> Base:
    shape, *sizes = value
    return base_from_dict({"shape": shape, "length": sizes[0],
                           "width": sizes[1] if len(sizes) > 1 else sizes[0]})
