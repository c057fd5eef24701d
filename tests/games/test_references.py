"""No reference points outside the repository: the rulings cited by the game modules
live in RULINGS.md at the top, which README.md and seeds/README.md point to, and nothing in the
repository's code, tests or documents cites a design file, a rulings file or a folder the
repository lacks (the budgets and the layers are in ARCHITECTURE.md)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
TEXT_SUFFIXES = {".py", ".md", ".txt", ".toml", ".yaml", ".yml", ".cfg", ".ini", ".sh"}
TEXT_NAMES = {"Dockerfile", ".env.example", "run"}
#: Folders that are not the repository's own text: tools, caches, installed packages, outputs.
SKIPPED = {
    ".git",
    ".venv",
    "venv",
    "__pycache__",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    "floe-boards",
}
#: Ways a text pointed outside: the old design file, the shared folder beside the checkout.
OUTSIDE = re.compile(r"DESIGN\.md|\.\./shared\b|/work/shared\b|\bshared/(?:DESIGN|RULINGS|seeds)")
MARKDOWN_LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")


def _skipped(folder: str) -> bool:
    """A folder that is not the repository's own: those above, any virtual environment
    (``.venv-ci`` is CI's) and installed packages."""
    return folder in SKIPPED or folder.startswith(".venv") or folder.endswith((".egg-info", "site-packages"))


def repository_texts() -> dict[str, str]:
    """Every code, test and document file of the checkout (not the fonts, not caches)."""
    out = {}
    for path in sorted(ROOT.rglob("*")):
        parts = path.relative_to(ROOT).parts
        if any(_skipped(p) for p in parts) or not path.is_file():
            continue
        if path.suffix in TEXT_SUFFIXES or path.name in TEXT_NAMES:
            out[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
    return out


def test_the_whole_repository_is_checked() -> None:
    texts = repository_texts()
    for expected in (
        "README.md",
        "ARCHITECTURE.md",
        "Dockerfile",
        "bench/run_all.py",
        "renderer/lettering.py",
        "renderer/__init__.py",
        "bot/terminal/local.py",
        "storage/store.py",
        "ai/__init__.py",
        "seeds/README.md",
        "tests/terminal/test_local.py",
    ):
        assert expected in texts, f"{expected} is not checked"


def test_the_rulings_are_in_the_repository_and_pointed_to() -> None:
    rulings = (ROOT / "RULINGS.md").read_text()
    for game in ("Ice Hike", "Ice Team", "Ice Lake", "Polar Derby", "Thin Ice"):
        assert f"## {game}" in rulings
    assert "RULINGS.md" in (ROOT / "README.md").read_text()
    assert "RULINGS.md" in (ROOT / "seeds" / "README.md").read_text()


def test_no_citation_of_a_file_outside_the_repository() -> None:
    this = str(Path(__file__).relative_to(ROOT))
    for path, text in repository_texts().items():
        if path == this:
            continue
        outside = OUTSIDE.findall(text)
        assert not outside, f"{path} cites {outside[0]}, which is outside the repository"
        for cited in re.findall(r"RULINGS[-\w]*\.md|ARCHITECTURE\.md|seeds/[\w.-]*\w", text):
            assert (ROOT / cited).exists(), f"{path} cites {cited}, which the repository lacks"
        bare = re.findall(r"\bRULINGS\b(?!\.md)", text)
        assert not bare, f"{path} cites RULINGS without the file name (RULINGS.md)"


def test_document_links_lead_to_files_of_the_repository() -> None:
    for path, text in repository_texts().items():
        if not path.endswith(".md"):
            continue
        for target in MARKDOWN_LINK.findall(text):
            if re.match(r"[a-z]+:", target):  # https:, mailto: ...
                continue
            assert (ROOT / path).parent.joinpath(target).exists(), (
                f"{path} links to {target}, which is missing"
            )
