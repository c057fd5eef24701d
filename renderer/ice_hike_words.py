"""Ice Hike's words: the panel's status and footer lines (wrapped to the panel, a hiker's name
cut but never its colour), which hiker is awaited, the phone board's facts and key, and the text
board (the terminal's board and, without its grid, the alt text), from the view alone, so the
picture (:mod:`renderer.ice_hike`) and the texts say the same; apart from the drawing so no
module passes 800 lines."""

from __future__ import annotations

from collections.abc import Sequence

from games.ice_hike import board as B
from games.ice_hike.state import ACT, CHOOSE, FLEE, OVER, PLACE, TORCH, HikeView
from games.words import Said, say, say_n, with_aside
from renderer import legend, lettering, theme
from renderer.ice_hike_geometry import (
    CUBE_LETTER,
    HIKER_LETTER,
    PANEL_LEFT,
    PANEL_RIGHT,
    shows_cross,
    terrain,
)
from renderer.speech import NAME, around, told

#: The hikers' colours in words (the text board's letters for them stay notation).
COLOUR_WORDS: dict[str, Said] = {
    "orange": say("orange"),
    "white": say("white"),
    "brown": say("brown"),
    "grey": say("grey"),
    "black": say("black"),
}
#: The cave finds in words.
FIND_WORDS: dict[str, Said] = {B.BERRIES: say("berries"), B.TORCH: say("torch"), B.ROPE: say("rope")}
#: The pieces a path of the last move is walked by.
PIECE_WORDS: dict[str, Said] = {"puppet": say("puppet"), "bear": say("bear")}


def colour_word(colour: str) -> str:
    """A hiker's colour in words ("grey")."""
    said = COLOUR_WORDS.get(colour)
    return colour if said is None else told(said)


def hiker_name(view: HikeView, names: Sequence[str], colour: int) -> str:
    """The player of ``colour`` with the colour as an aside: "Ann (grey)", "Floe (normal, grey)"."""
    return "".join(hiker_parts(view, names, colour))


def hiker_parts(view: HikeView, names: Sequence[str], colour: int) -> tuple[str, str]:
    """:func:`hiker_name` as its name part and the colour note after it, ("Ann", " (grey)") or
    ("Floe (normal", ", grey)"): where a line is too long, the name part is cut, never the note."""
    seat = view.owners[colour]
    name = names[seat] if seat < len(names) else told(say("Player {n}", n=seat + 1))
    whole = with_aside(name, colour_word(view.colours[colour]))
    stem = name if whole.startswith(name) else name[:-1]  # the aside joined the name's own ")"
    return stem, whole[len(stem) :]


def status(view: HikeView, names: Sequence[str]) -> str:
    """Whose turn and what is asked, or the result."""
    if view.phase == OVER:
        if view.winners:
            winners = (" " + told(say("and")) + " ").join(names[s] for s in sorted(view.winners))
            return told(
                say("{who} wins!", who=winners) if len(view.winners) == 1 else say("{who} win!", who=winners)
            )
        return told(say("Game over: nobody reached the village"))
    assert view.current is not None
    who = hiker_name(view, names, view.current)
    if view.phase == PLACE:
        return told(say("{who} places a tile", who=who))
    if view.phase == CHOOSE:
        return told(say("{who}: puppet or bear?", who=who))
    if view.phase == TORCH:
        return told(say("Bear attack on {cell}: torch?", cell=view.torch_cell or ""))
    if view.phase == FLEE and view.fleeing is not None:
        return told(say("{who} flees", who=hiker_name(view, names, view.fleeing)))
    if view.mode == "bear" and view.bear_steps:
        return told(say_n("{who}: bear, {n} step", "{who}: bear, {n} steps", view.bear_steps, who=who))
    return (
        told(say_n("{who}: {n} step", "{who}: {n} steps", view.steps, who=who)) if view.phase == ACT else who
    )


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
    return "; ".join(f"{_piece_word(piece)} {'-'.join(cells)}" for piece, cells in paths(view))


def _piece_word(piece: str) -> str:
    said = PIECE_WORDS.get(piece)
    return piece if said is None else told(said)


#: Stands for the paths in :func:`last_move_head`.
_MOVES = "\x01"


def last_move_head() -> tuple[str, str]:
    """What the footer's line of the last move says before and after the name of whose turn it
    was ("Last move: ", ","), the paths after it."""
    head = told(say("Last move: {who}, {moves}", who=NAME, moves=_MOVES)).partition(_MOVES)[0]
    before, _, after = head.partition(NAME)
    return before, after.rstrip()


def last_move(view: HikeView, names: Sequence[str]) -> str | None:
    """The footer's line of the last move, whose turn it was first: "Last move: Bob (white),
    puppet L1-K1-K2; bear F5-F6"; None before the first."""
    if not paths(view):
        return None
    colour = mover(view)
    if colour is None:
        return told(say("Last move: {moves}", moves=moved(view)))
    return told(say("Last move: {who}, {moves}", who=hiker_name(view, names, colour), moves=moved(view)))


def footer(view: HikeView, names: Sequence[str]) -> list[str]:
    lines = [
        told(
            say(
                "Tiles left: {tiles}, bears in the box: {bears}",
                tiles=view.tiles_left,
                bears=view.bears_in_box,
            )
        )
    ]
    lines.extend(key(view))  # each cube shows its letter in its colour; the levels on one line
    if view.torch_policy:
        lines.append(told(say("Your torches: {policy}", policy=view.torch_policy)))
    said = last_move(view, names)
    if said is not None:
        lines.append(said)
    if view.last_place:
        lines.append(told(say("Last tile placed: {tile}", tile=view.last_place)))
    return lines


# --------------------------------------------------------------------------- panel and phone


def panel_text(view: HikeView, names: Sequence[str]) -> tuple[list[str], list[str]]:
    """The panel's status and key lines, wrapped to its width."""
    inner = PANEL_RIGHT - PANEL_LEFT - 2 * theme.PAD
    width = inner - legend.STATUS_TOKEN
    status_rows = lettering.wrap(
        status(view, status_names(names, width)), theme.HEADING_SIZE, width, max_lines=legend.STATUS_LINES
    )
    footer_rows = []
    colour = mover(view)
    said = last_move(view, names)
    for line in footer(view, names):
        if line == said and colour is not None:
            footer_rows += last_move_rows(view, names, colour, inner)
        else:
            footer_rows += lettering.wrap(line, theme.SMALL_SIZE, inner, max_lines=legend.FOOTER_LINES)
    return status_rows, footer_rows


def status_names(names: Sequence[str], width: float) -> list[str]:
    """The names as the status shows them: in full where each word fits a line (the status wraps
    at spaces); a name with a word wider than a line is cut to leave room for the word after it
    ("wins!"), and kept apart from the other such names, so two never read alike."""
    size = theme.HEADING_SIZE
    too_wide = [
        i for i, n in enumerate(names) if any(lettering.text_width(w, size) > width for w in n.split())
    ]
    if not too_wide:
        return list(names)
    room = width - lettering.text_width(around(say("{who} wins!", who=NAME))[1], size)
    cut = lettering.fit_apart([names[i] for i in too_wide], size, [room] * len(too_wide))
    shown = list(names)
    for i, name in zip(too_wide, cut, strict=True):
        shown[i] = name
    return shown


def last_move_rows(view: HikeView, names: Sequence[str], colour: int, width: float) -> list[str]:
    """The footer's last move in lines of ``width`` px: whose turn it was on the first line (a
    long name cut, never its colour), the paths after it or, when they do not fit there, whole
    on the lines below."""
    head = fit_hiker(view, names, colour, *last_move_head(), theme.SMALL_SIZE, width)
    line = f"{head} {moved(view)}"
    if lettering.text_width(line, theme.SMALL_SIZE) <= width:
        return [line]
    return [head, *lettering.wrap(moved(view), theme.SMALL_SIZE, width, max_lines=legend.FOOTER_LINES - 1)]


def hiker_awaited(view: HikeView, colour: int) -> bool:
    """Whether the hiker of ``colour`` is awaited (its panel row is highlighted)."""
    seat = view.owners[colour]
    return view.phase != OVER and (
        (view.phase in (PLACE, CHOOSE, ACT) and colour == view.current)
        or (view.phase == FLEE and colour == view.fleeing)
        or (view.phase == TORCH and seat in view.torch_asked and colour in hikers_on(view, view.torch_cell))
    )


def fit_hiker(
    view: HikeView,
    names: Sequence[str],
    colour: int,
    before: str,
    after: str,
    size: int,
    width: float,
    *,
    bold: bool = False,
) -> str:
    """``before``, the player of ``colour`` with the colour ("Ann (grey)") and ``after`` in
    ``width`` px: the name is cut, never its colour or the words around it, and never so that it
    reads like another hiker's (:func:`renderer.lettering.fit_name_in`)."""
    stem, note = hiker_parts(view, names, colour)
    everyone = [hiker_parts(view, names, c)[0] for c in range(len(view.colours))]
    return lettering.fit_name_in(before, stem, note + after, size, width, bold=bold, apart=everyone)


def hikers_on(view: HikeView, cell: str | None) -> set[int]:
    """The colours whose puppets stand on ``cell``."""
    return {k for k, p in enumerate(view.puppets) if p is not None and p == cell}


def facts(view: HikeView, names: Sequence[str]) -> list[str]:
    """The panel's lines for the message beside the phone board: the status, the viewer's own
    tile, one line per hiker (finds, igloos, place home; the hikers with none of these share one)
    and the last move (the key apart: :func:`key`)."""
    names = lettering.display_names(names)
    lines = [status(view, names)]
    if view.drawn:
        lines.append(told(say("Your tile: {tile}", tile=view.drawn)))
    nothing: list[str] = []  # the hikers with nothing to tell, said on one line
    hikers = len(lines)
    for colour in range(len(view.colours)):
        seat = view.owners[colour]
        stem, note = hiker_parts(view, names, colour)
        # what a hiker holds, briefly: only the finds it has, and its igloos once it built one
        said = [
            f"{told(FIND_WORDS[find])} {n}" for k, find in enumerate(B.FINDS) if (n := view.finds[colour][k])
        ]
        if view.igloos[colour]:
            said.append(told(say("igloos {n}/2", n=len(view.igloos[colour]))))
        if colour in view.finished:
            said.append(told(say("#{n} home", n=view.finished.index(colour) + 1)))
        if seat in view.retired:
            said.append(told(say("left")))
        mark = f"[{HIKER_LETTER[view.colours[colour]]}]"
        turn = " " + told(say("(to play)")) if hiker_awaited(view, colour) else ""
        if said:
            lines.append(f"{stem}{note} {mark}{turn}: {', '.join(said)}")
        else:
            nothing.append(f"{stem}{note} {mark}{turn}")
    if nothing:
        if len(nothing) > 1:
            shared = told(say("No finds yet: {hikers}", hikers=", ".join(nothing)))
        else:
            shared = told(say("{hiker}: no finds yet", hiker=nothing[0]))
        lines.insert(hikers, shared)
    marks = key(view)
    return [*lines, *(line for line in footer(view, names) if line not in marks), *holding(view)]


def holding(view: HikeView) -> list[str]:
    """What the cave finds the viewer's own hikers hold do, a line per kind of find; only in a
    seat's own view."""
    if view.viewer is None:
        return []
    mine = [c for c, seat in enumerate(view.owners) if seat == view.viewer]
    held = [find for k, find in enumerate(B.FINDS) if any(view.finds[c][k] for c in mine)]
    return [told(B.FIND_EFFECTS[find]) for find in held]


def key(view: HikeView) -> list[str]:
    """What the phone board's marks mean: the finds' letters, the levels, the cross."""
    lines = [
        # Translators: b, t and r are the letters on the cubes: they stay as they are
        told(say("Finds: b berries, t torch, r rope")),
        told(say("Levels: ice/water 1, land 2, mountain 3")),
    ]
    if shows_cross(view):
        # Translators: X is the mark printed on the board; {cell} its cell ("F7")
        lines.append(told(say("X on {cell}: the cross, the Finish of the shorter game", cell=B.CROSS_NAME)))
    return lines


# --------------------------------------------------------------------------- text

TEXT_TERRAIN = {"ice": ".", "land": "=", "mountain": "^", "water": "~", "fish": "f"}
#: The text board's key of its glyphs (terrain first in a cell, then what is on it).
# Translators: the signs and letters are the text board's: they stay as they are
TEXT_KEY = say(
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
    lines = [f"Ice Hike - {status(view, names)}"]  # the game's title stays as it is
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
        hiker = say(
            "{hiker} at {cell}; berries {berries} torch {torch} rope {rope}; igloos {igloos}",
            hiker=hiker_name(view, names, colour),
            cell=where,
            berries=f[0],
            torch=f[1],
            rope=f[2],
            igloos=igloos,
        )
        lines.append(f"{mark} [{HIKER_LETTER[name]}] {told(hiker)}")
    if grid:
        lines.append(told(TEXT_KEY))
    lines.extend(footer(view, names))
    if view.drawn:
        lines.append(told(say("Your tile: {tile}", tile=view.drawn)))
    lines += holding(view)
    return "\n".join(lines)
