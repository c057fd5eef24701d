"""Thin Ice's cards say what they do to their holder through the strict Discord double: the DM
dealing a hand and "My view" name the effect of each card in it in the holder's language, the private menu's
options carry it as their description (within Discord's 100 characters), and no public post
names the effect of any card, in any of the players' languages."""

from __future__ import annotations

import pytest

from bot.core.languages import language
from games.thin_ice.cards import BY_KEY, CARDS
from games.words import tell
from tests.support.driver import Stats, act_once, open_and_start, public_messages, raw_components


@pytest.fixture
async def polyglots(simcord_env):
    """A server playing in its channel (in English: the driver clicks the buttons by their
    English labels); alice's Discord is in Dutch, bob's in French, carol's in English."""
    env = simcord_env
    guild = env.create_guild("Polar Club")
    general = guild.create_text_channel("general")
    members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")]
    env.strict.locales[members[0].user.id] = "nl"
    env.strict.locales[members[1].user.id] = "fr"
    await env.bot.servers.change(guild.id, threads=False)
    for member in members:
        await env.bot.store.set_auto_play(member.user.id, False)
    return env, general, members


def quiet(game, state, seat, notations):
    """Pass the windows, roll, then the first move or slide; cards stay in hand."""
    for want in ("pass", "stand", "roll", "vote no"):
        if want in notations:
            return want
    plain = [n for n in notations if not n.startswith(("order", "discard", "play", "keep"))]
    return (plain or notations)[0]


def descriptions(message) -> dict[str, str]:
    """Each select option's value and description on ``message``."""
    return {
        o["value"]: o.get("description") or ""
        for c in raw_components(message)
        if c["type"] == 3
        for o in c["options"]
    }


def every_effect() -> set[str]:
    """Every card's effect line, in the languages of this server and its players."""
    return {tell(card.brief, (), language(code)) for card in CARDS for code in ("en", "fr", "nl")}


async def test_my_view_and_my_options_say_what_my_cards_do(polyglots) -> None:
    env, general, (alice, bob, carol) = polyglots
    env.bot.sessions.new_seed = lambda: 2
    await open_and_start(general, "thin-ice", alice, bob, carol)
    table = await env.bot.sessions.table(1)
    dutch = language("nl")
    [seat] = table.seats_of(alice.user.id)
    hand = table.state.hands[seat]
    assert hand

    # the DM dealing the hand says what each card does, in each player's language
    [dealt] = [m.content for m in alice.user.dm_channel.history() if "Thin Ice" in m.content]
    assert all(tell(BY_KEY[key].line, (), dutch) in dealt.splitlines() for key in hand), dealt
    [bobs] = [m.content for m in bob.user.dm_channel.history() if "Thin Ice" in m.content]
    bob_hand = table.state.hands[table.seats_of(bob.user.id)[0]]
    french = language("fr")
    assert all(tell(BY_KEY[key].line, (), french) in bobs.splitlines() for key in bob_hand), bobs

    seen = await alice.click(general.last_message, label="My view")
    assert seen.ephemeral
    for key in hand:
        assert tell(BY_KEY[key].line, (), dutch) in seen.response.content, key
    others = {k for s, held in enumerate(table.state.hands) if s != seat for k in held} - set(hand)
    for key in others:
        assert tell(BY_KEY[key].brief, (), dutch) not in seen.response.content, key

    stats = Stats()
    described = 0
    for _ in range(40):
        await act_once(env, general, [alice, bob, carol], quiet, stats)
        for user_id, message in stats.ephemeral:
            # a private menu is its reader's: in their language
            own = language(env.strict.locales.get(user_id, "en"))
            for notation, description in descriptions(message).items():
                words = notation.split()
                if words[0] in ("play", "discard", "keep") or (words[0] == "order" and words[1] in BY_KEY):
                    assert description == tell(BY_KEY[words[1]].brief, (), own), notation
                    described += 1
                assert len(description) <= 100
        stats.ephemeral.clear()
        if described:
            break
    assert described, "no private menu offered a card"

    effects = every_effect()
    for message in public_messages(general):
        text = message.content + " ".join(descriptions(message).values())
        assert not [e for e in effects if e in text], message.content


async def test_the_rules_say_how_to_play_and_what_each_card_does_in_the_reader_s_language(polyglots) -> None:
    env, general, (alice, bob, carol) = polyglots
    rules = await bob.slash(general, "game rules", game="thin-ice")  # bob reads French
    answer, cards = rules.response, rules.followups[-1]
    assert answer.ephemeral and cards.ephemeral
    french = language("fr")
    assert all(tell(card.line, (), french) in cards.content for card in CARDS), "each card, in French"
    assert "\n  1. " in answer.content, "how to play, its steps kept apart"
    assert answer.attachments[0].filename == "thin-ice-rules.txt"
    hike = await carol.slash(general, "game rules", game="ice-hike")
    assert "Torch: fend off one bear attack" in hike.followups[-1].content, "the cave finds"
    lake = await carol.slash(general, "game rules", game="ice-lake")
    assert lake.followups == [] and "Goal: be the last skater on the ice." in lake.response.content
