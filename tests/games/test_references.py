"""No reference points outside the repository (issue 13): the rulings cited by the game modules
live in RULINGS.md at the top, which README.md and seeds/README.md point to, and nothing in
games/, seeds/ or tests/games/ cites a design file or a per-game rulings file the repository
lacks."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
CHECKED = ["games", "seeds", "tests/games"]


def texts() -> dict[str, str]:
    out = {}
    for folder in CHECKED:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in (".py", ".md", ".txt"):
                out[str(path.relative_to(ROOT))] = path.read_text()
    return out


def test_the_rulings_are_in_the_repository_and_pointed_to() -> None:
    rulings = (ROOT / "RULINGS.md").read_text()
    for game in ("Ice Hike", "Ice Team", "Ice Lake", "Polar Derby", "Thin Ice"):
        assert f"## {game}" in rulings
    assert "RULINGS.md" in (ROOT / "README.md").read_text()
    assert "RULINGS.md" in (ROOT / "seeds" / "README.md").read_text()


def test_no_citation_of_a_file_outside_the_repository() -> None:
    this = Path(__file__).name
    for path, text in texts().items():
        if path.endswith(this):
            continue
        assert "DESIGN.md" not in text, f"{path} cites DESIGN.md, which the repository lacks"
        for cited in re.findall(r"RULINGS[-\w]*\.md|seeds/[\w.-]+", text):
            assert (ROOT / cited).exists(), f"{path} cites {cited}, which the repository lacks"
        bare = re.findall(r"\bRULINGS\b(?!\.md)", text)
        assert not bare, f"{path} cites RULINGS without the file name (RULINGS.md)"
