"""Ice Lake end to end: secret plans by DM, the closed-DM modal, reveal, movement GIF, restart."""

from __future__ import annotations

from tests.support.driver import buttons, labels, private_texts


def dm_texts(member) -> list[str]:
    dm = member.user.dm_channel
    return [m.content for m in dm.history()] if dm else []


def close_dms(env, member) -> None:
    dm_id = member.user.dm_channel.id
    env.inject_error(
        "POST",
        f"/channels/{dm_id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )


async def start_ice_lake(general, host, *guests):
    await host.slash(general, "game new", game="ice-lake")
    for guest in guests:
        await guest.click(general.last_message, label="Join")
    await host.click(general.last_message, label="Start")


def public_texts(channel) -> list[str]:
    return [m.content for m in channel.history()]


async def test_a_three_player_game_with_plans_by_dm(world, make_bot) -> None:
    env, guild, general, other, members = world
    alice, bob, carol = members[:3]
    _ = carol.user.dm_channel  # open the channel so the error can be injected on it
    close_dms(env, carol)
    await start_ice_lake(general, alice, bob, carol)
    # alice and bob are invited by DM with their own board; carol's DMs are closed
    for member in (alice, bob):
        dm = member.user.dm_channel.last_message
        assert "write your secret plan" in dm.content and dm.attachments[0].filename == "my-plan.png"
    notice = general.last_message
    assert f"<@{carol.user.id}>" in notice.content and "cannot send you direct messages" in notice.content
    assert "Plan privately" in buttons(notice)

    # alice plans by DM, then revises it; the channel learns only that she planned
    await alice.send_dm("SL")
    assert "Your plan: SL" in alice.user.dm_channel.last_message.content
    turn = next(m for m in reversed(general.history()) if m.attachments)  # the turn message, edited
    assert "1 of 3 plans in" in turn.content
    await alice.send_dm("s s r")
    assert "Your plan: SSR" in alice.user.dm_channel.last_message.content
    turn = next(m for m in reversed(general.history()) if m.attachments)
    assert "1 of 3 plans in" in turn.content  # a revision posts nothing

    # a restart during planning loses nothing
    await env.restart_bot(make_bot())

    # bob's plan with a wrong letter is refused with what is allowed
    await bob.send_dm("SXQ")
    refusal = bob.user.dm_channel.last_message.content
    assert "QX is not a move" in refusal and "Your plan" not in refusal
    await bob.send_dm("L")
    assert "2 of 3 plans in" in next(m for m in reversed(general.history()) if m.attachments).content

    # carol types hers in the modal behind the builder the channel notice opens
    builder = await carol.click(notice, label="Plan privately")
    assert builder.ephemeral and "write your secret plan" in builder.response.content
    shown = await carol.click(builder.response, label="Type it…")
    assert shown.modal is not None
    done = await carol.submit_modal(shown, {"floe:answer": "R"})
    assert done.ephemeral and "Your plan: R" in done.response.content

    # nothing secret reached the channel before the reveal
    texts = public_texts(general)
    reveal_index = next(i for i, t in enumerate(texts) if "Plans revealed" in t)
    before_reveal = " ".join(texts[:reveal_index])
    assert "SSR" not in before_reveal
    revealed = texts[reveal_index]
    assert "SSR" in revealed and " L" in revealed and " R" in revealed
    reveal_message = next(m for m in general.history() if "Plans revealed" in m.content)
    # the movement, ending on the board as it is now: the picture of the reveal's card
    assert {a.filename for a in reveal_message.attachments} == {"moves.gif"}
    gif = await next(a for a in reveal_message.attachments if a.filename == "moves.gif").read()
    assert gif[:6] in (b"GIF89a", b"GIF87a") and len(gif) < 10 * 1024 * 1024

    # play on to the winner: everyone plans "S"; forced facings are answered with buttons
    for _ in range(60):
        table = await env.bot.sessions.table(1)
        if table.record.status == "finished":
            break
        awaited = table.game.to_act(table.state)
        for seat in sorted(awaited):
            member = next(m for m in members if m.user.id == table.user_of(seat))
            if member is carol:
                latest = general.last_message
                labels = buttons(latest)
                if "Plan privately" in labels:  # by taps: Straight, Done
                    builder = await carol.click(latest, label="Plan privately")
                    await carol.click(builder.response, label="Straight")
                    await carol.click(builder.response, label="Done")
                else:
                    choice = next(label for label in labels if label not in ("My view",))
                    await carol.click(latest, label=choice)
            elif "plan" in str(table.game.prompt(table.state, seat)):
                await member.send_dm("S")
            else:
                latest = general.last_message
                choice = next(label for label in buttons(latest) if label not in ("My view",))
                await member.click(latest, label=choice)
            break
    table = await env.bot.sessions.table(1)
    assert table.record.status == "finished"
    assert "Game over" in general.last_message.content
    # the movement GIF comes with movement only, never again with the next round's plans
    for message in general.history():
        if "has planned" in message.content and "Plans revealed" not in message.content:
            assert "moves.gif" not in {a.filename for a in message.attachments}
    assert await env.bot.sessions.verify_replay(1)
    assert any("Game over" in t for t in public_texts(general))


async def test_a_dm_outside_any_game_gets_a_friendly_answer(world) -> None:
    env, guild, general, other, members = world
    await members[0].send_dm("SSLR")
    assert "None of your games" in members[0].user.dm_channel.last_message.content


async def test_plan_command_in_dms_and_the_game_picker(world) -> None:
    env, guild, general, other, members = world
    alice, bob, carol = members[:3]
    await start_ice_lake(general, alice, bob)
    await env.advance_time(60)  # one new lobby a minute per member
    await start_ice_lake(other, alice, carol)
    # two games wait for alice: a DM asks which one, never guesses
    await alice.send_dm("SL")
    ask = alice.user.dm_channel.last_message
    assert "which one" in ask.content
    assert all("1 of 2 plans in" not in m.content for m in general.history())  # no plan counted
    choices = await alice.user.autocomplete("plan", "game", "")
    assert len(choices) == 2
    result = await alice.user.slash("plan", letters="SL", game=choices[0]["value"])
    assert "Your plan: SL" in result.response.content
    result = await alice.user.slash("plan", letters="SL")
    assert "several games" in result.response.content.lower()
    # bob has one game: /plan without the game option works
    result = await bob.user.slash("plan", letters="LLL")
    assert "Your plan: LLL" in result.response.content


async def test_strangers_cannot_plan_and_the_channel_never_shows_a_plan(world) -> None:
    env, guild, general, other, members = world
    alice, bob, carol = members[:3]
    await start_ice_lake(general, alice, bob)
    board = next(m for m in general.history() if "Plan privately" in buttons(m))
    result = await carol.click(board, label="Plan privately")
    assert result.modal is None
    assert any("not playing" in t for t in private_texts(general, carol))


async def test_the_plan_invitation_says_how_long_an_answer_may_be(world) -> None:
    """The rulebook sets no upper limit to a plan ("There is no upper limit to how many moves you
    can plan"); the answer that carries it has one, and the invitation says it."""
    env, guild, general, other, members = world
    alice, bob = members[:2]
    await start_ice_lake(general, alice, bob)
    invitation = alice.user.dm_channel.last_message.content
    assert "write your secret plan: one or more letters S, L, R" in invitation
    assert "up to 100 characters" in invitation
    await alice.send_dm("SLR" * 33)  # 99 letters: more than the rules allowed before
    assert "Your plan: " + "SLR" * 33 in alice.user.dm_channel.last_message.content


async def test_plans_built_by_taps_in_the_dm_and_from_the_board(world) -> None:
    """The plan builder: a button per letter, Take back, Clear and Done, the route previewed on
    the player's own board, one edit of the same message per tap; nothing reaches the channel
    but that a plan is in."""
    env, guild, general, other, members = world
    alice, bob = members[:2]
    await start_ice_lake(general, alice, bob)
    dm = alice.user.dm_channel.last_message
    assert "write your secret plan" in dm.content and dm.attachments[0].filename == "my-plan.png"
    assert labels(dm)[:3] == ["Straight", "Left", "Right"]
    for label in ("Left", "Right", "Right", "⌫ Take back", "Left"):
        await alice.user.click(dm, label=label)
    dm = alice.user.dm_channel.last_message
    assert len(alice.user.dm_channel.history()) == 1  # every tap edited the one builder message
    assert "Plan: **L R L**" in dm.content and "Route: " in dm.content
    assert dm.attachments[0].description and "Route: " in dm.attachments[0].description
    await alice.user.click(dm, label="Done")
    dm = alice.user.dm_channel.last_message
    assert "Your plan: LRL" in dm.content
    assert all("LRL" not in m.content for m in general.history())
    turn = next(m for m in reversed(general.history()) if m.attachments)
    assert "1 of 2 plans in" in turn.content
    # bob builds his from the board, privately; Clear empties the draft
    builder = await bob.click(turn, label="Plan privately")
    assert builder.ephemeral and "(no letters yet)" in builder.response.content
    for label in ("Right", "Clear", "Straight", "Straight"):
        await bob.click(builder.response, label=label)
    assert "Plan: **S S**" in builder.response.content
    await bob.click(builder.response, label="Done")
    reveal = next(m for m in general.history() if "Plans revealed" in m.content)
    assert "LRL" in reveal.content and "SS" in reveal.content
    table = await env.bot.sessions.table(1)
    assert table.state.round == 2 or table.record.status == "finished"


async def test_a_builder_from_an_earlier_round_is_refused_and_changes_nothing(world) -> None:
    env, guild, general, other, members = world
    alice, bob = members[:2]
    await start_ice_lake(general, alice, bob)
    old = alice.user.dm_channel.last_message
    await alice.send_dm("S")
    await bob.send_dm("S")  # the reveal: round 2 asks again
    table = await env.bot.sessions.table(1)
    step = table.record.step
    result = await alice.user.click(old, label="Straight")
    assert result.response.ephemeral and "earlier round" in result.response.content
    assert old.content == alice.user.dm_channel.history()[0].content  # the old builder as it was
    assert (await env.bot.sessions.table(1)).record.step == step
