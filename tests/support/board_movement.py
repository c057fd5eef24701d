"""Helpers of the Ice Lake movement GIF tests: views right after movement phases, and a step of
the movement drawn whole on a new picture, as the renderer drew every frame before it learnt to
draw only where a step changes."""

from __future__ import annotations

import random
from typing import Any

from PIL import Image, ImageDraw

import games
from games.ice_lake.actions import Plan
from games.ice_lake.state import FACE, MOVE, PLAN
from games.words import tell
from renderer import ice_lake, lettering, pens, theme


def movement_views(
    count: int, *, players: int = 4, plan_length: int = 12, min_steps: int = 6, seeds: range = range(1, 40)
) -> list[Any]:
    """Public views right after ``count`` distinct movement phases of at least ``min_steps``
    steps, from seeded games with random plans of ``plan_length`` letters (long plans send
    skaters off the lake and into each other)."""
    game = games.get("ice-lake")
    views: list[Any] = []
    for seed in seeds:
        rnd = random.Random(seed)
        state = game.new_game(players, game.options(), seed)
        while game.to_act(state) and len(views) < count:
            seat = min(game.to_act(state))
            if state.phase == PLAN:
                plan = "".join(rnd.choice("SSLR") for _ in range(plan_length))
                state, _ = games.play(game, state, seat, Plan(plan))
            else:
                state, _ = games.play(game, state, seat, rnd.choice(list(game.legal_actions(state, seat))))
            if state.phase not in (FACE, MOVE):
                view = game.view(state, None)
                if len(view.last_movement) >= min_steps and view.last_movement not in [
                    v.last_movement for v in views
                ]:
                    views.append(view)
        if len(views) >= count:
            break
    assert views
    return views


def frame_from_scratch(view: Any, names: list[str], k: int) -> Image.Image:
    """Step ``k`` of the movement drawn alone on a new picture (what ``frames`` must show)."""
    shown = lettering.display_names(names)
    movement = view.last_movement
    f = movement[k]
    img = ice_lake._background(
        ice_lake.BOARD_BOTTOM + ice_lake.CAPTION + theme.MARGIN, ice_lake.BOARD_RIGHT + theme.MARGIN
    )
    d: ImageDraw.ImageDraw = pens.drawing(img)
    fallen = tuple(view.fallen_at[s] if f.positions[s] is None else None for s in range(view.players))
    ice_lake._closed_off(d, f.cracks)
    ice_lake._pieces(d, f.positions, f.facings, fallen, f.cracks, f.cracks - movement[0].cracks, f.mover)
    caption = f"{k}/{len(movement) - 1}  {tell(f.text, shown)}"
    lettering.text(
        d,
        (ice_lake.BOARD_LEFT + 4, ice_lake.BOARD_BOTTOM + 10),
        caption,
        theme.TEXT_SIZE,
        theme.INK,
        max_width=ice_lake.BOARD_RIGHT - ice_lake.BOARD_LEFT,
    )
    return img
