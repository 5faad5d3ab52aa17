"""Where the program asks which rule system it plays: only in the systems' folders.

Every comparison with a ``RuleSystem`` member and every ``isinstance`` on a rules type (a
building's rules object, anything from :mod:`rules`) outside ``board/game/systems/`` is listed
here with the reason it may stay; a new one fails until it moves into a system's folder
(``docs/adding-a-rule-system.md``) or is added below with its reason.
"""

from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
SYSTEMS = ROOT / "board" / "game" / "systems"
#: Names under which modules import the rules packages, and the rules objects' own names.
RULES_MODULES = {"wh40k", "epic40k", "warhammer_fantasy", "wf"}
RULES_TYPES = {"FantasyBuilding", "BuildingRules"}

#: file -> how many switches it may keep, and why.
ALLOWED = {
    "board/document/model.py": (6, "defines RuleSystem: each member's label, Epic's "
                                   "centimetres, a new scenario's default system"),
    "board/game/core/world.py": (1, "a default argument (piece_shapes without a system: 40K)"),
    "board/game/core/shooters.py": (1, "a default argument (model_height without a system: "
                                       "40K)"),
    "board/view/window.py": (1, "a new board is a Warhammer 40,000 board until the player "
                                "picks another system"),
    "board/document/stats.py": (12, "the declared stat table: which systems each stat belongs "
                                    "to and each system's profile; the document layer cannot "
                                    "ask the systems, and the doc's table is made from it"),
    "board/document/states.py": (4, "a saved building state is checked against its system's "
                                     "type when the file is read (board/document cannot ask "
                                     "board/game's systems)"),
}


def _switches(path: pathlib.Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id == "RuleSystem" and node.attr.isupper():
            found.append((node.lineno, f"RuleSystem.{node.attr}"))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "isinstance" and len(node.args) == 2:
            kinds = node.args[1]
            names = [kinds] if not isinstance(kinds, ast.Tuple) else list(kinds.elts)
            for kind in names:
                rules = (isinstance(kind, ast.Attribute) and isinstance(kind.value, ast.Name)
                         and kind.value.id in RULES_MODULES) or \
                        (isinstance(kind, ast.Name) and kind.id in RULES_TYPES)
                if rules:
                    found.append((node.lineno, f"isinstance {ast.unparse(kind)}"))
    return [f"{path.name}:{line}: {what}" for line, what in sorted(found)]


def switches_outside_the_systems() -> dict[str, list[str]]:
    """Every switch on the rule system in board/ outside board/game/systems/, by file."""
    found = {}
    for path in sorted((ROOT / "board").rglob("*.py")):
        if SYSTEMS in path.parents:
            continue
        hits = _switches(path)
        if hits:
            found[path.relative_to(ROOT).as_posix()] = hits
    return found


def test_the_finder_sees_both_kinds_of_switch(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("if system is RuleSystem.EPIC40K and isinstance(b, wh40k.Building):\n"
                      "    pass\nisinstance(x, (int, FantasyBuilding))\nRuleSystem(value)\n")
    assert [s.split(": ", 1)[1] for s in _switches(sample)] == [
        "RuleSystem.EPIC40K", "isinstance wh40k.Building", "isinstance FantasyBuilding"]


def test_only_the_listed_places_switch_on_the_rule_system():
    found = switches_outside_the_systems()
    counts = {name: len(hits) for name, hits in found.items()}
    allowed = {name: n for name, (n, _) in ALLOWED.items() if n}
    assert counts == allowed, found
