"""The deployment files: compose.yaml parses and wires PostgreSQL and the shards as the bot reads them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from bot.settings import Settings
from tests.support.settings import PROCESS_SETTINGS, settings_from

ROOT = Path(__file__).resolve().parents[1]


def _interpolate(value: str) -> str:
    """Compose's ``${VAR:-default}`` -> default; ``${VAR:?message}`` -> a stand-in value."""
    value = re.sub(r"\$\{\w+:-([^}]*)\}", r"\1", value)
    return re.sub(r"\$\{(\w+):\?[^}]*\}", r"<\1>", value)


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load((ROOT / "compose.yaml").read_text())


def _bots(compose: dict) -> dict[str, dict]:
    return {name: s for name, s in compose["services"].items() if "DATABASE" in s.get("environment", {})}


def _settings(service: dict, monkeypatch: pytest.MonkeyPatch) -> Settings:
    env = settings_from(monkeypatch, PROCESS_SETTINGS)
    return env(**{name: _interpolate(str(value)) for name, value in service["environment"].items()})


def test_postgresql_is_a_service_the_bots_wait_for(compose: dict) -> None:
    db = compose["services"]["db"]
    assert db["image"].startswith("postgres:")
    assert {"POSTGRES_USER", "POSTGRES_PASSWORD", "POSTGRES_DB"} <= set(db["environment"])
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    assert any(v.endswith(":/var/lib/postgresql/data") for v in db["volumes"])
    bots = _bots(compose)
    assert len(bots) == 2
    for bot in bots.values():
        assert bot["depends_on"]["db"]["condition"] == "service_healthy"
        assert bot["build"] == "." and (ROOT / "Dockerfile").exists()


def test_the_bots_share_one_database_and_split_the_shards(
    compose: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = [_settings(bot, monkeypatch) for bot in _bots(compose).values()]
    db = compose["services"]["db"]["environment"]
    urls = {s.database for s in settings}
    assert urls == {
        f"postgresql://{db['POSTGRES_USER']}:{_interpolate(db['POSTGRES_PASSWORD'])}@db:5432/{db['POSTGRES_DB']}"
    }
    counts = {s.shard_count for s in settings}
    assert counts == {2}
    shards = [set(s.shard_ids or ()) for s in settings]
    assert set.union(*shards) == set(range(2)) and sum(map(len, shards)) == 2  # each shard exactly once
    assert all(s.metrics_port == 9100 and s.metrics_host == "0.0.0.0" for s in settings)
    assert all(
        s.token == "<DISCORD_TOKEN>" for s in settings
    )  # required: compose refuses to start without it


def test_the_image_runs_the_bot_as_an_unprivileged_user() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert dockerfile.startswith("#") and "FROM python:3.11" in dockerfile
    assert 'CMD ["floe", "run"]' in dockerfile and "USER floe" in dockerfile
    assert "/health" in dockerfile  # the health check reads the metrics endpoint


def test_the_image_copies_every_package_the_project_installs() -> None:
    """``pip install -e .`` in the image finds only what was copied: a package left out (the
    computer players' ``ai``) would install without it and fail at the first computer seat."""
    dockerfile = (ROOT / "Dockerfile").read_text()
    pyproject = (ROOT / "pyproject.toml").read_text()
    include = re.search(r"^include = \[(.*)\]$", pyproject, re.M)
    assert include is not None
    packages = [p.strip(' "*') for p in include.group(1).split(",")]
    assert "ai" in packages and "games" in packages
    copied = set(re.findall(r"^COPY (\w+) \./\1$", dockerfile, re.M))
    assert set(packages) <= copied, f"not copied into the image: {sorted(set(packages) - copied)}"
    assert "COPY seeds ./seeds" in dockerfile  # the rulebooks /game rules sends
