"""The database schema as an ordered list of migrations.

``MIGRATIONS[i]`` upgrades a database from ``PRAGMA user_version = i`` to ``i + 1``. Never edit a
migration that has shipped: add a new one. The SQL is kept portable (no SQLite-only types beyond
what PostgreSQL also accepts) so a PostgreSQL backend can reuse it.
"""

from __future__ import annotations

MIGRATIONS: list[str] = [
    # 1: the first schema: games, seats and the append-only action log.
    """
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY,
        guild_id    INTEGER,
        channel_id  INTEGER NOT NULL,
        game        TEXT    NOT NULL,
        options     TEXT    NOT NULL,
        seed        INTEGER NOT NULL,
        status      TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        step        INTEGER NOT NULL DEFAULT 0,
        state       TEXT,
        host_id     INTEGER NOT NULL,
        created_at  REAL    NOT NULL,
        updated_at  REAL    NOT NULL
    );
    -- One open game per channel, enforced by the database.
    CREATE UNIQUE INDEX one_open_game_per_channel ON games (channel_id)
        WHERE status IN ('lobby', 'active');
    CREATE TABLE seats (
        game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat     INTEGER NOT NULL,
        user_id  INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX seats_by_user ON seats (user_id);
    CREATE TABLE actions (
        game_id    INTEGER NOT NULL REFERENCES games (id),
        step       INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        notation   TEXT    NOT NULL,
        created_at REAL    NOT NULL,
        PRIMARY KEY (game_id, step)
    );
    -- The action log is append-only.
    CREATE TRIGGER actions_never_updated BEFORE UPDATE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
    CREATE TRIGGER actions_never_deleted BEFORE DELETE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
    """,
    # 2: narration kept with each action (for /game log), the message that shows the board,
    #    and users: the display name last seen (so boards show names after a restart) and
    #    preferences.
    """
    ALTER TABLE actions ADD COLUMN narration TEXT NOT NULL DEFAULT '';
    ALTER TABLE games ADD COLUMN board_message_id INTEGER;
    CREATE TABLE users (
        user_id     INTEGER PRIMARY KEY,
        name        TEXT,
        dm_on_turn  INTEGER NOT NULL DEFAULT 0,
        dm_closed   INTEGER NOT NULL DEFAULT 0
    );
    """,
    # 3: reminders and deadlines (bot/core/scheduler.py, storage/clocks.py): per game the reminder
    #    interval, deadline and pause state; one row per awaited seat (when its wait began, the
    #    next reminder, its deadline, reminders sent; ``due_at`` is the earliest of those, NULL
    #    while paused, so the scheduler finds due work with one indexed query); per user a time
    #    zone, quiet hours (minutes after local midnight) and a vacation; the scheduler heartbeat.
    """
    CREATE TABLE clocks (
        game_id       INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        remind_every  REAL    NOT NULL DEFAULT 86400,
        deadline      REAL,
        stall_after   INTEGER NOT NULL DEFAULT 3,
        paused_at     REAL,
        pause_reason  TEXT,
        pause_votes   TEXT    NOT NULL DEFAULT '[]',
        stall_votes   TEXT    NOT NULL DEFAULT '{}'
    );
    CREATE TABLE waits (
        game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat         INTEGER NOT NULL,
        step         INTEGER NOT NULL,
        since        REAL    NOT NULL,
        shared       INTEGER NOT NULL DEFAULT 0,
        remind_at    REAL,
        deadline_at  REAL,
        reminders    INTEGER NOT NULL DEFAULT 0,
        reminded_at  REAL,
        snoozed      INTEGER NOT NULL DEFAULT 0,
        stalled      INTEGER NOT NULL DEFAULT 0,
        due_at       REAL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX waits_due ON waits (due_at) WHERE due_at IS NOT NULL;
    CREATE TABLE meta (
        key    TEXT PRIMARY KEY,
        value  REAL
    );
    ALTER TABLE users ADD COLUMN time_zone TEXT;
    ALTER TABLE users ADD COLUMN quiet_from INTEGER;
    ALTER TABLE users ADD COLUMN quiet_to INTEGER;
    ALTER TABLE users ADD COLUMN vacation_until REAL;
    """,
    # 4: per-server settings (storage/guilds.py; /floe config): whether games open in a thread
    #    by default, the default reminder interval and deadline of new games, a role that may
    #    host and moderate, a channel for games (NULL: not set, the bot's defaults apply); and
    #    ``bot_state``, text facts about the bot itself (the hash of the last synced command tree).
    """
    CREATE TABLE guild_settings (
        guild_id          INTEGER PRIMARY KEY,
        threads           INTEGER,
        remind_every      REAL,
        deadline          REAL,
        moderator_role_id INTEGER,
        games_channel_id  INTEGER
    );
    CREATE TABLE bot_state (
        key    TEXT PRIMARY KEY,
        value  TEXT NOT NULL
    );
    """,
    # 5: one living message per turn and automatic forced moves (bot/core/sessions.py): per game
    #    the step of the first action narrated in its turn message (``board_message_id``), NULL
    #    before the first; per user whether the bot may play their forced moves (1: yes).
    """
    ALTER TABLE games ADD COLUMN turn_step INTEGER;
    ALTER TABLE users ADD COLUMN auto_play INTEGER NOT NULL DEFAULT 1;
    """,
]

SCHEMA_VERSION = len(MIGRATIONS)
