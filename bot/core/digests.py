""" "Since your last turn" digests: what happened between a player's last action and the newest."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bot.core import visibility
from bot.core.notations import RESIGN, UNDO
from storage import ActionRecord

if TYPE_CHECKING:  # types only: the session service calls this module, never the reverse
    from bot.core.sessions.loading import Loader
    from bot.core.sessions.model import Table

DIGEST_ENTRIES = 3  # at most this many earlier actions in a "since your last turn" digest
DIGEST_LINE = 110  # characters per digest entry


# --------------------------------------------------------------------------- digests


def _one_line(sessions: Loader, table: Table, row: ActionRecord) -> str:
    """One action of the public log (:func:`bot.core.visibility.public_log`: a private action
    there narrates what it told the table, so its notation is never needed)."""
    names = sessions.names(table)
    if row.narration:
        text = " ".join(row.narration.split())
    elif row.notation in (RESIGN, UNDO):
        text = f"{names[row.seat]}: {row.notation}"
    else:
        text = f"{names[row.seat]}: `{visibility.shown_notation(table.game, row.notation, over=False)}`"
    return text if len(text) <= DIGEST_LINE else text[: DIGEST_LINE - 1] + "…"


def starts_too_late(
    table: Table, awaited: Sequence[Any], rows: Sequence[ActionRecord], *, narrated_from: int | None = None
) -> bool:
    """Whether ``rows`` (read from the pinged players' last actions on, :class:`storage.moves.Since`)
    may miss where a digest starts: a pinged player whose own actions in them all left no trace
    (a plan revised, a standing choice) had their last action every player knows of earlier."""
    if not rows or rows[0].step == 0:
        return False
    upto = rows[-1].step if narrated_from is None else narrated_from
    own_rows = [r for r in rows if r.step < upto and r.notation != UNDO]
    for a in awaited:
        if not getattr(a, "ping", False):
            continue
        seats = set(table.seats_of(a.user_id))
        own = [r for r in own_rows if r.seat in seats]
        if own and not visibility.public_log(table.game, own):
            return True
    return False


def digest_lines(
    sessions: Loader,
    table: Table,
    awaited: Sequence[Any],
    rows: Sequence[ActionRecord],
    *,
    narrated_from: int | None = None,
) -> list[str]:
    """For each pinged player: what happened between their last action and the post's own.

    ``rows`` is the game's log from the earliest last action of the pinged players on (the
    session reads it with the move's commit: :class:`storage.moves.Since`), or more of it. The
    post narrates the actions from step ``narrated_from`` (default: the newest action only), so
    a digest appears only when more than that happened since the player last acted (several
    opponents, or a long turn).
    """
    pinged = [a for a in awaited if getattr(a, "ping", False)]
    if not pinged or not rows:
        return []
    upto = rows[-1].step if narrated_from is None else narrated_from
    # a public post: only the actions every player may know of (bot.core.visibility)
    before = visibility.public_log(table.game, [r for r in rows if r.step < upto])
    told: dict[str, list[tuple[str, int]]] = {}  # a recap -> (player, actions before it) it is for
    for a in pinged:
        seats = set(table.seats_of(a.user_id))
        mine = [i for i, r in enumerate(before) if r.seat in seats and r.notation != UNDO]
        if not mine:
            continue
        between = before[mine[-1] + 1 :]
        if not between:
            continue
        shown = [_one_line(sessions, table, r) for r in between[-DIGEST_ENTRIES:]]
        told.setdefault(" · ".join(shown), []).append((sessions.name(a.user_id), len(between) - len(shown)))
    return [_recap(sessions, recap, players) for recap, players in told.items()]


def _recap(sessions: Loader, recap: str, players: Sequence[tuple[str, int]]) -> str:
    """One line of what happened for the players it is the same for (a reaction window asks
    several at once), saying whose earlier actions the log holds besides."""
    names = [name for name, _ in players]
    if len(players) == 1:
        [(name, earlier)] = players
        more = f" (and {earlier} earlier: {sessions.words.see_log})" if earlier else ""
        return f"📜 Since {name}'s last turn{more}: {recap}"
    whose = ", ".join(f"{n}'s" for n in names[:-1]) + f" and {names[-1]}'s"
    besides = ", ".join(f"{count} earlier for {name}" for name, count in players if count)
    more = f" (and {besides}: {sessions.words.see_log})" if besides else ""
    return f"📜 Since {whose} last turns{more}: {recap}"
