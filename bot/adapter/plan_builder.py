"""The plan builder: a secret, open-ended choice (an Ice Lake plan) built by taps, in a DM or a
private answer. Each tap edits the builder message once; the draft rides in the buttons'
custom ids, so the builder keeps no state and still answers after a restart. The text box
stays one tap away (:class:`TypeButton`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar

import discord

from bot.adapter.cards import card
from bot.adapter.common import CUSTOM_ID_LIMIT, DISCORD_GRID, app_of, attached, selected_values
from bot.adapter.errors import guard
from bot.core.catalogue import ENGLISH, GameError, Language, Said, say, say_in, tell
from bot.core.sessions import Building, Note, Sessions, StaleAction


class TypeButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"floe:t:(?P<gid>\d+)"):
    """Opens the private text box, for a player who would rather type the choice."""

    DECIDES_BEFORE_ACKNOWLEDGING: ClassVar[str] = (
        "a modal must be the first response, so whether to open it (and its prompt) is read "
        "first: one query, the game's table, often from the store's memory"
    )

    def __init__(self, game_id: int, language: Language = ENGLISH) -> None:
        label = tell(say_in("button", "Type it…"), (), language)
        super().__init__(discord.ui.Button(label=label, custom_id=f"floe:t:{game_id}", row=0))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TypeButton:
        return cls(int(match["gid"]))

    @guard
    async def callback(self, interaction: discord.Interaction) -> None:
        await app_of(interaction).flows.open_box(interaction, self.game_id)


#: A builder's operations in its buttons' custom ids: a piece added (the piece itself), the last
#: piece taken back, all cleared, or the draft handed in; and a whole draft picked from its menu.
TAKE_BACK, CLEAR, DONE, PICK = "-", "0", "=", "~"


class BuildButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"floe:b:(?P<gid>\d+):(?P<turn>\d+|n):(?P<op>[A-Z]|-|0|=):(?P<draft>[A-Z]*)",
):
    """One tap on a secret choice's builder (an Ice Lake plan): the custom id holds the draft the
    builder showed, so the builder keeps no state and still answers after a restart."""

    DECIDES_BEFORE_ACKNOWLEDGING: ClassVar[str] = (
        "a tap answers by editing the builder itself, one Discord call per tap: it reads the "
        "game's table once (often from the store's memory) and draws one board"
    )

    def __init__(
        self,
        game_id: int,
        turn: int | None,
        op: str,
        draft: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or op,
                style=style,
                disabled=disabled,
                custom_id=build_id(game_id, turn, op, draft),
                row=0 if len(op) == 1 and op.isalpha() else 1,  # the pieces, then the rest
            )
        )
        self.game_id, self.turn, self.op, self.draft = game_id, turn, op, draft

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BuildButton:
        turn = None if match["turn"] == "n" else int(match["turn"])
        return cls(int(match["gid"]), turn, match["op"], match["draft"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await app_of(interaction).flows.build(interaction, self.game_id, self.turn, self.op, self.draft)


def build_id(game_id: int, turn: int | None, op: str, draft: str) -> str:
    return f"floe:b:{game_id}:{'n' if turn is None else turn}:{op}:{draft}"


def built_draft(op: str, draft: str) -> str:
    """The draft after the tap ``op`` on a builder that showed ``draft``."""
    if op == TAKE_BACK:
        return draft[:-1]
    if op == CLEAR:
        return ""
    if op in (DONE, PICK):
        return draft
    return draft + op


class BuildPickSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"floe:bp:(?P<gid>\d+):(?P<turn>\d+|n)"
):
    """A builder's menu of whole drafts (Ice Lake's short plans that skate every letter): a pick
    is handed in at once, as Done would (one tap; a plan can be changed until the reveal, and
    the builder that confirms it shows its route)."""

    DECIDES_BEFORE_ACKNOWLEDGING = BuildButton.DECIDES_BEFORE_ACKNOWLEDGING

    def __init__(
        self,
        game_id: int,
        turn: int | None,
        options: Sequence[discord.SelectOption] = (),
        language: Language = ENGLISH,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"floe:bp:{game_id}:{'n' if turn is None else turn}",
                placeholder=tell(say("Or hand in a whole plan…"), (), language),
                options=list(options) or [discord.SelectOption(label="…")],
                row=2,
            )
        )
        self.game_id, self.turn = game_id, turn

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BuildPickSelect:
        return cls(int(match["gid"]), None if match["turn"] == "n" else int(match["turn"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = selected_values(interaction)
        if values:
            await app_of(interaction).flows.build(interaction, self.game_id, self.turn, PICK, values[0])


def check_turn(building: Building, turn: int | None) -> None:
    """Refuse a builder opened in an earlier round: the same question asked again (the next
    round's plan) is a new one."""
    if turn is not None and building.turn is not None and building.turn != turn:
        raise StaleAction(
            say(
                "that plan builder was opened in an earlier round, and the game has moved on: press "
                "Plan privately on the newest board (or in my newest DM) to plan this round. Nothing was changed"
            )
        )


def builder_message(
    building: Building,
    *,
    done: str = "",
    intro: str = "",
    in_dm: bool = False,
    language: Language = ENGLISH,
) -> tuple[str, discord.ui.View]:
    """The builder's text and buttons: a button per piece, Take back, Clear, Done, Type it.
    ``done``: the line that confirms a choice just handed in; ``intro``: what the builder says
    first (a DM's invitation), else the prompt and how to answer by taps. ``in_dm``: a reply
    types the choice there, so the builder has no Type it, and its rows hold three buttons
    each, which a phone shows side by side. The builder's own words are in ``language``, its
    player's."""
    gid, turn, draft = building.game_id, building.turn, building.draft
    room = min(building.longest, CUSTOM_ID_LIMIT - len(build_id(gid, turn, "S", "")))

    def told(said: Said) -> str:
        return tell(said, (), language)

    how = say("Tap up to {n} letters, then Done; only you see them, until the last plan is in.", n=room)
    asked = say("**{title}**: {prompt}.", title=building.title, prompt=building.prompt)
    lines = [intro or f"{told(asked)}\n{told(how)}"]
    if draft or not intro:  # a DM's fresh builder: its route line says there are no letters yet
        letters = " ".join(draft) if draft else told(say("(no letters yet)"))
        lines.append(told(say("Plan: **{letters}**", letters=letters)))
    lines.append(building.route)
    if done:
        lines.append(done)
    elif building.submitted:
        lines.append(
            told(
                say("Your plan in now: {plan}. Done hands in the one above instead.", plan=building.submitted)
            )
        )
    view = discord.ui.View(timeout=None)
    full = len(draft) >= room
    for piece, label in building.pieces:
        view.add_item(BuildButton(gid, turn, piece, draft, label, discord.ButtonStyle.primary, disabled=full))
    view.add_item(BuildButton(gid, turn, TAKE_BACK, draft, told(say("⌫ Take back")), disabled=not draft))
    view.add_item(BuildButton(gid, turn, CLEAR, draft, told(say_in("button", "Clear")), disabled=not draft))
    in_already = draft == building.submitted
    view.add_item(
        BuildButton(
            gid,
            turn,
            DONE,
            draft,
            told(say_in("button", "Done")),
            discord.ButtonStyle.success,
            disabled=not draft or in_already,
        )
    )
    if not in_dm:
        view.add_item(TypeButton(gid, language))
    picks = [
        discord.SelectOption(label=label[:100], value=sample, default=sample == draft)
        for sample, label in building.samples[: DISCORD_GRID.menu_options]
        if len(build_id(gid, turn, DONE, sample)) <= CUSTOM_ID_LIMIT
    ]
    if picks:
        view.add_item(BuildPickSelect(gid, turn, picks, language))
    return "\n".join(lines), view


#: A built card: the view to send and the files its gallery names.
Card = tuple[discord.ui.LayoutView, list[discord.File]]


async def builder_card(
    building: Building,
    *,
    done: str = "",
    intro: str = "",
    in_dm: bool = False,
    language: Language = ENGLISH,
) -> Card:
    """The builder as one card (:func:`builder_message`): its text, the player's own board with
    the draft's route, and its buttons, its words in ``language``."""
    text, buttons = builder_message(building, done=done, intro=intro, in_dm=in_dm, language=language)
    files = await attached(building.image, "my-plan.png")
    return card(text, pictures=files, controls=buttons), files


async def private_answer(sessions: Sessions, note: Note, intro: str) -> Card | None:
    """A DM that invites a choice built by taps: ``intro`` (the note's text) above the
    builder; None when the note asks nothing built by taps now."""
    if note.controls is None or not note.controls.private_input:
        return None
    try:
        building = await sessions.building(note.controls.game_id, note.user_id)
    except GameError:
        return None
    return await builder_card(building, intro=intro, in_dm=True, language=note.language)
