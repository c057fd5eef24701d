"""Settings read from the environment (and a ``.env`` file beside the working directory)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_DATABASE = "floe.db"


@dataclass(frozen=True)
class Settings:
    """What the bot needs to run. Only the token is required; SQLite is the default database."""

    token: str = ""
    database: str = DEFAULT_DATABASE
    #: A guild to sync commands to instantly while developing (global sync can take an hour).
    dev_guild_id: int | None = None

    @classmethod
    def from_env(cls, env_file: str | Path | None = ".env") -> Settings:
        if env_file is not None and Path(env_file).exists():
            from dotenv import load_dotenv

            load_dotenv(env_file, override=False)
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip(),
            database=os.environ.get("DATABASE", "").strip() or DEFAULT_DATABASE,
            dev_guild_id=int(guild) if guild.isdigit() else None,
        )
