"""A member's own settings as the core reads and changes them (``/settings``): a DM when it is
their turn, and auto-play of their only moves; and what the core remembers when their DMs are
closed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from storage import UserPrefs

if TYPE_CHECKING:
    from bot.core.sessions import Sessions


@dataclass(frozen=True)
class MemberSettings:
    dm_on_turn: bool
    #: The member's DMs refused the bot's last try (no more are sent until they opt in again).
    dms_closed: bool
    auto_play: bool


async def change_settings(
    sessions: Sessions, user_id: int, *, dm_on_turn: bool | None = None, auto_play: bool | None = None
) -> MemberSettings:
    """Change what is given (None: unchanged) and return the member's settings. Opting in to DMs
    again also tries DMs again (they are no longer marked closed)."""
    store = sessions.store
    if dm_on_turn is not None:
        await store.set_prefs(UserPrefs(user_id, dm_on_turn=dm_on_turn, dm_closed=False))
    if auto_play is not None:
        await store.set_auto_play(user_id, auto_play)
    prefs = await store.prefs(user_id)
    return MemberSettings(prefs.dm_on_turn, prefs.dm_closed, await store.auto_play(user_id))


async def dms_closed(sessions: Sessions, user_id: int) -> None:
    """The member's DMs are closed to the bot: stop trying until they opt in again."""
    await sessions.store.set_prefs(UserPrefs(user_id, dm_on_turn=True, dm_closed=True))


async def member_prefs(sessions: Sessions, user_id: int) -> UserPrefs:
    """The member's DM settings and how the last DM to them went."""
    return await sessions.store.prefs(user_id)


async def dm_failed(sessions: Sessions, user_id: int, failure: int | None, now: float) -> None:
    """Remember how the last DM to the member went (``failure``: Discord's code or status, None
    when it got through)."""
    await sessions.store.dm_failed(user_id, failure, now)
