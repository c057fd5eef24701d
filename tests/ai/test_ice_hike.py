"""Ice Hike's computer-player hooks (ai/ice_hike.py): the sampler, the evaluation,
the candidates and the rollout policy.

The sampler must rebuild, from one seat's view only, a full state that shows that seat exactly
that view, with everything the view hides drawn afresh: the tile pile (``tiles_left`` in the
view, "turned upside down, shuffled"), the grab bag, the tile another player has drawn
(``tile_drawn`` without ``drawn``), the other players' torch choices (only ``torch_policy`` of
the viewer is shown) and the seed.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

import ai
import games
from ai.easy import EasyStyle, choose_easy
from ai.ice_hike import HOOKS, PLACE_CANDIDATES, step_costs
from games.ice_hike import ICE_HIKE as G
from games.ice_hike import board as B
from games.ice_hike.actions import Action, Choose, Place, Policy
from games.ice_hike.state import CHOOSE, OVER, PLACE, HikeOptions, HikeState
from tests.support.ai_play import assert_samples_play_on, mixed_playout
from tests.support.ice_hike import act, pos

SETUPS = [
    (2, HikeOptions()),
    (3, HikeOptions(shorter_game=True)),
    (4, HikeOptions()),
    (5, HikeOptions(play_on=True)),
]


def playout(players: int, options: HikeOptions, seed: int, steps: int) -> list[HikeState]:
    return mixed_playout(HOOKS, players, options, seed, steps)


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_a_sampled_state_shows_the_viewer_exactly_its_view(players: int, options: HikeOptions) -> None:
    """``view(sample(view, seat, r), seat) == view`` for every seat, at every moment of a
    game (placing, choosing, walking, bears, torch questions, fleeing), every seat count."""
    r = random.Random(players)
    for state in playout(players, options, seed=players, steps=70):
        for seat in range(players):
            view = G.view(state, seat)
            assert G.view(HOOKS.sample(view, seat, r), seat) == view


def test_the_pile_is_drawn_afresh_from_the_tiles_not_yet_seen() -> None:
    """The tiles are "turned upside down, shuffled": the view shows only how many are left.
    Samples differ from each other and from the real pile; they hold only tiles of the box that
    are not on the board, and a new seed (so later draws are not the real ones)."""
    state = playout(4, HikeOptions(), seed=3, steps=40)[-1]
    view = G.view(state, 0)
    r = random.Random(0)
    samples = [HOOKS.sample(view, 0, r) for _ in range(30)]
    piles = {s.pile for s in samples}
    assert len(piles) > 20
    assert sum(s.pile == state.pile for s in samples) < 3
    on_board = Counter(t for t, b in zip(state.tiles, B.base_tiles(state.finish), strict=True) if t != b)
    for s in samples:
        assert len(s.pile) == len(state.pile)
        in_sample = Counter(s.pile) + on_board + Counter(s.drawn or "")
        assert all(in_sample[t] <= n for t, n in B.TILE_COUNTS.items())
        assert s.seed != state.seed
    assert len({s.seed for s in samples}) == len(samples)


def test_the_grab_bag_holds_no_cube_already_seen() -> None:
    """The cave finds come from the grab bag (5 of each find, 5 white, 4 black): cubes lying on
    mountains, carried as finds or turned into bears are not in a sampled bag, and the bag holds
    a cube for every mountain left in the pile (as far as unseen cubes go)."""
    state = next(s for s in reversed(playout(3, HikeOptions(), seed=5, steps=90)) if not s.drawn)
    seen = Counter(c for c in state.cubes if c != ".")
    for row in state.finds:
        seen.update({f: n for f, n in zip(B.FINDS, row, strict=True)})
    seen[B.BEAR_CUBE] += len(state.bears)
    unseen = sum(max(0, n - seen[c]) for c, n in B.CUBE_COUNTS.items())
    r = random.Random(1)
    bags = set()
    for _ in range(20):
        s = HOOKS.sample(G.view(state, 1), 1, r)
        in_sample = Counter(s.bag) + seen
        assert all(in_sample[c] <= n for c, n in B.CUBE_COUNTS.items())
        assert len(s.bag) == min(sum(1 for t in s.pile if t == B.MOUNTAIN), unseen)
        bags.add(s.bag)
    assert len(bags) > 1


def _placing(players: int, seed: int) -> HikeState:
    for state in playout(players, HikeOptions(), seed, steps=60)[5:]:
        if state.phase == PLACE:
            return state
    raise AssertionError("no placing turn")


def test_the_drawn_tile_stays_the_movers_and_is_guessed_by_the_others() -> None:
    """The drawn tile is shown to the mover only (``drawn``): the mover's samples keep it (and
    its cave find); another seat's samples draw one that fits somewhere on the board, and not
    always the real one."""
    state = _placing(4, 2)
    mover = state.current
    r = random.Random(2)
    for _ in range(5):
        s = HOOKS.sample(G.view(state, mover), mover, r)
        assert (s.drawn, s.drawn_cube) == (state.drawn, state.drawn_cube)
    other = (mover + 1) % 4
    guesses = [HOOKS.sample(G.view(state, other), other, r) for _ in range(30)]
    assert len({g.drawn for g in guesses}) > 1
    assert all(G.legal_actions(g, mover) for g in guesses)


def test_other_players_torch_choices_are_not_read_from_the_state() -> None:
    """``torches always|never|ask`` is private (``torch_policy`` is the viewer's own): samples
    keep the viewer's choice and give the others the default, whatever they really chose."""
    state = replace(G.new_game(3, HikeOptions(), 4), policy=("never", "always", "always"))
    s = HOOKS.sample(G.view(state, 0), 0, random.Random(0))
    assert s.policy == ("never", "ask", "ask")


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_sampled_states_play_on(players: int, options: HikeOptions) -> None:
    """A sampled state is a real position: legal moves and ``apply`` work from it for a while."""
    states = playout(players, options, seed=players + 10, steps=50)[::10]
    assert_samples_play_on(HOOKS, states, random.Random(players + 10), moves=25)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rollout_games_end_and_the_winner_scores_one(players: int) -> None:
    """The rollout policy plays legal moves to the end ("the game ends as soon as one of the
    players reaches the village"); ``evaluate`` stays in [0, 1] and scores a finished game 1
    for the winner (two players: either colour wins for its player), 0 for the others."""
    r = random.Random(players)
    state = G.new_game(players, HikeOptions(), players)
    for _ in range(600):
        if not G.to_act(state):
            break
        seat = min(G.to_act(state))
        action = HOOKS.rollout(state, seat, r)
        G.check(state, seat, action)
        state, _ = G.apply(state, seat, action)
        assert all(0.0 <= HOOKS.evaluate(state, s) <= 1.0 for s in range(players))
    outcome = G.outcome(state)
    assert state.phase == OVER and outcome is not None
    for s in range(players):
        assert HOOKS.evaluate(state, s) == (1.0 if s in outcome.winners else 0.0)


def test_a_puppet_nearer_the_village_scores_higher() -> None:
    """The goal is "to be the first to reach the finish": orange two steps from FINISH stands
    better than orange still at START, and better than white when white is the one behind."""
    near = pos(players=4, puppets={0: "C9"})
    start = pos(players=4, puppets={})
    assert HOOKS.evaluate(near, 0) > 0.9 > HOOKS.evaluate(start, 0)
    assert HOOKS.evaluate(near, 0) > HOOKS.evaluate(near, 1)


def test_far_ahead_a_step_nearer_the_village_still_counts() -> None:
    """RULINGS.md, "Tiles run out": a full round in which no puppet gets closer to the Finish
    ends the game with nobody winning. A seat far ahead must still want to walk on, so a step
    nearer the village is worth at least a twentieth of what it is worth in an even race (the
    lead's logistic alone gave it a hundredth: the leader dawdled into stalls)."""

    def gain(rival: str, tiles: dict[str, str]) -> float:
        behind = pos(players=2, puppets={0: "F9", 2: "F9", 1: rival, 3: rival}, tiles=tiles)
        nearer = pos(players=2, puppets={0: "E9", 2: "E9", 1: rival, 3: rival}, tiles=tiles)
        return HOOKS.evaluate(nearer, 0) - HOOKS.evaluate(behind, 0)

    ring = {B.NAMES[c]: B.MOUNTAIN for c in B.NEIGHBOURS[B.INDEX["H3"]]}
    even, far_ahead = gain("F8", {}), gain("H3", ring)  # the rivals walled in by mountains
    assert far_ahead >= even / 20 > 0


def test_a_puppet_ringed_by_mountains_scores_lower_than_one_ringed_by_land() -> None:
    """Rulebook: "a player can never walk directly from level 1 to level 3": ice ringed by mountains is a
    trap (until land or a rope opens it), ringed by land it is a road; same crow's distance."""
    ring = [B.NAMES[c] for c in B.NEIGHBOURS[B.INDEX["G5"]]]
    trapped = pos(players=3, puppets={0: "G5"}, tiles={c: B.MOUNTAIN for c in ring})
    open_ = pos(players=3, puppets={0: "G5"}, tiles={c: B.LAND for c in ring})
    assert HOOKS.evaluate(trapped, 0) < HOOKS.evaluate(open_, 0)


def test_candidates_are_a_few_legal_placements_and_never_a_torch_choice() -> None:
    """Checking every cell's blockades is the costly part of a turn: the computer looks at a
    handful of legal cells (nearest the puppets the tile helps or hinders), and never changes
    its standing torch choice."""
    for players in (2, 4):
        for state in playout(players, HikeOptions(), seed=players + 20, steps=60):
            if not G.to_act(state):
                continue
            seat = min(G.to_act(state))
            candidates = list(HOOKS.candidates(state, seat))
            legal: list[Action] = list(G.legal_actions(state, seat))
            assert candidates and all(a in legal for a in candidates)
            assert not any(isinstance(a, Policy) for a in candidates)
            if state.phase == PLACE:
                assert len(candidates) <= PLACE_CANDIDATES
                assert all(isinstance(a, Place) for a in candidates)


#: Seeds of the ``easy`` choices below: each one a separate decision (noise, slips, samples).
EASY_SEEDS = range(30)


def easy_choices(state: HikeState) -> list[str]:
    """What ``easy`` plays for the seat to act in ``state``, once per seed of :data:`EASY_SEEDS`."""
    seat = min(G.to_act(state))
    return [ai.choose("ice-hike", G.view(state, seat), seat, "easy", seed=k) for k in EASY_SEEDS]


def test_easy_walks_on_towards_the_village() -> None:
    """ "Be the first to reach the finish": with two steps to walk and cells nearer the village
    next to its puppet, ``easy`` mostly takes a step that brings its puppet nearer the village
    (one step moves the evaluation little, and the noise of the other games' ``easy`` made it
    dawdle until it lost to random play). It looks at a hurried few of its candidates, so now
    and then it misses both good steps (see the duel below)."""
    state = pos(players=2, puppets={0: "F9", 2: "F9", 1: "H3", 3: "H3"})
    costs = step_costs(state.tiles, state.finish)
    nearer = [costs[act(state, notation).pos[0]] < costs[state.pos[0]] for notation in easy_choices(state)]
    assert sum(nearer) >= len(EASY_SEEDS) * 4 // 5, f"easy walked nearer {sum(nearer)} times"


def test_easy_takes_the_puppet_when_it_can_walk_on() -> None:
    """ "You first have to choose whether you will play with your puppet this turn, or with a
    Polar Bear": the choice does not move the evaluation by itself, so ``easy`` looks on to the
    end of its turn, and with cells nearer the village next to its puppet it takes the puppet
    (a coin toss before)."""
    state = pos(players=2, puppets={0: "F9", 2: "F9", 1: "H3", 3: "H3"}, bears=("K3",), phase=CHOOSE)
    assert Choose("bear") in G.legal_actions(state, 0)
    assert easy_choices(state) == [str(Choose("puppet"))] * len(EASY_SEEDS)


#: Two-player games of ``easy`` against the same look at more candidates (seeded; about 13 s).
DUEL_GAMES = 40


def default_look_choice(state: HikeState, seat: int, seed: int) -> str:
    """What Ice Hike's ``easy`` would play looking at as many candidates as the other games'
    ``easy`` (:class:`EasyStyle`'s default), each played on to the end of the turn and scored."""
    style = replace(ai.easy_style("ice-hike"), looked_at=EasyStyle().looked_at)
    return choose_easy(HOOKS, G.view(state, seat), seat, random.Random(seed), style)


def duel(index: int) -> tuple[bool, bool]:
    """Game ``index`` between ``easy`` (seat ``index mod 2``) and :func:`default_look_choice`
    (the other seat): (``easy`` won, the other seat won)."""
    state = G.new_game(2, HikeOptions(), 1_000 + index)
    hero = index % 2
    for step in range(5_000):
        awaited = G.to_act(state)
        if not awaited:
            break
        seat = min(awaited)
        if seat == hero:
            notation = ai.choose("ice-hike", G.view(state, seat), seat, "easy", seed=step)
        else:
            notation = default_look_choice(state, seat, step)
        state, _ = games.play(G, state, seat, G.parse_action(notation))
    winners = G.winners(state) if state.phase == OVER else frozenset()
    return hero in winners, bool(winners - {hero})


@pytest.mark.slow
def test_easy_loses_clearly_to_the_look_at_more_candidates() -> None:
    """``easy`` must lose clearly to ``normal``. Played on to the end of its turn, a look at up to
    twelve candidates (the other games' ``easy``) walks the greedy road of ``normal``'s playouts
    and drew with ``normal`` in Ice Hike (6 to 5 in 12 games), and against itself it wins about
    half the games; so Ice Hike's ``easy`` looks at a hurried few (docs/computer-players.md),
    and that look at twelve beats it in at least three games of four."""
    results = [duel(i) for i in range(DUEL_GAMES)]
    easy_won = sum(won for won, _ in results)
    other_won = sum(lost for _, lost in results)
    assert other_won >= DUEL_GAMES * 3 // 4, f"easy won {easy_won}, the look at twelve {other_won}"
