"""Picture blocks: the renderer has Pillow cut pictures into small blocks of one size,
each its own memory mapping, and keep a few freed ones, so boards fault in almost no page. The
blocks change where a picture's bytes live, never the picture: a board is the same file either
way."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PIL import _imaging

import games
import renderer
from renderer import memory, theme
from renderer.registry import RENDERERS
from tests.support.board_layout import playout

#: Pillow's own allocator settings: one block per picture (up to 16 MiB), none kept.
PILLOW_BLOCK_SIZE = 16 << 20


@pytest.fixture
def pillow_default_blocks() -> Iterator[None]:
    """Pillow's default allocator while the test runs, the renderer's settings afterwards."""
    _imaging.set_block_size(PILLOW_BLOCK_SIZE)
    _imaging.set_blocks_max(0)
    try:
        yield
    finally:
        memory.keep_picture_blocks()


def test_importing_the_renderer_sets_small_kept_blocks() -> None:
    assert renderer.memory is memory
    memory.keep_picture_blocks()  # what importing the renderer did (another test may have changed it)
    assert _imaging.get_block_size() == memory.PICTURE_BLOCK_SIZE
    assert _imaging.get_blocks_max() == memory.PICTURE_BLOCKS


def test_a_full_block_of_a_board_gets_its_own_mapping() -> None:
    """Blocks on the heap are kept by the thread that freed them (bench_memory: 250 MB after
    1,000 games); a full block of a 960 px picture, RGB or palette, is above glibc's mapping
    threshold, and the palette, zlib and text buffers stay below it."""
    for bytes_per_pixel in (4, 1):  # RGB pictures are stored 4 bytes a pixel, palette ones 1
        line = theme.TARGET_WIDTH * bytes_per_pixel
        assert (memory.PICTURE_BLOCK_SIZE // line) * line >= memory.IMAGE_MMAP_THRESHOLD
    assert memory.IMAGE_MMAP_THRESHOLD > 64 << 10  # zlib's window and hash tables are 64 KiB each


def _boards() -> list[tuple[object, list[str]]]:
    """A middle and a last public view of one short playout of every game, with names."""
    out = []
    for name in sorted(RENDERERS):
        game = games.get(name)
        players = min(game.players)
        states = playout(name, players, seed=5, max_steps=60)
        names = [f"Player {i + 1}" for i in range(players)]
        for state in (states[len(states) // 2], states[-1]):
            out.append((game.view(state, None), names))
    return out


def test_boards_are_the_same_files_with_pillow_default_blocks(pillow_default_blocks: None) -> None:
    boards = _boards()
    for view, names in boards:  # every colour joins its palette family: the files stay the same
        renderer.render(view, names=names, detailed=True)
    default = [renderer.render(view, names=names, detailed=True) for view, names in boards]
    memory.keep_picture_blocks()
    small = [renderer.render(view, names=names, detailed=True) for view, names in boards]
    small_again = [
        renderer.render(view, names=names, detailed=True) for view, names in boards
    ]  # from kept blocks
    assert small == default
    assert small_again == default
