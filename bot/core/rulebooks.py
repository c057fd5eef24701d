"""The rulebooks: one text file per game in ``seeds/`` at the top of the repository (the
specification of the rules), which ``/game rules`` attaches and the terminal shows."""

from __future__ import annotations

from pathlib import Path

SEEDS = Path(__file__).resolve().parents[2] / "seeds"


def rulebook_path(game_name: str) -> Path | None:
    """The rulebook file of the game named ``game_name`` ("polar-derby"), None where it is missing."""
    path = SEEDS / f"{game_name}.txt"
    return path if path.is_file() else None
