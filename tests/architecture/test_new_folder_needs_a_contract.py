"""A new rule system's folder fails the import check until the contracts name it (issue 38).

The 40K folder is copied as ``board/game/systems/killteam/`` in a copy of the source tree:
``lint-imports`` refuses it, naming the folder and what to do; with the folder added beside
the others in the contracts of ``pyproject.toml`` it passes.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("board", "rules", "geometry", "resources")


def _lint(tree: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    lint = Path(sys.executable).with_name("lint-imports")
    return subprocess.run([str(lint), "--no-cache"], cwd=tree, env=env, capture_output=True,
                          text=True, timeout=300)


def test_a_folder_no_contract_names_is_refused_until_it_is_named(tmp_path):
    tree = tmp_path / "tree"
    ignore = shutil.ignore_patterns("__pycache__", "*.png", "*.json")
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tree / package, ignore=ignore)
    shutil.copy(ROOT / "pyproject.toml", tree / "pyproject.toml")
    folder = tree / "board" / "game" / "systems" / "killteam"
    shutil.copytree(ROOT / "board" / "game" / "systems" / "wh40k", folder, ignore=ignore)
    for module in folder.glob("*.py"):
        text = module.read_text(encoding="utf-8")
        module.write_text(text.replace("board.game.systems.wh40k", "board.game.systems.killteam"),
                          encoding="utf-8")
    refused = _lint(tree)
    assert refused.returncode != 0, refused.stdout
    assert "board.game.systems.killteam" in refused.stdout
    assert "no contract names" in refused.stdout.replace("\n", " ")
    config = (tree / "pyproject.toml").read_text(encoding="utf-8")
    independent = '    "board.game.systems.fantasy",\n]'
    assert config.count(independent) == 1
    config = config.replace(independent, independent.replace(
        "]", '    "board.game.systems.killteam",\n]'))
    assert config.count('"wh40k | epic | fantasy"') == 1
    config = config.replace('"wh40k | epic | fantasy"', '"wh40k | epic | fantasy | killteam"')
    (tree / "pyproject.toml").write_text(config, encoding="utf-8")
    kept = _lint(tree)
    assert kept.returncode == 0, kept.stdout[-3000:]
