"""Finding text that escaped the catalogues: what a person reads in the pseudo-language
(:data:`bot.core.languages.PSEUDO_LANGUAGE`), where every translated text is bracketed ``⟦…⟧``
and every vowel in it accented, so English-looking words (plain ASCII letters with a vowel) were
never told through a catalogue: outside the brackets, or inside them as a parameter (an English
card title put into a told sentence).

What may stand anywhere: mentions (``<@123>``, ``<#1>``, ``<t:…>``, custom emoji, command
mentions), slash commands, links and file paths, ``code`` spans, tokens with a digit (cell names ``C3``, counts,
ids), tokens with no vowel or mixed case (plan letters ``LRS``, a text board's cell codes
``iO``), compass directions (``NE``), single letters, punctuation, emoji and markdown, and the
strings a test passes as ``allowed``: the names it chose (players, computer players, the
server), the games' titles, the notation of the moves typed (``place D3``, ``roll``) and the
names of a game's options as ``/game new`` takes them (``short deck``: :func:`option_names`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

OPEN, CLOSE = "⟦", "⟧"
#: Mentions of users, roles, channels and commands, Discord timestamps and custom emoji.
MENTION = re.compile(r"<(?:@[!&]?\d+|#\d+|t:\d+(?::\w)?|a?:\w+:\d+|/[\w -]+:\d+)>")
LINK = re.compile(r"https?://\S+")
#: A slash command as typed (``/game new``, ``/game log``).
COMMAND = re.compile(r"(?<!\S)/[a-z]+(?: [a-z]+)?")
#: A file's path (``floe-boards/001.png``, ``/home/ann/seeds/ice-hike.txt``).
PATH = re.compile(r"\S*/\S+/\S+")
CODE = re.compile(r"```.*?```|``.*?``|`[^`\n]*`", re.S)
#: A token: letters and digits (``\w`` without ``_``, Unicode-aware).
TOKEN = re.compile(r"[^\W_]+")
#: What stands for a text taken out: it ends a run of words, as a line does.
BREAK = "\n"
#: The proper names every text may carry: the bot's.
PROPER_NAMES = ("Floe",)
#: Compass directions of two letters (notation: ``walk NE``); single letters pass anyway.
COMPASS = frozenset({"NE", "NW", "SE", "SW"})
#: A text board's codes that look like words: Thin Ice's ice (``i``) under the bear asleep (``z``).
BOARD_CODES = frozenset({"iz"})


def escapes(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The runs of English-looking words in ``text``, once mentions, links, code, notation and
    the ``allowed`` strings are taken out: each run is a text that reached a person without
    passing through a catalogue ([]: none).

    An English-looking word is two or more ASCII letters with a vowel and no digit, in one of a
    word's cases (so not a code of a text board such as ``iO``, nor plan letters ``LRS``); a
    run is such words one after another on one line, with only spaces and punctuation between
    them (a bracket ends a run)."""
    for pattern in (CODE, MENTION, LINK, PATH, COMMAND):
        text = pattern.sub(BREAK, text)
    for kept in sorted({*allowed, *PROPER_NAMES}, key=len, reverse=True):
        if kept:
            text = re.sub(rf"(?<![^\W_]){re.escape(kept)}(?![^\W_])", BREAK, text)
    text = text.replace(OPEN, BREAK).replace(CLOSE, BREAK)
    runs: list[str] = []
    for line in text.splitlines():
        runs += _runs(line)
    return runs


def _english(token: str) -> bool:
    """Two or more ASCII letters with a vowel, in one of a word's cases (``word``, ``Word``,
    ``WORD``): not a code such as ``iO`` or ``cB``, plan letters ``LRS`` or a snore ``zz``."""
    if len(token) < 2 or not (token.isascii() and token.isalpha()) or token in COMPASS | BOARD_CODES:
        return False
    cased = token.islower() or token.isupper() or token.istitle()
    return cased and any(vowel in token.lower() for vowel in "aeiouy")


def _runs(line: str) -> list[str]:
    runs: list[str] = []
    start: int | None = None
    end = 0
    for match in TOKEN.finditer(line):
        if _english(match.group()):
            start = match.start() if start is None else start
            end = match.end()
        elif start is not None:  # notation or a single letter ends a run
            runs.append(line[start:end])
            start = None
    if start is not None:
        runs.append(line[start:end])
    return runs


def game_titles() -> tuple[str, ...]:
    """The games' titles, and their short forms before a colon (``Ice Hike``): names, which
    the games' code writes as plain strings (as players' names are)."""
    from games import registry

    titles = [registration.game.title for registration in registry.REGISTERED.values()]
    return tuple({*titles, *(t.split(":")[0] for t in titles)})


def notation_words() -> tuple[str, ...]:
    """Words of the games' notation that their texts show as they are: Polar Derby's colours
    (``take pink orange``; its board and alt text name a die's colour "as the notation names
    it", renderer/polar_derby_words.py) and Ice Team's places off the grid (``walk 3 finish``;
    a path reads ``start > A3``)."""
    from games.polar_derby.board import COLOURS

    return (*COLOURS, "start", "finish")


def option_names(game_name: str) -> tuple[str, ...]:
    """The names of the game's options as they are typed (``/game new options: short deck``)
    and shown (the lobby's "Options: short deck"): notation, as moves are (docs/languages.md)."""
    import dataclasses

    from games import get

    return tuple(f.name.replace("_", " ") for f in dataclasses.fields(get(game_name).options))


def notation_of(moves: Iterable[str]) -> set[str]:
    """The moves' notations, each of their words (``take white`` and ``take``, ``white``) and
    what follows a hyphen in a word (``bear-rolled`` and ``rolled`` of ``when-bear-rolled``): a
    text may show a move's words apart (``start > A3``, ``Your torches: ask``, ``Orders: flare
    when bear-rolled``)."""
    found = set(moves)
    words = {word for move in found for word in move.split()}
    tails = {word.split("-", i)[i] for word in words for i in range(1, word.count("-") + 1)}
    return found | words | tails


def refusal_notation(game_name: str, typed: str) -> list[str]:
    """What a game's refusal of ``typed`` quotes as it is: its plain-string parameters (the
    letters typed, the moves it suggests), each and split at commas."""
    from games import GameError, get

    try:
        get(game_name).parse_action(typed)
    except GameError as refused:
        said: list[Any] = [refused.said]
    else:
        return []
    found: list[str] = []
    while said:
        for _, value in getattr(said.pop(), "params", ()):
            if isinstance(value, str):
                found += [value, *value.split(", ")]
            else:
                said.append(value)
    return found
