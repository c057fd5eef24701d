"""Polar Derby's words: the text board (the terminal's board and, without its grid, the alt
text), the result line and the bits the picture (:mod:`renderer.polar_derby`) says the same
way, from the view alone."""

from __future__ import annotations

from collections.abc import Sequence

from games.polar_derby.board import COLOURS, FREE
from games.polar_derby.state import DECIDE, OVER, ROLL, TAKE, DerbyView
from games.words import counted
from renderer import legend, theme

#: The bears' letters (their colours' initials), as on the bears and the dice.
LETTERS: dict[str, str] = {colour: colour[0].upper() for colour in COLOURS}


def display(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"Player {seat + 1}"


def prompt(view: DerbyView) -> str:
    if view.phase == ROLL:
        return "double Free Skate: roll again" if view.dice == (FREE, FREE) else "roll the dice"
    if view.phase == TAKE:
        return "take the bears the dice allow"
    if view.phase == DECIDE:
        return "roll again or stop"
    return "game over"


def face_name(face: str) -> str:
    return "Free Skate" if face == FREE else face


def points(view: DerbyView, counts: Sequence[int]) -> int:
    return sum(n * view.values[col] for col, n in zip(COLOURS, counts, strict=True))


def result_line(view: DerbyView, names: Sequence[str]) -> str:
    """Who won and why: "Ann wins with 23 points" (the legend says it too)."""
    winners = sorted(view.winners)
    if not winners:
        return "Nobody is left to win."
    who = " and ".join(display(names, s) for s in winners)
    best = view.totals[winners[0]]
    return f"{who} {'share the win' if len(winners) > 1 else 'wins'} with {best} points"


# --------------------------------------------------------------------------- plain text


def _counts(counts: Sequence[int]) -> str:
    parts = [f"{LETTERS[col]}{n}" for col, n in zip(COLOURS, counts, strict=True) if n]
    return " ".join(parts) if parts else "-"


def text(view: DerbyView, names: Sequence[str], *, grid: bool = True) -> str:
    """A compact board for the terminal (ASCII; W/B/G/P/O are the colours' initials); without
    ``grid``, the same lines for alt text (the players' marks in words)."""
    head = "Polar Derby" if view.games == 1 else f"Polar Derby, game {view.game_number} of {view.games}"
    if view.phase == OVER:
        winners = sorted(view.winners)
        status = "game over: " + (" and ".join(display(names, s) for s in winners) or "nobody") + " "
        status += "share the win" if len(winners) > 1 else "wins"
    else:
        seat = view.current if view.current is not None else 0
        status = f"turn: {display(names, seat)} ({prompt(view)})"
    lines = [f"{head} - {status}"]
    lanes = []
    for i, col in enumerate(COLOURS):
        lock = " LOCKED" if col in view.locked and view.phase != OVER else ""
        lanes.append(f"{col} {view.middle[i]}{lock}")
    lines.append("Middle:  " + ", ".join(lanes) + f"  ({sum(view.middle)} left)")
    values = " ".join(f"{LETTERS[col]}={view.values[col]}" for col in COLOURS)
    dice = " + ".join(face_name(f) for f in view.dice) if view.dice else "not rolled"
    lines.append(f"Dice:    {dice}   (points: {values})")
    if sum(view.pulled) and view.current is not None:
        pts = points(view, view.pulled)
        lines.append(
            f"At risk: {_counts(view.pulled)} ({counted(sum(view.pulled), 'bear')}, {counted(pts, 'pt')})"
            f" for {display(names, view.current)}"
        )
    total = "total" if view.games > 1 else "pts"
    width = max(len(display(names, s)) for s in range(view.players))
    for seat in range(view.players):
        mark = legend.row_mark(
            acts=seat == view.current, won=seat in view.winners, winner_symbol="*", words=not grid
        )
        out = " (left)" if seat in view.retired else ""
        name = display(names, seat).ljust(width)
        tag = theme.player(seat).letter
        lines.append(
            f"{mark} {seat + 1} [{tag}] {name}  safe {_counts(view.safe[seat]):<16} "
            f"{view.scores[seat]:>3} pts{'' if view.games == 1 else f'  {view.totals[seat]:>3} {total}'}{out}"
        )
    return "\n".join(lines)
