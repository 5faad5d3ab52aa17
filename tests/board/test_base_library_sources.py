"""The shipped base library is honest: every row's source is one that was read, and says so.

``resources/base_sizes.json`` cites, for each row, a source in ``sources`` with its title, its
address and what was read there; ``"sure": true`` only where that source gives the size. A
row nothing read confirms cites the ``unverified`` source and is never sure.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from board.document.roster.bases import BaseLibrary, base_from_dict, normalise

DATA = json.loads((Path(__file__).resolve().parents[2] / "resources" / "base_sizes.json")
                  .read_text(encoding="utf-8"))
SOURCES = DATA["sources"]
ROWS = DATA["bases"]
UNVERIFIED = "unverified"
#: what each shape's two numbers may be: millimetres for bases, inches for hulls
RANGES = {"round": (10, 200), "square": (15, 200), "oval": (25, 200), "rectangle": (10, 200),
          "hull": (0.5, 15)}


def _concrete(source: dict) -> bool:
    """An address a reader can open: a web page, or a repository path at a commit."""
    url = str(source.get("url", ""))
    if url.startswith(("https://", "http://")):
        return True
    return bool(source.get("repo") and source.get("path") and len(source.get("commit", "")) == 40)


def test_every_source_says_what_it_is_and_what_was_read_there():
    assert UNVERIFIED in SOURCES
    for key, source in SOURCES.items():
        assert source.get("title") and source.get("short"), key
        assert len(source.get("read", "")) > 20, f"{key}: what was read there is not stated"
        if key != UNVERIFIED:
            assert _concrete(source), f"{key}: no address or repository path"
    unverified = SOURCES[UNVERIFIED]
    assert unverified["url"] == ""
    assert "Unverified" in unverified["title"] and "not checked" in unverified["title"]


def test_every_row_cites_a_source_and_only_a_read_source_makes_it_sure():
    used = set()
    for k, row in enumerate(ROWS):
        assert row["source"] in SOURCES, (k, row["names"])
        assert isinstance(row["sure"], bool), (k, row["names"])
        also = row.get("also", [])
        assert all(a in SOURCES and a != UNVERIFIED for a in also), (k, also)
        used.update([row["source"], *also])
        if row["sure"]:
            assert row["source"] != UNVERIFIED, (k, row["names"])
            assert _concrete(SOURCES[row["source"]]), (k, row["names"])
    assert used == set(SOURCES), f"sources no row cites: {set(SOURCES) - used}"


def test_no_row_cites_a_document_nobody_read():
    """The first table cited GW's base size guide, which nobody here could open."""
    titles = " ".join(s["title"] for s in SOURCES.values()).lower()
    assert "base size guide" not in titles
    assert "army books" not in titles


@pytest.mark.parametrize("k", range(len(ROWS)))
def test_sizes_are_in_range_and_shapes_consistent(k):
    row = ROWS[k]
    base = base_from_dict(row["base"], f"bases[{k}]")
    low, high = RANGES[base.shape.value]
    assert low <= base.length <= high and low <= base.width <= high, row
    if base.shape.value in ("round", "square"):
        assert base.length == base.width, row
    assert row["names"] and row["systems"], row


def _editions(row: dict) -> tuple[str, ...]:
    """A row's editions (none: every edition); a name may have one row per edition set."""
    return tuple(sorted(row.get("editions", ())))


def test_no_name_is_given_twice_for_one_system():
    seen: dict[tuple[str, str, tuple[str, ...]], int] = {}
    for k, row in enumerate(ROWS):
        for system in row["systems"]:
            for name in row["names"]:
                key = (system, normalise(name), _editions(row))
                assert key not in seen, f"{key} in rows {seen[key]} and {k}"
                seen[key] = k


def test_a_singular_and_a_plural_never_name_two_different_bases():
    bases: dict[tuple[str, str, tuple[str, ...]], dict] = {}
    for row in ROWS:
        for system in row["systems"]:
            for name in row["names"]:
                word = normalise(name)
                single = word[:-1] if word.endswith("s") and not word.endswith("ss") else word
                for key in {(system, word, _editions(row)), (system, single, _editions(row))}:
                    assert bases.setdefault(key, row["base"]) == row["base"], (key, row["names"])


def test_fallbacks_are_in_range():
    library = BaseLibrary(DATA)
    for system, table in library.fallback.items():
        for troop, base in table.items():
            low, high = RANGES[base.shape.value]
            assert low <= base.length <= high and low <= base.width <= high, (system, troop)
