"""The layers depend one way (README.md, Layout): checked by walking the imports."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STDLIB = set(sys.stdlib_module_names)


def imports_of(folder: str) -> dict[str, set[str]]:
    """Top-level module names imported by each file below ``folder``."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / folder).rglob("*.py")):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
        found[str(path.relative_to(ROOT))] = names
    return found


def test_games_use_the_standard_library_only() -> None:
    for path, names in imports_of("games").items():
        assert names <= STDLIB | {"games"}, f"{path} imports {sorted(names - STDLIB - {'games'})}"


def test_games_use_no_clock_no_global_random_no_logging() -> None:
    for path, names in imports_of("games").items():
        assert not names & {"time", "datetime", "logging", "secrets"}, path
    for path in (ROOT / "games").rglob("*.py"):
        text = path.read_text()
        for call in ("random.random(", "random.randint(", "random.choice(", "random.shuffle("):
            assert call not in text, f"{path} uses the global generator ({call})"


def test_ai_imports_games_and_the_standard_library_only() -> None:
    found = imports_of("ai")
    assert found, "the ai package is missing"
    for path, names in found.items():
        assert names <= STDLIB | {"games", "ai"}, f"{path} imports {sorted(names - STDLIB - {'games', 'ai'})}"


def test_nothing_in_games_imports_ai() -> None:
    for path, names in imports_of("games").items():
        assert "ai" not in names, path


def test_storage_imports_neither_games_nor_discord() -> None:
    for path, names in imports_of("storage").items():
        assert not names & {"games", "discord", "renderer", "bot"}, path


def test_renderer_imports_games_and_pillow_only() -> None:
    for path, names in imports_of("renderer").items():
        extra = names - STDLIB - {"games", "renderer", "PIL"}
        assert not extra, f"{path} imports {sorted(extra)}"


@pytest.mark.parametrize("module", ["bot/sessions.py"])
def test_the_session_service_has_no_discord_import(module: str) -> None:
    tree = ast.parse((ROOT / module).read_text())
    names = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    names |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not any(name.split(".")[0] == "discord" for name in names)


def test_no_sql_outside_storage() -> None:
    for folder in ("games", "renderer", "bot"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text().upper()
            for keyword in ("INSERT INTO", "UPDATE GAMES", "DELETE FROM", "CREATE TABLE"):
                assert keyword not in text, f"{path} writes SQL"


def test_seeds_hold_the_five_rulebooks_and_nothing_else() -> None:
    files = sorted(p.name for p in (ROOT / "seeds").iterdir())
    expected = [
        "README.md",
        "ice-hike.txt",
        "ice-lake.txt",
        "ice-team.txt",
        "polar-derby.txt",
        "thin-ice.txt",
    ]
    assert files == expected
    for name in expected:
        assert (ROOT / "seeds" / name).read_text().strip()
