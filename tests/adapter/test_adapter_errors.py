"""The adapter's error texts: bounded, and "nothing was changed" only before a commit."""

from __future__ import annotations

import contextvars

import discord
import pytest

import games
from bot.adapter.errors import (
    ANSWER_LIMIT,
    PostFailed,
    TooLong,
    and_list,
    check_move_text,
    error_text,
    mark_committed,
)


def test_an_echo_of_any_length_is_bounded() -> None:
    text = error_text(games.IllegalAction("'" + "x" * 50_000 + "' is not a move"))
    assert len(text) <= ANSWER_LIMIT and text.endswith("…")


def test_an_over_long_move_is_refused_before_the_game_sees_it() -> None:
    check_move_text("take pink orange")
    with pytest.raises(TooLong, match="101 characters long; a move is at most 100"):
        check_move_text("x" * 101)


def test_a_bug_before_a_commit_says_nothing_changed_and_after_says_it_counted() -> None:
    before = contextvars.copy_context().run(error_text, RuntimeError("bug"))
    assert "Nothing was changed" in before

    def after_commit() -> str:
        mark_committed()
        return error_text(RuntimeError("bug"))

    after = contextvars.copy_context().run(after_commit)
    assert "Nothing was changed" not in after and "it counted" in after


def test_a_failed_post_after_a_move_says_the_move_counted() -> None:
    text = error_text(PostFailed("You rolled 3 and 5.", "the game's channel no longer exists"))
    assert text.startswith("You rolled 3 and 5. It counted") and "channel no longer exists" in text
    assert "Nothing was changed" not in text


def test_permission_names_read_as_a_sentence() -> None:
    assert and_list(["Attach Files"]) == "Attach Files"
    assert and_list(["Create Public Threads", "Attach Files"]) == "Create Public Threads and Attach Files"
    assert and_list(["A", "B", "C"]) == "A, B and C"


class _TooManyRequests:
    """The part of an aiohttp answer discord.HTTPException reads: a 429."""

    status = 429
    reason = "Too Many Requests"


@pytest.mark.parametrize(
    "err",
    [
        discord.HTTPException(
            _TooManyRequests(), {"message": "You are being rate limited.", "global": False}
        ),
        discord.RateLimited(12.0),
    ],
)
def test_discord_slowing_the_bot_down_is_named_as_the_cause(err: Exception) -> None:
    """A 429 that discord.py gave up waiting on (or one too long to wait for) is Discord's
    limit, not a bug of ours: the answer says so, and whether anything changed."""
    before = contextvars.copy_context().run(error_text, err)
    assert "Discord asked me to slow down" in before and "Nothing was changed" in before
    assert "ref" not in before and "on our side" not in before

    def after_commit() -> str:
        mark_committed()
        return error_text(err)

    after = contextvars.copy_context().run(after_commit)
    assert "Discord asked me to slow down" in after and "it counted" in after
    assert "Nothing was changed" not in after
