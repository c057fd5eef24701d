"""Polar Derby's words: the text board (the terminal's board and, without its grid, the alt
text), the result line and the bits the picture (:mod:`renderer.polar_derby`) says the same
way, from the view alone."""

from __future__ import annotations

from collections.abc import Sequence

from games.polar_derby.board import COLOURS, FREE
from games.polar_derby.state import DECIDE, OVER, ROLL, TAKE, DerbyView
from games.words import say, say_n
from renderer import legend, theme
from renderer.speech import told

#: The bears' letters (their colours' initials), as on the bears and the dice.
LETTERS: dict[str, str] = {colour: colour[0].upper() for colour in COLOURS}


def display(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) else told(say("Player {n}", n=seat + 1))


def prompt(view: DerbyView) -> str:
    if view.phase == ROLL:
        return told(
            say("double Free Skate: roll again") if view.dice == (FREE, FREE) else say("roll the dice")
        )
    if view.phase == TAKE:
        return told(say("take the bears the dice allow"))
    if view.phase == DECIDE:
        return told(say("roll again or stop"))
    return told(say("game over"))


def face_name(face: str) -> str:
    """A die's face: Free Skate in words, a colour as the notation names it."""
    return told(say("Free Skate")) if face == FREE else face


def joined(names: Sequence[str]) -> str:
    """Names joined by "and": "Ann and Bo"."""
    return (" " + told(say("and")) + " ").join(names)


def points(view: DerbyView, counts: Sequence[int]) -> int:
    return sum(n * view.values[col] for col, n in zip(COLOURS, counts, strict=True))


def result_line(view: DerbyView, names: Sequence[str]) -> str:
    """Who won and why: "Ann wins with 23 points" (the legend says it too)."""
    winners = sorted(view.winners)
    if not winners:
        return told(say("Nobody is left to win."))
    who = joined([display(names, s) for s in winners])
    best = view.totals[winners[0]]
    if len(winners) > 1:
        return told(say("{who} share the win with {n} points", who=who, n=best))
    return told(say("{who} wins with {n} points", who=who, n=best))


# --------------------------------------------------------------------------- panel


def legend_rows(view: DerbyView, names: Sequence[str]) -> list[legend.LegendRow]:
    rows = []
    risk: int = sum(view.pulled)
    for seat in range(view.players):
        safe = sum(view.safe[seat])
        detail = told(say_n("{n} bear safe", "{n} bears safe", safe))
        if view.games > 1:
            detail = told(say("this game {score}, {safe} safe", score=view.scores[seat], safe=safe))
        if seat == view.current and risk:
            detail += told(say(", {n} at risk", n=risk))
        rows.append(
            legend.LegendRow(
                seat=seat,
                name=display(names, seat),
                score=str(view.totals[seat]),
                detail=detail,
                awaited=seat == view.current,
                winner=seat in view.winners,
                out=seat in view.retired,
                out_label=told(say("left")),
                token_label=str(seat + 1),
            )
        )
    return rows


def footer(view: DerbyView) -> list[str]:
    lines = []
    if all(v == 1 for v in view.values.values()):
        lines.append(told(say("Younger players: every bear 1 point")))
    if view.games > 1:
        lines.append(
            told(
                say("Long game: game {number} of {games}, totals", number=view.game_number, games=view.games)
            )
        )
    if view.locked and view.phase != OVER:
        locked = ", ".join(col for col in COLOURS if col in view.locked)  # notation: the colours as typed
        lines.append(told(say("Locked this turn: {colours}", colours=locked)))
    if view.moves:
        lines.append(told(say("Moves now: {moves}", moves=", ".join(view.moves))))
    lines.append(told(say("Move {n}", n=view.step)))
    return lines


# --------------------------------------------------------------------------- plain text


def _counts(counts: Sequence[int]) -> str:
    parts = [f"{LETTERS[col]}{n}" for col, n in zip(COLOURS, counts, strict=True) if n]
    return " ".join(parts) if parts else "-"


def text(view: DerbyView, names: Sequence[str], *, grid: bool = True) -> str:
    """A compact board for the terminal (ASCII; W/B/G/P/O are the colours' initials); without
    ``grid``, the same lines for alt text (the players' marks in words)."""
    if view.games == 1:
        head = "Polar Derby"
    else:
        head = told(say("Polar Derby, game {number} of {games}", number=view.game_number, games=view.games))
    if view.phase == OVER:
        winners = sorted(view.winners)
        if not winners:
            status = told(say("game over: nobody wins"))
        elif len(winners) > 1:
            status = told(
                say("game over: {who} share the win", who=joined([display(names, s) for s in winners]))
            )
        else:
            status = told(say("game over: {who} wins", who=display(names, winners[0])))
    else:
        seat = view.current if view.current is not None else 0
        status = told(say("turn: {who} ({what})", who=display(names, seat), what=prompt(view)))
    lines = [f"{head} - {status}"]
    lanes = []
    for i, col in enumerate(COLOURS):
        lock = " " + told(say("LOCKED")) if col in view.locked and view.phase != OVER else ""
        lanes.append(f"{col} {view.middle[i]}{lock}")
    left = told(say("{n} left", n=sum(view.middle)))
    middle = told(say("Middle:"))
    lines.append(f"{middle:<9}" + ", ".join(lanes) + f"  ({left})")
    values = " ".join(f"{LETTERS[col]}={view.values[col]}" for col in COLOURS)
    dice = " + ".join(face_name(f) for f in view.dice) if view.dice else told(say("not rolled"))
    dice_word, points_line = told(say("Dice:")), told(say("points: {values}", values=values))
    lines.append(f"{dice_word:<9}{dice}   ({points_line})")
    if sum(view.pulled) and view.current is not None:
        pts = points(view, view.pulled)
        at_risk = say(
            "At risk: {bears} ({count}, {points}) for {who}",
            bears=_counts(view.pulled),
            count=say_n("{n} bear", "{n} bears", sum(view.pulled)),
            points=say_n("{n} pt", "{n} pts", pts),
            who=display(names, view.current),
        )
        lines.append(told(at_risk))
    total = told(say("total")) if view.games > 1 else told(say("pts"))
    safe, pts_word, left_word = told(say("safe")), told(say("pts")), told(say("(left)"))
    width = max(len(display(names, s)) for s in range(view.players))
    for seat in range(view.players):
        mark = legend.row_mark(
            acts=seat == view.current, won=seat in view.winners, winner_symbol="*", words=not grid
        )
        out = f" {left_word}" if seat in view.retired else ""
        name = display(names, seat).ljust(width)
        tag = theme.player(seat).letter
        lines.append(
            f"{mark} {seat + 1} [{tag}] {name}  {safe} {_counts(view.safe[seat]):<16} "
            f"{view.scores[seat]:>3} {pts_word}{'' if view.games == 1 else f'  {view.totals[seat]:>3} {total}'}{out}"
        )
    return "\n".join(lines)
