""" "Since your last turn" digests: what happened between a player's last action and the newest."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bot.core import visibility
from bot.core.narration import told
from bot.core.notations import RESIGN, UNDO
from bot.core.texts import shorten
from games.words import ENGLISH, Language, Listed, say, tell
from storage import ActionRecord

if TYPE_CHECKING:  # types only: the session service calls this module, never the reverse
    from bot.core.sessions.loading import Tables
    from bot.core.sessions.model import Table

DIGEST_ENTRIES = 3  # at most this many earlier actions in a "since your last turn" digest
DIGEST_LINE = 80  # characters per digest entry, on average (:func:`newest_fitting`)


# --------------------------------------------------------------------------- digests


def _one_line(sessions: Tables, table: Table, row: ActionRecord, language: Language = ENGLISH) -> str:
    """One action of the public log in one line: the first line of its narration, which says
    the action (the board shows what came of it, the log tells it all). A private action there
    narrates what it told the table (:func:`bot.core.visibility.public_log`), so its notation is
    never needed."""
    names = sessions.names(table)
    said = [line.strip() for line in told(row.narration, names, language).splitlines() if line.strip()]
    if said:
        text = said[0]
    elif row.notation in (RESIGN, UNDO):
        text = f"{names[row.seat]}: {row.notation}"
    else:
        text = f"{names[row.seat]}: `{visibility.shown_notation(table.game, row.notation, over=False, language=language)}`"
    return text


def newest_fitting(lines: Sequence[str], most: int) -> list[str]:
    """The newest of ``lines``, at most ``most``, whole, that fit in ``most`` times
    :data:`DIGEST_LINE` characters together: a language longer than English shows fewer
    entries rather than cut ones. The newest alone is shortened if even it does not fit."""
    budget = most * DIGEST_LINE
    shown: list[str] = []
    for line in reversed(lines[-most:] if most else []):
        if shown and sum(map(len, shown)) + len(line) > budget:
            break
        shown.insert(0, line)
    return [shorten(line, budget) for line in shown]


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
    sessions: Tables,
    table: Table,
    awaited: Sequence[Any],
    rows: Sequence[ActionRecord],
    *,
    narrated_from: int | None = None,
    language: Language = ENGLISH,
) -> list[str]:
    """What happened between the pinged players' last actions and the post's own, as one line,
    its own words in ``language`` (the post's).

    ``rows`` is the game's log from the earliest last action of the pinged players on (the
    session reads it with the move's commit: :class:`storage.moves.Since`), or more of it. The
    post narrates the actions from step ``narrated_from`` (default: the newest action only), so
    a digest appears only when more than that happened since a player last acted (several
    opponents, or a long turn), and never repeats what the post narrates. Every pinged player's
    recap is the end of the one since the earliest last action among them, so a card says that
    one alone, naming whose last turn it starts after.
    """
    pinged = [a for a in awaited if getattr(a, "ping", False)]
    if not pinged or not rows:
        return []
    upto = rows[-1].step if narrated_from is None else narrated_from
    # a public post: only the actions every player may know of (bot.core.visibility)
    before = visibility.public_log(table.game, [r for r in rows if r.step < upto])
    last: dict[str, int] = {}  # a pinged player -> the index of their last action in ``before``
    for a in pinged:
        seats = set(table.seats_of(a.user_id))
        mine = [i for i, r in enumerate(before) if r.seat in seats and r.notation != UNDO]
        if mine and mine[-1] + 1 < len(before):
            last.setdefault(sessions.name(a.user_id), mine[-1])
    if not last:
        return []
    start = min(last.values())
    between = before[start + 1 :]
    shown = newest_fitting(
        [_one_line(sessions, table, r, language) for r in between[-DIGEST_ENTRIES:]], DIGEST_ENTRIES
    )
    whose = [name for name, index in last.items() if index == start]
    return [_recap(sessions, " · ".join(shown), whose, len(between) - len(shown), language)]


def _recap(sessions: Tables, recap: str, whose: Sequence[str], earlier: int, language: Language) -> str:
    """The digest's line: since whose last turn, and how many earlier actions only the log shows."""
    see_log = tell(sessions.words.see_log, (), language)
    if len(whose) == 1:
        if earlier:
            return tell(
                say(
                    "📜 Since {who}'s last turn (and {n} earlier: {see_log}): {recap}",
                    n=earlier,
                    who=whose[0],
                    see_log=see_log,
                    recap=recap,
                ),
                (),
                language,
            )
        return tell(say("📜 Since {who}'s last turn: {recap}", who=whose[0], recap=recap), (), language)
    # each name's own possessive ("Ann's, Bo's and Cy's"), so a language may say "of Ann, of Bo"
    names = Listed(tuple(say("{name}'s", name=n) for n in whose), say("and"))
    if earlier:
        return tell(
            say(
                "📜 Since {who} last turns (and {n} earlier: {see_log}): {recap}",
                n=earlier,
                who=names,
                see_log=see_log,
                recap=recap,
            ),
            (),
            language,
        )
    return tell(say("📜 Since {who} last turns: {recap}", who=names, recap=recap), (), language)
