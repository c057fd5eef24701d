"""The strict Discord (tests/support/strict_discord.py) refuses what the real service refuses, and fails
a test on a breach: each of its rules, seen through the real bot's own HTTP client."""

from __future__ import annotations

import io
import time
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

import discord
import pytest
from discord import ui
from simcord.backend.errors import SetupError

import bot.adapter.sync
import bot.adapter.translator
from bot.adapter.app import FloeBot
from tests.support.strict_discord import OLD_EDITS_PER_WINDOW, StrictDiscord

HOUR = 3600
DAY = 86400


@pytest.fixture(autouse=True)
def hourly_ticks(monkeypatch):
    """Tick hourly: a simulated week runs within simcord's real-time budget."""
    monkeypatch.setattr(FloeBot, "tick_seconds", 3600)


def forgive(strict: StrictDiscord) -> list[str]:
    """Take the breaches a test provoked on purpose (so the fixture's check passes) and return them."""
    seen = [*strict.breaches, *(f"unacknowledged {i}" for i in strict.unacknowledged())]
    strict.breaches.clear()
    for interaction_id in strict.unacknowledged():
        strict.started.pop(interaction_id)
    return seen


async def a_thread(env: Any) -> tuple[Any, Any, Any]:
    guild = env.create_guild("Floes")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    env.backend.create_thread(channel.id, "quiet corner", alice.user.id)
    await env.advance_time(1)
    [thread] = channel.threads
    return channel, thread, alice


async def a_week_passes(env: Any) -> None:
    for _ in range(7):
        await env.advance_time(DAY)
    await env.advance_time(HOUR)


async def test_a_thread_quiet_for_its_auto_archive_duration_is_archived_and_refuses_edits(
    simcord_env,
) -> None:
    env = simcord_env
    _channel, thread, _alice = await a_thread(env)
    message = await sent(env, thread, "hello")
    await env.advance_time(DAY - 60)
    assert not env.backend.get_channel(thread.id).thread_metadata.archived  # a day less a minute
    await env.advance_time(120)
    assert env.backend.get_channel(thread.id).thread_metadata.archived  # simcord's threads last a day

    with pytest.raises(discord.HTTPException) as refused:
        await message.edit(content="edited")
    assert refused.value.code == 50083
    await sent(env, thread, "back")  # a message unarchives it
    assert not env.backend.get_channel(thread.id).thread_metadata.archived


async def test_a_locked_archived_thread_refuses_a_new_message(simcord_env) -> None:
    env = simcord_env
    _channel, thread, _alice = await a_thread(env)
    env.backend.edit_channel(thread.id, {}, thread_metadata={"archived": True, "locked": True})
    with pytest.raises(discord.HTTPException) as refused:
        await sent(env, thread, "anyone?")
    assert refused.value.code == 50083
    assert env.backend.get_channel(thread.id).thread_metadata.archived


async def test_users_cannot_use_commands_in_an_archived_thread(simcord_env) -> None:
    env = simcord_env
    _channel, thread, alice = await a_thread(env)
    env.backend.edit_channel(thread.id, {}, thread_metadata={"archived": True})
    with pytest.raises(SetupError, match="archived thread"):
        await alice.slash(thread, "games")


async def test_edits_of_an_hour_old_message_pass_their_own_rate_limit(simcord_env) -> None:
    env = simcord_env
    channel = env.create_guild("Floes").create_text_channel("games")
    message = await sent(env, channel, "old news")
    for n in range(OLD_EDITS_PER_WINDOW):  # a young message is edited freely
        await message.edit(content=f"young {n}")
    await env.advance_time(HOUR + 1)
    for n in range(OLD_EDITS_PER_WINDOW):
        await message.edit(content=f"old {n}")

    with pytest.raises(discord.RateLimited) as limited:  # the bot waits at most 30 s: discord.py raises
        await message.edit(content="one more")
    assert limited.value.retry_after > env.strict.max_ratelimit_timeout == 30
    assert [status for _, status, _ in env.strict.invalid] == [429]
    await env.advance_time(300)  # the window passed
    await message.edit(content="later")


@pytest.mark.simcord(check_errors=False)
async def test_a_first_response_later_than_three_seconds_of_wall_clock_is_refused_and_a_breach(
    simcord_env, world_channel, monkeypatch
) -> None:
    env, channel, alice = world_channel
    defer = discord.InteractionResponse.defer

    async def slow_defer(self: Any, *args: Any, **kwargs: Any) -> Any:
        time.sleep(3.1)  # a slow disk before the acknowledgement
        return await defer(self, *args, **kwargs)

    monkeypatch.setattr(discord.InteractionResponse, "defer", slow_defer)
    await alice.slash(channel, "games")
    seen = forgive(env.strict)
    assert any("answered after 3." in s for s in seen), seen
    assert any("unacknowledged" in s for s in seen), seen


async def test_an_interaction_never_acknowledged_fails_the_test(
    simcord_env, world_channel, monkeypatch
) -> None:
    env, channel, alice = world_channel

    async def no_defer(self: Any, *args: Any, **kwargs: Any) -> None:
        return None

    monkeypatch.setattr(discord.InteractionResponse, "defer", no_defer)
    monkeypatch.setattr(discord.InteractionResponse, "is_done", lambda self: True)
    monkeypatch.setattr(discord.Interaction, "edit_original_response", no_defer)
    await alice.slash(channel, "games")
    with pytest.raises(AssertionError, match="never acknowledged"):
        env.strict.verify()
    forgive(env.strict)


async def test_a_message_past_discords_limits_is_refused_and_a_breach(simcord_env) -> None:
    env = simcord_env
    channel = env.create_guild("Floes").create_text_channel("games")
    with pytest.raises(discord.HTTPException) as refused:
        await sent(env, channel, "x" * 2001)
    assert refused.value.code == 50035
    big = discord.File(io.BytesIO(b"\0" * (10 * 1024 * 1024 + 1)), filename="board.png")
    with pytest.raises(discord.HTTPException) as too_big:
        await sent(env, channel, "board", file=big)
    assert too_big.value.code == 50035
    seen = forgive(env.strict)
    assert len(seen) == 2 and "2001 characters" in seen[0] and "a file of" in seen[1], seen
    await sent(env, channel, "x" * 2000)  # at the limit: fine


@pytest.mark.parametrize(
    ("code", "error", "where"),
    [
        (50007, discord.Forbidden, "send"),
        (10013, discord.NotFound, "open"),
        (503, discord.HTTPException, "send"),
    ],
)
async def test_refused_dms_fail_as_discord_fails_them(simcord_env, code, error, where) -> None:
    env = simcord_env
    guild = env.create_guild("Floes")
    bob = guild.add_member(env.create_user("bob"))
    env.strict.refuse_dms(bob.user.id, code)
    with pytest.raises(error) as refused:
        dm = await env.bot.http.start_private_message(bob.user.id)
        assert where == "send"  # opening the DM channel works unless the user is unknown
        await env.bot.http.send_message(int(dm["id"]), params=_content("your turn"))
    assert refused.value.status == (403 if code == 50007 else 404 if code == 10013 else 503)
    assert len(env.strict.invalid) == (1 if code == 50007 else 0)  # only 401, 403 and 429 count
    env.strict.accept_dms(bob.user.id)
    dm = await env.bot.http.start_private_message(bob.user.id)
    await env.bot.http.send_message(int(dm["id"]), params=_content("your turn"))


async def test_a_deleted_channel_and_message_answer_unknown(simcord_env) -> None:
    env = simcord_env
    guild = env.create_guild("Floes")
    channel, gone = guild.create_text_channel("games"), guild.create_text_channel("old")
    message = await sent(env, channel, "board")
    env.backend.delete_message(channel.id, message.id)
    env.backend.delete_channel(gone.id)
    with pytest.raises(discord.NotFound) as unknown_message:
        await message.edit(content="edited")
    with pytest.raises(discord.NotFound) as unknown_channel:
        await sent(env, gone, "board")
    assert (unknown_message.value.code, unknown_channel.value.code) == (10008, 10003)


def test_invalid_requests_are_counted_over_any_ten_minutes(simcord_env) -> None:
    strict = simcord_env.strict
    strict.invalid += [(t, 403, "POST /channels/1/messages") for t in (0, 100, 599, 650, 700, 1300)]
    assert (
        strict.invalid_in_ten_minutes() == 3
    )  # 599, 650 and 700 (the window ending at 700 starts after 100)
    strict.invalid.clear()


@pytest.mark.strict_discord(latency=0.2)
async def test_latency_makes_every_rest_call_take_wall_clock_time(simcord_env) -> None:
    env = simcord_env
    channel = env.create_guild("Floes").create_text_channel("games")
    started = time.perf_counter()
    await sent(env, channel, "board")
    assert time.perf_counter() - started >= 0.2


# ------------------------------------------------------------------ Components V2

BOARD, RULES = "board.png", "rules.txt"


def layout(*items: ui.Item[Any]) -> ui.LayoutView:
    """A Components V2 card, built as the bot will build its turn messages (discord.py's LayoutView)."""
    view = ui.LayoutView(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def text_card() -> ui.LayoutView:
    return layout(ui.TextDisplay("alice to move"))


def past_discord_py(children: list[Any], *extra: Any) -> None:
    """Add ``extra`` to ``children`` past discord.py's own guard (it counts a view's 40 components, a
    section's 3 texts, a row's 5 buttons, a gallery's 10 items and a modal's 5 components itself):
    a card built another way still reaches Discord, so the double refuses it on its own."""
    children.extend(extra)


def attached(name: str) -> discord.File:
    return discord.File(io.BytesIO(b"\x89PNG\r\n"), filename=name)


def forty_components() -> ui.Container[Any]:
    """A container of 39 text displays, 4,000 characters in all: 40 components, both limits met."""
    return ui.Container(*(ui.TextDisplay("x" * 100) for _ in range(38)), ui.TextDisplay("x" * 200))


async def test_a_v2_card_within_discords_rules_is_sent_and_edited(simcord_env) -> None:
    env = simcord_env
    channel = env.create_guild("Floes").create_text_channel("games")
    card = layout(
        ui.Container(
            ui.TextDisplay("## Polar Derby, turn 3"),
            ui.Section(ui.TextDisplay("alice to move"), accessory=ui.Thumbnail(f"attachment://{BOARD}")),
            ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{BOARD}")),
            ui.Separator(),
            ui.File(f"attachment://{RULES}"),
            ui.ActionRow(*(ui.Button(label=str(n), custom_id=f"move-{n}") for n in range(5))),
            accent_colour=0xFFFFFF,
        ),
        ui.ActionRow(ui.Select(custom_id="pick", options=[discord.SelectOption(label="a")])),
    )
    message = await sent_with(env, channel, view=card, files=[attached(BOARD), attached(RULES)])
    assert message.flags.components_v2
    await message.edit(view=layout(forty_components()))  # at both limits: fine
    assert not env.strict.breaches


async def content_and_card(target: Any) -> Any:
    return await target.send("alice to move", view=text_card())


async def embed_and_card(target: Any) -> Any:
    return await target.send(embed=discord.Embed(title="turn 3"), view=text_card())


async def poll_and_card(target: Any) -> Any:
    poll = discord.Poll("Draw?", duration=timedelta(hours=1))
    poll.add_answer(text="yes")
    return await target.send(poll=poll, view=text_card())


async def sticker_and_card(target: Any) -> Any:
    return await target.send(stickers=[discord.Object(id=749054660769218631)], view=text_card())


async def forty_one_components(target: Any) -> Any:
    view = layout(forty_components())  # 2 at the top, 41 in all
    past_discord_py(view._children, ui.TextDisplay("one more"))
    return await target.send(view=view)


async def too_much_text(target: Any) -> Any:
    return await target.send(view=layout(ui.TextDisplay("x" * 2000), ui.TextDisplay("x" * 2001)))


async def thumbnail_not_carried(target: Any) -> Any:
    section = ui.Section(ui.TextDisplay("alice"), accessory=ui.Thumbnail(f"attachment://{BOARD}"))
    return await target.send(view=layout(section))


async def gallery_not_carried(target: Any) -> Any:
    gallery = ui.MediaGallery(discord.MediaGalleryItem("attachment://other.png"))
    return await target.send(view=layout(gallery), file=attached(BOARD))


async def file_not_carried(target: Any) -> Any:
    return await target.send(view=layout(ui.File(f"attachment://{RULES}")))


async def file_by_link(target: Any) -> Any:
    return await target.send(view=layout(ui.File("https://example.com/rules.txt")))


async def accent_out_of_range(target: Any) -> Any:
    return await target.send(view=layout(ui.Container(ui.TextDisplay("a"), accent_colour=0x1000000)))


async def section_of_four(target: Any) -> Any:
    texts = [ui.TextDisplay(str(n)) for n in range(3)]
    section = ui.Section(*texts, accessory=ui.Button(label="b", custom_id="b"))
    past_discord_py(section._children, ui.TextDisplay("3"))
    return await target.send(view=layout(section))


async def row_of_six_buttons(target: Any) -> Any:
    row = ui.ActionRow(*(ui.Button(label=str(n), custom_id=f"b{n}") for n in range(5)))
    past_discord_py(row._children, ui.Button(label="5", custom_id="b5"))
    return await target.send(view=layout(row))


async def gallery_of_eleven(target: Any) -> Any:
    gallery = ui.MediaGallery(*(discord.MediaGalleryItem(f"https://example.com/{n}.png") for n in range(10)))
    past_discord_py(gallery._underlying.items, discord.MediaGalleryItem("https://example.com/10.png"))
    return await target.send(view=layout(gallery))


async def thumbnail_on_top(target: Any) -> Any:
    return await target.send(view=layout(ui.Thumbnail("https://example.com/board.png")))


V2_REFUSALS: list[tuple[Callable[[Any], Awaitable[Any]], str]] = [
    (content_and_card, "IS_COMPONENTS_V2 with content"),
    (embed_and_card, "IS_COMPONENTS_V2 with embeds"),
    (poll_and_card, "IS_COMPONENTS_V2 with a poll"),
    (sticker_and_card, "IS_COMPONENTS_V2 with stickers"),
    (forty_one_components, "a V2 message of 41 components"),
    (too_much_text, "text displays of 4001 characters"),
    (thumbnail_not_carried, f"attachment://{BOARD} in a thumbnail"),
    (gallery_not_carried, "attachment://other.png in a media gallery"),
    (file_not_carried, f"attachment://{RULES} in a file component"),
    (file_by_link, "a file component's URL must be attachment://"),
    (accent_out_of_range, "a container accent colour of 16777216"),
    (section_of_four, "a section of 4 components"),
    (row_of_six_buttons, "an action row of 6 buttons"),
    (gallery_of_eleven, "a media gallery of 11 items"),
    (thumbnail_on_top, "a thumbnail at the top of a V2 message"),
]


@pytest.mark.parametrize(
    ("send", "breach"), [pytest.param(send, breach, id=send.__name__) for send, breach in V2_REFUSALS]
)
async def test_a_v2_card_past_discords_rules_is_refused_and_a_breach(
    simcord_env, send: Callable[[Any], Awaitable[Any]], breach: str
) -> None:
    env = simcord_env
    channel = env.create_guild("Floes").create_text_channel("games")
    target = env.bot.get_channel(channel.id) or await env.bot.fetch_channel(channel.id)
    with pytest.raises(discord.HTTPException) as refused:
        await send(target)
    assert (refused.value.status, refused.value.code) == (400, 50035)
    seen = forgive(env.strict)
    assert any(breach in s for s in seen), seen


async def test_a_v2_message_keeps_its_flag_and_its_rules_on_edit(simcord_env) -> None:
    env = simcord_env
    channel = env.create_guild("Floes").create_text_channel("games")
    message = await sent_with(env, channel, view=text_card())
    with pytest.raises(discord.HTTPException) as with_content:  # no flag in the edit: still V2
        await message.edit(content="alice moved")
    legacy = discord.http.handle_message_parameters(content="alice moved", flags=discord.MessageFlags())
    with pytest.raises(discord.HTTPException) as dropped:  # discord.py's HTTP layer, flags 0
        await env.bot.http.edit_message(channel.id, message.id, params=legacy)
    assert with_content.value.code == dropped.value.code == 50035
    seen = forgive(env.strict)
    assert any("IS_COMPONENTS_V2 with content" in s for s in seen), seen
    assert any("drops the IS_COMPONENTS_V2 flag" in s for s in seen), seen
    await message.edit(view=layout(ui.TextDisplay("bob to move")))
    plain = await sent(env, channel, "a legacy message")  # and a legacy message may become V2
    await plain.edit(content=None, view=text_card())


@pytest.mark.simcord(check_errors=False)
async def test_an_interaction_answer_is_held_to_the_v2_rules(simcord_env, world_channel, monkeypatch) -> None:
    env, channel, alice = world_channel

    async def answer_with_content_and_card(self: Any, *args: Any, **kwargs: Any) -> None:
        await self.send_message("alice to move", view=text_card())

    monkeypatch.setattr(discord.InteractionResponse, "defer", answer_with_content_and_card)
    await alice.slash(channel, "games")
    seen = forgive(env.strict)
    assert any("IS_COMPONENTS_V2 with content" in s for s in seen), seen


def modal_of(labels: int, text: str = "Move") -> ui.Modal:
    modal = ui.Modal(title="Your move")
    items = [ui.Label(text=text, component=ui.TextInput(custom_id=f"in{n}")) for n in range(labels)]
    for item in items[:5]:
        modal.add_item(item)
    past_discord_py(modal._children, *items[5:])
    return modal


@pytest.mark.simcord(check_errors=False)
@pytest.mark.parametrize(
    ("modal", "breach"),
    [
        (lambda: modal_of(6), "a modal of 6 components"),
        (lambda: modal_of(1, "x" * 46), "a label of 46 characters"),
    ],
    ids=["six-components", "long-label"],
)
async def test_a_modal_past_discords_rules_is_refused_and_a_breach(
    simcord_env, world_channel, monkeypatch, modal: Callable[[], ui.Modal], breach: str
) -> None:
    env, channel, alice = world_channel
    modals = [modal_of(5), modal()]  # five labels are fine, then the one past the rules

    async def answer_with_a_modal(self: Any, *args: Any, **kwargs: Any) -> None:
        await self.send_modal(modals.pop(0))

    monkeypatch.setattr(discord.InteractionResponse, "defer", answer_with_a_modal)
    await alice.slash(channel, "games")
    assert not env.strict.breaches
    await alice.slash(channel, "games")
    seen = forgive(env.strict)
    assert any(breach in s for s in seen), seen


@pytest.fixture
async def world_channel(simcord_env) -> tuple[Any, Any, Any]:
    env = simcord_env
    guild = env.create_guild("Floes")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    return env, channel, alice


async def sent(env: Any, channel: Any, content: str, **kwargs: Any) -> discord.Message:
    """The bot sends a message into the channel, through discord.py as the bot itself does."""
    target = env.bot.get_channel(channel.id) or await env.bot.fetch_channel(channel.id)
    return await target.send(content, **kwargs)


async def sent_with(env: Any, channel: Any, **kwargs: Any) -> discord.Message:
    """The bot sends a message of no content (a V2 card) into the channel, through discord.py."""
    target = env.bot.get_channel(channel.id) or await env.bot.fetch_channel(channel.id)
    return await target.send(**kwargs)


def _content(content: str) -> Any:
    return discord.http.handle_message_parameters(content=content)


@pytest.mark.parametrize(
    ("word", "why"),
    [
        ("Bord", "not in lowercase"),
        ("speel bord", "not 1-32 letters"),
        ("b" * 33, "not 1-32 letters"),
        ("regels", "are both 'regels' in nl"),  # /game board would be /game rules's Dutch name
    ],
)
async def test_a_bad_translation_of_a_command_name_is_refused_and_a_breach(
    simcord_env, monkeypatch, word, why
) -> None:
    env = simcord_env
    catalogue = bot.adapter.translator.translated

    def translated(language: str, context: str, message: str) -> str | None:
        if (language, context, message) == ("nl", "command name", "board"):
            return word
        return catalogue(language, context, message)

    monkeypatch.setattr(bot.adapter.translator, "translated", translated)
    with pytest.raises(discord.HTTPException) as refused:
        await env.bot.sync_commands(force=True)
    assert refused.value.code == 50035
    [breach] = forgive(env.strict)
    assert why in breach and "board" in breach


async def test_a_localized_option_name_may_not_be_another_options_name(simcord_env, monkeypatch) -> None:
    env = simcord_env
    catalogue = bot.adapter.translator.translated

    def translated(language: str, context: str, message: str) -> str | None:
        if (language, context, message) == ("de", "option name", "old"):
            return "seat"  # /game replace has an option named seat
        return catalogue(language, context, message)

    monkeypatch.setattr(bot.adapter.translator, "translated", translated)
    with pytest.raises(discord.HTTPException):
        await env.bot.sync_commands(force=True)
    assert any("another option's name" in breach for breach in forgive(env.strict))


async def test_command_lists_leave_the_localizations_out_unless_asked(simcord_env) -> None:
    env = simcord_env
    plain = await env.bot.tree.fetch_commands()  # discord.py 2.7 does not ask for them
    assert all(not command.name_localizations for command in plain)
    complete = await bot.adapter.sync.fetch_commands(env.bot.tree, None)
    game = next(command for command in complete if command.name == "game")
    assert game.name_localizations[discord.Locale.dutch] == "spel"
