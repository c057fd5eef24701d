"""The golden playthroughs (tests/playthroughs/, written by tests/support/playthroughs.py) are
whole games and replay exactly: every stored action, the narration, each seat's text view and
the outcome. After a deliberate change of rules or wording:
``python -m tests.support.playthroughs --regenerate``, then read the diff. (That the stored
actions are still the computer players' choices is tests/ai/test_playthrough_policy.py's.)"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from games.registry import register, unregister
from tests.support import playthroughs
from tests.support.playthroughs import (
    PLAYTHROUGHS,
    GameDidNotEnd,
    ends_with_the_outcome,
    first_difference,
    games_without_playthroughs,
    replay,
)
from tests.support.toy import REGISTRATION, SNOWBALLS

STORED = playthroughs.stored_files()
REGENERATE = "python -m tests.support.playthroughs --regenerate"


@pytest.mark.parametrize("path", STORED, ids=[path.name for path in STORED])
def test_a_stored_playthrough_replays_exactly(path: Path) -> None:
    stored = path.read_text()
    difference = first_difference(stored, replay(stored))
    assert difference is None, f"{path.name}: {difference}\n(deliberate? {REGENERATE})"


def test_every_registered_game_has_a_playthrough() -> None:
    assert games_without_playthroughs() == [], f"no playthrough in {PLAYTHROUGHS} ({REGENERATE})"


@pytest.mark.parametrize("path", STORED, ids=[path.name for path in STORED])
def test_a_stored_playthrough_is_a_whole_game_that_ends_with_its_outcome(path: Path) -> None:
    """With the exact replay, the rules reach the same outcome from the stored actions."""
    assert ends_with_the_outcome(path.read_text()), (
        f"{path.name} does not end with the outcome ({REGENERATE})"
    )


def test_a_game_not_over_at_the_step_cap_is_not_written() -> None:
    setup = replace(playthroughs.default_setups()[0], step_cap=3)
    with pytest.raises(GameDidNotEnd, match="no outcome after 3 steps"):
        playthroughs.playthrough(setup)


def test_a_changed_line_fails_the_replay_at_its_step_and_view(tmp_path: Path) -> None:
    lines = (PLAYTHROUGHS / "polar-derby-2p.txt").read_text().splitlines(keepends=True)
    step = lines.index("== step 3\n")
    changed = next(i for i in range(step, len(lines)) if lines[i].startswith("+"))
    view = next(line for line in reversed(lines[:changed]) if line.startswith("-- view: "))
    lines[changed] = lines[changed].rstrip("\n") + " (edited)\n"
    copy = tmp_path / "polar-derby-2p.txt"
    copy.write_text("".join(lines))
    difference = first_difference(copy.read_text(), replay(copy.read_text()))
    assert difference is not None
    seat = view.removeprefix("-- view: ").split(": ")[0]
    assert f"first difference at line {changed + 1} (step 3, view: {seat}):" in difference
    assert "(edited)" in difference


def test_a_game_registered_without_a_playthrough_is_named() -> None:
    register(REGISTRATION)
    try:
        assert games_without_playthroughs() == [SNOWBALLS.name]
    finally:
        unregister(SNOWBALLS.name)
