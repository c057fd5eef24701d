"""Finding the PostgreSQL binaries for the throwaway test server, and the hint when there are none."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import pg_server


def test_no_binaries_means_the_install_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FLOE_PG_BIN", raising=False)
    monkeypatch.setattr(pg_server.glob, "glob", lambda pattern: [])
    monkeypatch.setattr(pg_server.shutil, "which", lambda name: None)
    assert pg_server.find_bindir() is None
    assert "apt-get install postgresql" in pg_server.INSTALL_HINT


def test_floe_pg_bin_names_the_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for tool in ("initdb", "pg_ctl"):
        (tmp_path / tool).write_text("")
    monkeypatch.setenv("FLOE_PG_BIN", str(tmp_path))
    assert pg_server.find_bindir() == tmp_path
