"""The documents stay a map, and docstrings stay short: ARCHITECTURE.md at most 300 lines, and no
module, class or function docstring over :data:`DOCSTRING_LINES_MAX` lines unless it says why.

A docstring is a one-line summary, then the why; figures belong in docs/, the behaviour in the
module that implements it. A docstring that must be long (a game's specification: its notation
and rulings) says so with :data:`LONG_DOCSTRING_REASON`, as a long module says "one module
because" (tests/test_layers.py)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARCHITECTURE_LINES_MAX = 300
DOCSTRING_LINES_MAX = 25
LONG_DOCSTRING_REASON = "long because"
PACKAGES = ("bot", "games", "renderer", "storage", "ai", "util", "bench")


def long_docstrings(root: Path = ROOT) -> list[str]:
    """``file:name (lines)`` of each docstring over :data:`DOCSTRING_LINES_MAX` lines that does
    not say why it is long."""
    found = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            tree = ast.parse(path.read_text(), str(path))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                docstring = ast.get_docstring(node)
                if docstring is None:
                    continue
                lines = len(docstring.splitlines())
                if lines <= DOCSTRING_LINES_MAX:
                    continue
                if LONG_DOCSTRING_REASON in " ".join(docstring.split()).lower():
                    continue
                name = node.name if not isinstance(node, ast.Module) else "<module>"
                found.append(f"{path.relative_to(root)}:{name} ({lines})")
    return found


def test_the_architecture_page_is_a_map_of_at_most_300_lines() -> None:
    lines = (ROOT / "ARCHITECTURE.md").read_text().count("\n")
    assert lines <= ARCHITECTURE_LINES_MAX, f"ARCHITECTURE.md has {lines} lines"


def test_no_docstring_is_long_unless_it_says_why() -> None:
    found = long_docstrings()
    assert not found, (
        f"over {DOCSTRING_LINES_MAX} lines, with no '{LONG_DOCSTRING_REASON}' in the docstring: {found}"
    )


def test_the_length_check_finds_a_long_docstring(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    body = "\n".join(f"line {n}." for n in range(30))
    (tmp_path / "games" / "long.py").write_text(f'"""Long.\n\n{body}\n"""\n\n\ndef f():\n    """{body}"""\n')
    (tmp_path / "games" / "said.py").write_text(f'"""Said.\n\nThis is long\nbecause x.\n{body}\n"""\n')
    (tmp_path / "games" / "short.py").write_text('"""Short.\n\nWhy."""\n')
    assert long_docstrings(tmp_path) == ["games/long.py:<module> (32)", "games/long.py:f (30)"]
