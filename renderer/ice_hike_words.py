"""Ice Hike's words: the panel's status and footer lines and the text board (the terminal's
board and, without its grid, the alt text), from the view alone, so the picture
(:mod:`renderer.ice_hike`) and the texts say the same."""

from __future__ import annotations

from collections.abc import Sequence

from games.ice_hike import board as B
from games.ice_hike.state import ACT, CHOOSE, FLEE, OVER, PLACE, TORCH, HikeView
from games.words import counted, with_aside
from renderer import legend, lettering
from renderer.ice_hike_geometry import CUBE_LETTER, HIKER_LETTER, shows_cross, terrain


def hiker_name(view: HikeView, names: Sequence[str], colour: int) -> str:
    """The player of ``colour`` with the colour as an aside: "Ann (grey)", "Floe (normal, grey)"."""
    return "".join(hiker_parts(view, names, colour))


def hiker_parts(view: HikeView, names: Sequence[str], colour: int) -> tuple[str, str]:
    """:func:`hiker_name` as its name part and the colour note after it, ("Ann", " (grey)") or
    ("Floe (normal", ", grey)"): where a line is too long, the name part is cut, never the note."""
    seat = view.owners[colour]
    name = names[seat] if seat < len(names) else f"Player {seat + 1}"
    whole = with_aside(name, view.colours[colour])
    stem = name if whole.startswith(name) else name[:-1]  # the aside joined the name's own ")"
    return stem, whole[len(stem) :]


def status(view: HikeView, names: Sequence[str]) -> str:
    """Whose turn and what is asked, or the result."""
    if view.phase == OVER:
        if view.winners:
            verb = " wins!" if len(view.winners) == 1 else " win!"
            return " and ".join(names[s] for s in sorted(view.winners)) + verb
        return "Game over: nobody reached the village"
    assert view.current is not None
    who = hiker_name(view, names, view.current)
    if view.phase == PLACE:
        return f"{who} places a tile"
    if view.phase == CHOOSE:
        return f"{who}: puppet or bear?"
    if view.phase == TORCH:
        return f"Bear attack on {view.torch_cell}: torch?"
    if view.phase == FLEE and view.fleeing is not None:
        return f"{hiker_name(view, names, view.fleeing)} flees"
    if view.mode == "bear" and view.bear_steps:
        return f"{who}: bear, {counted(view.bear_steps, 'step')}"
    return f"{who}: {counted(view.steps, 'step')}" if view.phase == ACT else who


def status_colour(view: HikeView) -> int | None:
    """The colour whose hiker the status names alone (the one to act, the one fleeing, the
    first home of a game won), whose puppet goes before it; None when it names nobody alone."""
    if view.phase == OVER:
        first = view.finished[0] if view.finished else None
        return (
            first
            if len(view.winners) == 1 and first is not None and view.owners[first] in view.winners
            else None
        )
    if view.phase == FLEE:
        return view.fleeing
    return view.current if view.phase in (PLACE, CHOOSE, ACT) else None


def paths(view: HikeView) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The paths of the last move: this turn's so far, else the last turn's."""
    return view.moves or view.last_moves


def mover(view: HikeView) -> int | None:
    """The colour whose turn made :func:`paths` (its player moved the bears too)."""
    return view.current if view.moves and view.current is not None else view.last_colour


def moved(view: HikeView) -> str:
    """:func:`paths` in words: "puppet L1-K1-K2; bear F5-F6"."""
    return "; ".join(f"{piece} {'-'.join(cells)}" for piece, cells in paths(view))


#: How the footer's line of the last move begins.
LAST_MOVE = "Last move: "


def last_move(view: HikeView, names: Sequence[str]) -> str | None:
    """The footer's line of the last move, whose turn it was first: "Last move: Bob (white),
    puppet L1-K1-K2; bear F5-F6"; None before the first."""
    if not paths(view):
        return None
    colour = mover(view)
    if colour is None:
        return LAST_MOVE + moved(view)
    return f"{LAST_MOVE}{hiker_name(view, names, colour)}, {moved(view)}"


def footer(view: HikeView, names: Sequence[str]) -> list[str]:
    lines = [f"Tiles left: {view.tiles_left}, bears in the box: {view.bears_in_box}"]
    lines.append("Finds: b berries, t torch, r rope")  # each cube shows its letter in its colour
    lines.append("Levels: ice/water 1, land 2, mountain 3")  # one line in the panel
    if shows_cross(view):
        lines.append(f"X on {B.CROSS_NAME}: the cross, the Finish of the shorter game")
    if view.torch_policy:
        lines.append(f"Your torches: {view.torch_policy}")
    said = last_move(view, names)
    if said is not None:
        lines.append(said)
    if view.last_place:
        lines.append(f"Last tile placed: {view.last_place}")
    return lines


# --------------------------------------------------------------------------- text

TEXT_TERRAIN = {"ice": ".", "land": "=", "mountain": "^", "water": "~", "fish": "f"}
#: The text board's key of its glyphs (terrain first in a cell, then what is on it).
TEXT_KEY = (
    "Key: . ice  = land  ^ mountain  ~ water  f fish water;"
    " O W B G K a puppet, * several, @ bear, i igloo, S start, F finish, b t r a find"
)


def text(view: HikeView, names: Sequence[str], *, grid: bool = True) -> str:
    """A compact board for the terminal: two characters per cell (terrain, then a piece).

    Terrain: ``.`` ice, ``=`` land, ``^`` mountain, ``~`` water, ``f`` fish water. Piece:
    a puppet's letter (several: ``*``), ``@`` bear, ``i`` igloo, ``S``/``F`` start and finish,
    or a cave find lying on a mountain (``b`` berries, ``t`` torch, ``r`` rope).
    Odd columns (B, D, ...) sit half a hex lower than the even ones, as on the board. Without
    ``grid``, the lines around the board, for alt text.
    """
    names = lettering.display_names(names)
    piece: dict[str, str] = {view.start: "S", view.finish: "F"}
    for igloo_cells in view.igloos:
        for n in igloo_cells:
            piece[n] = "i"
    for n in view.bears:
        piece[n] = "@"
    counts: dict[str, int] = {}
    for colour, at in enumerate(view.puppets):
        if at is not None:
            counts[at] = counts.get(at, 0) + 1
            piece[at] = HIKER_LETTER[view.colours[colour]] if counts[at] == 1 else "*"
    lines = [f"Ice Hike - {status(view, names)}"]
    if grid:
        lines.append("    " + " ".join(f"{chr(ord('A') + col):<2}" for col in range(B.COLS)))
        for row in range(B.ROWS):
            row_cells: list[str] = []
            for col in range(B.COLS):
                cell = col * B.ROWS + row
                name = B.NAMES[cell]
                row_cells.append(
                    TEXT_TERRAIN[terrain(view, cell)]
                    + piece.get(name, CUBE_LETTER.get(view.cubes[cell], " "))
                )
            lines.append(f"{row + 1:>3} " + " ".join(row_cells))
    for colour, name in enumerate(view.colours):
        f = view.finds[colour]
        where = view.puppets[colour] or "-"
        igloos = ",".join(view.igloos[colour]) or "-"
        mark = legend.row_mark(
            acts=colour == view.current and view.phase != OVER, won=False, winner_symbol=" ", words=not grid
        )
        lines.append(
            f"{mark} [{HIKER_LETTER[name]}] {hiker_name(view, names, colour)} at {where}; "
            f"berries {f[0]} torch {f[1]} rope {f[2]}; igloos {igloos}"
        )
    if grid:
        lines.append(TEXT_KEY)
    lines.extend(footer(view, names))
    if view.drawn:
        lines.append(f"Your tile: {view.drawn}")
    return "\n".join(lines)
