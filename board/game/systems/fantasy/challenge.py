"""The one challenge of a Warhammer Fantasy building assault, checked (seed 002; no Qt).

Seed 002: "A single challenge may still be issued and accepted, but only between models already
chosen for the two assault parties -- a challenge can't be used to bring extra models into the
fight." The challenger and the model accepting are characters or champions, one of each party.
"""

from __future__ import annotations

from collections.abc import Sequence

from board.game.core.assault import AssaultError
from board.game.core.names import Namer
from board.game.systems.protocol import PartyMember
from rules import warhammer_fantasy as wf

__all__ = ["check_challenge"]


def check_challenge(ours: Sequence[PartyMember], theirs: Sequence[PartyMember],
                    challenge: tuple[str, str] | None, names: Namer) -> wf.Challenge | None:
    """The challenge between the two parties (``None``: none); refused in words otherwise."""
    if challenge is None:
        return None
    members = {m.id: m for m in [*ours, *theirs]}
    for model in challenge:
        member = members.get(model)
        if member is None:
            raise AssaultError(f"cannot fight the challenge: {names.model(model)} is not in an "
                               f"assault party; a challenge cannot bring another model into "
                               f"the fight")
        if not member.may_challenge:
            raise AssaultError(f"cannot fight the challenge: {member.name} is neither a "
                               f"character nor a champion")
    sides = {m.id for m in ours}
    if (challenge[0] in sides) == (challenge[1] in sides):
        raise AssaultError("cannot fight the challenge: the challenger and the model accepting "
                           "it must be of the two different parties")
    return wf.Challenge(*challenge)
