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
from typing import Any

__all__ = ["dumps"]

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
    return json.dumps(value, ensure_ascii=False)


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
