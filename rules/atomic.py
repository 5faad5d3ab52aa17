"""All or nothing: a rule resolution either completes or leaves every state it was handed as it was.

A resolution changes the building, the units it was given and the dice (every roll is kept).
If anything fails part way (a refused choice, a geometry callback that raises, a test's dice
running out), :func:`atomic` puts each of those objects back as it was before the call, so the
board never shows a building that lost a hull point to a hit whose damage was never rolled.

>>> from rules.dice import FixedDice
>>> class Tally:
...     def __init__(self) -> None:
...         self.count = 0
>>> @atomic("tally", "dice")
... def add_two_dice(tally: Tally, dice: FixedDice) -> None:
...     tally.count += dice.d6("first")
...     tally.count += dice.d6("second")
>>> tally, dice = Tally(), FixedDice([3])
>>> add_two_dice(tally, dice)
Traceback (most recent call last):
...
rules.dice.DiceExhausted: the test gave 1 dice and more were rolled
>>> tally.count, dice.rolls, dice.unused
(0, [], [3])
"""

from __future__ import annotations

import copy
import functools
import inspect
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, ParamSpec, Protocol, TypeVar, runtime_checkable

__all__ = ["atomic", "all_or_nothing", "Checkpointed"]

#: The ids of the objects an enclosing resolution already keeps: a nested resolution (a hit
#: inside a volley) leaves them to it rather than copying them again.
_KEPT: ContextVar[frozenset[int]] = ContextVar("kept", default=frozenset())


@runtime_checkable
class Checkpointed(Protocol):
    """A state that saves and restores itself more cheaply than a deep copy (the dice)."""

    def checkpoint(self) -> object:
        """Return what :meth:`restore` needs to put the object back as it is now."""

    def restore(self, checkpoint: object) -> None:
        """Put the object back as it was at ``checkpoint``."""

P = ParamSpec("P")
R = TypeVar("R")


@contextmanager
def all_or_nothing(*states: object) -> Iterator[None]:
    """Restore every object in ``states`` (its attributes, deeply) if the block raises.

    ``None`` entries are skipped, so an optional argument can be passed as it is, and so are
    objects an enclosing :func:`all_or_nothing` already keeps.
    """
    outer = _KEPT.get()
    fresh = [s for s in states if s is not None and id(s) not in outer]
    if not fresh:
        yield
        return
    kept = [(s, _save(s)) for s in fresh]
    token = _KEPT.set(outer | {id(s) for s in fresh})
    try:
        yield
    except BaseException:
        for state, saved in kept:
            _put_back(state, saved)
        raise
    finally:
        _KEPT.reset(token)


def _save(state: object) -> object:
    if hasattr(type(state), "checkpoint"):
        return state.checkpoint()  # type: ignore[attr-defined]
    return copy.deepcopy(vars(state))


def _put_back(state: object, saved: Any) -> None:
    if hasattr(type(state), "checkpoint"):
        state.restore(saved)  # type: ignore[attr-defined]
        return
    attributes = vars(state)
    attributes.clear()
    attributes.update(saved)


def atomic(*names: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Make a resolution all or nothing over its arguments called ``names``.

    Parameters
    ----------
    *names
        The parameters whose objects the resolution may change (``"self"`` for a method).
    """

    def decorate(resolution: Callable[P, R]) -> Callable[P, R]:
        signature = inspect.signature(resolution)
        unknown = [n for n in names if n not in signature.parameters]
        if unknown:
            raise TypeError(f"{resolution.__name__} has no parameter {', '.join(unknown)}")

        order = list(signature.parameters)
        where = [(order.index(n), n, signature.parameters[n].default) for n in names]

        @functools.wraps(resolution)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            states: list[Any] = [
                args[i] if i < len(args) else kwargs.get(n, None if d is inspect.Parameter.empty
                                                         else d)
                for i, n, d in where
            ]
            outer = _KEPT.get()
            if all(s is None or id(s) in outer for s in states):
                return resolution(*args, **kwargs)  # an enclosing resolution keeps them
            with all_or_nothing(*states):
                return resolution(*args, **kwargs)

        return wrapper

    return decorate
