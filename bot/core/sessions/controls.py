"""The controls of a turn: the actions offered as buttons and select menus, laid out in
Discord's grid of component rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, is_dataclass
from typing import Any

from bot.core.sessions.model import (
    Choice,
    Menu,
)
from games import AnyGame

MAX_BUTTONS = 20  # at most this many actions as buttons; more go to select menus
MAX_MENU_OPTIONS = 25  # Discord's limit per select menu
MAX_MENUS = 4
MAX_ROWS = 5  # Discord's limit of component rows per message
BUTTONS_PER_ROW = 5


def _input_label(game: AnyGame) -> str:
    return game.private_input_label


#: What a turn offers: buttons, select menus, and whether some actions were left out.
Offer = tuple[tuple[Choice, ...], tuple[Menu, ...], bool]


def _offer(game: AnyGame, actions: tuple[Any, ...], *, rows: int) -> Offer:
    """The buttons and menus of ``actions`` in ``rows`` rows (:func:`_layout`): laid out once per
    game, actions and rows (turns offer the same few sets again and again; actions are
    immutable values; a field an action leaves out of its equality, such as an Ice Team move's
    note for its label, is part of the key all the same)."""
    key = (game.name, tuple(_whole(a) for a in actions), rows)
    try:
        offer = _OFFERS.get(key)
    except TypeError:  # an unhashable action: laid out each time
        return _laid_out(game, actions, rows)
    if offer is None:
        offer = _laid_out(game, actions, rows)
        if len(_OFFERS) >= _OFFERS_MAX:
            _OFFERS.clear()
        _OFFERS[key] = offer
    return offer


def _laid_out(game: AnyGame, actions: Sequence[Any], rows: int) -> Offer:
    many = len(actions) > MAX_BUTTONS
    grouped = [(a, _group(game, a, many=many)) for a in actions]
    items = [(Choice(_label(game, a), str(a), _style(a)), group) for a, group in grouped]
    return _layout(items, rows=rows)


#: :func:`_offer`'s layouts by (game, actions, rows); cleared when full.
_OFFERS: dict[tuple[str, tuple[Any, ...], int], Offer] = {}
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


def _group(game: AnyGame, action: Any, *, many: bool) -> str:
    """The menu of ``action`` ("" = a button): the game's ``action_group``, else (``None``) one
    menu per verb when there are more actions than buttons, else buttons."""
    group = game.action_group(action)
    if group is None:
        return str(action).split()[0].capitalize() if many else ""
    return group


def _label(game: AnyGame, action: Any) -> str:
    label = game.action_label(action)
    text = str(label if isinstance(label, str) else action)
    return text[:1].upper() + text[1:80]


def _style(action: Any) -> str:
    words = str(action).split(maxsplit=1)
    verb = words[0] if words else ""
    if verb in {"roll", "plan", "place", "move"}:
        return "primary"
    if verb in {"stop", "end", "pass"}:
        return "success"
    return "secondary"


def _layout(items: Sequence[tuple[Choice, str]], *, rows: int) -> Offer:
    """Fit choices into Discord's grid: ``rows`` rows of 5 buttons or one select menu each.

    Ungrouped choices (and groups of one) are buttons; a group is a select menu, split in parts of
    25 options. When it does not fit, the smallest menus are merged, then the last menus (or
    buttons) are left out and ``more`` says so (they stay reachable with /game move).
    """
    buttons: list[Choice] = []
    groups: dict[str, list[Choice]] = {}
    for choice, group in items:
        if group:
            groups.setdefault(group, []).append(choice)
        else:
            buttons.append(choice)
    menus: list[Menu] = []
    for name, listed in groups.items():
        if len(listed) == 1:
            buttons.append(listed[0])
            continue
        parts = [listed[i : i + MAX_MENU_OPTIONS] for i in range(0, len(listed), MAX_MENU_OPTIONS)]
        for part in parts:
            first, last = part[0].notation.split()[-1], part[-1].notation.split()[-1]
            span = f" {first}–{last}" if len(parts) > 1 else ""
            menus.append(Menu(f"{name}{span}…", tuple(part)))
    more = False
    if len(buttons) > BUTTONS_PER_ROW * rows:  # too many loose buttons: the rest in a menu
        rest = buttons[BUTTONS_PER_ROW * (rows - 1) :]
        buttons = buttons[: BUTTONS_PER_ROW * (rows - 1)]
        menus.insert(0, Menu("More moves…", tuple(rest[:MAX_MENU_OPTIONS])))
        more = len(rest) > MAX_MENU_OPTIONS

    def needed() -> int:
        return len(menus) + -(-len(buttons) // BUTTONS_PER_ROW)

    while needed() > rows:
        pairs = [
            (len(a.choices) + len(b.choices), i, j)
            for i, a in enumerate(menus)
            for j, b in enumerate(menus)
            if i < j and len(a.choices) + len(b.choices) <= MAX_MENU_OPTIONS
        ]
        if pairs:
            _, i, j = min(pairs)
            a, b = menus[i], menus[j]
            merged = Menu(f"{a.placeholder.rstrip('…')} / {b.placeholder}"[:150], a.choices + b.choices)
            menus[i : i + 1] = [merged]
            del menus[j]
        elif menus:
            menus.pop()
            more = True
        else:
            buttons = buttons[: BUTTONS_PER_ROW * rows]
            more = True
    return tuple(buttons), tuple(menus), more
