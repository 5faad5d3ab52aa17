r"""The written summary that goes with an exported view: what is drawn, and the kept facts.

An exported picture settles a dispute only if the numbers are written beside it. The summary
is the scenario's :class:`~board.game.reports.report.Report` (the same findings
``battleboard check`` prints), headed by the scenario file's name and the SHA-256 of its
content and the time, with a first section "On the board": what each tool on the board says
now, in whole sentences (a live ruler "7.05\" from the door of Imperial Bastion to …", a
within verdict and each model's numbers, the rays' visible fractions and cover). Then the
kept measurements, the void-shield coverage, the units with models out of their deployment
zone, and the positions of every model those involve.

>>> from board.document.model import Scenario
>>> lines = summary_lines(Scenario(name="Empty"), {}, [("Ruler", ['6.02" from a to b'])])
>>> print("\n".join(lines[:6]))
Empty (Warhammer 40,000, distances in inches)
<BLANKLINE>
On the board
  Ruler
    6.02" from a to b
<BLANKLINE>
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from board.document.datasheet import Datasheet
from board.document.model import Scenario
from board.game.reports.report import Finding, ReportError, Source, build_report

__all__ = ["OverlayNote", "summary_lines", "note_finding"]

#: What one overlay on the board says: a title and its lines.
OverlayNote = tuple[str, Sequence[str]]


def note_finding(note: OverlayNote | Finding) -> Finding:
    """An overlay's note as a finding (a finding is taken as it is)."""
    if isinstance(note, Finding):
        return note
    title, lines = note
    return Finding(str(title), tuple(str(line) for line in lines))


def summary_lines(scenario: Scenario, library: Mapping[str, Datasheet],
                  overlays: Sequence[OverlayNote | Finding], source: Source | None = None,
                  time: str | None = None) -> list[str]:
    """Return the summary as lines (no trailing blank line).

    ``library`` must hold the datasheets of the scenario's pieces (its custom ones too).
    When the kept facts cannot be worked out the summary says why instead of them.
    """
    on_board = [note_finding(note) for note in overlays]
    try:
        report = build_report(scenario, library, on_board or [Finding("(none)")], source, time,
                              buildings=False, every_unit=False, keep_unmeasured=True)
    except ReportError as error:
        unit = "centimetres" if scenario.rule_system.uses_cm else "inches"
        head = [f"{scenario.name} ({scenario.rule_system.label}, distances in {unit})"]
        if source is not None:
            head.append(f"file: {source.text}")
        if time is not None:
            head.append(f"time: {time}")
        board = [line for f in on_board for line in f.lines()] or ["(none)"]
        return [*head, "", "On the board", *(f"  {line}" for line in board), "",
                f"Kept facts cannot be worked out: {error}"]
    return report.lines()
