"""One report of a scenario's facts, which ``battleboard check``, its JSON and the export format.

A :class:`Report` is built once (:func:`build_report`) from the scenario: the kept
measurements measured again, the void-shield coverage of every unit, the deployment and the
models out of zone, each building's state, and the positions of the models the measurements
involve. Each fact is a :class:`Finding`: its line as a player reads it (what was measured
from what to what, the figure, the verdict and the rule it answers), its per-model lines, the
models it involves, and its data as plain JSON values (ids, inches). The text
(:meth:`Report.lines`) and the JSON (:meth:`Report.to_dict`) are two formats of the same
findings; nothing is parsed back out of text.

The export adds what the tools on the board say now (:class:`Finding` objects handed in as
``on_board``), the file's name and a hash of its content, and the time.

>>> from board.document.model import Scenario
>>> from board.document.io import default_library
>>> report = build_report(Scenario(name="Empty"), default_library())
>>> report.lines()[:3]
['Empty (Warhammer 40,000, distances in inches)', '', 'Kept measurements']
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from board.document.datasheet import Datasheet
from board.document.distance_option import DISTANCE_RULE, SYSTEM_RULE, distance_choice
from board.document.model import Annotation, RuleSystem, Scenario
from board.game.core.buildings import BuildingStateError
from board.game.core.deploy import deployment_for, models_out_of_zone
from board.game.core.levels import raised_models
from board.game.core.names import Namer
from board.game.core.targets import centre
from board.game.core.units import display_unit
from board.game.core.world import World, WorldCache
from board.game.measuring.annotations import evaluate
from board.game.measuring.coverage import Coverage, UnitCoverage, void_shield_coverage
from board.game.measuring.rings import RING_KIND, AnnotationError, read_ring
from board.game.measuring.unmeasured import kept_name, unmeasured_words
from board.game.measuring.within import VOID_SHIELD_RULE
from board.game.reports.summary import summarise_all
from board.game.systems.facts import facts_for
from geometry import CM_PER_INCH, format_distance
from rules.words import counted

__all__ = ["ReportError", "Source", "Finding", "Section", "Report", "build_report",
           "position_findings"]


class ReportError(ValueError):
    """The scenario was read but a fact cannot be worked out (the message says which)."""


@dataclass(frozen=True)
class Source:
    """The scenario file a report is about: its name and the SHA-256 of its bytes."""

    name: str
    sha256: str

    @classmethod
    def of_bytes(cls, name: str, content: bytes) -> Source:
        """The source called ``name`` holding ``content``.

        >>> Source.of_bytes("a.json", b"{}").sha256[:12]
        '44136fa355b3'
        """
        return cls(name, hashlib.sha256(content).hexdigest())

    @classmethod
    def of_file(cls, path: Path) -> Source:
        """The file at ``path`` as it is on disk now."""
        return cls.of_bytes(path.name, path.read_bytes())

    @property
    def text(self) -> str:
        """``demo.json (sha256 3f2a…)``: the whole hash, so a judge can compare it."""
        return f"{self.name} (sha256 {self.sha256})"


@dataclass(frozen=True)
class Finding:
    """One fact: its line, its detail lines, the models it involves, its data as JSON.

    ``text`` reads on its own: what was measured from what to what, the figure, the verdict
    and the rule (``Rhino Fidelis: farthest part 12.54" from Void Shield Generator, not
    wholly within 12.00": partly in (not covered) (…)``).
    """

    text: str
    details: tuple[str, ...] = ()
    models: tuple[str, ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict)

    def lines(self) -> list[str]:
        """The line, then its details indented."""
        return [self.text, *(f"  {d}" for d in self.details)]


@dataclass(frozen=True)
class Section:
    """A titled group of findings; ``key`` names its JSON member (empty: text only)."""

    key: str
    title: str
    findings: tuple[Finding, ...]
    data: Any = None
    #: An empty section about something the table may lack is left out of the text (its
    #: JSON member stays): no "Void-shield coverage (none)" on a table without a generator.
    quiet: bool = False

    def lines(self) -> list[str]:
        """The title, then every finding indented (``(none)`` when empty), then a blank."""
        if self.quiet and not self.findings:
            return []
        body = [line for f in self.findings for line in f.lines()] or ["(none)"]
        return [self.title, *(f"  {line}" for line in body), ""]


@dataclass(frozen=True)
class Report:
    """A scenario's facts: a heading (scenario, system, unit, file, time) and sections."""

    scenario: str
    rule_system: str
    unit: str
    sections: tuple[Section, ...]
    source: Source | None = None
    time: str | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def section(self, key: str) -> Section:
        """The section whose ``key`` is ``key`` (``KeyError`` if none)."""
        for section in self.sections:
            if section.key == key:
                return section
        raise KeyError(key)

    def heading(self) -> list[str]:
        """The scenario, its system and unit; the file and its hash; the time."""
        words = {"in": "inches", "cm": "centimetres"}[self.unit]
        label = RuleSystem(self.rule_system).label  # the system's name, never its id
        out = [f"{self.scenario} ({label}, distances in {words})"]
        if self.source is not None:
            out.append(f"file: {self.source.text}")
        if self.time is not None:
            out.append(f"time: {self.time}")
        return out

    def lines(self) -> list[str]:
        """The report as text, a section each (no trailing blank line)."""
        out = [*self.heading(), ""]
        for section in self.sections:
            out += section.lines()
        return out[:-1]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values: the heading, then each keyed section's data."""
        out: dict[str, Any] = {"scenario": self.scenario, "rule_system": self.rule_system,
                               "unit": self.unit}
        if self.source is not None:
            out["file"] = {"name": self.source.name, "sha256": self.source.sha256}
        if self.time is not None:
            out["time"] = self.time
        out.update(self.data)
        out.update({s.key: s.data for s in self.sections if s.key and s.data is not None})
        out["text"] = self.lines()
        return out


def _fail(error: Exception) -> ReportError:
    return ReportError(str(error.args[0]) if error.args else str(error))


def _kept(scenario: Scenario, world: World, zones: Any, names: Namer,
          lenient: bool = False) -> tuple[Section, dict[str, Any]]:
    """The kept measurements measured again.

    ``lenient``: one that cannot be measured now is said by name in its finding instead of
    failing the report.
    """
    findings, measured, others = [], [], []
    for annotation in scenario.annotations:
        try:
            result = evaluate(annotation, world, zones, names)
        except AnnotationError:
            if not lenient:
                raise
            text = (f"{kept_name(annotation)}: cannot be measured: "
                    f"{unmeasured_words(annotation, world, zones, names)}")
            findings.append(Finding(text, data={"id": annotation.id, "text": text}))
            continue
        if result is None:
            others.append({"id": annotation.id, "kind": annotation.kind,
                           "text": _other_text(annotation, names)})
            findings.append(Finding(others[-1]["text"], data=others[-1]))
            continue
        measured.append(result)
        findings.append(Finding(result["text"], tuple(result.get("lines", ())),
                                tuple(result.get("model_ids", ())), result))
    return (Section("", "Kept measurements", tuple(findings)),
            {"measurements": measured, "other_annotations": others})


def _other_text(annotation: Annotation, names: Namer) -> str:
    """A kept annotation with no verdict in words, by name (``rings 6.00", 12.00" around …``)."""
    if annotation.kind == RING_KIND:
        try:
            return f"kept {read_ring(annotation).words(names)} (no verdict)"
        except AnnotationError:
            pass
    return f"a kept {annotation.kind} (no verdict)"


def _coverage(world: World, names: Namer) -> Section:
    rows = void_shield_coverage(world)
    findings = tuple(Finding(c.explain(names), (), _partly_in(c),
                             c.to_dict() | {"text": c.explain(names)}) for c in rows)
    title = "Void-shield coverage" + (f" ({VOID_SHIELD_RULE})" if rows else "")
    shielded = any(p.void_shields for p in world.pieces.values())
    return Section("void_shields", title, findings, [f.data for f in findings],
                   quiet=not shielded)


def _partly_in(coverage: UnitCoverage) -> tuple[str, ...]:
    """The models that keep a unit that is partly in a zone from being covered."""
    if coverage.status is not Coverage.PARTLY_IN:
        return ()
    return tuple(m.model_id for m in coverage.sticking_out)


def _deployment(scenario: Scenario, world: World, names: Namer, only_out: bool) -> Section:
    plan = deployment_for(scenario)
    deployed = models_out_of_zone(world, plan)
    sides = {s.id: s.name for s in scenario.sides}
    out = sum(len(u.out_of_zone) for u in deployed)
    zones = ", ".join(f"{sides.get(side, side)} {zone}" for side, zone in plan.zones.items())
    units = [u.to_dict() | {"text": u.explain(names)} for u in deployed]
    findings = tuple(Finding(row["text"], (), tuple(m["model"] for m in row["out"]), row)
                     for row in units if row["out"] or not only_out)
    data = {"map": plan.map.name, "zones": plan.zones, "side_names": sides,
            "models_out": out, "units": units}
    return Section("deployment", f"Deployment: {plan.map.name} ({zones}); "
                   f"{counted(out, names.word)} out of zone", findings, data)


def _buildings(scenario: Scenario, library: Mapping[str, Datasheet]) -> Section:
    summaries = summarise_all(scenario, library)
    findings = tuple(Finding(b.lines()[0], tuple(b.lines()[1:]), (),
                             b.to_dict() | {"lines": b.lines()}) for b in summaries)
    return Section("buildings", "Buildings", findings, [f.data for f in findings])


def _heights(scenario: Scenario, world: World, names: Namer) -> Section:
    """The rule distances are read by, and every raised model with its level and problems."""
    rule = world.distance_rule
    facts = facts_for(scenario.rule_system)
    house = distance_choice(scenario.options) != SYSTEM_RULE
    source = (f"house rule ({scenario.options[DISTANCE_RULE]})" if house
              else facts.distance_rule_source)
    rows = raised_models(world)
    findings = []
    for row in rows:
        where = f"{row.level_name} of {names.piece(row.piece)}" if row.piece in world.pieces \
            else row.level
        text = (f"{names.model(row.model_id)}: on {where}, "
                f"{format_distance(row.height, unit=display_unit(world.rule_system))} up"
                + (f": {row.problem}" if row.problem else ""))
        findings.append(Finding(text, (), (row.model_id,), row.to_dict() | {"text": text}))
    title = f"Heights: distances read {rule.label}; {source}"  # the source has parentheses
    data = {"distance_rule": rule.value, "house_rule": house, "source": source,
            "models": [f.data for f in findings]}
    return Section("heights", title, tuple(findings), data)


def _objectives(scenario: Scenario, world: World, names: Namer) -> list[Section]:
    """Who holds each objective (only when the table has markers), and the layout's name.

    The rules of holding load with the first report, not with the board (issue 38).
    """
    from board.game.objectives.control import holdings

    layout = scenario.options.get("layout")
    sections = []
    if isinstance(layout, Mapping) and layout.get("name"):
        line = f"{layout.get('name')} ({layout.get('pattern', '')}), {layout.get('credit', '')}"
        sections.append(Section("layout", "Layout", (Finding(line, (), (), dict(layout)),),
                                dict(layout)))
    held = holdings(scenario, world)  # "OC" only where the rule counts it (h.by_level)
    if held:
        findings = tuple(Finding(
            f"{h.objective.name}: {h.control.reason}",
            tuple(f"{names.model(m.model_id)}: {_shown(m.across, world, 3)} across, "
                  f"{_shown(m.up, world)} up" + (f", OC {m.oc}" if h.by_level else "")
                  for m in h.models),
            tuple(m.model_id for m in h.models), h.to_dict())
            for h in held)
        sections.append(Section("objectives", f"Objectives ({held[0].rule})", findings,
                                [f.data for f in findings]))
    return sections


def _shown(inches: float, world: World, decimals: int | None = None) -> str:
    """A length in the board's unit (``12.000"``, ``30.480 cm``; ``:g`` without decimals)."""
    unit = display_unit(world.rule_system)
    value = inches * (CM_PER_INCH if unit == "cm" else 1.0)
    figure = f"{value:.{decimals}f}" if decimals is not None else f"{value:g}"
    return figure + (" cm" if unit == "cm" else '"')


def position_findings(world: World, names: Namer, model_ids: Sequence[str]) -> Section:
    """Where each of ``model_ids`` stands, in the board's unit from the top-left corner.

    The JSON's ``x`` and ``y`` are inches whatever the system; the text reads in the board's
    unit (centimetres on an Epic 40,000 table). An empty list writes no section.
    """
    seen: list[str] = []
    for model_id in model_ids:
        if model_id in world.models and model_id not in seen:
            seen.append(model_id)
    findings = []
    for model_id in seen:
        x, y = _centre_of(world, model_id)
        findings.append(Finding(f"{names.model(model_id)}: x {_shown(x, world, 3)}, "
                                f"y {_shown(y, world, 3)}",  # the id: --json
                                data={"model": model_id, "x": x, "y": y}))
    unit = {"in": "inches", "cm": "centimetres"}[display_unit(world.rule_system)]
    return Section("positions", f"Positions of the {names.word}s involved (centre of the "
                   f"base, {unit} from the top-left corner)", tuple(findings),
                   [f.data for f in findings], quiet=True)


def _centre_of(world: World, model_id: str) -> tuple[float, float]:
    return centre(world.models[model_id].shape)


def build_report(scenario: Scenario, library: Mapping[str, Datasheet],
                 on_board: Sequence[Finding] = (), source: Source | None = None,
                 time: str | None = None, buildings: bool = True,
                 every_unit: bool = True, keep_unmeasured: bool = False) -> Report:
    """Work out every fact of ``scenario`` once; raises :class:`ReportError` naming the fact.

    ``on_board`` are what the tools on the board say now (an export gives them; a section
    "On the board" comes first when given). ``buildings`` leaves the buildings' state out
    when false; ``every_unit`` false lists only the units with models out of their zone;
    ``keep_unmeasured`` says a kept measurement that cannot be measured now (its model gone
    into a building) by name among the others instead of refusing the whole report.
    The positions of every model the findings involve close the report.
    """
    try:
        world = WorldCache(library).world_for(scenario)
        plan = deployment_for(scenario)
        names = Namer.for_world(world, scenario)
        kept, data = _kept(scenario, world, plan.zone, names, lenient=keep_unmeasured)
        sections = [kept, _heights(scenario, world, names), _coverage(world, names),
                    _deployment(scenario, world, names, only_out=not every_unit)]
        sections += _objectives(scenario, world, names)
        if buildings:
            sections.append(_buildings(scenario, library))
    except (ValueError, KeyError, BuildingStateError) as error:
        raise _fail(error) from None
    if on_board:
        sections.insert(0, Section("", "On the board", tuple(on_board)))
    involved = [m for s in sections for f in s.findings for m in f.models]
    sections.append(position_findings(world, names, involved))
    return Report(scenario.name, scenario.rule_system.value,
                  display_unit(scenario.rule_system), tuple(sections), source, time, data)
