"""The session service: the one place that joins the rules, the store and the renderer.

Plain async Python with no discord import, so both front ends (Discord and the local terminal)
use it and tests drive it with plain ids. Every method takes a channel (or game) id and a user
id, and returns a :class:`Reply` that describes what to show: a public post, private notes,
whom to ping and which controls to offer. A failure raises a :class:`games.GameError` or a
:class:`SessionError`; both carry a message for the user, and nothing was written.

Moves: ``act`` runs under a per-game lock: load, parse, ``games.play``, the forced moves after
it, commit (one transaction that also refuses a stale step; on SQLite all of it is one function
on the database's thread, :meth:`Store.play`), then the reply. Its pictures are drawn when a
front end posts them (:mod:`bot.core.pictures`). Controls carry the step they were drawn for,
so a click on an older board is refused as stale; actions since that left no trace (a plan
revised, a standing choice: :mod:`bot.core.visibility`) posted nothing, so they leave the
board's buttons standing (:meth:`Sessions.shown_step`).

Forced moves: when an awaited seat has exactly one legal action, the session plays it for the
player at once (an ordinary action in the log, made by that seat, narrated "the only move"),
and goes on while that stays true, at most :data:`AUTO_LIMIT` in a row. Never automatic: a
secret action, an action the game's ``never_automatic(state, seat, action)`` hook rules out
(the game's module docstring records each ruling), and any move of a player who turned
auto-play off (``/settings auto_play:false``). Undo never auto-plays (it would undo nothing).

One living message per turn (the edit-or-post rule, decided here so every front end and test
sees it): a reply *edits* the game's turn message (``Reply.edit``) while the same players stay
awaited, showing the new board, the turn's narration so far (the log since
``GameRecord.turn_step``) and the controls for the new step. It is a new post, with a ping,
when a person is newly awaited (a new turn, a reaction window opening for other players), when
it carries an animation (the Ice Lake reveal), at the start and at the end of the game. A
computer newly awaited is pinged by nobody: the turn message goes on, showing it thinking and
no move controls, until a person is awaited again.

The package, by responsibility: :mod:`~bot.core.sessions.model` (errors, replies, :class:`Table`),
:mod:`~bot.core.sessions.decide` (a move decided as plain functions of the loaded table: checks,
play, forced moves, the edit-or-post rule, what to commit and what it owes),
:mod:`~bot.core.sessions.loading` (tables, names, pictures), :mod:`~bot.core.sessions.replies`
(narration, notes, the edit-or-post rule), :mod:`~bot.core.sessions.controls` (buttons and
menus), :mod:`~bot.core.sessions.moves` (the move pipeline) and
:mod:`~bot.core.sessions.service` (:class:`Sessions`: the lobby and what players look at). The
services are composed, none inherits another: ``Sessions`` holds ``tables`` (:class:`Tables`),
``replies`` (:class:`Replies`) and ``moves`` (:class:`Moves`). The package exposes the service
and its model; every other name is imported from its module.
"""

from bot.core.sessions.model import (
    Awaited,
    BoardMovedOn,
    Building,
    ChannelBusy,
    Choice,
    Controls,
    HostCall,
    LobbyError,
    Menu,
    NoGameHere,
    Note,
    NotHost,
    NotSeated,
    Post,
    PublicAction,
    Reply,
    SessionError,
    StaleAction,
    Table,
)
from bot.core.sessions.service import Sessions

__all__ = [
    "Awaited",
    "BoardMovedOn",
    "Building",
    "ChannelBusy",
    "Choice",
    "Controls",
    "HostCall",
    "LobbyError",
    "Menu",
    "NoGameHere",
    "NotHost",
    "NotSeated",
    "Note",
    "Post",
    "PublicAction",
    "Reply",
    "SessionError",
    "Sessions",
    "StaleAction",
    "Table",
]
