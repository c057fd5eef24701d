"""Databases as older versions of the bot left them: a schema taken back before a migration, and
the finished games such a database holds."""

from __future__ import annotations

from bot.core.sessions import Sessions
from storage import Store

GUILD = 5
ALICE, BOB, CAROL = 11, 12, 13


async def finished_by_resignation(sessions: Sessions, channel: int, host: int, *others: int) -> int:
    """A game of Polar Derby in ``channel`` that ended by everyone but the last of ``others``
    resigning; its id."""
    reply = await sessions.new_game(channel_id=channel, guild_id=GUILD, user_id=host, game_name="polar-derby")
    for user in others:
        await sessions.join(channel, user)
    await sessions.start(channel, host)
    for user in (host, *others[:-1]):
        await sessions.resign(channel, user)
    assert reply.game_id is not None
    return reply.game_id


#: A game in play with its one seat and its one action, as the first schema (migration 1) holds
#: them: the same statements on SQLite and PostgreSQL.
FIRST_SCHEMA_ROWS = (
    "INSERT INTO games (id, guild_id, channel_id, game, options, seed, status, step, state, host_id, "
    "created_at, updated_at) VALUES (1, 5, 10, 'polar-derby', '{}', 3, 'active', 1, '{}', 1, 1.0, 1.0)",
    "INSERT INTO seats VALUES (1, 0, 1)",
    "INSERT INTO actions VALUES (1, 0, 0, 'roll', 1.0)",
)


#: The migration that adds results, ratings and reliability (storage/schema.py).
RATINGS_MIGRATION = 8


async def back_before_ratings(store: Store) -> None:
    """Undo the ratings migration (its tables) and the ones after it, keeping the games."""
    async with store._transaction() as tx:
        for departures in ("departure_notices", "departed_members"):
            await tx.run(f"DROP TABLE {departures}")  # migration 19
        await tx.run("DROP TABLE daily_digests")  # migration 18
        for league_table in ("league_byes", "league_tables", "league_players", "leagues"):
            await tx.run(f"DROP TABLE {league_table}")  # migration 17
        await tx.run("DROP TABLE user_languages")  # migration 16
        await tx.run("ALTER TABLE guild_settings DROP COLUMN language")
        await tx.run("DROP TABLE upgrades")  # migration 15
        await tx.run("DROP TABLE spectator_pages")  # migration 14
        await tx.run("ALTER TABLE guild_settings DROP COLUMN web")
        await tx.run("DROP TABLE identify_windows")  # migration 13
        await tx.run("DROP TABLE computer_turns")  # migration 12
        await tx.run("DROP INDEX one_seat_per_member")  # migration 11
        await tx.run("ALTER TABLE seats DROP COLUMN user_seat")
        await tx.run("DROP TABLE vacation_notices")  # migration 10
        await tx.run("DROP INDEX games_by_host")
        for column in ("lobbies_per_member", "running_over_finished"):
            await tx.run(f"ALTER TABLE guild_settings DROP COLUMN {column}")
        await tx.run("DROP TABLE owed_posts")  # migration 9
        for column in ("dm_failed", "dm_failed_at"):
            await tx.run(f"ALTER TABLE users DROP COLUMN {column}")
        for table in (
            "results",
            "result_players",
            "ratings",
            "seasons",
            "reliability",
            "notify",
            "lobby_conditions",
        ):
            await tx.run(f"DROP TABLE {table}")
        if store.backend == "sqlite":
            await tx.run(f"PRAGMA user_version = {RATINGS_MIGRATION - 1}")
        else:
            await tx.run(f"UPDATE schema_version SET version = {RATINGS_MIGRATION - 1}")
