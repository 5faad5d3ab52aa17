"""Where the program asks which rule system it plays: only in the systems' folders.

Every switch on the system outside ``board/game/systems/`` is listed here with the reason it
may stay: a comparison with a ``RuleSystem`` member, an ``isinstance`` on a rules type (a
building's rules object, anything from :mod:`rules`), an import of one system's folder or rules
package, a string equal to a system's name. A new one fails until it moves into a system's
folder (``docs/adding-a-rule-system.md``) or is added below with its reason; one taken away
fails too, until the count below comes down.
"""

from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
SYSTEMS = ROOT / "board" / "game" / "systems"
#: Names under which modules import the rules packages, and the rules objects' own names.
RULES_MODULES = {"wh40k", "epic40k", "warhammer_fantasy", "wf"}
RULES_TYPES = {"FantasyBuilding", "BuildingRules"}
#: The systems' folders and rules packages: importing one names a system.
SYSTEM_PACKAGES = ("board.game.systems.wh40k", "board.game.systems.epic",
                   "board.game.systems.fantasy", "rules.wh40k", "rules.epic40k",
                   "rules.warhammer_fantasy")
#: The systems' names as the files spell them: comparing a string with one is a switch.
SYSTEM_NAMES = {"wh40k", "horus_heresy", "epic40k", "warhammer_fantasy"}

#: file -> how many switches it may keep, and why. Three kinds are counted: a comparison with
#: a ``RuleSystem`` member or an ``isinstance`` on a rules type; an import of a system's folder
#: (``board.game.systems.<system>``) or rules package (``rules.wh40k``...); a string equal to a
#: system's name (``"epic40k"``).
ALLOWED = {
    "board/document/rule_systems.py": (8, "the four shipped systems' names as attributes of "
                                          "RuleSystem (RuleSystem.EPIC40K), for the code and "
                                          "tests that name one; what each is, its folder's "
                                          "description says, registered at start-up"),
    "board/document/model.py": (1, "a new Scenario() is a Warhammer 40,000 one unless it is "
                                   "given a system (a file always names its own)"),
    # the view's door to the rules (the view may not import rules/)
    "board/game/kit.py": (1, "Fantasy's assault steps and reactions, which the Fantasy "
                             "assault dialog names"),
    # the published layouts (wh40kdc) are 40K tables: a 40K scenario, 40K and HH terrain
    "board/game/layouts/build.py": (1, "a scenario built from a 40K layout is a 40K one"),
    "board/game/layouts/sheets.py": (2, "a 40K layout's terrain is written for 40K and the "
                                        "Horus Heresy"),
    "board/game/objectives/control.py": (1, "who holds an objective marker (any system may "
                                            "place one) is the 40K rule, the only rulebook "
                                            "here with one: the 7th or the 10th edition's"),
}


def _system_import(node: ast.AST) -> str | None:
    """``import rules.wh40k`` for an import of a system's folder or rules package."""
    if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
        names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
    elif isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        return None
    for name in names:
        if any(name == p or name.startswith(p + ".") for p in SYSTEM_PACKAGES):
            return f"import {name}"
    return None


def _switches(path: pathlib.Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        imported = _system_import(node)
        if imported:
            found.append((node.lineno, imported))
        if isinstance(node, ast.Constant) and node.value in SYSTEM_NAMES:
            found.append((node.lineno, f"string {node.value!r}"))
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


def test_the_finder_sees_every_kind_of_switch(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("if system is RuleSystem.EPIC40K and isinstance(b, wh40k.Building):\n"
                      "    pass\nisinstance(x, (int, FantasyBuilding))\nRuleSystem(value)\n"
                      "from board.game.systems.epic.shooting import epic_shoot\n"
                      "from rules import warhammer_fantasy\nimport rules.wh40k\n"
                      "if name == 'epic40k' or 'wh40k' in systems:\n    pass\n"
                      "text = 'a wh40k building'\n")
    assert [s.split(": ", 1)[1] for s in _switches(sample)] == [
        "RuleSystem.EPIC40K", "isinstance wh40k.Building", "isinstance FantasyBuilding",
        "import board.game.systems.epic.shooting", "import rules.warhammer_fantasy",
        "import rules.wh40k", "string 'epic40k'", "string 'wh40k'"]


def test_only_the_listed_places_switch_on_the_rule_system():
    found = switches_outside_the_systems()
    counts = {name: len(hits) for name, hits in found.items()}
    allowed = {name: n for name, (n, _) in ALLOWED.items() if n}
    assert counts == allowed, found


def test_each_folder_names_its_systems_only_in_its_description():
    """A folder's other modules say its description's names (``EPIC40K``), never a
    ``RuleSystem`` member or the name's string: a copy under a new name changes one file."""
    from board.game.systems import FOLDERS

    named = {}
    for package in FOLDERS:
        folder = ROOT.joinpath(*package.split("."))
        assert (folder / "description.py").is_file(), package
        for path in sorted(folder.glob("*.py")):
            hits = [h for h in _switches(path) if "RuleSystem." in h or ": string " in h]
            if path.name != "description.py" and hits:
                named[path.relative_to(ROOT).as_posix()] = hits
    assert named == {}
