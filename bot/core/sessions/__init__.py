"""The session service: the one place that joins the rules, the store and the renderer.

Plain async Python with no discord import, for both front ends and for tests. Every method takes a channel (or game) id and a user
id, and returns a :class:`Reply` that describes what to show: a public post, private notes,
whom to ping and which controls to offer. A failure raises a :class:`games.GameError` or a
:class:`SessionError`; both carry a message for the user, and nothing was written.

Moves: ``act`` runs under a per-game lock: load, parse, ``games.play``, the forced moves after
it, commit (one transaction that also refuses a stale step; on SQLite all of it is one function
on the database's thread, :meth:`Store.play`), then the reply. Its pictures are drawn when a
front end posts them (:mod:`bot.core.pictures`). Controls carry the step they were drawn for,
so a click on an older board is refused as stale; actions since that left no trace (a plan
revised, a standing choice: :mod:`bot.core.visibility`) posted nothing, so they leave the
board's buttons standing (:meth:`Sessions.shown_step`). Forced moves and the edit-or-post rule
(one living message per turn): :mod:`bot.core.sessions.decide`.

The package, by responsibility: :mod:`~bot.core.sessions.model` (errors, replies, :class:`Table`),
:mod:`~bot.core.sessions.decide` (a move decided as plain functions of the loaded table: checks,
play, forced moves, the edit-or-post rule, what to commit and what it owes),
:mod:`~bot.core.sessions.loading` (tables, names, pictures), :mod:`~bot.core.sessions.replies`
(narration, notes), :mod:`~bot.core.sessions.controls` (buttons and menus), :mod:`~bot.core.sessions.moves` (the move pipeline) and
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
