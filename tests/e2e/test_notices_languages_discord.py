"""The scheduler's notices, reminders and DMs and the session's acknowledgements in their readers'
languages, through the strict double: what reaches one person (a reminder or turn DM, an ack) in
theirs, what a game's channel reads (a deadline, a pause) in the game's; English unchanged."""

from __future__ import annotations

import pytest

from bot.adapter.app import FloeBot
from tests.support.language_servers import server_in

DAY = 86400


@pytest.fixture(autouse=True)
def coarse_ticks(monkeypatch):
    """Tick at least hourly: ``advance_time`` runs each tick within simcord's real-time budget."""
    monkeypatch.setattr(FloeBot, "tick_seconds", 3600)


async def server(env, locale: str | None):
    """A server (its Discord language ``locale``) whose games play in ``general``; alice's
    Discord is Dutch, bob's English; both click their own moves."""
    _guild, general, alice, bob = await server_in(env, locale, "Polar Club")
    return general, alice, bob


async def open_and_start(general, host, guest, *, buttons=("Join", "Start"), **extra):
    """Open a Polar Derby lobby, seat ``guest`` and start; ``buttons``: the lobby's Join and
    Start as they read in the game's language."""
    join, start = buttons
    await host.slash(general, "game new", game="polar-derby", **extra)
    await guest.click(general.last_message, label=join)
    await host.click(general.last_message, label=start)
    return general.last_message


def mover_of(board, *members):
    [mover] = [m for m in members if f"<@{m.user.id}>" in board.content]
    return mover


def dms(member) -> list[str]:
    channel = member.user.dm_channel
    return [m.content for m in channel.history()] if channel is not None else []


async def test_a_reminder_and_a_turn_dm_reach_each_player_in_their_own_language(simcord_env) -> None:
    env = simcord_env
    general, alice, bob = await server(env, None)
    for member in (alice, bob):
        await member.slash(general, "settings", dm_on_turn=True)
    board = await open_and_start(general, alice, bob)
    mover = mover_of(board, alice, bob)
    turn = [d for d in dms(mover) if "🔔" in d]
    await env.advance_time(DAY + 120)
    reminder = [d for d in dms(mover) if "⏰" in d]
    assert turn and reminder
    if mover is alice:  # Dutch, in an English server
        assert "Jouw beurt in **Polar Derby** in #general" in turn[-1]
        assert (
            f"⏰ <@{alice.user.id}>, een vriendelijke herinnering: **Polar Derby** wacht op je"
            in reminder[-1]
        )
    else:
        assert "Your turn in **Polar Derby** in #general" in turn[-1]
        assert f"⏰ <@{bob.user.id}>, a friendly reminder: **Polar Derby** is waiting for you" in reminder[-1]


async def test_a_french_servers_deadline_and_pause_read_french_and_each_answer_its_readers(
    simcord_env,
) -> None:
    env = simcord_env
    general, alice, bob = await server(env, "fr")
    board = await open_and_start(general, alice, bob, buttons=("Rejoindre", "Lancer"), deadline="1h")
    assert (
        "⏳ Délai <t:" in board.content
        and "(ensuite le coup par défaut de la règle du jeu s'applique)" in board.content
    )
    # the small print leaves out what the card says already, in French too (the moves, the counter)
    assert "Coups possibles" not in board.content and "(à jouer)" not in board.content
    mover = mover_of(board, alice, bob)
    await env.advance_time(61 * 60 + 60)
    expired = general.last_message.content
    assert (
        f"⌛ Le temps est écoulé pour {mover.user.name} : le coup par défaut de la règle du jeu est joué à sa place."
        in expired
    )
    dutch = await alice.slash(general, "game pause")
    assert "Je stem is binnen (1 van 2)." in dutch.response.content
    assert "vote pour mettre la partie en pause (1 sur 2)" in general.last_message.content
    english = await bob.slash(general, "game pause")
    assert english.response.content.startswith("The game is paused.")
    assert (
        "⏸️ Tous les joueurs ont voté : la partie de Polar Derby est en pause." in general.last_message.content
    )
    resumed = await bob.slash(general, "game resume")
    assert resumed.response.content.startswith("The game runs again.")
    assert "▶️ bob a repris la partie : l'horloge tourne à nouveau." in general.last_message.content


async def test_each_actors_acknowledgement_is_in_their_language(simcord_env) -> None:
    env = simcord_env
    general, alice, bob = await server(env, None)
    board = await open_and_start(general, alice, bob)
    mover = mover_of(board, alice, bob)
    result = await mover.slash(general, "game move", action="roll")
    if mover is alice:
        assert "Je speelde `roll`." in result.response.content
    else:
        assert "You played `roll`." in result.response.content
    other = bob if mover is alice else alice
    answer = await other.slash(general, "game resign")
    if other is alice:
        assert "Je hebt opgegeven." in answer.response.content
    else:
        assert "You resigned." in answer.response.content
