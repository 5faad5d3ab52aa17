"""A line of sight's verdicts as a player reads them on the board: one per target unit.

A reading (:class:`~board.game.sight.SightReading`) has a verdict per target model: how much
of it is seen, whether it is in cover. Written on the board one label per model, a unit of
ten seen from a unit gave ten three-line labels that covered the unit they spoke of. The
board writes one verdict per target unit instead (:func:`unit_verdicts`): how many of its
models are seen and how many of those are in cover; each model's own verdict is in the dock's
readout and on the model's tooltip (:func:`model_details`).

>>> from board.game.sight import ModelSight
>>> def seen(k, visible, cover):
...     return ModelSight(f"m{k}", visible, cover, (), 1, 1, name=f"Squad, model {k}")
>>> verdicts = unit_verdicts([seen(1, 1.0, False), seen(2, 0.5, True), seen(3, 0.0, None)],
...                          {"m1": ("u", "Squad"), "m2": ("u", "Squad"), "m3": ("u", "Squad")})
>>> print(verdicts[0].text)
Squad: 2 of 3 models visible
1 in cover, 1 in the open
>>> verdicts[0].kind
'mixed'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from board.game.sight import SEEN, ModelSight, percent
from geometry import COVER_HIDDEN

__all__ = ["UnitVerdict", "unit_verdicts", "model_verdict", "model_details"]


def _models(count: int, word: str = "model") -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def model_verdict(model: ModelSight) -> tuple[str, str]:
    """One model's verdict as written on the board, and its kind (see :attr:`UnitVerdict.kind`).

    >>> from board.game.sight import ModelSight
    >>> print(*model_verdict(ModelSight("m", 0.75, True, (), 1, 1)), sep=" | ")
    75% visible
    cover | cover
    """
    if model.visible <= SEEN:
        return "out of sight", "out"
    text = f"{percent(model.visible)} visible"  # a sliver never reads 0%, nor a part 100%
    if model.cover is None:
        return text, "open"
    if model.borderline:
        return text + "\nborderline", "borderline"
    if model.cover and model.visible > 1.0 - COVER_HIDDEN + 1e-9:  # seen whole by the best
        return text + "\ncover from another firer", "cover"
    return (text + "\ncover", "cover") if model.cover else (text + "\nin the open", "open")


@dataclass(frozen=True)
class UnitVerdict:
    """What a shooter sees of one target unit: its models' verdicts summed up."""

    unit_id: str
    name: str
    models: tuple[ModelSight, ...]
    #: What the system calls one of a unit's models (``stand`` in Epic 40,000).
    word: str = "model"

    @property
    def seen(self) -> int:
        """How many of the unit's models can be seen at all."""
        return sum(1 for m in self.models if m.visible > SEEN)

    @property
    def covered(self) -> int:
        """How many of the models seen are in cover."""
        return sum(1 for m in self.models if m.visible > SEEN and m.cover)

    @property
    def borderline(self) -> int:
        """How many of the models seen hang on a share within 0.5 points of 25% hidden."""
        return sum(1 for m in self.models if m.visible > SEEN and m.borderline)

    @property
    def kind(self) -> str:
        """``out`` (none seen), ``cover``, ``open``, ``borderline`` or ``mixed``: the colour."""
        if len(self.models) == 1:
            return model_verdict(self.models[0])[1]
        if not self.seen:
            return "out"
        if self.borderline:
            return "borderline"
        if self.covered == self.seen:
            return "cover"
        return "open" if not self.covered else "mixed"

    @property
    def text(self) -> str:
        """The label: ``Squad: 7 of 10 models visible`` and how many are in cover.

        A unit of one model reads as the model's own verdict.
        """
        if len(self.models) == 1:
            model = self.models[0]
            return f"{model.name or model.model_id}: {model_verdict(model)[0]}"
        total = len(self.models)
        if not self.seen:
            return f"{self.name}: out of sight ({_models(total, self.word)})"
        head = f"{self.name}: {self.seen} of {_models(total, self.word)} visible"
        if all(m.cover is None for m in self.models):
            return head
        parts = []
        if self.covered:
            parts.append(f"{self.covered} in cover")
        in_open = self.seen - self.covered
        if in_open:
            parts.append(f"{in_open} in the open")
        if self.borderline:
            parts.append(f"{self.borderline} borderline")
        return head + "\n" + ", ".join(parts)


def unit_verdicts(models: Sequence[ModelSight], unit_of: Mapping[str, tuple[str, str]],
                  word: str = "model") -> list[UnitVerdict]:
    """The reading's target models grouped by unit, in the reading's order.

    ``unit_of`` maps a model's id to its unit's id and name (a model it does not know is a
    unit of its own).
    """
    groups: dict[str, tuple[str, list[ModelSight]]] = {}
    for model in models:
        unit_id, name = unit_of.get(model.model_id, (model.model_id, model.name))
        groups.setdefault(unit_id, (name, []))[1].append(model)
    return [UnitVerdict(unit_id, name, tuple(found), word)
            for unit_id, (name, found) in groups.items()]


def model_details(models: Sequence[ModelSight]) -> dict[str, str]:
    """Each target model's own verdict in words, for its tooltip (``describe``)."""
    return {model.model_id: model.describe() for model in models}
