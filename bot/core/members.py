"""A member's own settings and DM state: :class:`Members`, the service that owns them
(``/settings``: a DM when it is their turn, auto-play of their only moves; and how the last DM
to them went, so that closed DMs are not tried again until they opt in)."""

from __future__ import annotations

from storage import Store, UserPrefs
from util.records import frozen


@frozen
class MemberSettings:
    dm_on_turn: bool
    #: The member's DMs refused the bot's last try (no more are sent until they opt in again).
    dms_closed: bool
    auto_play: bool


class Members:
    """The members' settings, DM state and auto-play, over the store they are kept in."""

    def __init__(self, store: Store) -> None:
        self._store = store

    async def change_settings(
        self, user_id: int, *, dm_on_turn: bool | None = None, auto_play: bool | None = None
    ) -> MemberSettings:
        """Change what is given (None: unchanged) and return the member's settings. Opting in to
        DMs again also tries DMs again (they are no longer marked closed)."""
        if dm_on_turn is not None:
            await self._store.set_prefs(UserPrefs(user_id, dm_on_turn=dm_on_turn, dm_closed=False))
        if auto_play is not None:
            await self._store.set_auto_play(user_id, auto_play)
        prefs = await self._store.prefs(user_id)
        return MemberSettings(prefs.dm_on_turn, prefs.dm_closed, await self._store.auto_play(user_id))

    async def dms_closed(self, user_id: int) -> None:
        """The member's DMs are closed to the bot: stop trying until they opt in again."""
        await self._store.set_prefs(UserPrefs(user_id, dm_on_turn=True, dm_closed=True))

    async def prefs(self, user_id: int) -> UserPrefs:
        """The member's DM settings and how the last DM to them went."""
        return await self._store.prefs(user_id)

    async def dm_failed(self, user_id: int, failure: int | None, now: float) -> None:
        """Remember how the last DM to the member went (``failure``: Discord's code or status,
        None when it got through)."""
        await self._store.dm_failed(user_id, failure, now)

    async def auto_play(self, user_id: int) -> bool:
        """Whether the member's only moves are played for them (the default) or asked."""
        return await self._store.auto_play(user_id)
