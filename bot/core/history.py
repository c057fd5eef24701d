"""History over the action log, for players: undo, log pages and the replay GIF.

The log is never edited: an undo is one more entry (:data:`bot.core.replay.UNDO`); what may be
taken back is decided by :func:`bot.core.replay.undo_refusal`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from PIL import Image

import games
import renderer
from bot.core import visibility
from bot.core.languages import language
from bot.core.notations import UNDO
from bot.core.pictures import drawn
from bot.core.replay import CannotUndo, Entry, replay, undo_refusal
from bot.core.sessions import NoGameHere, Reply, Sessions, StaleAction, Table
from bot.core.sessions.decide import seats_at
from bot.core.sessions.service import LOG_PAGE
from games import AnyGame
from games.words import Who, say, tell
from renderer import encoding
from storage import ActionRecord, Store

REPLAY_WIDTH = 480  # pixels: replay frames are drawn at reduced size
REPLAY_MAX_FRAMES = 80  # longer games are sampled evenly (first and last position always kept)
REPLAY_FRAME_MS = 700


# --------------------------------------------------------------------------- session operations


async def read_log(store: Store, table: Table) -> tuple[list[ActionRecord], Any, list[Entry]]:
    """``table``'s action log from ``store``, its initial state and every entry replayed."""
    rows = await store.actions(table.record.id)
    initial, entries = replay(table.game, table.record, len(table.seats), rows)
    return rows, initial, entries


class History:
    """Undo, log pages and the replay of a session's games, over their action logs."""

    def __init__(self, store: Store, sessions: Sessions) -> None:
        self._store = store
        self.sessions = sessions

    async def load(self, table: Table) -> tuple[list[ActionRecord], Any, list[Entry]]:
        """``table``'s action log, its initial state and every entry replayed (:func:`read_log`)."""
        return await read_log(self._store, table)

    async def undo(self, channel_id: int, user_id: int, *, game_id: int | None = None) -> Reply:
        """Take back the caller's newest action when the policy above allows it."""
        if game_id is None:
            game_id = (await self.sessions.active(channel_id)).record.id
        async with self.sessions.lock(game_id):
            table = await self.sessions.table(game_id)
            mine = seats_at(table, user_id, None, self.sessions.words)
            _, _, entries = await self.load(table)
            if not entries or not any(e.row.seat in mine for e in entries):
                raise CannotUndo(say("you have no action to take back"))
            last = entries[-1]
            if last.row.seat not in mine:
                who = self.sessions.name(table.user_of(last.row.seat))
                raise CannotUndo(
                    say(
                        "{who} has acted since: only an action nobody has answered yet can be taken back",
                        who=who,
                    )
                )
            if last.action is None:
                raise CannotUndo(say("a resignation cannot be taken back"))
            if last.after != table.state:
                raise StaleAction(say("the game's history does not replay to the board: nothing was changed"))
            reason = undo_refusal(
                table.game, last.before, last.row.seat, last.action, last.after, last.events
            )
            if reason:
                raise CannotUndo(reason)
            before_awaited = table.game.to_act(table.state)
            text = say("{who} takes back {action}.", who=Who(last.row.seat), action=f"`{last.action}`")
            events = [games.core.public("undo", text)]
            await self.sessions.moves.commit(table, last.row.seat, UNDO, last.before, events)
        table = await self.sessions.table(game_id)
        own = language(await self.sessions.readers.person(user_id))
        ack = tell(say("You took back {action}.", action=f"`{last.action}`"), (), own)
        return await self.sessions.board_reply(table, "", events, ack=ack, before=before_awaited)

    async def log_pages(self, channel_id: int, *, game_id: int | None = None) -> tuple[int, int]:
        """(game id, number of log pages) for the game in the channel (or the given game)."""
        table = (
            await self.sessions.table(game_id)
            if game_id is not None
            else await self.sessions.table_in(channel_id)
        )
        total = len(await self.sessions.public_log(table))
        return table.record.id, max(1, (total + LOG_PAGE - 1) // LOG_PAGE)

    async def replay_animation(self, channel_id: int, *, game_id: int | None = None) -> Replay:
        """The whole game as an animated GIF of public boards, a caption, and its alt text."""
        table = (
            await self.sessions.table(game_id)
            if game_id is not None
            else await self.sessions.table_in(channel_id)
        )
        if table.state is None:
            raise NoGameHere(say("the game has not started yet: there is nothing to replay"))
        _, initial, entries = await self.load(table)
        told = {r.step for r in visibility.public_log(table.game, [e.row for e in entries])}
        entries = [e for e in entries if e.row.step in told]  # frames and count as every player may know them
        if not entries:
            raise NoGameHere(say("no moves yet: there is nothing to replay"))
        states = [initial, *(e.after for e in entries)]
        names = self.sessions.picture_names(table)
        data = await drawn(replay_gif, table.game, states, names)
        shown = min(len(states), REPLAY_MAX_FRAMES)
        public = language(await self.sessions.readers.game(table.record.guild_id))
        game, moves = table.game.title, len(entries)
        caption = (
            say("**{game}** replay: {moves} moves ({shown} snapshots).", game=game, moves=moves, shown=shown)
            if shown < len(states)
            else say("**{game}** replay: {moves} moves.", game=game, moves=moves)
        )
        lead = say("Replay of {game}, {moves} moves, ending on this board:", game=game, moves=moves)
        description = renderer.describe(
            table.game.view(states[-1], None), names, lead=tell(lead, (), public), language=public
        )
        return Replay(data, tell(caption, (), public), description)


# --------------------------------------------------------------------------- log pages


# --------------------------------------------------------------------------- replay GIF


def _sample(n: int, cap: int) -> list[int]:
    if n <= cap:
        return list(range(n))
    picked = sorted({round(i * (n - 1) / (cap - 1)) for i in range(cap)})
    return picked


def replay_gif(
    game: AnyGame,
    states: Sequence[Any],
    names: Sequence[str],
    *,
    max_frames: int = REPLAY_MAX_FRAMES,
    width: int = REPLAY_WIDTH,
    limit: int = encoding.DISCORD_LIMIT,
) -> bytes:
    """An animated GIF of the public views of ``states`` (sampled to ``max_frames``), under ``limit``."""
    frames: list[Image.Image] = []
    for i in _sample(len(states), max_frames):
        view = game.view(states[i], None)
        players = view.players or len(names)
        padded = [
            names[k] if k < len(names) and names[k] else f"Player {k + 1}"
            for k in range(max(players, len(names)))
        ]
        img = renderer.renderer_for(view).draw(view, padded)
        if img.width > width:
            img = img.resize(
                (width, max(1, round(img.height * width / img.width))), Image.Resampling.BILINEAR
            )
        frames.append(img.convert("RGB"))
    frames.append(frames[-1])  # hold the final position a little longer
    return encoding.to_gif(frames, REPLAY_FRAME_MS, limit=limit)


class Replay(NamedTuple):
    """A game's replay: the GIF, the message's caption, and the GIF's alt text (what the
    replay is, then the last board's description, from the public view)."""

    data: bytes
    caption: str
    description: str
