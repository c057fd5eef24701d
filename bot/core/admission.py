"""Who may open and join a lobby: the bounds on hoarding, a lobby's condition, and the
reliability line a lobby shows of each person.

Plain async Python with no discord import. Decisions:

* **Bounds on hoarding**, per member, counted in the database (:class:`storage.records.MemberLoad`)
  and refused privately, nothing changed: at most :data:`LOBBIES_PER_MEMBER` open lobbies hosted
  per server; at most :data:`RUNNING_OVER_FINISHED` more unfinished games than finished ones
  (AsyncTI4's rule); one new lobby per :data:`NEW_LOBBY_EVERY` seconds. A server changes the
  first two (:meth:`bot.core.guilds.ServerSettings.bounds`). They are counted again in the
  transaction that creates the lobby or seats the member, with the member's row locked
  (``Store.create_game(admit=)``, ``Store.add_seat(admit=)``), so at once, in any processes, they
  count one after the other.
* **A lobby's condition** (:func:`check_join`): see :mod:`bot.core.lobbies`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from games.words import ENGLISH, Language, Said, say, tell
from storage import Store
from storage.records import MemberLoad
from storage.reliability import Reliability
from util.records import frozen

if TYPE_CHECKING:
    from bot.core.sessions.model import Post, Table

#: The bounds per member, by default (a server changes the first two with ``/floe config``).
LOBBIES_PER_MEMBER = 3
RUNNING_OVER_FINISHED = 5
NEW_LOBBY_EVERY = 60.0


def meets(record: Reliability, percent: int) -> bool:
    share = record.share_finished
    return share is None or share * 100 >= percent


@frozen
class Bounds:
    """A server's bounds per member (its ``/floe config``, else the defaults)."""

    lobbies: int = LOBBIES_PER_MEMBER
    over_finished: int = RUNNING_OVER_FINISHED


def unfinished_refusal(load: MemberLoad, bounds: Bounds) -> Said | None:
    """Why a member with ``load`` may not take on another game, or None."""
    most = load.finished + bounds.over_finished
    if load.unfinished < most:
        return None
    return say(
        "you are in {unfinished} unfinished games (lobbies included), and a member may be in "
        "at most {over} more than they finished ({finished} for you). Finish a "
        "game, or leave a lobby with `/game leave`, then try again. Nothing was changed",
        unfinished=load.unfinished,
        over=bounds.over_finished,
        finished=load.finished,
    )


def new_lobby_refusal(load: MemberLoad, bounds: Bounds, now: float) -> Said | None:
    """Why a member with ``load`` may not open another lobby now, or None."""
    if load.last_opened is not None and now - load.last_opened < NEW_LOBBY_EVERY:
        return say(
            "you opened a game less than a minute ago; you can open the next one {when}. Nothing was changed",
            when=f"<t:{int(load.last_opened + NEW_LOBBY_EVERY) + 1}:R>",
        )
    if load.lobbies_here >= bounds.lobbies:
        return say(
            "you already host {lobbies} open lobbies in this server, the most a member may. "
            "Start or cancel one (`/game open` lists them), then open another. Nothing was changed",
            lobbies=load.lobbies_here,
        )
    return unfinished_refusal(load, bounds)


async def check_join(store: Store, game_id: int, user_id: int) -> Said | None:
    """Why ``user_id`` may not join the lobby of ``game_id`` (its condition), or None."""
    percent = await store.lobbies.min_finished(game_id)
    if not percent:
        return None
    [record] = (await store.reliability.of([user_id])).values()
    if meets(record, percent):
        return None
    share = record.share_finished or 0.0
    return say(
        "this table is for players who finished at least {percent}% of their games; you finished "
        "{share} ({finished} of {total}). Look for another table with /game open",
        percent=percent,
        share=f"{share:.0%}",
        finished=record.finished,
        total=record.finished + record.resigned + record.replaced,
    )


async def with_reliability(store: Store, table: Table, post: Post, name: Callable[[int], str]) -> Post:
    """The lobby post with each person's reliability (``name``: a person's name), and the
    table's condition, told in the post's language."""
    people = table.humans()
    records = await store.reliability.of(people)
    lines = [f"• {name(u)}: {reliability_line(records[u], language=post.language)}" for u in people]
    percent = await store.lobbies.min_finished(table.record.id)
    if percent:
        only = say("Only players who finished at least {percent}% of their games may join.", percent=percent)
        lines.append(tell(only, (), post.language))
    return replace(post, text=post.text + "\n" + "\n".join(lines))


def reliability_line(
    record: Reliability, median_move: float | None = None, language: Language = ENGLISH
) -> str:
    """``finished 9 of 10 (90 %), 1 resigned, 0 replaced, 2 deadlines missed``, in ``language``."""
    share = record.share_finished
    if share is None:
        head = say("no finished games yet")
    else:
        total = record.finished + record.resigned + record.replaced
        head = say(
            "finished {finished} of {total} ({share})",
            finished=record.finished,
            total=total,
            share=f"{share:.0%}",
        )
    parts = [
        head,
        say("{n} resigned", n=record.resigned),
        say("{n} replaced after a stall", n=record.replaced),
        say("{n} deadlines missed", n=record.missed),
    ]
    if median_move is not None:
        parts.append(say("median time to move {duration}", duration=duration(median_move, language)))
    return ", ".join(tell(part, (), language) for part in parts)


def duration(seconds: float, language: Language = ENGLISH) -> str:
    """A time to move, roughly: ``40 s``, ``12 min``, ``3.5 h``, ``2.0 days``."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    if seconds < 36 * 3600:
        return f"{seconds / 3600:.1f} h"
    return tell(say("{days} days", days=f"{seconds / 86400:.1f}"), (), language)
