"""The adapter's error texts: bounded, and "nothing was changed" only before a commit."""

from __future__ import annotations

import contextvars

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
