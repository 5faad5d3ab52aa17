"""Read an army list's bytes safely: BattleScribe ``.ros`` (XML), ``.rosz`` (zip), New Recruit JSON.

The format is told by the bytes, not the file's name: a zip is a ``.rosz``, ``<`` starts a
``.ros``, ``{`` a New Recruit JSON export. Every file is refused in one line, and nothing is
changed, when it is

- larger than :data:`MAX_ROSTER_BYTES` (read or unzipped: the zip's stated size is checked
  first, then the bytes actually inflated, so a zip bomb stops at the cap);
- a zip with other than exactly one entry, or an encrypted one;
- XML with a DTD, an entity or an external reference (``defusedxml``: the billion laughs and
  its kin never expand), not well formed, or not in the encoding it says;
- JSON that is not UTF-8, not JSON, or nests more than :data:`~board.document.limits.MAX_DEPTH`;
- not a roster (an XML root other than BattleScribe's ``roster``, a JSON without ``roster``);
- a list of more than :data:`MAX_SELECTIONS` selections or nested more than ``MAX_DEPTH``.

XML is turned into the same tree of dicts and lists New Recruit writes as JSON
(``selections``, ``profiles``, ``characteristics`` with ``$text``…), so that one walker
(:mod:`board.document.roster.walk`) reads both.

>>> read_roster(b"<gameSystem xmlns='http://www.battlescribe.net/schema/gameSystemSchema'/>",
...             "x.ros")
Traceback (most recent call last):
...
board.document.roster.read.RosterError: x.ros: not a BattleScribe roster: the root element \
is <gameSystem> (a game system file), a roster's is <roster>
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from board.document.errors import ScenarioError
from board.document.jsontext import loads
from board.document.limits import MAX_DEPTH, MAX_FILE_BYTES
from board.document.roster.model import Roster
from board.document.roster.walk import walk_roster

__all__ = ["RosterError", "read_roster", "read_roster_file", "MAX_ROSTER_BYTES",
           "MAX_SELECTIONS", "NAMESPACE"]

#: The largest list read, bytes, as a file and unzipped (a 3,000-point list is about 1 MB).
MAX_ROSTER_BYTES = MAX_FILE_BYTES
#: The most selections (units, models, upgrades) a list may hold. A 3,000-point 40K list has a
#: few hundred; an Apocalypse list of 10,000 points a few thousand.
MAX_SELECTIONS = 20_000
#: BattleScribe's roster namespace (roster.xsd's target namespace).
NAMESPACE = "http://www.battlescribe.net/schema/rosterSchema"
#: The elements kept from the XML: the lists the walker reads (the rest is rules text).
_LISTS = {"forces": "force", "selections": "selection", "profiles": "profile",
          "characteristics": "characteristic", "categories": "category", "costs": "cost"}


class RosterError(ScenarioError):
    """An army list that cannot be read: what is wrong, with the numbers."""


def read_roster_file(path: str | Path) -> Roster:
    """Read the list at ``path`` (see :func:`read_roster`)."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_ROSTER_BYTES:
            raise RosterError(_too_big(size, "is"), str(path))
        with path.open("rb") as handle:
            data = handle.read(MAX_ROSTER_BYTES + 1)
    except OSError as error:
        raise RosterError(f"cannot read it: {error.strerror or error}", str(path)) from None
    return read_roster(data, str(path))


def read_roster(data: bytes, source: str = "") -> Roster:
    """Read a list's bytes: ``.rosz``, ``.ros`` or New Recruit JSON, told by the bytes."""
    if len(data) > MAX_ROSTER_BYTES:
        raise RosterError(_too_big(len(data), "is"), source)
    if data[:4] in (b"PK\x03\x04", b"PK\x05\x06"):  # a zip (an empty one ends at once)
        return _from_xml(_unzip(data, source), source, "BattleScribe .rosz")
    start = data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
    if start == b"<":
        return _from_xml(data, source, "BattleScribe .ros")
    if start == b"{":
        return _from_json(data, source)
    shown = data[:12].decode("ascii", "backslashreplace")
    raise RosterError("neither a BattleScribe roster (.ros XML, .rosz zip) nor a New Recruit "
                      f"JSON list: it starts with {shown!r}", source)


def _too_big(size: int, verb: str) -> str:
    return (f"the list {verb} {size:,} bytes; at most {MAX_ROSTER_BYTES:,} "
            f"({MAX_ROSTER_BYTES // 2**20} MiB) are read")


def _unzip(data: bytes, source: str) -> bytes:
    """The one ``.ros`` inside a ``.rosz``, inflated in memory and never past the cap."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        entries = archive.infolist()
        if len(entries) != 1:
            names = ", ".join(e.filename for e in entries[:4]) or "none"
            raise RosterError(f"a .rosz holds exactly one roster; this zip has {len(entries)} "
                              f"entries ({names})", source)
        entry = entries[0]
        if entry.flag_bits & 0x1:
            raise RosterError(f"the zip's entry {entry.filename!r} is encrypted", source)
        if entry.file_size > MAX_ROSTER_BYTES:
            raise RosterError(_too_big(entry.file_size, "says it unzips to"), source)
        with archive.open(entry) as handle:
            inflated = handle.read(MAX_ROSTER_BYTES + 1)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError,
            OSError, ValueError) as error:
        raise RosterError(f"not a readable zip: {error}", source) from None
    if len(inflated) > MAX_ROSTER_BYTES:
        raise RosterError(f"the zip's entry unzips to more than {MAX_ROSTER_BYTES:,} bytes "
                          f"(its header says {entry.file_size:,})", source)
    return inflated


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _forbidden(error: DefusedXmlException) -> str:
    """What defusedxml refused, in words (never its exception's class name)."""
    words = {"DTDForbidden": "a DTD", "EntitiesForbidden": "an entity",
             "ExternalReferenceForbidden": "an external reference"}
    return words.get(type(error).__name__, "a DTD, an entity or an external reference")


def _from_xml(data: bytes, source: str, kind: str) -> Roster:
    try:
        root = fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as error:
        raise RosterError(f"refused: the XML declares a DTD, an entity or an external "
                          f"reference (here {_forbidden(error)}); a roster has none",
                          source) from None
    except ParseError as error:
        raise RosterError(f"not well-formed XML in the encoding it declares: {error}", source) \
            from None
    if root.tag != f"{{{NAMESPACE}}}roster":
        raise RosterError(_wrong_root(root.tag), source)
    _check_xml_size(root, source)
    return _walk(_node(root), source, kind)


def _wrong_root(tag: str) -> str:
    local = _local(tag)
    what = {"gameSystem": " (a game system file)", "catalogue": " (a catalogue file)",
            "roster": f" in namespace {tag[1:].split('}')[0]!r}" if tag.startswith("{")
            else " without BattleScribe's namespace"}.get(local, "")
    return (f"not a BattleScribe roster: the root element is <{local}>{what}, a roster's is "
            f"<roster>")


def _check_xml_size(root: Element, source: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH selections or more than MAX_SELECTIONS of them."""
    stack = [(root, 0)]
    selections = 0
    while stack:
        element, depth = stack.pop()
        if depth > 2 * MAX_DEPTH:  # each level of a list is two elements (selections/selection)
            raise RosterError(f"selections nest more than {MAX_DEPTH} deep", source)
        if element.tag.endswith("}selection"):
            selections += 1
            if selections > MAX_SELECTIONS:
                raise RosterError(f"the list has more than {MAX_SELECTIONS:,} selections; "
                                  f"at most {MAX_SELECTIONS:,} are read", source)
        stack.extend((child, depth + 1) for child in element)


def _node(element: Element) -> dict[str, Any]:
    """An element as New Recruit writes it in JSON: attributes, ``$text``, the kept lists."""
    node: dict[str, Any] = dict(element.attrib)
    text = (element.text or "").strip()
    if text:
        node["$text"] = text
    for child in element:
        name = _local(child.tag)
        if name in _LISTS:
            node[name] = [_node(c) for c in child if _local(c.tag) == _LISTS[name]]
    if "typeName" not in node and "profileTypeName" in node:  # BattleScribe 1.x rosters
        node["typeName"] = node["profileTypeName"]
    if "$text" not in node and "value" in node and _local(element.tag) == "characteristic":
        node["$text"] = node["value"]  # BattleScribe 1.x wrote a characteristic's value
    return node


def _from_json(data: bytes, source: str) -> Roster:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise RosterError(f"a New Recruit list is UTF-8 text; byte {error.start:,} is not "
                          f"({data[error.start:error.start + 1]!r})", source) from None
    try:
        value = loads(text, source)
    except ScenarioError as error:
        raise RosterError(error.message, error.where) from None
    roster = value.get("roster") if isinstance(value, dict) else None
    if not isinstance(roster, dict) or not isinstance(roster.get("forces"), list):
        keys = ", ".join(list(value)[:5]) if isinstance(value, dict) else type(value).__name__
        raise RosterError(f"not a New Recruit list: it needs a \"roster\" object with "
                          f"\"forces\"; it has {keys or 'nothing'}", source)
    _check_json_size(roster, source)
    return _walk(roster, source, "New Recruit JSON")


def _check_json_size(roster: dict[str, Any], source: str) -> None:
    selections = 0
    stack: list[Any] = [roster]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key in ("forces", "categories", "selections"):
                children = node.get(key)
                if isinstance(children, list):
                    if key == "selections":
                        selections += len(children)
                    stack.extend(children)
        if selections > MAX_SELECTIONS:
            raise RosterError(f"the list has more than {MAX_SELECTIONS:,} selections; at most "
                              f"{MAX_SELECTIONS:,} are read", source)


def _walk(tree: dict[str, Any], source: str, kind: str) -> Roster:
    try:
        return walk_roster(tree, kind)
    except ScenarioError as error:
        raise RosterError(error.message, f"{source}, {error.where}" if error.where
                          else source) from None
