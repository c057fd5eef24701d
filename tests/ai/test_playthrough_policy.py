"""The golden playthroughs' actions (tests/playthroughs/) are still what their policy chooses: the
game's computer player at its easy level (tests/support/playthroughs.py). The rules' replay
follows the stored actions (tests/games/test_playthroughs.py); this is where a change to a
computer player shows, and asks for the files to be written again."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import playthroughs

STORED = playthroughs.stored_files()
REGENERATE = "python -m tests.support.playthroughs --regenerate"


@pytest.mark.parametrize("path", STORED, ids=[path.name for path in STORED])
def test_a_stored_playthrough_s_actions_are_its_policy_s(path: Path) -> None:
    stored = path.read_text()
    chosen = playthroughs.policy_moves(playthroughs.read_setup(stored))
    assert playthroughs.read_moves(stored) == chosen, (
        f"{path.name}: the policy now plays otherwise ({REGENERATE})"
    )
