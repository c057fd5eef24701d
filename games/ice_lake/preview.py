"""The Ice Lake plan builder's preview: a plan drawn on the seat's own view, where it leads in
words, and the short plans that skate every letter on today's ice (:class:`games.core.Builder`)."""

from __future__ import annotations

from games.core import replace
from games.ice_lake.actions import PLAN_MENU
from games.ice_lake.board import LAKE_SET, name, planned_route
from games.ice_lake.state import LakeView
from games.words import Said, say, say_n


def with_plan(view: LakeView, plan: str) -> LakeView:
    """The viewer's own view with ``plan`` as its plan, its route on today's ice drawn: the
    other skaters stand where they are now (their plans are secret)."""
    seat = view.viewer
    here = view.positions[seat] if seat is not None else None
    if seat is None or here is None or not plan:
        return replace(view, own_plan=plan or None, own_path=(), own_end="")
    others = frozenset(p for s, p in enumerate(view.positions) if p is not None and s != seat)
    route = planned_route(here, view.facings[seat], plan, view.cracks, others)
    return replace(view, own_plan=plan, own_path=route.path, own_end=route.end)


def safe_plans(view: LakeView, most: int = 25) -> tuple[tuple[str, str], ...]:
    """The short plans (of the plan menu) that skate every letter on today's ice if nobody else
    moved, shortest first, each labelled with its letters and the hex it ends on."""
    safe = []
    for plan in PLAN_MENU:
        shown = with_plan(view, plan.moves)
        if shown.own_path and not shown.own_end:
            safe.append((plan.moves, f"{' '.join(plan.moves)} → {name(shown.own_path[-1])}"))
    return tuple(safe[:most])


def route_text(end: str, hexes: str, unused: int) -> Said:
    """How a route reads, by how it ends (:data:`games.ice_lake.board.ROUTE_ENDS`): ``hexes``
    the cells it crosses (notation), ``unused`` the letters of the plan it does not skate."""
    if end == "crack":
        return say_n(
            "Route: {hexes}, then stops before a crack ({n} letter unused).",
            "Route: {hexes}, then stops before a crack ({n} letters unused).",
            unused,
            hexes=hexes,
        )
    if end == "skater":
        return say_n(
            "Route: {hexes}, then stops before another skater ({n} letter unused).",
            "Route: {hexes}, then stops before another skater ({n} letters unused).",
            unused,
            hexes=hexes,
        )
    if end == "off":
        return say("Route: {hexes}, then off the edge of the lake: out!", hexes=hexes)
    if end == "through":
        return say("Route: {hexes}, then surrounded by cracks: falls through!", hexes=hexes)
    # Translators: {hexes} is the cells a plan skates, in notation: "F6 → F5 → G5".
    return say("Route: {hexes}.", hexes=hexes)


def plan_preview(view: LakeView, plan: str) -> tuple[LakeView, Said]:
    """A plan being built, drawn on the builder's own view, and where it leads in words (if
    nobody else moved)."""
    shown = with_plan(view, plan)
    if not plan or not shown.own_path:
        # Translators: Straight, Left and Right are the plan builder's buttons.
        return shown, say("No letters yet: tap Straight, Left or Right.")
    hexes = " → ".join(name(h) for h in shown.own_path if h in LAKE_SET)
    unused = len(plan) - (len(shown.own_path) - 1)
    return shown, route_text(shown.own_end, hexes, unused)
