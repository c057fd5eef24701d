"""When to look again whether the bot may post in the channel of a game paused because it could
not (:data:`bot.core.tables.UNREACHABLE`).

Discord's update events (a channel's overwrites, a role's permissions, a thread) make the front end
look at once; this schedule is the fallback for what no event reports. Each game is looked at
:data:`FIRST` seconds after it is first seen paused, then at doubling intervals up to
:data:`LONGEST`: a channel that stays closed costs a handful of looks a day, never one a tick.
A game that resumes keeps its last interval for a while (:meth:`Rechecks.resumed`), so one that is
closed again at once is not looked at sooner than before.
"""

from __future__ import annotations

from collections.abc import Collection

from util.records import frozen

#: Seconds from the first sight of a paused game to its first look.
FIRST = 600.0
#: The longest interval between two looks at one game (seconds).
LONGEST = 6 * 3600.0


@frozen
class Recheck:
    at: float  # the next look, not before
    every: float  # the interval that led to it


class Rechecks:
    """One process's schedule of looks, per game (in memory: a restart looks again soon)."""

    def __init__(self, first: float = FIRST, longest: float = LONGEST) -> None:
        self.first = first
        self.longest = longest
        self._next: dict[int, Recheck] = {}

    def due(self, game_id: int, now: float) -> bool:
        """Whether to look at the game now; the first sight of it schedules its first look."""
        recheck = self._next.get(game_id)
        if recheck is None:
            self._next[game_id] = Recheck(now + self.first, self.first)
            return False
        return now >= recheck.at

    def refused(self, game_id: int, now: float) -> None:
        """The bot may still not post there: the next look after twice the last interval."""
        recheck = self._next.get(game_id)
        every = self.first if recheck is None else min(recheck.every * 2, self.longest)
        self._next[game_id] = Recheck(now + every, every)

    def resumed(self, game_id: int, now: float) -> None:
        """The game runs again: if it is paused again soon, its next look waits a longer interval."""
        self.refused(game_id, now)

    def forget(self, paused: Collection[int], now: float) -> None:
        """Drop the games not in ``paused`` whose schedule ran out long ago."""
        for game_id, recheck in list(self._next.items()):
            if game_id not in paused and now - recheck.at > self.longest:
                del self._next[game_id]
