"""Typed reading of JSON objects that names where each bad value is.

Both the datasheet loader and the scenario loader read plain JSON values through
:class:`Fields`, so every refusal reads the same way: what was expected, what was found, and
the JSON location.

>>> f = Fields({"x": 1.5, "name": "Bastion"}, "terrain[0]")
>>> f.number("x"), f.text("name")
(1.5, 'Bastion')
>>> f.number("y")
Traceback (most recent call last):
...
board.document.errors.ScenarioError: terrain[0].y: missing field 'y'
>>> Fields({"x": True}, "t").number("x")
Traceback (most recent call last):
...
board.document.errors.ScenarioError: t.x: expected a finite number, got true
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from enum import Enum
from typing import Any, TypeVar

from board.document.errors import ScenarioError, join_where
from board.document.limits import MAX_COORDINATE, MAX_INTEGER

__all__ = ["Fields", "describe", "MISSING"]

E = TypeVar("E", bound=Enum)


class _Missing:
    """Marks a field with no default (it must be present)."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


def describe(value: object) -> str:
    """Spell ``value`` briefly in JSON for a message (long values are cut).

    >>> describe("abc"), describe(None), describe([1, 2])
    ('"abc"', 'null', '[1, 2]')
    """
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _is_number(value: object) -> bool:
    """Tell whether ``value`` is a finite JSON number (``true``/``false`` are not)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):  # math.isfinite would overflow on a 400-digit integer
        return True
    return isinstance(value, float) and math.isfinite(value)


class Fields:
    """One JSON object and where it is; typed getters raise :class:`ScenarioError`.

    Parameters
    ----------
    data
        The decoded JSON value that should be an object.
    where
        Its JSON location, e.g. ``units[3].models[0]``.
    """

    def __init__(self, data: object, where: str) -> None:
        if not isinstance(data, dict):
            raise ScenarioError(f"expected an object {{...}}, got {describe(data)}", where)
        self.data: dict[str, Any] = data
        self.where = where

    def at(self, key: str) -> str:
        """Return the JSON location of ``key`` in this object."""
        return join_where(self.where, key)

    def has(self, key: str) -> bool:
        """Whether ``key`` is present (and not ``null``)."""
        return self.data.get(key) is not None

    def refuse_unknown(self, allowed: Iterable[str]) -> None:
        """Refuse keys outside ``allowed`` (they are usually typos)."""
        extra = sorted(set(self.data) - set(allowed))
        if extra:
            known = ", ".join(sorted(allowed))
            raise ScenarioError(f"unknown field '{extra[0]}' (known fields: {known})",
                                self.at(extra[0]))

    def raw(self, key: str, default: Any = MISSING) -> Any:
        """Return the value of ``key`` as decoded, or ``default`` when absent."""
        if key not in self.data:
            if default is MISSING:
                raise ScenarioError(f"missing field '{key}'", self.at(key))
            return default
        return self.data[key]

    def _wrong(self, key: str, expected: str) -> ScenarioError:
        return ScenarioError(f"expected {expected}, got {describe(self.data[key])}", self.at(key))

    def text(self, key: str, default: Any = MISSING, *, non_empty: bool = True) -> str:
        """Read a string; by default an empty string is refused."""
        value = self.raw(key, default)
        if value is default and key not in self.data:
            return value  # type: ignore[no-any-return]
        if not isinstance(value, str) or (non_empty and not value.strip()):
            raise self._wrong(key, "a non-empty string" if non_empty else "a string")
        return value

    def optional_text(self, key: str) -> str | None:
        """Read a string or ``null`` (absent means ``null``)."""
        if self.data.get(key) is None:
            return None
        return self.text(key)

    def number(self, key: str, default: Any = MISSING, *, minimum: float | None = None,
               above: float | None = None, maximum: float = MAX_COORDINATE) -> float:
        """Read a finite number (JSON ``true``/``false`` are not numbers), as a float.

        Its size is at most ``maximum`` (:data:`~board.document.limits.MAX_COORDINATE`
        unless given): larger numbers would make the geometry overflow.
        """
        value = self.raw(key, default)
        if key not in self.data:
            return value  # type: ignore[no-any-return]
        if not _is_number(value):
            raise self._wrong(key, "a finite number")
        if abs(value) > maximum:
            raise ScenarioError(f"must be at most {_amount(maximum)} in size, got "
                                f"{describe(value)}", self.at(key))
        return self._bounded(key, float(value), minimum, above)

    def optional_number(self, key: str, *, above: float | None = None,
                        maximum: float = MAX_COORDINATE) -> float | None:
        """Read a finite number or ``null``."""
        if self.data.get(key) is None:
            return None
        return self.number(key, above=above, maximum=maximum)

    def integer(self, key: str, default: Any = MISSING, *, minimum: int | None = None,
                maximum: int = MAX_INTEGER) -> int:
        """Read a whole number, at most ``maximum`` (2^64 - 1 unless given)."""
        value = self.raw(key, default)
        if key not in self.data:
            return value  # type: ignore[no-any-return]
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._wrong(key, "a whole number")
        if value > maximum or value < -MAX_INTEGER:
            raise ScenarioError(f"must be at most {maximum:,}, got {describe(value)}",
                                self.at(key))
        if minimum is not None and value < minimum:
            raise ScenarioError(f"must be at least {minimum:,}, got {value:,}", self.at(key))
        return value

    def optional_integer(self, key: str, *, minimum: int | None = None,
                         maximum: int = MAX_INTEGER) -> int | None:
        """Read a whole number or ``null``."""
        if self.data.get(key) is None:
            return None
        return self.integer(key, minimum=minimum, maximum=maximum)

    def _bounded(self, key: str, value: float, minimum: float | None,
                 above: float | None) -> float:
        if minimum is not None and value < minimum:
            raise ScenarioError(f"must be at least {minimum:g}, got {value:g}", self.at(key))
        if above is not None and value <= above:
            raise ScenarioError(f"must be more than {above:g}, got {value:g}", self.at(key))
        return value

    def flag(self, key: str, default: bool = False) -> bool:
        """Read ``true`` or ``false``."""
        value = self.raw(key, default)
        if not isinstance(value, bool):
            raise self._wrong(key, "true or false")
        return value

    def choice(self, key: str, enum: type[E], default: Any = MISSING) -> E:
        """One of an enum's values (by value)."""
        value = self.raw(key, default)
        if key not in self.data:
            return value  # type: ignore[no-any-return]
        try:
            return enum(value)
        except ValueError:
            known = ", ".join(str(m.value) for m in enum)
            raise self._wrong(key, f"one of {known}") from None

    def items(self, key: str, default: Any = MISSING, *, limit: int | None = None,
              what: str = "items") -> list[Any]:
        """Read a JSON array; more than ``limit`` entries (``what``) are refused."""
        value = self.raw(key, default)
        if not isinstance(value, list):
            raise self._wrong(key, "an array [...]")
        if limit is not None and len(value) > limit:
            raise ScenarioError(f"{len(value):,} {what}: the most a file may hold is {limit:,}",
                                self.at(key))
        return value

    def child(self, key: str) -> Fields:
        """Read the object under ``key``."""
        return Fields(self.raw(key), self.at(key))

    def children(self, key: str, default: Any = MISSING, *, limit: int | None = None,
                 what: str = "items") -> list[Fields]:
        """Read the objects of the array under ``key``, each knowing its index."""
        values = self.items(key, default, limit=limit, what=what)
        return [Fields(item, self.at(f"{key}[{i}]")) for i, item in enumerate(values)]

    def mapping(self, key: str) -> dict[str, Any]:
        """Read an object kept as plain values (``options``, ``state``…); absent is ``{}``."""
        value = self.raw(key, {})
        if not isinstance(value, dict):
            raise self._wrong(key, "an object {...}")
        return dict(value)

    def point(self, key: str, index: int | None = None) -> tuple[float, float]:
        """Read an ``[x, y]`` pair of finite numbers (or element ``index`` of the array ``key``)."""
        value = self.raw(key) if index is None else self.items(key)[index]
        where = self.at(key if index is None else f"{key}[{index}]")
        return read_point(value, where)

    def points(self, key: str, default: Any = MISSING, *,
               limit: int | None = None) -> tuple[tuple[float, float], ...]:
        """Read an array of ``[x, y]`` pairs (at most ``limit`` of them)."""
        values = self.items(key, default, limit=limit, what="points")
        return tuple(read_point(v, self.at(f"{key}[{i}]")) for i, v in enumerate(values))


def _amount(value: float) -> str:
    """A limit as a player reads it: ``1,000,000``, ``600``, ``0.5``."""
    return f"{value:,.0f}" if value == int(value) else f"{value:g}"


def read_point(value: object, where: str) -> tuple[float, float]:
    """Read an ``[x, y]`` pair of finite numbers.

    >>> read_point([1, 2.5], "p")
    (1.0, 2.5)
    """
    ok = isinstance(value, list) and len(value) == 2 and all(_is_number(v) for v in value)
    if not ok:
        raise ScenarioError(f"expected a point [x, y] of two numbers, got {describe(value)}", where)
    assert isinstance(value, list)
    if max(abs(value[0]), abs(value[1])) > MAX_COORDINATE:
        raise ScenarioError(f"a coordinate is at most {_amount(MAX_COORDINATE)} in size, got "
                            f"{describe(value)}", where)
    return (float(value[0]), float(value[1]))
