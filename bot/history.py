"""History and undo over the append-only action log: replay, digests, the replay GIF, undo.

Everything here reads the log the store keeps (``actions``: step, seat, notation, narration,
time) and rebuilds states by replaying it from the seed; nothing here writes SQL, and the log is
never edited: an undo is one more entry (notation :data:`UNDO`).

Replaying the log (:func:`replay`): ``resign`` entries retire the seat, ``undo`` entries take
back the newest action still in force, every other entry is played through ``games.play``.

Undo policy (:func:`undo_refusal`): the caller may take back their own newest action while it is
still the newest action in force (nobody else has acted since), the game is not over, the action
was not a resignation, and the action revealed no hidden information and no random result.
A game may decide for itself by defining ``undoable(state, seat, action) -> str | None`` (a
refusal reason for players, or ``None`` to allow); otherwise the generic test below decides, and
it refuses whenever it cannot show that the action was a pure public move:

1. a secret action (an Ice Lake plan) is never taken back (it may be revised instead);
2. an action that showed another seat something privately (a private event for a seat other
   than the actor) is refused; the actor's own private events are checked by 3 and 5;
3. randomness: the action is applied again from the same state with other seeds; when the
   resulting state (seed aside) or its events differ, the action used a random result;
4. private views: for every other seat, the parts of its view that changed must be public parts
   (the same in the spectator's view) before and after, so no other seat saw a hidden part
   change (the actor's own hidden part may change: playing a card from one's hand, placing
   one's drawn tile; what the actor may learn is checked by 3 and 5);
5. hidden piles: every list in the state (a tile pile, a deck, a cube bag, a hand) is perturbed
   (rotated, reversed); for each viewer who cannot see the perturbation before the action, the
   views after the action must not differ either, else the action showed what was hidden; the
   events must not differ either when the actor could not see the perturbation.

The test is conservative: it refuses whenever it cannot show the move was pure. Its blind spot
is hidden information kept in a single value (not a list) that reaches only the actor; a game
that keeps such a secret defines ``undoable``.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PIL import Image

import games
import renderer
from games import AnyGame, Event, GameError, Seat
from renderer import common
from storage import ActionRecord, GameRecord

if TYPE_CHECKING:
    from bot.sessions import Reply, Sessions, Table

#: Session-level notations in the action log (not game actions): a seat leaving the game, and
#: taking back the newest action still in force.
RESIGN = "resign"
UNDO = "undo"

DIGEST_ENTRIES = 3  # at most this many earlier actions in a "since your last turn" digest
DIGEST_LINE = 110  # characters per digest entry
REPLAY_WIDTH = 480  # pixels: replay frames are drawn at reduced size
REPLAY_MAX_FRAMES = 80  # longer games are sampled evenly (first and last position always kept)
REPLAY_FRAME_MS = 700
ALTERNATE_SEEDS = (0x5EED, 0xF10E)


class CannotUndo(games.GameError):
    """The action cannot be taken back; the message says why."""


# --------------------------------------------------------------------------- replay


@dataclass(frozen=True)
class Entry:
    """One action in force: its log row, the states around it, its events and parsed action."""

    row: ActionRecord
    before: Any
    after: Any
    events: tuple[Event, ...]
    action: Any = None  # None for a resignation


def replay(
    game: AnyGame, record: GameRecord, players: int, rows: Sequence[ActionRecord]
) -> tuple[Any, list[Entry]]:
    """The starting state and the actions still in force after replaying ``rows`` from the seed."""
    options = game.options.from_mapping(record.options)
    initial = game.new_game(players, options, record.seed)
    entries: list[Entry] = []
    for row in rows:
        if row.notation == UNDO:
            if entries:
                entries.pop()
            continue
        before = entries[-1].after if entries else initial
        if row.notation == RESIGN:
            after, events = game.retire(before, row.seat)
            entries.append(Entry(row, before, after, tuple(events)))
        else:
            action = game.parse_action(row.notation)
            after, events = games.play(game, before, row.seat, action)
            entries.append(Entry(row, before, after, tuple(events), action))
    return initial, entries


def final_state(game: AnyGame, record: GameRecord, players: int, rows: Sequence[ActionRecord]) -> Any:
    initial, entries = replay(game, record, players, rows)
    return entries[-1].after if entries else initial


# --------------------------------------------------------------------------- undo policy


def undo_refusal(
    game: AnyGame, before: Any, seat: Seat, action: Any, after: Any, events: Sequence[Event]
) -> str | None:
    """Why ``action`` (played by ``seat`` from ``before``) cannot be taken back, or ``None``."""
    hook = getattr(game, "undoable", None)
    if hook is not None:
        reason = hook(before, seat, action)
        return str(reason) if reason else None
    shown = f"`{action}`"
    if games.is_secret(action):
        return "a secret choice is not taken back: send a new one while you still may"
    if any(e.audience is not None and e.audience - {seat} for e in events):
        return f"{shown} showed someone something hidden: it cannot be taken back"
    if _used_randomness(game, before, seat, action, after, events):
        return f"{shown} had a random result (dice or a draw): it cannot be taken back"
    if _private_view_changed(game, before, seat, after):
        return f"{shown} changed what only some players can see: it cannot be taken back"
    if _revealed_hidden(game, before, seat, action, after, events):
        return f"{shown} revealed something hidden (a tile, a card): it cannot be taken back"
    return None


def _without_seed(data: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "seed"}


def _used_randomness(
    game: AnyGame, before: Any, seat: Seat, action: Any, after: Any, events: Sequence[Event]
) -> bool:
    data = game.to_dict(before)
    if "seed" not in data:
        return True  # cannot show that no randomness was used
    expected = _without_seed(game.to_dict(after))
    for alt in ALTERNATE_SEEDS:
        alt_data = dict(data, seed=int(data["seed"]) ^ alt)
        try:
            alt_after, alt_events = game.apply(game.from_dict(alt_data), seat, action)
        except GameError:
            return True
        if _without_seed(game.to_dict(alt_after)) != expected or list(alt_events) != list(events):
            return True
    return False


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> dict[tuple[Any, ...], Any]:
    """A view flattened to ``path -> leaf`` (dataclasses, mappings and sequences are walked)."""
    out: dict[tuple[Any, ...], Any] = {}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            out.update(_leaves(getattr(value, f.name), (*path, f.name)))
    elif isinstance(value, Mapping):
        for key in sorted(value, key=repr):
            out.update(_leaves(value[key], (*path, repr(key))))
    elif isinstance(value, list | tuple):
        out[(*path, "#len")] = len(value)
        for i, item in enumerate(value):
            out.update(_leaves(item, (*path, i)))
    elif isinstance(value, set | frozenset):
        out[path] = tuple(sorted(map(repr, value)))
    else:
        out[path] = value
    return out


_MISSING = object()


def _private_view_changed(game: AnyGame, before: Any, seat: Seat, after: Any) -> bool:
    """Whether another seat's view changed in a part the spectator's view does not share."""
    public_before = _leaves(game.view(before, None))
    public_after = _leaves(game.view(after, None))
    for other in range(_players(game, before)):
        if other == seat:
            continue
        mine_before = _leaves(game.view(before, other))
        mine_after = _leaves(game.view(after, other))
        for path in set(mine_before) | set(mine_after):
            if path and path[-1] == "viewer":
                continue
            old, new = mine_before.get(path, _MISSING), mine_after.get(path, _MISSING)
            if old == new:
                continue
            if old != public_before.get(path, _MISSING) or new != public_after.get(path, _MISSING):
                return True
    return False


def _players(game: AnyGame, state: Any) -> int:
    players = getattr(state, "players", None)
    if isinstance(players, int):
        return players
    return int(getattr(game.view(state, None), "players", 0) or 0)


def _list_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    if isinstance(value, Mapping):
        for key, item in value.items():
            out += _list_paths(item, (*path, key))
    elif isinstance(value, list):
        if len(value) >= 2 and any(item != value[0] for item in value):
            out.append(path)
        for i, item in enumerate(value):
            out += _list_paths(item, (*path, i))
    return out


def _with(data: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(data, list):
        copy = list(data)
        copy[head] = _with(data[head], rest, new)
        return copy
    return {**data, head: _with(data[head], rest, new)}


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def _revealed_hidden(
    game: AnyGame, before: Any, seat: Seat, action: Any, after: Any, events: Sequence[Event]
) -> bool:
    """Perturb each list of the state; a perturbation nobody saw before must stay unseen after."""
    data = json.loads(json.dumps(game.to_dict(before)))
    viewers: list[Seat | None] = [None, *range(_players(game, before))]
    views_before = {v: game.view(before, v) for v in viewers}
    views_after = {v: game.view(after, v) for v in viewers}
    for path in _list_paths(data):
        items = _get(data, path)
        for perturbed in (items[1:] + items[:1], items[::-1]):
            if perturbed == items:
                continue
            try:
                alt = game.from_dict(_with(data, path, perturbed))
                blind = [v for v in viewers if game.view(alt, v) == views_before[v]]
            except Exception:  # not a valid state: this perturbation proves nothing
                continue
            if not blind:
                continue
            try:
                alt_after, alt_events = game.apply(alt, seat, action)
                if any(game.view(alt_after, v) != views_after[v] for v in blind):
                    return True
                if seat in blind and list(alt_events) != list(events):
                    return True
            except GameError:
                return True  # whether the action is legal depends on something hidden
            except Exception:
                continue
    return False


# --------------------------------------------------------------------------- session operations


async def load(sessions: Sessions, table: Table) -> tuple[list[ActionRecord], Any, list[Entry]]:
    rows = await sessions.store.actions(table.record.id)
    initial, entries = replay(table.game, table.record, len(table.seats), rows)
    return rows, initial, entries


async def undo(sessions: Sessions, channel_id: int, user_id: int, *, game_id: int | None = None) -> Reply:
    """Take back the caller's newest action when the policy above allows it."""
    from bot.sessions import NotSeated, StaleAction

    if game_id is None:
        game_id = (await sessions._active(channel_id)).record.id
    async with sessions._lock(game_id):
        table = await sessions.table(game_id)
        sessions._require_active(table)
        mine = table.seats_of(user_id)
        if not mine:
            raise NotSeated("you are not playing in this game")
        _, _, entries = await load(sessions, table)
        if not entries or not any(e.row.seat in mine for e in entries):
            raise CannotUndo("you have no action to take back")
        last = entries[-1]
        if last.row.seat not in mine:
            who = sessions.name(table.user_of(last.row.seat))
            raise CannotUndo(
                f"{who} has acted since: only an action nobody has answered yet can be taken back"
            )
        if last.action is None:
            raise CannotUndo("a resignation cannot be taken back")
        if last.after != table.state:
            raise StaleAction("the game's history does not replay to the board: nothing was changed")
        reason = undo_refusal(table.game, last.before, last.row.seat, last.action, last.after, last.events)
        if reason:
            raise CannotUndo(reason)
        before_awaited = table.game.to_act(table.state)
        text = f"{{{last.row.seat}}} takes back `{last.action}`."
        events = [games.core.public("undo", text)]
        await sessions._commit(table, last.row.seat, UNDO, last.before, events)
    table = await sessions.table(game_id)
    return await sessions._board_reply(
        table, "", events, ack=f"You took back `{last.action}`.", before=before_awaited
    )


# --------------------------------------------------------------------------- digests


def _one_line(sessions: Sessions, table: Table, row: ActionRecord) -> str:
    names = sessions.names(table)
    if row.narration:
        text = " ".join(row.narration.split())
    elif row.notation in (RESIGN, UNDO):
        text = f"{names[row.seat]}: {row.notation}"
    elif sessions._is_secret_notation(table.game, row.notation):
        text = f"{names[row.seat]} made a secret choice"
    else:
        text = f"{names[row.seat]}: `{row.notation}`"
    return text if len(text) <= DIGEST_LINE else text[: DIGEST_LINE - 1] + "…"


async def digest_lines(sessions: Sessions, table: Table, awaited: Sequence[Any]) -> list[str]:
    """For each pinged player: what happened between their last action and the newest one.

    The newest action is narrated in the post itself, so a digest appears only when more than
    that happened since the player last acted (several opponents, or a long turn).
    """
    pinged = [a for a in awaited if getattr(a, "ping", False)]
    if not pinged:
        return []
    rows = await sessions.store.actions(table.record.id)
    if len(rows) < 2:
        return []
    lines = []
    for a in pinged:
        seats = set(table.seats_of(a.user_id))
        mine = [i for i, r in enumerate(rows) if r.seat in seats and r.notation != UNDO]
        if not mine:
            continue
        between = [r for r in rows[mine[-1] + 1 : -1]]
        if not between:
            continue
        shown = [_one_line(sessions, table, r) for r in between[-DIGEST_ENTRIES:]]
        earlier = len(between) - len(shown)
        more = f" (and {earlier} earlier: /game log)" if earlier else ""
        lines.append(f"📜 Since {sessions.name(a.user_id)}'s last turn{more}: " + " · ".join(shown))
    return lines


# --------------------------------------------------------------------------- log pages


async def log_pages(sessions: Sessions, channel_id: int, *, game_id: int | None = None) -> tuple[int, int]:
    """(game id, number of log pages) for the game in the channel (or the given game)."""
    from bot.sessions import LOG_PAGE

    table = await sessions.table(game_id) if game_id is not None else await sessions.table_in(channel_id)
    total = await sessions.store.count_actions(table.record.id)
    return table.record.id, max(1, (total + LOG_PAGE - 1) // LOG_PAGE)


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
    limit: int = common.DISCORD_LIMIT,
) -> bytes:
    """An animated GIF of the public views of ``states`` (sampled to ``max_frames``), under ``limit``."""
    frames: list[Image.Image] = []
    for i in _sample(len(states), max_frames):
        view = game.view(states[i], None)
        players = int(getattr(view, "players", 0) or len(names))
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
    return common.to_gif(frames, REPLAY_FRAME_MS, limit=limit)


async def replay_animation(
    sessions: Sessions, channel_id: int, *, game_id: int | None = None
) -> tuple[bytes, str]:
    """The whole game as an animated GIF of public boards, and a caption."""
    from bot.sessions import NoGameHere

    table = await sessions.table(game_id) if game_id is not None else await sessions.table_in(channel_id)
    if table.state is None:
        raise NoGameHere("the game has not started yet: there is nothing to replay")
    _, initial, entries = await load(sessions, table)
    if not entries:
        raise NoGameHere("no moves yet: there is nothing to replay")
    states = [initial, *(e.after for e in entries)]
    names = sessions.names(table)
    data = await asyncio.to_thread(replay_gif, table.game, states, names)
    shown = min(len(states), REPLAY_MAX_FRAMES)
    caption = f"**{table.game.title}** replay: {len(entries)} moves"
    if shown < len(states):
        caption += f" ({shown} snapshots)"
    return data, caption + "."
