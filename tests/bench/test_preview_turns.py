"""bench/preview_turns.py: it says what is missing instead of failing half-way, and, where simcord's
``preview`` extra (part of the ``test`` extra) and Debian's Chromium are installed (CI installs
both), it photographs every game and holds each message that carries a board to one phone screen."""

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


async def test_every_game_is_photographed_and_each_board_message_fits_a_phone_screen(
    preview_turns: ModuleType, tmp_path: Path
) -> None:
    missing = preview_turns.missing_tools()
    if missing:
        pytest.skip("needs " + "; ".join(missing))
    names = [name for name, _ in preview_turns.GAMES]
    found = await preview_turns.run(names, 6, 3, tmp_path)
    pictures = {p.name for p in tmp_path.iterdir()}
    assert {f"{name}-{width}.png" for name in names for width in (390, 1280)} <= pictures
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in tmp_path.iterdir())
    # a board message is at least as tall as the board image in it, and no taller than the chat
    assert {b.game for b in found} == set(names)
    too_tall = [(b.game, b.where, b.height) for b in found if b.height > preview_turns.PHONE_CHAT]
    assert all(b.height > 150 for b in found) and not too_tall, too_tall
