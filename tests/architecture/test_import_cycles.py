"""No import cycles in board/, geometry/ or rules/, and no import inside a function to hide one.

import-linter checks the layers between packages (pyproject.toml); this checks every module:
a cycle anywhere, even inside one package, is a failure that names the modules in it.
Imports made only for type checking (``if TYPE_CHECKING:``) are not run and do not count.
"""

from __future__ import annotations

import ast
import pathlib

import grimp

ROOT = pathlib.Path(__file__).resolve().parents[2]

#: Imports inside functions that are there for start-up time (Qt and the window are loaded
#: only by the commands that open one), not to break a cycle: module -> function names.
LAZY_ON_PURPOSE = {
    "board/main.py": {"render_screenshot", "_refuse", "main", "_run", "_give_tools",
                      "_report_first_paint"},
    # numpy and Shapely: not before the first paint (docs/paint.md, the launch's fourth pass)
    "board/document/shapes.py": {"_shapely"},  # a doubtful shape or a refusal: Shapely
    "board/document/jsontext.py": {"_too_deep"},  # numpy for a great many brackets
    "board/game/core/label_layout.py": {"_numpy"},  # the overlays' labels
    "board/game/core/label_fitting.py": {"_numpy"},  # many boxes
    "board/game/core/label_rects.py": {"_numpy"},  # every pair of boxes at once (meets)
    # numpy: costing the overlays' labels' spots, as label_layout does (imported with it)
    "board/game/core/label_spots.py": {"_np"},
    "board/game/core/label_room.py": {"_np"},  # a label's clear room anywhere on the page
    # the rules package and the systems' facts (the geometry): words asked after the first paint
    "board/game/words.py": {"counted", "says", "possessive", "member_word"},
    "board/view/convert.py": {"geometry_to_path", "segments_path"},  # Shapely's, numpy's
    # numpy: the fans of a line of sight's rays, drawn only once a sight overlay shows
    "board/view/fans.py": {"__init__", "_rows", "_turns", "fan_runs", "holds", "path"},
    # stdlib modules the launch does without: uuid (platform), ctypes, hashlib, socket
    "board/document/datasheets.py": {"place_datasheet"},
    "board/view/memory.py": {"_libc"},
    "board/document/journal_format.py": {"this_host", "file_sha256"},
    "board/view/window.py": {"install_features", "add_unit"},
    # wh40kdc (40kdc-data): when a player first asks for a published layout
    "board/game/layouts/catalogue.py": {"load_catalogue"},
    # the systems' setup tables (their registry imports the geometry): File ▸ New, not launch
    "board/view/new_dialog.py": {"_table_presets"},
    "board/view/export/__init__.py": {"__getattr__"},
    "board/view/export/controller.py": {"summary", "export_to", "ask_export"},
    # the board's geometry (geometry/: sight, zones, ...): when a tool first asks for it
    "board/view/scene.py": {"push_drag", "world", "rotate_selected"},
    # a damaged building's label (hull points, damage capacity left): the building rules are
    # loaded when a piece with a state is first drawn, not before the first paint
    "board/view/scene_items.py": {"_sync_piece"},
    # rules: with the first saved building state (each system's description, read at start-up)
    "board/game/systems/wh40k/description.py": {"_checks", "_read_back"},
    "board/game/systems/epic/description.py": {"_checks", "_read_back"},
    "board/game/systems/fantasy/description.py": {"_read_back"},
    # Help ▸ About's version and licences (importlib.metadata, email): when the box is opened
    # File ▸ New from Layout…'s dialog and the layouts' building: when the item is chosen
    "board/view/layouts/__init__.py": {"__getattr__", "new_from_layout"},
    "board/view/help.py": {"_show_about"},
    # File ▸ Import Army List…'s reading, mapping and dialog, with the XML parser (some 2 MB
    # of a board's memory, issue 38): when a list is first opened, not with the window
    "board/view/army/controller.py": {"open_list", "_apply"},
    "board/document/roster/__init__.py": {"__getattr__"},
    # the objectives' overlay and the rules of holding (some 0.5 MB, issue 38): when the board
    # first has a marker; a report's objectives section: with the first report
    "board/view/objectives/__init__.py": {"start_if_marked"},
    "board/game/reports/report.py": {"_objectives"},
    # the unit and building editors, the Storm dialogs (some 0.7 MB together, issue 38): when
    # first opened, not with the window
    "board/view/editors/units.py": {"open_new", "open_edit"},
    "board/view/editors/buildings.py": {"open_editor"},
    "board/view/assault/controller.py": {"_close_combat", "_epic", "_fantasy"},
    "board/view/assault/__init__.py": {"__getattr__"},
    # the 40K datasheets (wh40kdc, about 0.4 s): at the first 40K army import, never before
    "board/game/systems/wh40k/datasheets_40kdc.py": {"load"},
    # the network stack (pycrdt, httpx, hypercorn): once a game is hosted or joined
    "board/view/remote/controller.py": {"_board", "host", "host_on", "_start", "leave",
                                        "_fair_drag_dice"},
    "board/view/remote/__init__.py": {"agree_to_share", "join", "offer_to_start"},
    "board/view/remote/dialogs.py": {"__init__", "choice"},
    # rules.words: a missing stat's refusal agrees with the unit's name, not at the first paint
    "board/document/stats.py": {"missing_stat_text"},
}


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(
                        child)))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_cycle_between_modules():
    graph = grimp.build_graph("board", "geometry", "rules", exclude_type_checking_imports=True)
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle():
    graph = grimp.ImportGraph()
    for name in ("a", "a.x", "a.y", "a.z"):
        graph.add_module(name)
    graph.add_import(importer="a.x", imported="a.y")
    graph.add_import(importer="a.y", imported="a.x")
    graph.add_import(importer="a.y", imported="a.z")
    assert _cycles(graph) == [["a.x", "a.y"]]


def _imports_in_functions(path: pathlib.Path) -> dict[str, list[str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: dict[str, list[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    module = inner.module if isinstance(inner, ast.ImportFrom) else \
                        inner.names[0].name
                    found.setdefault(node.name, []).append(str(module))
    return found


def test_no_import_inside_a_function_but_the_listed_lazy_ones():
    strays = {}
    for package in ("board", "geometry", "rules"):
        for path in sorted((ROOT / package).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            allowed = LAZY_ON_PURPOSE.get(name, set())
            extra = {f: m for f, m in _imports_in_functions(path).items() if f not in allowed}
            if extra:
                strays[name] = extra
    assert strays == {}
