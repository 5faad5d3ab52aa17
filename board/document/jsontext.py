"""JSON text a person can read: objects one key a line, short arrays and small objects inline.

Saved scenarios and shipped datasheets use it, so a point stays ``[1.5, -3.0]`` on one line
instead of four.

>>> print(dumps({"id": "a", "footprint": [[0, 0], [1, 0], [1, 1]], "tags": []}))
{
  "id": "a",
  "footprint": [[0, 0], [1, 0], [1, 1]],
  "tags": []
}
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any

from board.document.errors import ScenarioError, join_where
from board.document.limits import MAX_DEPTH, MAX_INTEGER, MAX_NUMBER_TEXT, MAX_STRING

__all__ = ["dumps", "loads", "check_value"]

#: Lines are kept under about this many characters when inlining.
WIDTH = 112


def _flat(value: Any) -> bool:
    """Tell whether ``value`` is a scalar or an array of scalars."""
    if isinstance(value, list):
        return all(not isinstance(v, dict | list) for v in value)
    return not isinstance(value, dict)


def _inline_array(value: list[Any]) -> bool:
    return all(_flat(v) for v in value)


def _inline_object(value: dict[str, Any]) -> bool:
    return all(_flat(v) for v in value.values())


def _one_line(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def dumps(value: Any, indent: int = 0) -> str:
    """Write ``value`` as JSON text; ``json.loads`` reads back the same value."""
    pad = "  " * indent
    if isinstance(value, dict):
        text = _one_line(value)
        if not value or (indent and _inline_object(value) and len(text) + len(pad) < WIDTH):
            return text
        items = [f"{pad}  {_one_line(k)}: {dumps(v, indent + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list):
        text = _one_line(value)
        if not value or (_inline_array(value) and len(text) + len(pad) < WIDTH):
            return text
        items = [f"{pad}  {dumps(v, indent + 1)}" for v in value]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    return _one_line(value)


# -- reading: JSON text that cannot hurt -------------------------------------------------------
class _Refused:
    """Stands in for a number the reader refuses, so the refusal can name where it is."""

    __slots__ = ("reason",)

    def __init__(self, reason: str) -> None:
        self.reason = reason


class _Duplicated(dict):  # type: ignore[type-arg]
    """An object that named a key twice (the second value is kept, as JSON readers do)."""

    duplicate: str = ""


def _short(text: str, size: int = 24) -> str:
    return text if len(text) <= size else f"{text[:size - 3]}... ({len(text):,} characters)"


def _parse_int(text: str) -> object:
    if len(text) > MAX_NUMBER_TEXT:
        return _Refused(f"a number written with {len(text):,} characters (at most "
                        f"{MAX_NUMBER_TEXT}): {_short(text)}")
    value = int(text)
    if abs(value) > MAX_INTEGER:
        return _Refused(f"whole number {_short(text)} is too large (at most 2^64 - 1 in size)")
    return value


def _parse_float(text: str) -> object:
    if len(text) > MAX_NUMBER_TEXT:
        return _Refused(f"a number written with {len(text):,} characters (at most "
                        f"{MAX_NUMBER_TEXT}): {_short(text)}")
    value = float(text)
    if not math.isfinite(value):
        return _Refused(f"number {_short(text)} is too large to be a finite number")
    return value


def _parse_constant(text: str) -> object:
    return _Refused(f"{text} is not a number a file may hold (numbers are finite)")


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    value = dict(pairs)
    if len(value) == len(pairs):
        return value
    seen: set[str] = set()
    marked = _Duplicated(value)
    for key, _ in pairs:
        if key in seen:
            marked.duplicate = key
            break
        seen.add(key)
    return marked


_SPECIAL = re.compile(r'["\[\]{}]')
_STRING_REST = re.compile(r'(?:[^"\\]++|\\.)*+"', re.S)
#: A string, or an unterminated one up to the end: it never fails, so never backtracks.
_STRING = re.compile(r'"(?:[^"\\]++|\\.?)*+"?', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")


#: A bracket's step in depth: opening ones go one deeper, closing ones come back one.
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
#: Brackets beyond this many are summed by numpy (imported then): a program that reads only
#: its own datasheets and scenarios never loads it for this.
_NUMPY_FROM = 200_000


def _too_deep(text: str) -> int | None:
    """Return the offset where arrays and objects nest deeper than :data:`MAX_DEPTH`, if any.

    The standard reader recurses (and fails with a ``RecursionError``) on a few thousand
    levels, so the depth is measured first, at C speed: strings out, everything but brackets
    out, then the running depth as a cumulative sum (numpy's for a great many brackets);
    only when it passes :data:`MAX_DEPTH` is the text scanned bracket by bracket for where.

    >>> _too_deep("[" * 64 + "]" * 64), _too_deep('{"a": "[[["}'), _too_deep("[" * 65)
    (None, None, 64)
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if not brackets:
        return None
    if len(brackets) < _NUMPY_FROM:
        deepest = max(accumulate(map(_STEP.__getitem__, brackets)))
    else:
        import numpy as np  # only for a great many brackets: see _NUMPY_FROM

        codes = np.frombuffer(brackets.encode("ascii"), dtype=np.uint8)
        deepest = int(np.cumsum(np.where((codes == ord("[")) | (codes == ord("{")), 1, -1))
                      .max())
    if deepest <= MAX_DEPTH:
        return None
    return _deep_at(text)


def _deep_at(text: str) -> int | None:
    """The offset of the first bracket deeper than :data:`MAX_DEPTH` (a linear scan)."""
    depth, pos = 0, 0
    while (found := _SPECIAL.search(text, pos)) is not None:
        at = found.start()
        char = found.group()
        if char == '"':
            rest = _STRING_REST.match(text, at + 1)
            if rest is None:  # an unterminated string: the reader refuses it
                return None
            pos = rest.end()
            continue
        if char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return at
        else:
            depth -= 1
        pos = at + 1
    return None


def _line_column(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def loads(text: str, source: str = "", *, check: bool = True) -> Any:
    """Read JSON text and check it with :func:`check_value`; refuse bad text in one line.

    Refused, with a :class:`~board.document.errors.ScenarioError` naming the line and column
    or the JSON location: text that is not JSON, nesting deeper than :data:`MAX_DEPTH`, a
    number written with more than :data:`MAX_NUMBER_TEXT` characters or too large to be
    finite, ``NaN``/``Infinity``, a key given twice in one object, and whatever
    :func:`check_value` refuses (unless ``check`` is false: then the refused numbers and
    doubled keys are left in the value as markers for :func:`check_value` to find).

    >>> loads('{"a": [1, 2.5]}')
    {'a': [1, 2.5]}
    >>> loads('{"b": {"a": 1, "a": 2}}', "f.json")
    Traceback (most recent call last):
    ...
    board.document.errors.ScenarioError: f.json, b: the key 'a' is given twice in one object
    """
    deep = _too_deep(text)
    if deep is not None:
        line, column = _line_column(text, deep)
        raise ScenarioError(f"arrays and objects nest more than {MAX_DEPTH} deep (at line "
                            f"{line}, column {column})", source)
    try:
        value = json.loads(text, object_pairs_hook=_pairs, parse_int=_parse_int,
                           parse_float=_parse_float, parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"not valid JSON: {exc.msg} at line {exc.lineno}, column "
                            f"{exc.colno}", source) from None
    except RecursionError:  # the scan above should make this impossible
        raise ScenarioError(f"arrays and objects nest more than {MAX_DEPTH} deep",
                            source) from None
    if check:  # else the caller checks the value itself (once, not twice)
        try:
            check_value(value)
        except ScenarioError as exc:
            raise exc.in_file(source) if source else exc from None
    return value


_Path = tuple[Any, str | int] | None  # (the parent's path, the key or index) or None at the top


def _location(path: _Path) -> str:
    keys: list[str | int] = []
    while path is not None:
        path, key = path
        keys.append(key)
    text = ""
    for key in reversed(keys):
        text = join_where(text, f"[{key}]" if isinstance(key, int) else key)
    return text


def _text_problem(text: str) -> str | None:
    if len(text) > MAX_STRING:
        return f"a string of {len(text):,} characters (at most {MAX_STRING:,})"
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            return (f"the text has a lone surrogate \\u{ord(text[exc.start]):04x} at character "
                    f"{exc.start + 1}: it cannot be written as UTF-8")
    return None


def _leaf_problem(value: object) -> str | None:
    """What is wrong with a scalar JSON value, or ``None``."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, str):
        return _text_problem(value)
    if isinstance(value, int):
        if abs(value) > MAX_INTEGER:
            return "whole number too large (at most 2^64 - 1 in size)"
        return None
    if isinstance(value, float):
        return None if math.isfinite(value) else f"{value} is not a finite number"
    if isinstance(value, _Refused):
        return value.reason
    return f"not a JSON value: a Python {type(value).__name__}"


def check_value(value: object, where: str = "") -> None:
    """Refuse a decoded JSON value that a scenario or datasheet may not hold.

    Refused: nesting deeper than :data:`MAX_DEPTH`, a string longer than :data:`MAX_STRING`
    or holding a lone surrogate (it could not be saved), a number that is not finite or a whole
    number larger than 2^64 - 1, a key given twice, a value that is not JSON. The walk is
    iterative and linear in the size of ``value``.

    >>> check_value({"name": "Bastion", "hp": [1.5, float("nan")]}, "terrain[0].state")
    Traceback (most recent call last):
    ...
    board.document.errors.ScenarioError: terrain[0].state.hp[1]: nan is not a finite number
    """
    if _has_problem(value):
        _locate(value, where)


def _has_problem(value: object) -> bool:
    """Whether anything in ``value`` is refused: a fast walk, level by level, no locations.

    Strings and keys are gathered and checked together at C speed (joined: a key that is not
    a string fails the join, a lone surrogate the encoding).
    """
    texts: list[Any] = []
    level: list[Any] = [value]
    for depth in range(MAX_DEPTH + 1):
        if depth == MAX_DEPTH and any(type(n) in (dict, list, tuple) for n in level):
            return True  # an array or object deeper than allowed
        below: list[Any] = []
        for node in level:
            kind = type(node)
            if kind is dict:
                texts.extend(node)
                below.extend(node.values())
            elif kind is list or kind is tuple:
                below.extend(node)
            elif kind is str:
                texts.append(node)
            elif kind is float:
                if node - node != 0.0:  # NaN and ±inf
                    return True
            elif kind is int:
                if not -MAX_INTEGER <= node <= MAX_INTEGER:
                    return True
            elif node is not None and kind is not bool:
                return True  # a duplicate key, a refused number, a value that is not JSON
        if not below:
            break
        level = below
    return _texts_problem(texts)


def _texts_problem(texts: list[Any]) -> bool:
    """Whether a key is not a string, or a text is too long or holds a lone surrogate."""
    try:
        joined = "".join(texts)
    except TypeError:
        return True
    if texts and max(map(len, texts)) > MAX_STRING:
        return True
    if not joined.isascii():
        try:
            joined.encode("utf-8")
        except UnicodeEncodeError:
            return True
    return False


def _locate(value: object, where: str) -> None:
    """Walk ``value`` again, keeping locations, and raise for the first problem found."""
    stack: list[tuple[object, int, _Path]] = [(value, 0, None)]
    while stack:
        node, depth, path = stack.pop()
        if isinstance(node, dict):
            problem = _object_problem(node, depth)
            if problem is None:
                stack.extend((v, depth + 1, (path, k)) for k, v in node.items())
                continue
        elif isinstance(node, list | tuple):
            problem = (f"arrays and objects nest more than {MAX_DEPTH} deep"
                       if depth >= MAX_DEPTH else None)
            if problem is None:
                stack.extend((v, depth + 1, (path, i)) for i, v in enumerate(node))
                continue
        else:
            problem = _leaf_problem(node)
            if problem is None:
                continue
        raise ScenarioError(problem, join_where(where, _location(path)))


def _object_problem(node: dict[Any, Any], depth: int) -> str | None:
    if depth >= MAX_DEPTH:
        return f"arrays and objects nest more than {MAX_DEPTH} deep"
    if isinstance(node, _Duplicated):
        return f"the key {_short(node.duplicate, 40)!r} is given twice in one object"
    for key in node:
        if not isinstance(key, str):
            return f"a key must be a string, got {type(key).__name__}"
        problem = _text_problem(key)
        if problem is not None:
            return f"key: {problem}"
    return None
