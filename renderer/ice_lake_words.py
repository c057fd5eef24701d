"""What Ice Lake's board says in words, from the view alone: the panel's status, rows and footer
lines, why a skater is out, the last plans, the phone board's facts and key, and the text board
(the terminal's board and, without its grid, the alt text), so the picture
(:mod:`renderer.ice_lake`) and the texts say the same; apart from the drawing so no module passes
800 lines. Which ice the cracks closed off is here too: the picture shades it, the words name it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from games.hexgrid import Hex
from games.ice_lake.board import (
    BORDER,
    LAKE,
    LAKE_SET,
    RADIUS,
    TRIANGLES,
    Edge,
    name,
    shore_reaching_triangles,
    surrounded,
)
from games.ice_lake.state import FACE, OVER, PLAN, RESET, LakeView
from games.words import Said, say
from renderer import legend, lettering, theme
from renderer.speech import told

# --------------------------------------------------------------------------- closed-off ice

#: Three hex centres: a triangle of the formal reading of "surrounded by cracks".
Triangle = tuple[Hex, Hex, Hex]


def closed_triangles(cracks: frozenset[Edge]) -> list[Triangle]:
    """The triangles of hex centres cracks have cut off from the shore (the formal reading of
    "completely surrounded by cracks", :mod:`games.ice_lake.board`), as their corners."""
    if not cracks:
        return []
    reached = shore_reaching_triangles(cracks)
    return [
        tuple(sorted({h for side in sides for h in side}))  # type: ignore[misc]
        for k, sides in enumerate(TRIANGLES)
        if k not in reached
    ]


def closed_hexes(cracks: frozenset[Edge]) -> list[Hex]:
    """The hexes a skater would fall through on: every triangle around them is closed off."""
    return [h for h in LAKE if h not in BORDER and cracks and surrounded(h, cracks)]


# --------------------------------------------------------------------------- text bits


def status(view: LakeView, names: Sequence[str]) -> str:
    if view.phase == OVER:
        if not view.winners:
            return told(say("Game over: nobody is left"))
        who = (" " + told(say("and")) + " ").join(names[s] for s in sorted(view.winners))
        return told(
            say("{who} share the win", who=who) if len(view.winners) > 1 else say("{who} wins", who=who)
        )
    if view.phase == PLAN:
        alive = sum(1 for p in view.positions if p is not None)
        return told(say("Planning: {planned} of {alive} plans in", planned=len(view.planned), alive=alive))
    if view.phase == FACE and view.pending is not None:
        return told(say("{who}: choose a facing", who=names[view.pending]))
    if view.phase == RESET and view.pending is not None:
        return told(say("Reset! {who} chooses a hex", who=names[view.pending]))
    return ""


def panel_rows(view: LakeView, names: Sequence[str]) -> list[legend.LegendRow]:
    rows = []
    for seat in range(view.players):
        out = view.positions[seat] is None
        where = view.positions[seat]
        if out:
            detail = told(say("left the game")) if seat in view.retired else why_out(view, seat)
        else:
            assert where is not None
            detail = told(say("on {cell}, facing {facing}", cell=name(where), facing=view.facings[seat]))
        score = ""
        if view.phase == PLAN and not out:  # on the detail line, so the name keeps its room
            detail += ", " + told(say("planned") if seat in view.planned else say("planning"))
        elif view.phase == FACE and view.remaining and not out:
            score = view.remaining[seat] or "-"
        if view.viewer == seat and view.own_plan:
            score = view.own_plan if len(view.own_plan) <= 10 else view.own_plan[:9] + "..."
        rows.append(
            legend.LegendRow(
                seat=seat,
                name=f"{seat + 1} {names[seat]}",
                score=score,
                detail=detail,
                awaited=seat in view.to_act,
                winner=seat in view.winners,
                out=out,
                out_label=told(say("left")) if seat in view.retired else "",
                note=_last_plan_note(view, seat),
            )
        )
    return rows


def _last_plan_note(view: LakeView, seat: int) -> str:
    """``seat``'s plan of the last reveal under its row ("last plan: SSLR"), as long as it
    fits the row; a longer one is cut and keeps its length ("last plan: SSLRLLRS… (100)").
    Empty where :func:`last_plans` shows nothing or the seat revealed no plan."""
    plan = view.revealed[seat] if last_plans(view) else None
    if not plan:
        return ""
    note = told(say("last plan: {plan}", plan=plan))
    room = legend.note_width()
    if lettering.text_width(note, theme.SMALL_SIZE) <= room:
        return note
    length = f" ({len(plan)})"
    cut = lettering.fit(note, theme.SMALL_SIZE, room - lettering.text_width(length, theme.SMALL_SIZE))
    while lettering.text_width(cut + length, theme.SMALL_SIZE) > room:  # a pixel of rounding apart
        cut = cut[: -len(lettering.ELLIPSIS) - 1] + lettering.ELLIPSIS
    return cut + length


#: What happened to a skater that went out, by the kind of the movement record that removed it.
OUT_BY_KIND: dict[str, Said] = {
    "off": say("skated off the lake"),
    "step": say("surrounded by cracks"),
    "stop": say("stuck: no way left to skate"),
    "out": say("never moved in a round"),
}


def why_out(view: LakeView, seat: int) -> str:
    """What happened to ``seat``'s skater, in the rulebook's words: from the last movement
    phase when it went out there, else from the lake (a hex cut off by cracks), else "out"."""
    for before, after in pairwise(view.last_movement):
        if before.positions[seat] is not None and after.positions[seat] is None:
            return told(OUT_BY_KIND.get(after.kind, say("out")))
    where = view.fallen_at[seat]
    if where is not None and surrounded(where, view.cracks):
        return told(OUT_BY_KIND["step"])
    return told(say("out, last on {cell}", cell=name(where)) if where is not None else say("out of the game"))


def last_plans(view: LakeView) -> str:
    """The plans of the last reveal by seat number ("Last plans: 1 SR, 2 SSR"), the last move
    everyone saw; empty before the first reveal and once the game is over."""
    if view.phase == OVER or not any(p is not None for p in view.revealed):
        return ""
    plans = ", ".join(f"{s + 1} {p}" for s, p in enumerate(view.revealed) if p)
    return told(say("Last plans: {plans}", plans=plans))


def footer(view: LakeView, names: Sequence[str]) -> list[str]:
    first = legend.lettered(names[view.first], view.first)
    lines = [told(say("Round {round}, {who} moves first", round=view.round, who=first))]
    if view.phase == PLAN:
        # Translators: the plan's letters stay S, L and R in every language
        lines.append(told(say("Plan: letters S straight, L left, R right")))
    if view.choices:
        lines.append(told(say("Choices: {choices}", choices=" ".join(a.split()[-1] for a in view.choices))))
    if closed_triangles(view.cracks):
        lines.append(told(say("Shaded: ice closed off by cracks (a skater there falls through)")))
    lines.append(told(say("Move {n}", n=view.step)))
    return lines


def facts(view: LakeView, names: Sequence[str]) -> list[str]:
    """The panel's lines (whose turn, each skater, the round) for the message beside the phone
    board (what its marks mean apart: :func:`key`)."""
    names = lettering.display_names(names)
    rows = panel_rows(view, names)
    return legend.facts(rows, footer(view, names), status=status(view, names))


def key(view: LakeView) -> list[str]:
    """What the phone board's marks mean."""
    if view.viewer is not None and view.own_path:
        return [
            told(
                say(
                    "Marks: a dark line is a crack (thicker: new this round); numbered circles: your"
                    " plan's steps, a red ring or cross where it stops or falls"
                )
            )
        ]
    return [told(say("Marks: a dark line is a crack (thicker: new this round)"))]


# --------------------------------------------------------------------------- plain text

CELL = 5


def text(view: LakeView, names: Sequence[str], *, grid: bool = True) -> str:
    """A compact board for the terminal: a staggered grid of hex names, skaters as ``1SE``
    (seat number and facing), ``*`` on a hex touched by a crack, a key of these marks; then the
    cracks and the players (``>`` to act, ``W`` winner). Without ``grid``, the lines around the
    grid, for alt text."""
    names = lettering.display_names(names)
    said = status(view, names) or told(say("moving"))
    lines = [told(say("Ice Lake, round {round} - {status}", round=view.round, status=said))]
    if grid:
        lines += _grid(view)
        lines.append(
            told(say("Key: 2SE skater of player 2 facing SE; * a crack touches this hex; > to act, W winner"))
        )
    if view.cracks:
        cracks = " ".join(f"{name(a)}-{name(b)}" for a, b in sorted(view.cracks))
        lines.append(told(say("Cracks: {cracks}", cracks=cracks)))
    closed = closed_hexes(view.cracks)
    if closed:
        lines.append(told(say("Closed off by cracks: {cells}", cells=" ".join(name(h) for h in closed))))
    for seat in range(view.players):
        mark = legend.row_mark(
            acts=seat in view.to_act, won=seat in view.winners, winner_symbol="W", words=not grid
        )
        where = view.positions[seat]
        state = (
            told(say("{cell} facing {facing}", cell=name(where), facing=view.facings[seat]))
            if where is not None
            else (told(say("left")) if seat in view.retired else why_out(view, seat))
        )
        extra = ""
        if view.phase == PLAN and where is not None:
            extra = " (" + told(say("planned") if seat in view.planned else say("planning")) + ")"
        if view.viewer == seat and view.own_plan:
            extra = " (" + told(say("your plan: {plan}", plan=view.own_plan)) + ")"
        lines.append(f"{mark} {seat + 1} [{theme.player(seat).letter}] {names[seat]}: {state}{extra}")
    if last_plans(view):
        lines.append(last_plans(view))
    if view.choices:
        lines.append(told(say("Choices: {choices}", choices=", ".join(view.choices))))
    return "\n".join(lines)


def _grid(view: LakeView) -> list[str]:
    """The staggered grid of hex names with the skaters and the cracked hexes, its columns' letters first."""
    lines = ["".join(chr(ord("A") + q + RADIUS).ljust(CELL) for q in range(-RADIUS, RADIUS + 1)).rstrip()]
    cracked = {h for e in view.cracks for h in e}
    at = {h: s for s, h in enumerate(view.positions) if h is not None}
    for y in range(-2 * RADIUS, 2 * RADIUS + 1):
        row = []
        for q in range(-RADIUS, RADIUS + 1):
            if (y - q) % 2:
                row.append(" " * CELL)
                continue
            h = Hex(q, (y - q) // 2)
            if h not in LAKE_SET:
                row.append(" " * CELL)
            elif h in at:
                row.append(f"{at[h] + 1}{view.facings[at[h]]}".ljust(CELL))
            else:
                row.append((name(h) + ("*" if h in cracked else "")).ljust(CELL))
        line = "".join(row).rstrip()
        if line:
            lines.append(line)
    return lines
