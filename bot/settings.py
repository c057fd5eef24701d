"""Settings read from the environment (and a ``.env`` file beside the working directory)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from util.records import frozen

DEFAULT_DATABASE = "floe.db"
#: The port ``floe web`` listens on when ``WEB_PORT`` does not say.
DEFAULT_WEB_PORT = 8080


class SettingsError(ValueError):
    """A setting that cannot be used; the message names it and says what it should be."""


@frozen
class Settings:
    """What the bot needs to run. Only the token is required; SQLite is the default database."""

    token: str = ""
    #: A SQLite path (or ``sqlite:///path``), or ``postgresql://user:password@host/db``.
    database: str = DEFAULT_DATABASE
    #: A guild to sync commands to instantly while developing (global sync can take an hour).
    dev_guild_id: int | None = None
    #: Gateway shards of the whole bot (None: one process, discord.py decides).
    shard_count: int | None = None
    #: The shards this process runs (None: all of ``shard_count``).
    shard_ids: tuple[int, ...] | None = None
    #: A local HTTP port for /metrics (Prometheus) and /health (None: no endpoint).
    metrics_port: int | None = None
    #: The address the endpoint listens on: loopback unless told (``0.0.0.0`` in a container
    #: that a Prometheus beside it scrapes).
    metrics_host: str = "127.0.0.1"
    #: A fixed search budget (iterations) for computer players instead of each level's time
    #: budget: deterministic, for tests (``FLOE_AI_ITERATIONS``; None: the time budgets).
    ai_iterations: int | None = None
    #: Let the computer play a missed deadline where the game rules it safe
    #: (``FLOE_COMPUTER_DEFAULTS=1``; otherwise the rulebook default applies).
    computer_defaults: bool = False
    #: The port of the games' web pages: ``floe web`` listens there (default 8080), and ``floe
    #: run`` serves them too when it is set (None: ``floe run`` serves no pages).
    web_port: int | None = None
    #: The address the web pages listen on: loopback unless told (``0.0.0.0`` behind a proxy
    #: in another container).
    web_host: str = "127.0.0.1"
    #: The public address of the web pages (``https://floe.example.org``): with it the turn
    #: message links to the game's page and ``/game link`` gives it ("": no links).
    web_url: str = ""

    @classmethod
    def from_env(cls, env_file: str | Path | None = ".env") -> Settings:
        if env_file is not None and Path(env_file).exists():
            from dotenv import load_dotenv

            load_dotenv(env_file, override=False)
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        shard_count = _positive("SHARD_COUNT", os.environ.get("SHARD_COUNT", ""))
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip(),
            database=os.environ.get("DATABASE", "").strip() or DEFAULT_DATABASE,
            dev_guild_id=int(guild) if guild.isdigit() else None,
            shard_count=shard_count,
            shard_ids=parse_shard_ids(os.environ.get("SHARD_IDS", ""), shard_count),
            metrics_port=parse_port(os.environ.get("METRICS_PORT", ""), "METRICS_PORT"),
            metrics_host=os.environ.get("METRICS_HOST", "").strip() or "127.0.0.1",
            ai_iterations=_positive("FLOE_AI_ITERATIONS", os.environ.get("FLOE_AI_ITERATIONS", "")),
            computer_defaults=os.environ.get("FLOE_COMPUTER_DEFAULTS", "").strip().lower()
            in ("1", "true", "yes"),
            web_port=parse_port(os.environ.get("WEB_PORT", ""), "WEB_PORT"),
            web_host=os.environ.get("WEB_HOST", "").strip() or "127.0.0.1",
            web_url=parse_web_url(os.environ.get("WEB_URL", "")),
        )


def pages_address(settings: Settings) -> str:
    """Where people reach the games' pages: ``WEB_URL``, else where ``floe web`` listens."""
    return settings.web_url or f"http://{settings.web_host}:{settings.web_port or DEFAULT_WEB_PORT}"


def same_database(a: str, b: str) -> bool:
    """Whether two ``DATABASE`` values name the same SQLite file (a path or ``sqlite:///path``)."""

    def sqlite_file(url: str) -> Path | None:
        path = url.removeprefix("sqlite:///")
        return None if "://" in path or path == ":memory:" else Path(path).resolve()

    file = sqlite_file(a)
    return file is not None and file == sqlite_file(b)


def _positive(name: str, text: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or int(text) < 1:
        raise SettingsError(f"{name} must be a whole number of at least 1, not {text!r}")
    return int(text)


def parse_shard_ids(text: str, shard_count: int | None) -> tuple[int, ...] | None:
    """``"0,1"``, ``"0 1"`` or ``"2-3"`` -> the shard numbers, each below ``shard_count``."""
    text = text.strip()
    if not text:
        return None
    if shard_count is None:
        raise SettingsError("SHARD_IDS needs SHARD_COUNT (the number of shards of the whole bot)")
    ids: list[int] = []
    for part in re.split(r"[,\s]+", text):
        m = re.fullmatch(r"(\d+)(?:-(\d+))?", part)
        if m is None:
            raise SettingsError(f"SHARD_IDS is a list like 0,1 or a range like 0-3, not {text!r}")
        first, last = int(m[1]), int(m[2] or m[1])
        ids += range(first, last + 1)
    if not ids or max(ids) >= shard_count:
        raise SettingsError(
            f"SHARD_IDS must be between 0 and {shard_count - 1} (SHARD_COUNT is {shard_count})"
        )
    return tuple(sorted(set(ids)))


def parse_port(text: str, name: str = "METRICS_PORT") -> int | None:
    """``METRICS_PORT``, ``WEB_PORT``: a TCP port (1-65535), or empty for none."""
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise SettingsError(f"{name} must be a port number between 1 and 65535, not {text!r}")
    return int(text)


def parse_web_url(text: str) -> str:
    """``WEB_URL``: the web pages' public address, ``http(s)://host[/path]`` (empty: none)."""
    text = text.strip().rstrip("/")
    if text and not re.fullmatch(r"https?://[^\s/?#]+(/[^\s?#]*)?", text):
        raise SettingsError(f"WEB_URL must be an address like https://floe.example.org, not {text!r}")
    return text
