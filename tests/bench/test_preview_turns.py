"""bench/preview_turns.py: it says what is missing instead of failing half-way, and, where simcord's
``preview`` extra and Debian's Chromium are installed, it photographs a game and measures its boards
(skipped elsewhere, and so in CI, which installs only the ``test`` extra)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"


@pytest.fixture
def preview_turns(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    monkeypatch.syspath_prepend(str(BENCH))  # the script imports its neighbour _stats
    import preview_turns

    yield preview_turns


def test_without_its_tools_it_names_them_and_takes_no_picture(
    preview_turns: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "pictures"
    code = preview_turns.main(["--out", str(out)], check=lambda: ["chromium (apt-get install chromium)"])
    assert code == 2 and not out.exists()
    assert "missing: chromium" in capsys.readouterr().err


async def test_a_game_is_photographed_at_both_widths_and_its_boards_measured(
    preview_turns: ModuleType, tmp_path: Path
) -> None:
    missing = preview_turns.missing_tools()
    if missing:
        pytest.skip("needs " + "; ".join(missing))
    found = await preview_turns.run(["polar-derby"], 2, 3, tmp_path)
    assert {p.name for p in tmp_path.iterdir()} == {"polar-derby-390.png", "polar-derby-1280.png"}
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in tmp_path.iterdir())
    # a board message is at least as tall as the board image in it
    assert found and all(b.game == "polar-derby" and b.height > 150 for b in found)
