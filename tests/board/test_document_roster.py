"""Reading army lists: the real shapes of every format, and every hostile file refused in one line.

No Qt: CI runs this with PySide6 uninstalled.
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

from board.document.model import Base
from board.document.roster import RosterError, read_roster, read_roster_file
from board.document.roster.bases import BaseLibrary, normalise
from board.document.roster.read import MAX_ROSTER_BYTES, MAX_SELECTIONS, NAMESPACE

ROSTERS = Path(__file__).resolve().parents[1] / "game" / "rosters"


def _ros(body: str, head: str = "") -> bytes:
    return (f'<?xml version="1.0" encoding="UTF-8"?>{head}<roster xmlns="{NAMESPACE}" '
            f'name="L" gameSystemName="G"><forces><force catalogueName="C"><selections>'
            f"{body}</selections></force></forces></roster>").encode()


def _zip(entries: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def test_a_7th_edition_ros_is_read_unit_by_unit():
    roster = read_roster_file(ROSTERS / "wh40k_7th_space_marines.ros")
    assert roster.source_format == "BattleScribe .ros"
    assert roster.game_system == "Warhammer 40,000 7th Edition" and roster.points == 500
    names = [u.name for u in roster.units]
    assert names == ["Captain", "Rhino", "Tactical Squad", "Land Speeder Squadron",
                     "Dreadnought"]
    squad = roster.units[2]
    assert [(m.name, m.count) for m in squad.models] == [("Space Marine Sergeant", 1),
                                                         ("Space Marine", 9)]
    assert squad.points == 140  # its Rhino is a unit of its own, with its own 35 points
    assert squad.models[1].profile.characteristics["Save"] == "3+"
    assert squad.models[1].wargear == ("9x Boltgun",)
    assert [s.name for s in roster.skipped] == ["Warlord Trait: The Imperium's Sword"]


def test_rosz_and_new_recruit_json_read_as_the_same_list():
    zipped = read_roster_file(ROSTERS / "wh40k_10th_space_marines.rosz")
    exported = read_roster_file(ROSTERS / "wh40k_10th_space_marines.json")
    assert zipped.source_format == "BattleScribe .rosz"
    assert exported.source_format == "New Recruit JSON"
    shape = [(u.name, u.model_count, u.points, u.categories) for u in zipped.units]
    assert shape == [(u.name, u.model_count, u.points, u.categories) for u in exported.units]
    assert shape[0][:3] == ("Intercessor Squad", 5, 80)


def test_new_recruit_nested_forces_are_read():
    roster = read_roster_file(ROSTERS / "horus_heresy_legion.json")
    assert [u.name for u in roster.units] == ["Legion Tactical Squad", "Legion Praetor",
                                              "Contemptor Dreadnought", "Legion Rhino"]
    assert roster.units[3].force == "Legiones Astartes"


def test_battlescribe_1_x_profile_type_name_and_value_attributes():
    body = ('<selection id="s1" name="Guard" type="model" number="3"><profiles>'
            '<profile name="Guard" profileTypeName="Unit"><characteristics>'
            '<characteristic name="WS" value="3"/></characteristics></profile></profiles>'
            "</selection>")
    unit = read_roster(_ros(body)).units[0]
    assert unit.model_count == 3
    assert unit.models[0].profile.type_name == "Unit"
    assert unit.models[0].profile.characteristics == {"WS": "3"}


BILLION_LAUGHS = ('<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">'
                  '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;">]>')


@pytest.mark.parametrize("data, words", [
    (_ros('<selection name="&lol3;" type="model"/>', BILLION_LAUGHS), "DTD, an entity"),
    (_ros('<selection name="&x;" type="model"/>',
          '<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>'), "DTD, an entity"),
    (b'<?xml version="1.0"?><gameSystem xmlns="http://www.battlescribe.net/schema/'
     b'gameSystemSchema"/>', "root element is <gameSystem> (a game system file)"),
    (b'<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema"/>',
     "<catalogue> (a catalogue file)"),
    (b"<roster name='x'/>", "without BattleScribe's namespace"),
    (_ros('<selection name="CafX" type="model"/>').replace(b"CafX", b"Caf\xe9"),
     "not well-formed XML"),
    (b"\x89PNG\r\n\x1a\n", "neither a BattleScribe roster"),
    (b'{"army": []}', 'needs a "roster" object with "forces"'),
    (b'{"roster": {"forces": []}, "x": "\xff"}', "UTF-8"),
    (b'{"roster": {"forces": [' + b"[" * 80 + b"]" * 80 + b"]}}", "nest more than"),
    (_ros('<selection name="Squad" type="model" number="lots"/>'),
     "number must be a whole number from 0 to 20,000, got 'lots'"),
    (_ros('<selection name="Horde" type="model" number="20001"/>'), "got '20001'"),
])
def test_hostile_and_broken_lists_are_refused_in_one_line(data, words):
    with pytest.raises(RosterError) as refused:
        read_roster(data, "list.ros")
    message = str(refused.value)
    assert words in message and "\n" not in message and len(message) <= 300
    assert message.startswith("list.ros")


def test_a_zip_bomb_is_refused_by_its_stated_size_before_inflating():
    bomb = _zip({"bomb.ros": b"\0" * (MAX_ROSTER_BYTES + 1)})
    assert len(bomb) < 100_000
    with pytest.raises(RosterError, match="says it unzips to 16,777,217 bytes"):
        read_roster(bomb, "bomb.rosz")


def test_a_rosz_holds_exactly_one_entry():
    with pytest.raises(RosterError, match="exactly one roster; this zip has 2 entries"):
        read_roster(_zip({"a.ros": _ros(""), "b.ros": _ros("")}), "two.rosz")
    with pytest.raises(RosterError, match="has 0 entries"):
        read_roster(_zip({}), "none.rosz")
    assert read_roster(_zip({"a.ros": _ros("")}), "one.rosz").units == []


def test_too_many_selections_are_refused_xml_and_json():
    many = '<selection name="x" type="upgrade"/>' * (MAX_SELECTIONS + 1)
    with pytest.raises(RosterError, match="more than 20,000 selections"):
        read_roster(_ros(many), "many.ros")
    tree = {"roster": {"forces": [{"selections": [{"name": "x"}] * 100_000}]}}
    with pytest.raises(RosterError, match="more than 20,000 selections"):
        read_roster(json.dumps(tree).encode(), "many.json")


def test_a_file_over_the_size_cap_is_refused_unread(tmp_path):
    big = tmp_path / "big.ros"
    big.write_bytes(b" " * (MAX_ROSTER_BYTES + 1))
    with pytest.raises(RosterError, match="16,777,217 bytes; at most 16,777,216"):
        read_roster_file(big)


def test_base_library_prefers_the_players_correction(tmp_path):
    library, problem = BaseLibrary.load(tmp_path / "bases.json")
    assert problem == ""
    assert library.find("wh40k", ["Intercessor"], "infantry").base == Base.round_mm(32)
    library.correct("wh40k", "Intercessor", Base.round_mm(40), "infantry")
    library.save()
    again, _ = BaseLibrary.load(tmp_path / "bases.json")
    choice = again.find("wh40k", ["Intercessor"], "infantry")
    assert (choice.base, choice.origin) == (Base.round_mm(40), "yours")
    assert again.troop_type_of("wh40k", "intercessor") == "infantry"


def test_a_broken_corrections_file_is_reported_and_the_shipped_rows_used(tmp_path):
    path = tmp_path / "bases.json"
    path.write_text("{not json", encoding="utf-8")
    library, problem = BaseLibrary.load(path)
    assert "could not be read" in problem
    assert library.find("wh40k", ["Intercessor"], "infantry").origin == "library"


def test_every_shipped_row_names_a_source_that_exists():
    data = json.loads((Path(__file__).resolve().parents[2] / "resources" / "base_sizes.json")
                      .read_text(encoding="utf-8"))
    for row in data["bases"]:
        assert row["source"] in data["sources"], row
        assert isinstance(row["sure"], bool)
    assert normalise("Space  Marine!") == "space marine"
