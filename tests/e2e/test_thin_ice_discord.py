"""Thin Ice end to end: every choice in a private menu (hands stay hidden), reaction windows reach
every card holder, whole games with and without the Kraken."""

from __future__ import annotations

import random

from games.thin_ice.cards import BY_KEY
from tests.support.driver import Stats, act_once, labels, offered, open_and_start, public_messages


def survivor(seed: int):
    """Standing order "pass" first, pass windows, roll, then any move or slide; cards stay held."""
    r = random.Random(seed)

    def brain(game, state, seat, notations):
        for want in ("order pass", "pass", "stand", "roll", "vote no"):
            if want in notations:
                return want
        plain = [n for n in notations if not n.startswith(("order", "discard", "play"))]
        return r.choice(plain or notations)

    return brain


def card_words(key: str) -> list[str]:
    return [BY_KEY[key].title.lower(), f"play {key}", f"discard {key}", f"keep {key}"]


async def play_thin_ice(env, general, members, *, seed: int, use_move: bool, limit: int):
    brain = survivor(seed)
    stats = Stats()
    seen = {m.id for m in public_messages(general)}
    windows = 0
    for _ in range(limit):
        table = await env.bot.sessions.table(1)
        if table.record.status == "finished":
            break
        before = table.state.hands
        if len(table.game.to_act(table.state)) > 1:
            windows += 1
        n_private = len(stats.ephemeral)
        acted = await act_once(env, general, members, brain, stats, use_move=use_move)
        # a private menu offers only the clicker's own cards
        for user_id, message in stats.ephemeral[n_private:]:
            [seat] = acted.seats_of(user_id)
            for notation, _, _ in offered(message):
                if notation.startswith(("play ", "discard ")):
                    assert notation.split()[1] in before[seat]
        after = (await env.bot.sessions.table(1)).state.hands
        kept = {c for s in range(len(before)) for c in set(before[s]) & set(after[s])}
        for message in public_messages(general):
            if message.id in seen:
                continue
            seen.add(message.id)
            text = (message.content + " " + " ".join(labels(message))).lower()
            for card in kept:
                assert not any(w in text for w in card_words(card)), (card, message.content)
    return stats, windows


async def test_a_three_player_game_through_private_menus(world) -> None:
    env, guild, general, other, members = world
    alice, bob, carol = members[:3]
    env.bot.sessions.new_seed = lambda: 2
    await open_and_start(general, "thin-ice", alice, bob, carol)
    board = general.last_message
    # public buttons only for what reveals nothing about a hand (placing the meeple); cards
    # and standing orders stay behind My options
    assert offered(board) and all(n.startswith("place ") for n, _, _ in offered(board))
    assert "My options" in labels(board)
    stats, windows = await play_thin_ice(env, general, members, seed=1, use_move=False, limit=200)
    table = await env.bot.sessions.table(1)
    assert table.record.status == "finished"
    assert "Game over" in general.last_message.content
    assert stats.private_menus > 0  # reaction windows are answered privately
    assert windows > 0  # reaction windows awaited several card holders at once
    assert await env.bot.sessions.verify_replay(1)
    # public posts offer only actions that reveal nothing about a hand; cards only privately
    card_verbs = ("play", "order", "discard", "keep", "jump", "vote", "pass")
    for message in public_messages(general):
        assert not any(n.split()[0] in card_verbs for n, _, _ in offered(message))


async def test_my_view_shows_only_my_hand(world) -> None:
    env, guild, general, other, members = world
    alice, bob, carol = members[:3]
    env.bot.sessions.new_seed = lambda: 2
    await open_and_start(general, "thin-ice", alice, bob, carol)
    table = await env.bot.sessions.table(1)
    result = await bob.click(general.last_message, label="My view")
    assert result.ephemeral and result.response.attachments[0].filename == "my-view.png"
    assert result.response.id not in {m.id for m in general.history(viewer=alice)}
    assert table.state.hands[1]


async def test_the_kraken_option_through_game_new_and_typed_moves(world) -> None:
    env, guild, general, other, members = world
    alice, bob, carol = members[:3]
    env.bot.sessions.new_seed = lambda: 1
    await open_and_start(general, "thin-ice", alice, bob, carol, options="kraken")
    table = await env.bot.sessions.table(1)
    assert table.state.options.kraken
    assert any("kraken" in m.content.lower() for m in public_messages(general))  # the lobby says so
    stats, _ = await play_thin_ice(env, general, members, seed=2, use_move=True, limit=200)
    table = await env.bot.sessions.table(1)
    assert table.record.status == "finished"
    assert stats.moves > 20
    assert await env.bot.sessions.verify_replay(1)


async def test_a_lone_player_asks_to_be_asked_only_when_a_card_can_be_played(world) -> None:
    """One person against two computers: My options offers "Ask me only when I can play a card"
    among the standing orders, and giving it leaves no trace in the channel."""
    env, guild, general, other, members = world
    alice = members[0]
    env.bot.sessions.new_seed = lambda: 2
    await alice.slash(general, "game new", game="thin-ice")
    await alice.slash(general, "game computer", level="easy")
    await alice.slash(general, "game computer", level="easy")
    await alice.click(general.last_message, label="Start")
    seen_label = False

    def brain(game, state, seat, notations):
        return (
            "order when-playable"
            if "order when-playable" in notations
            else survivor(0)(game, state, seat, notations)
        )

    stats = Stats()
    for _ in range(30):
        table = await env.bot.sessions.table(1)
        if table.state.orders[0]:
            break
        n_private = len(stats.ephemeral)
        await act_once(env, general, [alice], brain, stats)
        for _, message in stats.ephemeral[n_private:]:
            seen_label = seen_label or "Ask me only when I can play a card" in labels(message)
    table = await env.bot.sessions.table(1)
    assert seen_label and [str(o.trigger) for o in table.state.orders[0]] == ["playable"]
    for message in public_messages(general):
        text = (message.content + " " + " ".join(labels(message))).lower()
        assert "when-playable" not in text and "ask me only" not in text
