"""What the scheduler says: its notices, where they go, and its refusals.

A notice that fails is never retried at the next tick: the change it reports stands (it is
saved), and the command's private answer says the others were not told (:func:`not_told`), so
nobody retries a change that counted.
"""

from __future__ import annotations

from typing import Protocol

from bot.core.sessions import Reply, SessionError
from games.words import ENGLISH, Language, say, tell
from util.records import frozen


class ClockError(SessionError):
    """A scheduler command that cannot be done; the message is for the user."""


@frozen
class Notice:
    """A message for a game's channel (or, with ``dm``, for one user by DM, else the channel)."""

    game_id: int
    channel_id: int
    text: str
    mentions: tuple[int, ...] = ()
    #: Offer the stall vote (pause / skip / replace) for the game at this step.
    vote_step: int | None = None
    #: Offer the host the seat of this member, who left the server: a computer takes it, or wait.
    departed: int | None = None
    dm: int | None = None
    #: The language ``text`` is told in (the game's, in its channel), for the words the front
    #: end adds (a vote's buttons).
    language: Language = ENGLISH
    #: What the DM says, in its reader's language (None: ``text``).
    dm_text: str | None = None
    #: The language of the DM (its reader's), for the words the front end adds to it.
    dm_language: Language = ENGLISH


class Outbox(Protocol):
    """Where the scheduler's messages go (the Discord adapter, or a list in tests)."""

    async def notice(self, notice: Notice) -> str | None:
        """Post ``notice``: None when it went out, else why not, in words for the players."""
        ...

    async def reply(self, reply: Reply) -> None: ...


def not_told(failed: str | None, language: Language = ENGLISH) -> str:
    """What a command's answer adds, in ``language``, when its change is saved but its notice
    did not go out (``failed``: why, from :meth:`Outbox.notice`): the change stands, so nobody
    retries it."""
    if failed is None:
        return ""
    said = say(
        "It is saved, but I could not post the notice in the game's channel ({why}): the others "
        "have not been told.",
        why=failed,
    )
    return " " + tell(said, (), language)
