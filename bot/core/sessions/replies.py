"""Composing a session's replies: the board post, its narration, the private notes and prompts,
and the edit-or-post rule (:mod:`bot.core.sessions`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from functools import partial
from typing import Any

import games
import renderer
from bot.core import visibility
from bot.core.digests import digest_lines, starts_too_late
from bot.core.languages import language
from bot.core.narration import told
from bot.core.pictures import Picture
from bot.core.readers import Readers
from bot.core.sessions import decide
from bot.core.sessions.controls import _input_label, _offer, within
from bot.core.sessions.decide import secret_seats
from bot.core.sessions.loading import Tables
from bot.core.sessions.model import (
    NO_HOST,
    Awaited,
    Controls,
    Note,
    Post,
    Reply,
    Table,
    Turn,
)
from games import Event, Seat, presentation_of, tell
from games.words import ENGLISH, Language, Listed, Said, Text, say, say_n
from storage import (
    ActionRecord,
    GameRecord,
)
from storage.records import UserLanguage

NARRATION_LIMIT = 1500  # characters of narration in one post (Discord allows 2000 in all)
#: Characters of narration a turn's card shows, about four lines on a phone: a longer turn is told
#: by its first line and its newest (:func:`brief_narration`), the log holds the rest.
CARD_NARRATION = 100


class Replies:
    """Composing replies: the posts, notes, prompts and narration that show a change."""

    def __init__(self, tables: Tables, readers: Readers) -> None:
        self.tables = tables
        #: Who reads which language: the game's public texts, each player's own.
        self.readers = readers

    def _opening_notes(self, table: Table, personal: Mapping[int, Language] | None = None) -> list[Note]:
        """Private information dealt at the start, by DM: every player's own view where choices
        always depend on it (``secret_choices``: a Thin Ice hand), else the view of a first mover
        whose choices are hidden now (``hides_choices``: Ice Hike's first drawn tile). Each note
        is in its player's language (``personal``; English for one not in it)."""
        game, state = table.game, table.state
        if game.secret_choices:
            seats = list(range(len(table.seats)))
        else:
            seats = [s for s in sorted(game.to_act(state)) if game.hides_choices(state, s)]
        notes = []
        names = self.tables.names(table)
        view_attached = self.tables.words.view_attached
        for seat in (s for s in seats if not table.is_computer(s)):
            own = (personal or {}).get(table.user_of(seat), ENGLISH)
            image = self.tables.picture(table, seat, language=own)
            text = tell(say("**{title}** has begun.", title=game.title), names, own)
            if view_attached:  # a front end that shows the view itself says nothing
                text += f" {tell(view_attached, names, own)}"
            if seat in game.to_act(state):
                start = say("You start: {prompt}.", prompt=tell(game.prompt(state, seat), names, own))
                text += f"\n{tell(start, names, own)}"
            text = "\n".join([text, *self._held(table, seat, own)])
            notes.append(Note(table.user_of(seat), text, image, language=own))
        return notes

    @staticmethod
    def _held(table: Table, seat: Seat, own: Language) -> list[str]:
        """What ``seat`` holds and what each does (a Thin Ice hand's cards), a line each, in its
        player's language: for the messages only that player reads."""
        return renderer.holding(table.game.view(table.state, seat), language=own)

    def lobby_post(self, table: Table, language: Language = ENGLISH) -> Post:
        """The lobby's card, told in ``language`` (the game's: :meth:`lobby`), and the line it
        shrinks to once the lobby closed."""
        game = table.game
        names = self.tables.names(table)
        lo, hi = game.players.start, game.players.stop - 1
        options = tell(game.options.from_mapping(table.record.options).describe(), (), language)
        host = table.seated_host()
        lines = [
            say("**{game}** — a new game is looking for players ({lo}–{hi}).", game=game.title, lo=lo, hi=hi),
            say("Options: {options}.", options=options) if options else "",
            say("Host: {name}.", name=self.tables.name(host)) if host is not None else NO_HOST,
            say("Joined ({n}): {names}.", n=len(names), names=", ".join(names)),
            say(
                "Press **Join** to take a seat; {who} presses **Start** when the table is ready.",
                who=table.host_call().who_said,
            ),
        ]
        closed = (
            say("**{game}**: the lobby closed; Options: {options}.", game=game.title, options=options)
            if options
            else say("**{game}**: the lobby closed.", game=game.title)
        )
        return Post(
            text="\n".join(tell(line, (), language) for line in lines if line),
            controls=Controls(table.record.id, table.record.step, "lobby"),
            language=language,
            closed=tell(closed, (), language),
        )

    async def lobby(self, table: Table) -> Post:
        """The lobby's card in the game's language."""
        return self.lobby_post(table, language(await self.readers.game(table.record.guild_id)))

    def _view_note(self, table: Table, user_id: int, own: Language = ENGLISH) -> Note:
        """The user's own view of a started game, and what it awaits of them, in their language
        (``own``)."""
        mine = table.seats_of(user_id)
        image = self.tables.picture(table, mine[0], language=own)
        awaited = table.game.to_act(table.state)
        names = self.tables.names(table)
        lines = [tell(say("Your view of {title}.", title=table.game.title), names, own)]
        for s in mine:
            if s in awaited:
                prompt = tell(table.game.prompt(table.state, s), names, own)
                asked = say("You are awaited: {prompt}.", prompt=prompt)
                lines.append(tell(asked, names, own))
        lines.append(self.tables.facts(table, mine[0], key=True, language=own))
        return Note(user_id, "\n".join(lines), image, language=own)

    async def board_reply(
        self,
        table: Table,
        intro: str,
        events: Sequence[Event],
        *,
        ack: str = "",
        ping: bool = True,
        before: frozenset[Seat] = frozenset(),
        secret: bool = False,
        first_step: int | None = None,
        turn: tuple[Turn, Sequence[ActionRecord]] | None = None,
        narrated: Sequence[Text] | None = None,
        asked_secretly: frozenset[Seat] | None = None,
        people: Mapping[int, UserLanguage] | None = None,
    ) -> Reply:
        """The reply after a change: the public board post, private notes and prompts.

        A move whose events are all private (an Ice Lake plan revised) changes nothing anyone
        else may see, so it gets no public post. Only players newly awaited are pinged.
        ``first_step`` is the step of the first action this reply narrates (None: no action, as
        after an undo); with it the edit-or-post rule applies (module docstring). ``turn``: the
        :func:`decide.turn` decision already carried out with the move's commit, and the log it read;
        without it the reply writes the turn step and reads the log itself. ``narrated``: the
        move's public sayings, as its log entries record them (a reply tells them as they were
        said, without reading back what the log keeps). ``asked_secretly``: whom
        the game awaited before for a secret choice (None: ``before``); the others now asked one
        are invited to it privately. ``people``: the players' stored languages, read with the
        move's table (None: the reply asks the readers for those it tells something alone). Its
        pictures are drawn when the front end posts them (:meth:`picture`).
        """
        log: Sequence[ActionRecord]
        if turn is None:
            decision = decide.turn(
                table, events, ping=ping, before=before, secret=secret, first_step=first_step
            )
            log = await self._carry_out(table, decision)
        else:
            decision, log = turn
        status = ""
        if not decision.quiet and table.game.outcome(table.state) is None:
            if decision.since is not None and starts_too_late(
                table, self._awaited(table, before) if ping else [], log, narrated_from=first_step
            ):
                log = await self.tables.store.actions(table.record.id)
            if self.tables.watch is not None:
                status = await self.tables.watch.status_line(table.record.id)
        asked_before = before if asked_secretly is None else asked_secretly
        personal: Mapping[int, Language]
        if people is None:
            public, personal = await self.languages(table, self._note_readers(table, events, asked_before))
        else:
            public = language(await self.readers.game(table.record.guild_id))
            personal = _OwnLanguages(self.readers, people)
        return self.compose(
            table,
            intro,
            events,
            decision,
            log,
            status=status,
            ack=ack,
            ping=ping,
            before=before,
            first_step=first_step,
            narrated=narrated,
            asked_secretly=asked_secretly,
            language=public,
            personal=personal,
        )

    async def languages(
        self, table: Table, users: Collection[int] | None = None
    ) -> tuple[Language, dict[int, Language]]:
        """The language of ``table``'s public texts, and the own language of each of ``users``
        (None: every player) (:mod:`bot.core.readers`)."""
        public = language(await self.readers.game(table.record.guild_id))
        if users is None:
            users = {table.user_of(s) for s in range(len(table.seats)) if not table.is_computer(s)}
        return public, {user: language(await self.readers.person(user)) for user in sorted(users)}

    @staticmethod
    def _note_readers(table: Table, events: Sequence[Event], asked_before: frozenset[Seat]) -> set[int]:
        """Who a reply may say something to alone: the players an event told something privately,
        and those newly asked a secret choice (so a move that tells nobody anything alone asks
        nobody's language)."""
        seats = {s for e in events if e.audience is not None for s in e.audience}
        fresh = [
            s
            for s in sorted(table.game.to_act(table.playing_state) - asked_before)
            if not table.is_computer(s)
        ]
        seats.update(secret_seats(table, fresh))
        return {table.user_of(s) for s in seats if not table.is_computer(s)}

    def compose(
        self,
        table: Table,
        intro: str,
        events: Sequence[Event],
        decision: Turn,
        log: Sequence[ActionRecord],
        *,
        status: str = "",
        ack: str = "",
        ping: bool = True,
        before: frozenset[Seat] = frozenset(),
        first_step: int | None = None,
        narrated: Sequence[Text] | None = None,
        asked_secretly: frozenset[Seat] | None = None,
        language: Language = ENGLISH,
        personal: Mapping[int, Language] | None = None,
    ) -> Reply:
        """The reply :meth:`board_reply` makes, from what it gathered: ``decision`` (the
        edit-or-post rule's, :func:`decide.turn`), the ``log`` it reads (the turn so far, or the
        actions since the pinged players' last ones), the scheduler's ``status`` line, the
        game's ``language`` and each player's own (``personal``; English for one not in it).
        Plain code: no store, no clock, nothing drawn (its pictures are drawn when posted)."""
        game, state = table.game, table.state
        own = personal or {}
        notes = self._private_notes(table, events, own)
        if decision.quiet:
            return Reply(
                notes=tuple(notes), ack=ack, game_id=table.record.id, step=table.record.step, table=table
            )
        names = self.tables.names(table)
        animation = None
        if any(e.kind in games.ANIMATED_KINDS for e in events):
            drawn = self.tables.picture_names(table)
            animation = Picture(
                lambda: renderer.render_animation(game.view(state, None), names=drawn, language=language),
                describe=lambda: renderer.describe(game.view(state, None), names=drawn, language=language),
            )
        outcome = game.outcome(state)
        see_log = self.tables.words.see_log
        told = None  # the move's narration, told from its sayings where a branch reads it
        if narrated is not None and (decision.edit or animation is None):
            told = _said_text(narrated, names, language)
        if decision.edit:
            now = (first_step, told) if told is not None and first_step is not None else None
            turn_text = _turn_narration(log, names, language, now=now)
            narration = brief_narration(turn_text, see_log, language)
        elif animation is not None:  # the steps are in the animation (and the log): the rest is said
            shown = [e for e in events if e.kind not in games.ANIMATED_KINDS]
            narration = decide.narrate(shown, names, language=language)
        elif told is not None and len(told) <= NARRATION_LIMIT:
            narration = brief_narration(told, see_log, language)
        else:
            narrated_now = decide.narrate(events, names, limit=NARRATION_LIMIT, language=language)
            narration = brief_narration(narrated_now, see_log, language)
        lines = [line for line in (intro, narration) if line]
        awaited: list[Awaited] = []
        controls: Controls | None = None
        if outcome is not None:
            lines.append(
                tell(
                    say("🏁 **Game over.** {result}", result=tell(outcome.summary, names, language)),
                    names,
                    language,
                )
            )
        else:
            awaited = self._awaited(table, before, language) if ping else []
            # "since your last turn" digests, from each player's last action everybody knows of
            if self.tables.words.recaps:
                lines += digest_lines(
                    self.tables, table, awaited, log, narrated_from=first_step, language=language
                )
            if not ping:
                lines.append(self._waiting_line(table, language))
            elif thinking := self._thinking_line(table, language):
                lines.append(thinking)
            if status:
                lines.append(status)
            controls = self._public_controls(table, language)
            notes += self._secret_prompts(table, before if asked_secretly is None else asked_secretly, own)
        return Reply(
            post=Post(
                "\n".join(lines),
                self.tables.picture(table, language=language),
                animation,
                tuple(awaited),
                controls,
                self.tables.accent(table),
                small_print=partial(self.tables.facts, table, language=language),
                language=language,
            ),
            notes=tuple(notes),
            ack=ack,
            game_id=table.record.id,
            finished=outcome is not None,
            edit=decision.edit,
            step=table.record.step,
            table=table,
        )

    # ------------------------------------------------------------------ the turn message

    async def turn_record(self, game_id: int) -> GameRecord | None:
        """The game's stored record as it is now (its step, channel and turn message, the one
        whose board is edited move after move), or None: what a front end's outbox checks before
        it edits or replaces the turn message."""
        return await self.tables.store.game(game_id)

    async def set_turn_message(self, game_id: int, message_id: int) -> None:
        """``message_id`` is the game's turn message from now on (a front end posted it)."""
        await self.tables.store.set_board_message(game_id, message_id)

    async def _carry_out(self, table: Table, turn: Turn) -> list[ActionRecord]:
        """The store work of ``turn`` for a reply not committed with it: the turn step, the log."""
        if turn.begins is not None:
            await self.tables.store.set_turn_step(table.record.id, turn.begins)
        if turn.since is not None:
            return await self.tables.store.actions_since(table.record.id, turn.since)
        if turn.log_from is None:
            return []
        return await self.tables.store.actions_from(table.record.id, turn.log_from)

    @staticmethod
    def _built(table: Table, seats: Sequence[Seat]) -> bool:
        """Whether a secret choice of ``seats`` is open-ended, built a piece at a time or typed
        (an Ice Lake plan), rather than one of a list (a Thin Ice card to keep)."""
        return any(table.game.builder(table.playing_state, s) is not None for s in seats)

    def _secret_controls(self, table: Table, seats: Sequence[Seat], language: Language = ENGLISH) -> Controls:
        """Where secret choices are answered: a private builder or text box for an open-ended
        one ("Plan privately", in ``language``), else the player's own options, listed privately
        ("My options")."""
        record = table.record
        if self._built(table, seats):
            label = _input_label(table.game, language)
            return Controls(record.id, record.step, "turn", private_input=label)
        return Controls(record.id, record.step, "turn", private_menu=True)

    def _secret_prompts(
        self, table: Table, before: frozenset[Seat], personal: Mapping[int, Language]
    ) -> list[Note]:
        """A private invitation, with the seat's own view, for each seat newly asked a secret, in
        its player's language."""
        game, state = table.game, table.state
        fresh = sorted(game.to_act(state) - before)
        notes = []
        names = self.tables.names(table)
        for seat in secret_seats(table, [s for s in fresh if not table.is_computer(s)]):
            own = personal.get(table.user_of(seat), ENGLISH)
            image = self.tables.picture(table, seat, language=own)
            prompt = tell(game.prompt(state, seat), names, own)
            asked = tell(say("**{title}**: {prompt}.", title=game.title, prompt=prompt), names, own)
            text = "\n".join(
                [asked, tell(self.tables.words.answer_secret, names, own), *self._held(table, seat, own)]
            )
            notes.append(
                Note(table.user_of(seat), text, image, self._secret_controls(table, [seat], own), own)
            )
        return notes

    def _awaited(self, table: Table, before: frozenset[Seat], language: Language = ENGLISH) -> list[Awaited]:
        game, state = table.game, table.playing_state
        by_user: dict[int, list[str]] = {}
        fresh: set[int] = set()
        for seat in sorted(game.to_act(state)):
            if table.is_computer(seat):  # named in the waiting line, never mentioned
                continue
            user = table.user_of(seat)
            prompt = visibility.public_prompt(game, state, seat, language)  # a public post names no secret
            if prompt not in by_user.setdefault(user, []):
                by_user[user].append(prompt)
            if seat not in before:
                fresh.add(user)
        return [Awaited(user, "; ".join(prompts), user in fresh) for user, prompts in by_user.items()]

    def _thinking_line(self, table: Table, language: Language = ENGLISH) -> str:
        """ "Floe (normal) is thinking…" for the awaited computer seats (never mentioned), in
        ``language``."""
        if not table.has_computers():
            return ""
        seats = [s for s in sorted(table.game.to_act(table.state)) if table.is_computer(s)]
        who = list(dict.fromkeys(self.tables.name(table.user_of(s)) for s in seats))
        if not who:
            return ""
        both: Said | str = who[0]
        for name in who[1:]:  # "A and B and C", each pair joined as one
            both = say("{first} and {second}", first=both, second=name)
        thinking = say_n("{who} is thinking…", "{who} are thinking…", len(who), who=both)
        return tell(thinking, (), language)

    def _waiting_line(self, table: Table, language: Language = ENGLISH) -> str:
        users = {table.user_of(s) for s in table.game.to_act(table.state)}
        who = Listed(tuple(self.tables.name(u) for u in sorted(users)))
        return tell(say("Waiting for {who}.", who=who), (), language)

    def _private_notes(
        self, table: Table, events: Sequence[Event], personal: Mapping[int, Language]
    ) -> list[Note]:
        """What the events told some seats only, to each in their player's language."""
        names = self.tables.names(table)
        per_user: dict[int, list[str]] = {}
        for event in events:
            if event.audience is None:
                continue
            for seat in sorted(event.audience):
                if table.is_computer(seat):  # a computer reads no messages
                    continue
                user = table.user_of(seat)
                per_user.setdefault(user, []).append(tell(event.text, names, personal.get(user, ENGLISH)))
        return [
            Note(user, "\n".join(texts), language=personal.get(user, ENGLISH))
            for user, texts in per_user.items()
        ]

    def _public_controls(self, table: Table, language: Language = ENGLISH) -> Controls:
        """The board post's controls: those of the awaited seats, none of a move while only
        computers are awaited (nobody may press them); labelled in ``language`` (the game's)."""
        seats = sorted(table.game.to_act(table.state))
        if all(table.is_computer(s) for s in seats):
            return Controls(table.record.id, table.record.step, "turn")
        return self._controls(table, seats, private=False, language=language)

    def _controls(
        self,
        table: Table,
        seats: Sequence[Seat],
        *,
        private: bool,
        start: str = "",
        language: Language = ENGLISH,
    ) -> Controls:
        """Buttons for the actions of the awaited seats, or a private menu when choices are secret.

        Game hooks (declared with their defaults in games/core.py, ``GameHooks``):
        ``secret_choices = True`` (legal actions always reveal hidden things, a Thin Ice hand) or
        ``hides_choices(state, seat)`` (only now, the cells of Ice Hike's drawn tile): the public
        post then offers "My options" instead of buttons, beside buttons for the actions that
        ``public_action(action)`` says reveal nothing (Thin Ice moves, slides, the die); ``action_group(action) -> str`` puts
        actions in named select menus ("" = a button); ``action_label(action) -> str`` (else the
        action's ``label`` property, else its notation) names them, in ``language``.
        """
        game, state, record = table.game, table.playing_state, table.record
        secret = secret_seats(table, seats)
        if secret and (not private or self._built(table, secret)):
            return self._secret_controls(table, secret, language)
        several = len({table.user_of(s) for s in seats}) > 1
        hidden = not private and any(visibility.asks_privately(game, state, s, table.legal(s)) for s in seats)
        if (hidden and several) or (not private and several):
            # hidden choices, or several players awaited at once: each opens their own options
            return Controls(record.id, record.step, "turn", private_menu=True)
        actions: list[Any] = []
        kept_private = False  # a private choice (Ice Hike's torches) is offered in "My options" only
        for seat in seats:
            for action in table.legal(seat):
                if not private and visibility.is_private_action(game, action):
                    kept_private = True
                    continue
                if hidden and not presentation_of(game).public_action(action):
                    continue
                if start and not within(str(action), start):
                    continue
                if len(seats) == 1 or action not in actions:  # one seat's actions are distinct
                    actions.append(action)
        # a public post keeps its last row for "My view" / "My options"
        rows = self.tables.grid.rows if private else self.tables.grid.rows - 1
        buttons, menus, more = _offer(game, tuple(actions), self.tables.grid, rows=rows, language=language)
        return Controls(
            record.id,
            record.step,
            "turn",
            buttons=buttons,
            menus=menus,
            more_hint=more,
            private_menu=hidden or kept_private,
        )


class _OwnLanguages(Mapping[int, Language]):
    """Each player's own language, told from their stored languages (read with the move's table)
    only when the reply says something to them alone: most replies say nothing to anyone alone."""

    def __init__(self, readers: Readers, stored: Mapping[int, UserLanguage]) -> None:
        self._readers, self._stored = readers, stored

    def __getitem__(self, user_id: int) -> Language:
        return language(self._readers.reads(self._stored[user_id]))

    def __iter__(self) -> Iterator[int]:
        return iter(self._stored)

    def __len__(self) -> int:
        return len(self._stored)


def brief_narration(text: str, see_log: Text, language: Language = ENGLISH) -> str:
    """``text`` within about :data:`CARD_NARRATION` characters: its first line (what began the
    turn, the line its card folds to), then as many of its newest lines as fit (the newest one
    always), and between them how many lines only the log (``see_log``) holds, said in
    ``language``."""
    lines = text.splitlines()
    if len(text) <= CARD_NARRATION or len(lines) <= 2:
        return text
    first, rest = lines[0], lines[1:]
    room = CARD_NARRATION - len(first)
    newest = [rest.pop()]
    while rest and len(rest[-1]) + sum(len(line) + 1 for line in newest) <= room:
        newest.insert(0, rest.pop())
    if not rest:
        return text
    between = say("… ({n} lines: {see_log})", n=len(rest), see_log=see_log)
    return "\n".join([first, tell(between, (), language), *newest])


def _turn_narration(
    log: Sequence[ActionRecord],
    names: Sequence[str],
    language: Language = ENGLISH,
    *,
    now: tuple[int, str] | None = None,
) -> str:
    """The public narration of the turn so far (``log``: the log from the turn's first step),
    newest kept. ``now``: the step of the move just made and its narration, told already, which
    stands for the log's rows from that step on."""
    if now is not None:
        first, told_now = now
        earlier = [told(r.narration, names, language) for r in log if r.step < first and r.narration]
        if any(r.step >= first and r.narration for r in log):
            earlier.append(told_now)
        text = "\n".join(earlier)
    else:
        text = _log_text(log, names, language)
    if len(text) > NARRATION_LIMIT:
        text = "…\n" + text[-NARRATION_LIMIT:].split("\n", 1)[-1]
    return text


def _said_text(sayings: Sequence[Text], names: Sequence[str], language: Language = ENGLISH) -> str:
    """A move's public sayings, one line each, as :func:`_log_text` tells its log rows."""
    return "\n".join([tell(said, names, language) for said in sayings])


def _log_text(rows: Sequence[ActionRecord], names: Sequence[str], language: Language = ENGLISH) -> str:
    """The narrations of log rows, one line each (rows that narrate nothing public are skipped)."""
    return "\n".join(told(r.narration, names, language) for r in rows if r.narration)
