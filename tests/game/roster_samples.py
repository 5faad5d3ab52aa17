"""Army lists shaped as BattleScribe and New Recruit write them, for the import tests.

``write_samples(folder)`` writes the files kept in ``tests/game/rosters/`` (run this module
to rewrite them). The shapes follow BattleScribe's roster schema (namespace
``http://www.battlescribe.net/schema/rosterSchema``: roster → costs, forces → force →
selections → selection with ``type`` and ``number`` → profiles → profile ``typeName`` →
characteristics, costs, categories) and the profile types of BSData's game systems: 40K 7th
edition (``Warhammer40K.gst``: Unit, Vehicle, Walker, Weapon), Horus Heresy 2022
(``2022 - Horus Heresy.gst``: Unit, Vehicle), Warhammer Fantasy 8th edition (Model) and Epic
Armageddon (``Epic.gst``: Unit, War Engine). New Recruit's JSON export is the same tree with
lists for the wrapper elements and ``$text`` for a characteristic's value.
"""

from __future__ import annotations

import io
import itertools
import json
import zipfile
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

NS = "http://www.battlescribe.net/schema/rosterSchema"
_ids = itertools.count(1)


def _id() -> str:
    n = next(_ids)
    return f"{n:04x}-{n * 7 % 65536:04x}-{n * 13 % 65536:04x}-{n * 31 % 65536:04x}"


def profile(name: str, type_name: str, **chars: str) -> dict[str, Any]:
    return {"id": _id(), "name": name, "hidden": False, "typeId": _id(), "typeName": type_name,
            "characteristics": [{"name": k.replace("_", " "), "typeId": _id(), "$text": v}
                                for k, v in chars.items()]}


def sel(name: str, kind: str, number: int = 1, profiles: list | None = None,
        children: list | None = None, pts: float | None = None,
        categories: list[str] = ()) -> dict[str, Any]:
    node: dict[str, Any] = {"id": _id(), "name": name, "entryId": _id(), "number": number,
                            "type": kind, "from": "entry"}
    if profiles:
        node["profiles"] = profiles
    if children:
        node["selections"] = children
    if pts is not None:
        node["costs"] = [{"name": "pts", "typeId": "points", "value": pts}]
    if categories:
        node["categories"] = [{"id": _id(), "name": c, "entryId": _id(), "primary": i == 0}
                              for i, c in enumerate(categories)]
    return node


def weapon(name: str, rng: str, strength: str, ap: str, kind: str, number: int = 1) -> dict:
    return sel(name, "upgrade", number, [profile(name, "Weapon", Range=rng, Strength=strength,
                                                 AP=ap, Type=kind)], pts=0)


def roster(name: str, system: str, forces: list[dict], pts: float) -> dict[str, Any]:
    return {"id": _id(), "name": name, "battleScribeVersion": "2.03", "gameSystemId": _id(),
            "gameSystemName": system, "gameSystemRevision": 15, "xmlns": NS,
            "costs": [{"name": "pts", "typeId": "points", "value": pts}], "forces": forces}


def force(name: str, catalogue: str, selections: list, forces: list | None = None) -> dict:
    node = {"id": _id(), "name": name, "entryId": _id(), "catalogueId": _id(),
            "catalogueRevision": 1, "catalogueName": catalogue, "selections": selections}
    if forces:
        node["forces"] = forces
    return node


# -- writing -------------------------------------------------------------------------------

_SCALARS = ("id", "name", "entryId", "number", "type", "from", "hidden", "typeId",
            "typeName", "primary", "value", "battleScribeVersion", "gameSystemId",
            "gameSystemName", "gameSystemRevision", "catalogueId", "catalogueRevision",
            "catalogueName")
# In the order BattleScribe writes them (a selection: profiles, selections, costs, categories).
_WRAPPERS = {"profiles": "profile", "characteristics": "characteristic",
             "selections": "selection", "costs": "cost", "categories": "category",
             "forces": "force"}


def _xml(tag: str, node: dict[str, Any], pad: str) -> list[str]:
    attrs = "".join(f" {k}={quoteattr(str(v).lower() if isinstance(v, bool) else str(v))}"
                    for k, v in node.items() if k in _SCALARS)
    if "$text" in node:
        return [f"{pad}<{tag}{attrs}>{escape(node['$text'])}</{tag}>"]
    lists = [(k, node[k]) for k in _WRAPPERS if k in node]
    if not lists:
        return [f"{pad}<{tag}{attrs}/>"]
    lines = [f"{pad}<{tag}{attrs}>"]
    for key, children in lists:
        lines.append(f"{pad}  <{key}>")
        for child in children:
            lines += _xml(_WRAPPERS[key], child, pad + "    ")
        lines.append(f"{pad}  </{key}>")
    return lines + [f"{pad}</{tag}>"]


def to_ros(data: dict[str, Any]) -> str:
    node = {k: v for k, v in data.items() if k != "xmlns"}
    lines = _xml("roster", node, "")
    lines[0] = lines[0].replace("<roster", f'<roster xmlns="{NS}"', 1)
    return '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' + "\n".join(lines) + "\n"


def to_rosz(text: str, name: str = "list.ros") -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(name, text)
    return buffer.getvalue()


def to_new_recruit(data: dict[str, Any]) -> str:
    return json.dumps({"roster": {**data, "generatedBy": "https://newrecruit.eu"}}, indent=1)


# -- the samples ---------------------------------------------------------------------------

def _marine(name: str, ws: str = "4", ld: str = "8", t: str = "Infantry") -> dict:
    return profile(name, "Unit", Unit_Type=t, WS=ws, BS="4", S="4", T="4", W="1", I="4", A="1",
                   Ld=ld, Save="3+")


def wh40k_7th() -> dict[str, Any]:
    """A 7th-edition Space Marine list (BattleScribe 2.03, BSData's 7th-edition profiles)."""
    bolter = weapon("Boltgun", '24"', "4", "5", "Rapid Fire")
    captain = sel("Captain", "model", 1, [profile("Captain", "Unit", Unit_Type="Infantry "
                                                  "(Character)", WS="6", BS="5", S="4", T="4",
                                                  W="3", I="5", A="3", Ld="10", Save="3+")],
                  [weapon("Power sword", "-", "User", "3", "Melee"),
                   weapon("Bolt pistol", '12"', "4", "5", "Pistol")], 90, ["HQ"])
    rhino = sel("Rhino", "unit", 1, [profile("Rhino", "Vehicle", BS="4", Front="11", Side="11",
                                             Rear="10", HP="3", Type="Tank, Transport")],
                pts=35, categories=["Dedicated Transport"])
    tactical = sel("Tactical Squad", "unit", 1, children=[
        sel("Space Marine Sergeant", "model", 1, [_marine("Space Marine Sergeant", ld="9")],
            [bolter]),
        sel("Space Marine", "model", 9, [_marine("Space Marine")], [weapon(
            "Boltgun", '24"', "4", "5", "Rapid Fire", 9)]),
        rhino], pts=140, categories=["Troops"])
    speeders = sel("Land Speeder Squadron", "unit", 1, children=[
        sel("Land Speeder", "model", 2, [profile("Land Speeder", "Vehicle", BS="4", Front="10",
                                                 Side="10", Rear="10", HP="2",
                                                 Type="Vehicle (Fast, Skimmer)")])],
        pts=100, categories=["Fast Attack"])
    dread = sel("Dreadnought", "model", 1, [profile("Dreadnought", "Walker", WS="4", BS="4",
                                                    S="6", Front="12", Side="12", Rear="10",
                                                    I="4", A="2", HP="3", Type="Walker")],
                pts=100, categories=["Elites"])
    trait = sel("Warlord Trait: The Imperium's Sword", "upgrade", 1, pts=0)
    return roster("Ultramarines 500", "Warhammer 40,000 7th Edition",
                  [force("Combined Arms Detachment", "Space Marines",
                         [captain, tactical, speeders, dread, trait])], 500)


def wh40k_10th() -> dict[str, Any]:
    """A 10th-edition list: M T SV W LD OC on the unit, categories for the troop type."""
    def unit_profile(name: str, t: str, sv: str, w: str, ld: str) -> dict:
        return profile(name, "Unit", M='6"', T=t, SV=sv, W=w, LD=ld, OC="1")
    intercessors = sel("Intercessor Squad", "unit", 1, [unit_profile("Intercessor", "4", "3+",
                                                                     "2", "6+")],
                       [sel("Intercessor Sergeant", "model", 1),
                        sel("Intercessor", "model", 4, children=[
                            sel("Bolt rifle", "upgrade", 4)])],
                       80, ["Infantry", "Battleline", "Imperium", "Tacticus"])
    captain = sel("Captain in Terminator Armour", "model", 1,
                  [unit_profile("Captain in Terminator Armour", "5", "2+", "6", "6+")],
                  pts=95, categories=["Infantry", "Character", "Terminator"])
    redemptor = sel("Redemptor Dreadnought", "model", 1,
                    [unit_profile("Redemptor Dreadnought", "10", "2+", "12", "6+")],
                    pts=210, categories=["Vehicle", "Walker", "Smoke"])
    raider = sel("Land Raider", "model", 1, [unit_profile("Land Raider", "12", "2+", "16",
                                                          "6+")],
                 pts=240, categories=["Vehicle", "Transport"])
    size = sel("Battle Size", "upgrade", 1, children=[sel("Strike Force (2000 Point limit)",
                                                          "upgrade", 1)])
    return roster("Gladius 625", "Warhammer 40,000 10th Edition",
                  [force("Army Roster", "Imperium - Adeptus Astartes - Space Marines",
                         [size, intercessors, captain, redemptor, raider])], 625)


def horus_heresy() -> dict[str, Any]:
    """A Horus Heresy (2022) list as New Recruit exports it, one unit in a nested force."""
    def legion(name: str) -> dict:
        return profile(name, "Unit", Unit_Type="Infantry", Move="7", WS="4", BS="4", S="4",
                       T="4", W="1", I="4", A="1", Ld="7", Save="3+")
    tactical = sel("Legion Tactical Squad", "unit", 1, children=[
        sel("Legion Sergeant", "model", 1, [legion("Legion Sergeant")]),
        sel("Legionary", "model", 9, [legion("Legionary")])], pts=125, categories=["Troops:"])
    praetor = sel("Legion Praetor", "model", 1, [profile(
        "Legion Praetor", "Unit", Unit_Type="Infantry (Character)", Move="7", WS="6", BS="5",
        S="4", T="4", W="3", I="5", A="4", Ld="10", Save="2+")], pts=115, categories=["HQ:"])
    contemptor = sel("Contemptor Dreadnought", "model", 1, [profile(
        "Contemptor Dreadnought", "Unit", Unit_Type="Dreadnought", Move="8", WS="5", BS="5",
        S="7", T="7", W="6", I="4", A="4", Ld="8", Save="2+")], pts=175,
        categories=["Elites:"])
    rhino = sel("Legion Rhino", "model", 1, [profile(
        "Legion Rhino", "Vehicle", Unit_Type="Vehicle (Transport)", Move="12", BS="4",
        Front="11", Side="11", Rear="10", HP="3", Transport_Capacity="10",
        Access_Points="Side, Rear")], pts=45, categories=["Dedicated Transport"])
    return roster("XIII Legion 460", "Horus Heresy (2022)",
                  [force("Crusade Force Organisation Chart", "Legiones Astartes",
                         [tactical, praetor], [force("Allied Detachment", "Legiones Astartes",
                                                     [contemptor, rhino])])], 460)


def fantasy_8th() -> dict[str, Any]:
    """A Warhammer Fantasy 8th-edition Empire list (BSData's Model profile, Type In/Ca/WM)."""
    def model(name: str, kind: str, m: str = "4", ws: str = "3", save: str = "6+",
              ld: str = "7") -> dict:
        return profile(name, "Model", M=m, WS=ws, BS="3", S="3", T="3", W="1", I="3", A="1",
                       LD=ld, ArmourSave=save, WardSave="-", MR="-", Type=kind)
    halberdiers = sel("Halberdiers", "unit", 1, children=[
        sel("Halberdier", "model", 19, [model("Halberdier", "In")]),
        sel("Sergeant", "model", 1, [model("Sergeant", "In", ld="7")])], pts=120,
        categories=["Core"])
    knights = sel("Empire Knights", "unit", 1, children=[
        sel("Knight", "model", 5, [model("Knight", "Ca", m="8", ws="4", save="1+",
                                         ld="8")])], pts=120, categories=["Core"])
    general = sel("General of the Empire", "model", 1, [model("General of the Empire", "In",
                                                              ws="5", save="4+", ld="9")],
                  pts=85, categories=["Lords"])
    cannon = sel("Great Cannon", "model", 1, [model("Great Cannon", "WM", m="-", save="-")],
                 pts=120, categories=["Special"])
    tank = sel("Steam Tank", "model", 1, [profile("Steam Tank", "Model", M="*", WS="-",
                                                  BS="4", S="6", T="6", W="10", I="-", A="-",
                                                  LD="10", ArmourSave="1+", Type="Un")],
               pts=250, categories=["Rare"])
    return roster("Reikland 695", "Warhammer Fantasy 8th ed",
                  [force("Standard", "Empire", [general, halberdiers, knights, cannon, tank])],
                  695)


def epic() -> dict[str, Any]:
    """An Epic list (BSData's Epic Armageddon profiles: Type Speed Armour CC FF)."""
    def unit(name: str, kind: str, speed: str, armour: str) -> dict:
        return profile(name, "Unit", Type=kind, Speed=speed, Armour=armour, CC="4+", FF="4+",
                       Weapons="Bolters", Range="(15cm)", Firepower="Small Arms")
    tactical = sel("Tactical Detachment", "unit", 1, children=[
        sel("Tactical", "model", 6, [unit("Tactical", "INF", "15cm", "4+")]),
        sel("Rhino", "model", 3, [unit("Rhino", "AV", "30cm", "5+")])], pts=300,
        categories=["Formations"])
    warhound = sel("Warhound Titan", "model", 1, [profile(
        "Warhound Titan", "War Engine", Type="WE", Speed="30cm", Armour="5+", CC="4+",
        FF="4+", DC="3", Crit="-")], pts=275, categories=["Formations"])
    return roster("Codex Astartes 575", "Epic Armageddon",
                  [force("Epic Armageddon", "Space Marines - Codex Astartes - EA",
                         [tactical, warhound])], 575)


def write_samples(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = {
        "wh40k_7th_space_marines.ros": to_ros(wh40k_7th()).encode(),
        "wh40k_10th_space_marines.rosz": to_rosz(to_ros(wh40k_10th()),
                                                 "Gladius 625.ros"),
        "horus_heresy_legion.json": to_new_recruit(horus_heresy()).encode(),
        "fantasy_8th_empire.ros": to_ros(fantasy_8th()).encode(),
        "epic_armageddon_marines.ros": to_ros(epic()).encode(),
        "wh40k_10th_space_marines.json": to_new_recruit(wh40k_10th()).encode(),
    }
    paths = []
    for name, data in written.items():
        (folder / name).write_bytes(data)
        paths.append(folder / name)
    return paths


if __name__ == "__main__":
    for path in write_samples(Path(__file__).parent / "rosters"):
        print(path)
