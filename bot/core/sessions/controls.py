"""The controls of a turn: the actions offered as buttons and select menus, laid out in the grid
of component rows the front end allows (:class:`Grid`: the adapter passes Discord's).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, is_dataclass, replace
from typing import Any

from bot.core.sessions.model import (
    Choice,
    Menu,
)
from games import AnyGame, Said, presentation_of, tell
from games.words import ENGLISH, Language, say
from util.records import frozen


@frozen
class Grid:
    """The components one message may carry, as the front end that draws them allows (the
    adapter passes Discord's, ``bot.adapter.common.DISCORD_GRID``): a row holds ``per_row``
    buttons or one select menu."""

    rows: int  # component rows per message
    per_row: int  # buttons per row
    menu_options: int  # options per select menu
    label: int  # characters of a button's label
    placeholder: int  # characters of a select menu's placeholder
    option_label: int = 0  # characters of a select menu option's label (0: as a button's)

    @property
    def option_length(self) -> int:
        """Characters of a select menu option's label."""
        return self.option_label or self.label

    @property
    def buttons(self) -> int:
        """Actions shown as buttons at most (every row but one); more go to select menus."""
        return self.per_row * (self.rows - 1)


#: The grid of a front end that draws no components (the terminal lists the legal actions):
#: every action a button, nothing left out.
UNBOUNDED = Grid(
    rows=1 << 20,
    per_row=1 << 20,
    menu_options=1 << 20,
    label=1 << 20,
    option_label=1 << 20,
    placeholder=1 << 20,
)


def _input_label(game: AnyGame, language: Language = ENGLISH) -> str:
    return tell(presentation_of(game).private_input_label, (), language)


#: What a turn offers: buttons, select menus, and whether some actions were left out.
Offer = tuple[tuple[Choice, ...], tuple[Menu, ...], bool]


def _offer(
    game: AnyGame, actions: tuple[Any, ...], grid: Grid, *, rows: int, language: Language = ENGLISH
) -> Offer:
    """The buttons and menus of ``actions`` in ``rows`` rows of ``grid`` (:func:`_layout`): laid
    out once per game, actions, grid and rows (turns offer the same few sets again and again; actions are
    immutable values; a field an action leaves out of its equality, such as an Ice Team move's
    note for its label, is part of the key all the same); its words in ``language``."""
    key = (game.name, tuple(_whole(a) for a in actions), grid, rows, language)
    try:
        offer = _OFFERS.get(key)
    except TypeError:  # an unhashable action: laid out each time
        return _laid_out(game, actions, grid, rows, language)
    if offer is None:
        offer = _laid_out(game, actions, grid, rows, language)
        if len(_OFFERS) >= _OFFERS_MAX:
            _OFFERS.clear()
        _OFFERS[key] = offer
    return offer


def _laid_out(
    game: AnyGame, actions: Sequence[Any], grid: Grid, rows: int, language: Language = ENGLISH
) -> Offer:
    many = len(actions) > grid.buttons
    items = [
        (_choice(game, a, grid, language), _group(game, a, many=many, language=language)) for a in actions
    ]
    wide = frozenset(c.notation for (c, fits_a_button), _ in items if not fits_a_button)
    return _layout([(c, group) for (c, _), group in items], grid, rows=rows, language=language, wide=wide)


def _choice(game: AnyGame, action: Any, grid: Grid, language: Language = ENGLISH) -> tuple[Choice, bool]:
    """The action's choice, in ``language``, and whether its whole label fits a button. The
    choice has the whole label, or where that is longer than a menu option's, the shorter first
    part of its presentation's ``label_parts``, the rest under it (before what the action does)."""
    label, description = _label(game, action, language), _description(game, action, language)
    fits_a_button = len(label) <= grid.label
    parts = presentation_of(game).label_parts(action) if len(label) > grid.option_length else None
    if parts is not None:
        short, rest = (tell(part, (), language) for part in parts)
        label = short[:1].upper() + short[1:]
        description = f"{rest} · {description}" if description else rest
    return Choice(label, str(action), _style(action), description), fits_a_button


#: :func:`_offer`'s layouts by (game, actions, grid, rows, language); cleared when full.
_OFFERS: dict[tuple[str, tuple[Any, ...], Grid, int, Language], Offer] = {}
_OFFERS_MAX = 4096


def _whole(action: Any) -> Any:
    """``action`` with the values of the fields its equality leaves out, if it has any."""
    kind = type(action)
    uncompared = _UNCOMPARED.get(kind)
    if uncompared is None:
        declared = fields(action) if is_dataclass(action) else ()
        uncompared = _UNCOMPARED[kind] = tuple(f.name for f in declared if not f.compare)
    return (action, *(getattr(action, name) for name in uncompared)) if uncompared else action


#: The names of the fields each action type leaves out of its equality (none for most).
_UNCOMPARED: dict[type, tuple[str, ...]] = {}


def _group(game: AnyGame, action: Any, *, many: bool, language: Language = ENGLISH) -> str:
    """The menu of ``action`` ("" = a button): the game's presentation's ``action_group``, else
    (``None``) its ``verb_menu`` when there are more actions than buttons, else buttons."""
    presentation = presentation_of(game)
    group = presentation.action_group(action)
    if group is None:
        return tell(presentation.verb_menu(action), (), language) if many else ""
    return tell(group, (), language)


def _label(game: AnyGame, action: Any, language: Language = ENGLISH) -> str:
    """The action's whole label (the game's presentation's ``action_label``), in ``language``."""
    label = presentation_of(game).action_label(action)
    text = tell(label, (), language) if isinstance(label, str | Said) else str(action)
    return text[:1].upper() + text[1:]


def _description(game: AnyGame, action: Any, language: Language = ENGLISH) -> str:
    """What the action's card or find does (the game's presentation's ``action_description``),
    in ``language``."""
    said = presentation_of(game).action_description(action)
    return tell(said, (), language) if isinstance(said, Said) else said


def _style(action: Any) -> str:
    words = str(action).split(maxsplit=1)
    verb = words[0] if words else ""
    if verb in {"roll", "plan", "place", "move"}:
        return "primary"
    if verb in {"stop", "end", "pass"}:
        return "success"
    return "secondary"


def _layout(
    items: Sequence[tuple[Choice, str]],
    grid: Grid,
    *,
    rows: int,
    language: Language = ENGLISH,
    wide: frozenset[str] = frozenset(),
) -> Offer:
    """Fit choices into ``grid``: ``rows`` rows of its buttons per row or one select menu each.

    Ungrouped choices (and groups of one) are buttons; a group is a select menu, split in parts of
    the grid's options per menu. A choice in ``wide`` (notations whose whole label is longer than
    a button's) is never a button: alone in its group it is a menu of one, ungrouped it is with
    the more moves' menu. When it does not fit, the smallest menus are merged, then a group
    split in parts narrows in two steps instead (:func:`narrowed`: where they start, then
    which), and only then are the last menus (or buttons) left out, ``more`` saying so. The
    menus' own words are in ``language``.
    """
    buttons: list[Choice] = []
    loose_wide: list[Choice] = []
    groups: dict[str, list[Choice]] = {}
    for choice, group in items:
        if group:
            groups.setdefault(group, []).append(choice)
        else:
            (loose_wide if choice.notation in wide else buttons).append(choice)
    menus: list[Menu] = []
    owners: list[str] = []  # per menu: the group it is one part of, when the group has several
    for name, listed in groups.items():
        if len(listed) == 1 and listed[0].notation not in wide:
            buttons.append(listed[0])
            continue
        parts = [listed[i : i + grid.menu_options] for i in range(0, len(listed), grid.menu_options)]
        for part in parts:
            first, last = part[0].notation.split()[-1], part[-1].notation.split()[-1]
            span = f" {first}–{last}" if len(parts) > 1 else ""
            menus.append(Menu(f"{name}{span}…", tuple(part)))
            owners.append(name if len(parts) > 1 else "")
    more = False
    too_many = len(buttons) > grid.per_row * rows
    if too_many or loose_wide:  # too many loose buttons, or too wide: the rest in a menu
        as_buttons = grid.per_row * (rows - 1) if too_many else len(buttons)
        rest = loose_wide + buttons[as_buttons:]
        buttons = buttons[:as_buttons]
        narrowing = narrowed(rest, grid.menu_options) if len(rest) > grid.menu_options else None
        if narrowing is not None:
            menus.insert(0, Menu(tell(say("More moves: choose…"), (), language), narrowing, narrows=True))
        else:
            menus.insert(0, Menu(tell(say("More moves…"), (), language), tuple(rest[: grid.menu_options])))
            more = len(rest) > grid.menu_options
        owners.insert(0, "")

    def needed() -> int:
        return len(menus) + -(-len(buttons) // grid.per_row)

    while needed() > rows:
        pairs = [
            (len(a.choices) + len(b.choices), i, j)
            for i, a in enumerate(menus)
            for j, b in enumerate(menus)
            if i < j and not a.narrows and not b.narrows
            if len(a.choices) + len(b.choices) <= grid.menu_options
        ]
        split = [name for name in dict.fromkeys(owners) if name and narrowed(groups[name], grid.menu_options)]
        if pairs:
            _, i, j = min(pairs)
            a, b = menus[i], menus[j]
            merged = Menu(
                f"{a.placeholder.rstrip('…')} / {b.placeholder}"[: grid.placeholder], a.choices + b.choices
            )
            menus[i : i + 1] = [merged]
            owners[i] = ""
            del menus[j], owners[j]
        elif split:  # the largest group split in parts narrows in two steps instead
            name = max(split, key=lambda n: len(groups[n]))
            at = owners.index(name)
            narrowing = narrowed(groups[name], grid.menu_options)
            assert narrowing is not None
            kept = [(m, o) for m, o in zip(menus, owners, strict=True) if o != name]
            choose = tell(say("{group}: choose…", group=name), (), language)
            kept.insert(at, (Menu(choose[: grid.placeholder], narrowing, narrows=True), ""))
            menus, owners = [m for m, _ in kept], [o for _, o in kept]
        elif menus:
            menus.pop()
            owners.pop()
            more = True
        else:
            buttons = buttons[: grid.per_row * rows]
            more = True
    return (
        tuple(_cut(c, grid.label) for c in buttons),
        tuple(replace(m, choices=tuple(_cut(c, grid.option_length) for c in m.choices)) for m in menus),
        more,
    )


def _cut(choice: Choice, length: int) -> Choice:
    """``choice`` with its label cut to ``length`` characters, where all else failed."""
    return choice if len(choice.label) <= length else replace(choice, label=choice.label[:length])


def narrowed(choices: Sequence[Choice], most: int) -> tuple[Choice, ...] | None:
    """``choices`` (more than a menu holds) as at most ``most`` narrowing choices: by the word
    after the words they all start with ("play shift B2 …"), else by its first letter (Ice
    Hike's cells by column: "place C…"); each narrowing choice's notation is the start its
    choices share (:func:`within`). ``None``: neither narrows them enough."""
    notations = [c.notation for c in choices]
    common = _common_words(notations)
    rests = [n.split()[len(common) :] for n in notations]
    if not all(rests):
        return None
    head = " ".join(common) + " " if common else ""
    for whole_word in (True, False):
        keys = [r[0] if whole_word else r[0][0] for r in rests]
        starts = list(dict.fromkeys(keys))
        joiner = " " if whole_word else ""
        if 1 < len(starts) <= most:
            counts = {k: keys.count(k) for k in starts}
            return tuple(
                Choice(f"{k}… ({counts[k]})" if counts[k] > 1 else f"{k}…", f"{head}{k}{joiner}", "secondary")
                for k in starts
            )
    return None


def _common_words(notations: Sequence[str]) -> list[str]:
    """The words every notation starts with."""
    split = [n.split() for n in notations]
    common: list[str] = []
    for words in zip(*split, strict=False):
        if len(set(words)) != 1:
            break
        common.append(words[0])
    return common


def within(notation: str, start: str) -> bool:
    """Whether ``notation`` is one of the choices a narrowing choice ``start`` stands for (a start
    ending in a space is whole words; else it is a prefix of the next word)."""
    return notation.startswith(start) or notation == start.rstrip()
