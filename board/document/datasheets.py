"""The datasheet library: every terrain datasheet the program knows, and placing them.

Each file ``resources/datasheets/<id>.json`` holds one datasheet (``docs/scenario-format.md``
lists the fields). :func:`load_library` reads and validates them all; a broken file raises a
:class:`~board.document.errors.ScenarioError` naming the file and the field.
:func:`place_datasheet` turns a datasheet into the terrain pieces of a scenario: one piece,
or one piece per part for a multi-part building.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

import resources
from board.document.datasheet import Datasheet, TerrainKind
from board.document.datasheet_json import datasheet_from_dict
from board.document.errors import ScenarioError, join_where
from board.document.jsontext import loads
from board.document.limits import MAX_FILE_BYTES
from board.document.model import RuleSystem, TerrainPiece
from board.document.shapes import check_no_overlap, place_point

__all__ = [
    "DatasheetLibrary",
    "load_library",
    "read_json_file",
    "place_datasheet",
    "adjacent_pieces",
    "unique_id",
    "PART_TAG",
    "DATASHEETS_DIR",
    "DEMO_SCENARIO_PATH",
    "shipped_path",
]



def shipped_path(*parts: str) -> Path:
    """Return a path inside the shipped ``resources/`` folder.

    Uses the package's search path rather than ``resources.DATASHEETS`` so that it also works
    when an editable install imports ``resources`` as a namespace package (then its
    ``__init__`` never runs).
    """
    return Path(next(iter(resources.__path__))).joinpath(*parts)


#: The folder of shipped datasheets.
DATASHEETS_DIR = shipped_path("datasheets")
#: The demo scenario ``battleboard`` opens with no file.
DEMO_SCENARIO_PATH = shipped_path("scenarios", "demo.json")

#: A datasheet with this tag is a part of a multi-part building: it is placed with its group
#: and not offered on its own by :meth:`DatasheetLibrary.for_system`.
PART_TAG = "part"


class DatasheetLibrary(Mapping[str, Datasheet]):
    """Datasheets by id: ``library[id]``, ``id in library``, iteration over ids.

    Parameters
    ----------
    sheets
        The datasheets; ids must be unique.
    sources
        Where each came from (id → file path), for messages.
    """

    def __init__(self, sheets: Iterable[Datasheet] = (),
                 sources: Mapping[str, str] | None = None) -> None:
        self._sheets: dict[str, Datasheet] = {}
        self.sources: dict[str, str] = dict(sources or {})
        #: Where datasheets not read from a file are (``custom_datasheets[2]``), by id.
        self.locations: dict[str, str] = {}
        for sheet in sheets:
            if sheet.id in self._sheets:
                raise ScenarioError(f"datasheet id {sheet.id!r} is used twice",
                                    self.sources.get(sheet.id, sheet.id))
            self._sheets[sheet.id] = sheet

    def __getitem__(self, datasheet_id: str) -> Datasheet:
        return self._sheets[datasheet_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._sheets)

    def __len__(self) -> int:
        return len(self._sheets)

    def __repr__(self) -> str:
        return f"DatasheetLibrary({len(self)} datasheets)"

    def for_system(self, system: str | RuleSystem, *,
                   include_parts: bool = False) -> list[Datasheet]:
        """Return the datasheets written for a rule system, sorted by name.

        Parts of multi-part buildings are left out unless ``include_parts``.
        """
        key = RuleSystem(system).value
        sheets = [s for s in self._sheets.values() if key in s.systems
                  and (include_parts or PART_TAG not in s.tags)]
        return sorted(sheets, key=lambda s: (s.name.casefold(), s.id))

    def including(self, extra: Iterable[Datasheet], where: str = "") -> DatasheetLibrary:
        """Return this library with ``extra`` datasheets (a scenario's own) added.

        An extra datasheet may repeat a library one only if it is identical.
        """
        sheets = dict(self._sheets)
        locations = dict(self.locations)
        for i, sheet in enumerate(extra):
            if sheet.id in sheets and sheets[sheet.id] != sheet:
                raise ScenarioError(f"datasheet id {sheet.id!r} is already a different shipped "
                                    "datasheet; give the custom one another id",
                                    f"{where}[{i}].id" if where else sheet.id)
            if sheet.id not in self._sheets:
                locations[sheet.id] = f"{where}[{i}]" if where else sheet.id
            sheets[sheet.id] = sheet
        library = DatasheetLibrary(sheets.values(), self.sources)
        library.locations = locations
        library.check_parts()
        return library

    def check_parts(self) -> None:
        """Refuse a multi-part datasheet whose parts are unknown, multi-part or overlap."""
        for sheet in self._sheets.values():
            if sheet.kind is TerrainKind.MULTI_PART:
                self._check_group(sheet)

    def _at(self, sheet_id: str, location: str) -> str:
        """``location`` inside the datasheet ``sheet_id``: after its file, or its JSON place."""
        if sheet_id in self.locations:
            return join_where(self.locations[sheet_id], location)
        return f"{self.sources.get(sheet_id, sheet_id)}, {location}"

    def _check_group(self, sheet: Datasheet) -> None:
        outlines = {}
        for i, ref in enumerate(sheet.parts):
            part = self._sheets.get(ref.datasheet)
            if part is None or part.kind is TerrainKind.MULTI_PART:
                problem = "unknown" if part is None else "itself multi-part"
                raise ScenarioError(f"part datasheet {ref.datasheet!r} is {problem}",
                                    self._at(sheet.id, f"parts[{i}].datasheet"))
            outlines[ref.part] = [place_point(p, ref.x, ref.y, ref.rotation)
                                  for p in part.footprint]
        check_no_overlap(outlines, self._at(sheet.id, "parts"))


def read_json_file(path: Path, *, check: bool = True) -> object:
    """Read a JSON file; refuse a missing, unreadable, too large or bad one in one clear line.

    At most :data:`~board.document.limits.MAX_FILE_BYTES` are read (so a device or a huge
    file costs nothing); the text is checked by :func:`board.document.jsontext.loads`
    (``check=False``: the caller runs :func:`~board.document.jsontext.check_value` itself).
    """
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ScenarioError(f"cannot read the file: {exc.strerror or exc}", str(path)) from None
    if len(data) > MAX_FILE_BYTES:
        raise ScenarioError(f"the file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB, the "
                            "most a scenario or datasheet file may be", str(path))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError(f"not a text file (byte {exc.start} is not UTF-8)",
                            str(path)) from None
    return loads(text, str(path), check=check)


def _read_datasheet(path: Path) -> Datasheet:
    try:
        sheet = datasheet_from_dict(read_json_file(path, check=False))  # it checks the values
    except ScenarioError as exc:
        raise exc if exc.where.startswith(str(path)) else exc.in_file(path) from None
    if sheet.id != path.stem:
        raise ScenarioError(f"the id {sheet.id!r} must match the file name {path.stem!r}",
                            f"{path}, id")
    return sheet


def load_library(directory: Path = DATASHEETS_DIR) -> DatasheetLibrary:
    """Read and validate every ``*.json`` datasheet in ``directory``.

    Raises
    ------
    ScenarioError
        For the first broken file, naming the file and the field.
    """
    paths = sorted(Path(directory).glob("*.json"))
    sheets = [_read_datasheet(path) for path in paths]
    library = DatasheetLibrary(sheets, {s.id: str(p) for s, p in zip(sheets, paths, strict=True)})
    library.check_parts()
    return library


def unique_id(prefix: str, taken: Iterable[str]) -> str:
    """Return ``prefix`` or ``prefix-2``, ``prefix-3``… whichever is not ``taken``.

    >>> unique_id("bastion", ["bastion", "bastion-2"])
    'bastion-3'
    """
    used = set(taken)
    if prefix not in used:
        return prefix
    n = 2
    while f"{prefix}-{n}" in used:
        n += 1
    return f"{prefix}-{n}"


def place_datasheet(library: Mapping[str, Datasheet], datasheet_id: str, x: float, y: float,
                    rotation: float = 0.0, piece_id: str | None = None) -> list[TerrainPiece]:
    """Make the terrain pieces for one datasheet placed at ``(x, y)`` turned by ``rotation``.

    Parameters
    ----------
    library
        The datasheets (a :class:`DatasheetLibrary`).
    datasheet_id
        What to place.
    x, y
        Where the datasheet's local origin goes on the table, inches.
    rotation
        Degrees clockwise; the datasheet's front then faces ``rotation``.
    piece_id
        The new piece's id (a short random id when ``None``). The parts of a multi-part
        building get ``<piece_id>.<part>`` and share ``group = piece_id``.

    Returns
    -------
    list of TerrainPiece
        One piece, or one per part: each part at its offset turned with the group.
    """
    if datasheet_id not in library:
        raise ScenarioError(f"unknown datasheet {datasheet_id!r}", "datasheet")
    sheet = library[datasheet_id]
    if not piece_id:
        import uuid  # a new piece's id only (uuid loads the platform module)

        piece_id = f"{datasheet_id}-{uuid.uuid4().hex[:6]}"
    if sheet.kind is not TerrainKind.MULTI_PART:
        return [TerrainPiece(piece_id, datasheet_id, float(x), float(y), float(rotation) % 360)]
    pieces = []
    for ref in sheet.parts:
        px, py = place_point((ref.x, ref.y), x, y, rotation)
        pieces.append(TerrainPiece(
            f"{piece_id}.{ref.part}", ref.datasheet, px, py, (rotation + ref.rotation) % 360,
            group=piece_id, part=ref.part, group_datasheet=datasheet_id))
    return pieces


def adjacent_pieces(library: Mapping[str, Datasheet], terrain: Iterable[TerrainPiece],
                    piece: TerrainPiece) -> list[TerrainPiece]:
    """Return the parts of ``piece``'s multi-part building adjacent to it (seed 000)."""
    group_sheet = piece.group_datasheet
    if piece.group is None or group_sheet is None or group_sheet not in library:
        return []
    pairs = library[group_sheet].adjacent_parts
    names = {b for a, b in pairs if a == piece.part} | {a for a, b in pairs if b == piece.part}
    return [p for p in terrain if p.group == piece.group and p.part in names]
