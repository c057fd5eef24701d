"""Texts that are longer in another language fit their fields whole, by design: in the
pseudo-language (every told text 40 % longer and bracketed ``⟦…⟧``) none loses its closing
bracket, and the English stays as it was.

The closed lobby's line is made from its own saying, not cut out of the lobby's first line; an
Ice Team label too long for a button is a menu option, and one too long for an option shows
its note under it; a "since your last turn" recap shows fewer whole entries rather than cut
ones."""

from __future__ import annotations

from pathlib import Path

import games
from bot.adapter.common import DISCORD_GRID
from bot.core import digests
from bot.core.languages import PSEUDO_LANGUAGE, language
from bot.core.sessions import Sessions
from bot.core.sessions.controls import _laid_out
from games.ice_team.actions import Move, Shift
from games.ice_team.board import FINISH, pos_name
from games.words import ENGLISH, say, say_n
from tests.support.core import ALICE, CHANNEL, GUILD, seeded_sessions

sessions = seeded_sessions
PSEUDO = language(PSEUDO_LANGUAGE)


def whole(text: str) -> bool:
    """Whether no told text in ``text`` was cut (each ``⟦`` has its ``⟧``)."""
    return text.count("⟦") == text.count("⟧")


async def test_the_closed_lobbys_line_is_its_own_saying(sessions: Sessions, tmp_path: Path) -> None:
    reply = await sessions.new_game(
        channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="thin-ice", options={"short_deck": True}
    )
    assert reply.game_id is not None
    table = await sessions.table(reply.game_id)
    assert sessions.lobby_post(table).closed == "**Thin Ice**: the lobby closed; Options: short deck."
    closed = sessions.lobby_post(table, PSEUDO).closed
    assert closed.startswith("⟦**Thin Ice**: ") and whole(closed)


def test_a_push_too_long_for_a_button_is_a_whole_menu_option() -> None:
    game = games.get("ice-team")
    push = Shift(True, 12, note=say_n("pushing {n} tile", "pushing {n} tiles", 1))
    buttons, menus, _ = _laid_out(game, [push], DISCORD_GRID, 5, ENGLISH)
    assert [b.label for b in buttons] == [
        f"Push the ice: the shifting tile goes to {pos_name(12)} (pushing 1 tile)"
    ]
    buttons, menus, _ = _laid_out(game, [push], DISCORD_GRID, 5, PSEUDO)
    [menu] = menus
    [option] = menu.choices
    assert not buttons and whole(option.label) and len(option.label) <= DISCORD_GRID.option_length


def test_a_long_leap_shows_its_note_under_it() -> None:
    game = games.get("ice-team")
    leap = Move(0, "leap", (0, 1, 2, 3, FINISH), note=say("village: roll both dice"))
    _, [menu], _ = _laid_out(game, [leap, Move(0, "walk", (5,))], DISCORD_GRID, 5, PSEUDO)
    [option] = [c for c in menu.choices if c.notation == str(leap)]
    assert len(option.label) <= DISCORD_GRID.option_length and whole(option.label)
    assert "vîllàgé" in option.description and whole(option.description)
    _, [menu], _ = _laid_out(game, [leap, Move(0, "walk", (5,))], DISCORD_GRID, 5, ENGLISH)
    assert menu.choices[0].label == "Bear 1 leaps to the Finish via A1, A2, A3, B1 (village: roll both dice)"


def test_a_recap_shows_fewer_whole_entries_rather_than_cut_ones() -> None:
    short = [f"{n} " + "x" * 70 for n in range(5)]
    assert digests.newest_fitting(short, 3) == short[-3:]
    long = [f"{n} " + "x" * 100 for n in range(5)]
    assert digests.newest_fitting(long, 3) == long[-2:]
    assert digests.newest_fitting(["x" * 300], 3) == ["x" * 239 + "…"]
