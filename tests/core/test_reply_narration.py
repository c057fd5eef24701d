"""What a move's reply tells costs no more than it must, and says what it said before.

A move's reply tells the move's narration from the sayings the move said, never by reading back
the JSON its log entries keep (the same move just wrote it); only the turn's older rows are read
from the log. The log's JSON is what ``json.dumps`` wrote, and :func:`games.words.tell` (its
templates parsed once, its lookups remembered by :func:`bot.core.languages.language`) tells what
the template's regular-expression substitution told, in every language."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import games
from bot.core import narration
from bot.core.languages import PSEUDO_LANGUAGE, Remembered, language
from bot.core.narration import recorded, sayings
from bot.core.sessions import replies as replies_module
from games.words import (
    ENGLISH,
    Language,
    Listed,
    Param,
    Said,
    Text,
    Who,
    aside_opening,
    say,
    say_in,
    say_n,
    tell,
)
from storage import open_store
from tests.support.core import ALICE, BOB, ask_every_move, named_sessions, start_table, store_of

NAMES = ["Ann", "Floe (normal)", "Cy"]  # fewer names than the largest tables: a seat stays {k}


def _sayings_of_playouts() -> Iterator[Text]:
    """What the games say in random playouts: events, prompts, public prompts and results."""
    for name, game in sorted(games.GAMES.items()):
        for players in (game.players.start, game.players.stop - 1):
            state = game.new_game(players, game.options(), players)
            chooser = random.Random(players)
            for _ in range(120):
                awaited = sorted(game.to_act(state))
                if not awaited:
                    outcome = game.outcome(state)
                    assert outcome is not None, name
                    yield outcome.summary
                    break
                seat = chooser.choice(awaited)
                yield game.prompt(state, seat)
                yield game.public_prompt(state, seat)
                state, events = games.play(
                    game, state, seat, chooser.choice(list(game.legal_actions(state, seat)))
                )
                yield from (e.text for e in events)


EDGES: list[Text] = [
    say('{who} says “{quote}” \\ "ok" {missing} ({n})', who=Who(2), quote="naïve\n\t{0}", n=3),
    say_n("{who} (white) eats one fish.", "{who} (white) eats {n} fish.", 4, who=Who(1)),
    say_in("a state", "adrift"),
    say("{them} and {more}", them=Listed((Who(0), Who(1), "Zoë")), more=Listed((Who(0),), say("and"))),
    say("{flag} {big}", flag=True, big=2**70),
    "{0} (white) walks; {1} waits; {7} is gone; {x} stays",
]
SAYINGS = [*_sayings_of_playouts(), *EDGES]


# --------------------------------------------------------------------------- references


def _dumped(text: Text) -> Any:
    if isinstance(text, str):
        return text
    out: dict[str, Any] = {"k": text.key}
    if text.params:
        out["p"] = {name: _dumped_param(value) for name, value in text.params}
    if text.plural is not None:
        out["pl"], out["n"] = text.plural, text.count
    if text.context is not None:
        out["c"] = text.context
    return out


def _dumped_param(value: Param) -> Any:
    if isinstance(value, Who):
        return {"who": value.seat}
    if isinstance(value, Listed):
        return {
            "list": [_dumped_param(v) for v in value.items],
            "last": _dumped(value.last) if value.last else None,
        }
    return _dumped(value) if isinstance(value, Said) else value


_PLACEHOLDER = re.compile(r"\{(\w+)\}( \()?")


def _told_by_substitution(text: Text, names: Sequence[str], told_in: Language) -> str:
    """``tell`` as it was: one regular-expression substitution per telling."""
    if isinstance(text, str):
        params: dict[str, Param] = {}
        template = text
    else:
        params = dict(text.params)
        if text.plural is not None and text.count is not None:
            template = told_in.ngettext(text.key, text.plural, text.count)
        elif text.context is not None:
            template = told_in.pgettext(text.context, text.key)
        else:
            template = told_in.gettext(text.key)

    def seat_of(key: str) -> int | None:
        if isinstance(text, str):
            return int(key) if key.isdigit() else None
        param = params.get(key)
        return param.seat if isinstance(param, Who) else None

    def param_told(param: Param) -> str:
        if isinstance(param, Listed):
            told = [param_told(item) for item in param.items]
            if param.last is None or len(told) < 2:
                return ", ".join(told)
            return f"{', '.join(told[:-1])} {_told_by_substitution(param.last, names, told_in)} {told[-1]}"
        if isinstance(param, Said):
            return _told_by_substitution(param, names, told_in)
        if isinstance(param, Who):
            return names[param.seat] if param.seat < len(names) else f"{{{param.seat}}}"
        return str(param)

    def placeholder(m: re.Match[str]) -> str:
        key, aside = m.group(1), m.group(2) or ""
        seat = seat_of(key)
        if seat is not None:
            if seat >= len(names):
                return f"{{{seat}}}{aside}"
            return aside_opening(names[seat]) if aside else names[seat]
        if key not in params:
            return m.group(0)
        return param_told(params[key]) + aside

    return _PLACEHOLDER.sub(placeholder, template)


# --------------------------------------------------------------------------- the texts stay


def test_the_log_keeps_the_json_that_json_dumps_wrote() -> None:
    kinds = ["roll", "wins", 'näive "kind"']
    for i, said in enumerate(SAYINGS):
        events = [games.core.public(kinds[i % 3], said), games.core.private("secret", said, 0)]
        stored = recorded(events)
        wanted = {"said": [[kinds[i % 3], _dumped(said)]]}
        assert stored == json.dumps(wanted, ensure_ascii=False, separators=(",", ":")), said
        assert json.loads(stored) == wanted


def test_what_the_log_keeps_reads_back_as_the_sayings_said_and_tells_alike() -> None:
    """A reply tells the move's sayings themselves, a later reader what the log kept of them
    (read back, or remembered from the recording): the same sayings, the same text."""
    said = [s for s in SAYINGS if not isinstance(s, str)]
    stored = recorded([games.core.public("e", s) for s in said])
    assert [s for _, s in sayings(stored)] == said  # remembered from the recording
    narration._known.clear()
    read_back = [s for _, s in sayings(stored)]
    assert read_back == said
    for original, kept in zip(said, read_back, strict=True):
        assert tell(original, NAMES) == tell(kept, NAMES)
        assert tell(original, NAMES, language("fr")) == tell(kept, NAMES, language("fr"))


@pytest.mark.parametrize("code", ["en", "nl", "fr", "de", PSEUDO_LANGUAGE])
def test_tell_says_what_the_substitution_said(code: str) -> None:
    told_in = language(code)
    looked_up = told_in.told if isinstance(told_in, Remembered) else told_in
    assert code == "en" or isinstance(told_in, Remembered), "a catalogue language remembers its lookups"
    for names in (NAMES, (), ["Bo (hard)"] * 6):
        for said in SAYINGS:
            assert tell(said, names, told_in) == _told_by_substitution(said, names, looked_up), said
            assert tell(said, names, told_in) == tell(said, names, told_in)  # remembered, the same


def test_english_tells_the_key_itself() -> None:
    for said in SAYINGS:
        assert tell(said, NAMES) == tell(said, NAMES, ENGLISH) == _told_by_substitution(said, NAMES, ENGLISH)


# --------------------------------------------------------------------------- the reply


async def test_a_moves_reply_never_reads_back_the_narration_it_just_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await open_store(str(tmp_path / "floe.db"))
    try:
        await ask_every_move(store)
        sessions = named_sessions(store)
        game_id = await start_table(sessions, "polar-derby", (ALICE, BOB))
        read: list[str] = []
        real_told = replies_module.told

        def told(stored: str, *args: Any, **kwargs: Any) -> str:
            read.append(stored)
            return real_told(stored, *args, **kwargs)

        monkeypatch.setattr(replies_module, "told", told)
        posted = edited = 0
        chooser = random.Random(3)
        for _ in range(40):
            table = await sessions.table(game_id)
            awaited = sorted(table.game.to_act(table.state))
            if not awaited:
                break
            seat = awaited[0]
            action = chooser.choice(list(table.legal(seat)))
            first = table.record.step
            read.clear()
            reply = await sessions.act(table.record.channel_id, table.user_of(seat), str(action), seat=seat)
            rows = await store_of(sessions).actions(game_id)
            mine = {r.narration for r in rows if r.step >= first and r.narration}
            earlier = {r.narration for r in rows if r.step < first and r.narration}
            assert not mine & set(read), "the move's own narration is told from its sayings"
            if reply.edit:
                edited += 1
                assert set(read) <= earlier
            elif reply.post is not None:
                posted += 1
                assert not read
        assert posted and edited, (posted, edited)
    finally:
        await store.close()
