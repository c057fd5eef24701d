"""The adapter's error wrapper as a decorator (bot/adapter/errors.py, ``@guard``): a failure in a
handler becomes a private answer to its interaction, and a guarded command keeps the options
discord.py reads from its signature."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.adapter import errors
from bot.adapter.errors import COMMITTED, guard, mark_committed


@dataclass
class Interaction:
    name: str
    extras: dict[str, Any] = field(default_factory=dict)
    client: object = None  # a bot without readers: every answer is in English


class Cog:
    @guard
    async def fails(self, interaction: Any, text: str) -> None:
        mark_committed()
        raise ValueError(text)

    @guard
    async def works(self, interaction: Any) -> None:
        assert not COMMITTED.get()  # each handler starts with nothing committed


async def test_a_failure_is_answered_to_the_handlers_interaction(monkeypatch: pytest.MonkeyPatch) -> None:
    answered: list[tuple[Any, str, bool]] = []

    async def answer(interaction: Any, err: Exception) -> None:
        answered.append((interaction, str(err), COMMITTED.get()))

    monkeypatch.setattr(errors, "answer_error", answer)
    first, second = Interaction("the interaction"), Interaction("by name")
    await Cog().fails(first, "boom")
    await Cog().fails(interaction=second, text="bang")
    await Cog().works(Interaction("fine"))
    assert answered == [(first, "boom", True), (second, "bang", True)]
    assert isinstance(first.extras[errors.RECEIVED], float)  # when it arrived: ClickedMessage's window
    assert not COMMITTED.get()  # reset after each handler


@guard
async def pick(
    interaction: discord.Interaction, count: app_commands.Range[int, 1, 9], word: str = "x"
) -> None:
    """A command whose options use names of this module only."""


def test_a_guarded_command_keeps_its_options() -> None:
    command = app_commands.command(name="pick", description="Pick")(pick)
    options = {p.name: (p.type, p.min_value, p.max_value, p.required) for p in command.parameters}
    assert options == {
        "count": (discord.AppCommandOptionType.integer, 1, 9, True),
        "word": (discord.AppCommandOptionType.string, None, None, False),
    }
