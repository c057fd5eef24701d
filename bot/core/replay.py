"""Replaying the append-only action log, and the undo policy (pure: no session, no storage I/O).

Everything here reads the log the store keeps (``actions``: step, seat, notation, narration,
time) and rebuilds states by replaying it from the seed; nothing here writes SQL, and the log is
never edited: an undo is one more entry (notation :data:`UNDO`).

Replaying the log (:func:`replay`): ``resign`` entries retire the seat, ``undo`` entries take
back the newest action still in force, every other entry is played through ``games.play``.

Undo policy (:func:`undo_refusal`): the caller may take back their own newest action while it is
still the newest action in force (nobody else has acted since), the game is not over, the action
was not a resignation, and the action revealed no hidden information and no random result.
A private action is never taken back, before anything else; then a game may decide for itself
by overriding ``undoable(state, seat, action) -> str | None`` (a refusal reason for players, or
``None`` to allow); by default (``Undo.BY_SESSION``) a generic test decides, which refuses
whenever it cannot show that the action was a pure public move (its checks: :func:`undo_refusal`).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any

import games
from bot.core.notations import RESIGN, UNDO
from bot.core.visibility import is_private_action
from games import AnyGame, Event, GameError, GameState, Seat, Undo
from games.core import View
from games.words import Text, say
from storage import ActionRecord, GameRecord
from util.records import frozen

ALTERNATE_SEEDS = (0x5EED, 0xF10E)


class CannotUndo(games.GameError):
    """The action cannot be taken back; the message says why."""


# --------------------------------------------------------------------------- replay


@frozen
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


def final_state(game: AnyGame, record: GameRecord, players: int, rows: Sequence[ActionRecord]) -> GameState:
    initial, entries = replay(game, record, players, rows)
    state: GameState = entries[-1].after if entries else initial
    return state


# --------------------------------------------------------------------------- undo policy


def undo_refusal(
    game: AnyGame, before: Any, seat: Seat, action: Any, after: Any, events: Sequence[Event]
) -> Text | None:
    """Why ``action`` (played by ``seat`` from ``before``) cannot be taken back, or ``None``.

    1. a private action is never taken back: a secret one (an Ice Lake plan) may be revised instead,
       a standing choice (Ice Hike's torches) made again; its undo notice would tell the table
       what nobody else may know (:mod:`bot.core.visibility`);
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
    that keeps such a secret overrides ``undoable``.
    """
    if games.is_secret(action):
        return say("a secret choice is not taken back: send a new one while you still may")
    if is_private_action(game, action):  # its undo notice would tell the table
        return say(
            "`{action}` is a private choice and is not taken back: make a new one instead (only you see it)",
            action=str(action),
        )
    verdict = game.undoable(before, seat, action)
    if verdict is not Undo.BY_SESSION:
        return verdict or None
    shown = str(action)
    if any(e.audience is not None and e.audience - {seat} for e in events):
        return say("`{action}` showed someone something hidden: it cannot be taken back", action=shown)
    if _used_randomness(game, before, seat, action, after, events):
        return say("`{action}` had a random result (dice or a draw): it cannot be taken back", action=shown)
    if _private_view_changed(game, before, seat, after):
        return say("`{action}` changed what only some players can see: it cannot be taken back", action=shown)
    if _revealed_hidden(game, before, seat, action, after, events):
        return say(
            "`{action}` revealed something hidden (a tile, a card): it cannot be taken back", action=shown
        )
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


def _players(game: AnyGame, state: GameState) -> int:
    view: View = game.view(state, None)
    return view.players


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
