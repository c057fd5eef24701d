"""The database schema as one ordered list of migrations, for both stores.

``MIGRATIONS[i]`` upgrades a database from version ``i`` to ``i + 1`` (SQLite keeps the version
in ``PRAGMA user_version``, PostgreSQL in the one-row table ``schema_version``). Never edit a
migration that has shipped: add a new one.

Each migration is written once in meaning. :attr:`Migration.sqlite` is the SQLite text;
:attr:`Migration.postgres` is the PostgreSQL text where the SQL differs (identity columns, BIGINT
for Discord ids, DOUBLE PRECISION for times, triggers as functions), ``None`` where the SQLite
text runs on PostgreSQL as it is. To add a migration: append ``Migration(sqlite=...)``; give it
``postgres=...`` when it uses a type or a construct PostgreSQL spells differently (the storage
tests run every migration on both).
"""

from __future__ import annotations

from util.records import frozen


@frozen
class Migration:
    sqlite: str
    postgres: str | None = None

    def text_for(self, backend: str) -> str:
        """The SQL of this migration for ``backend`` (``"sqlite"`` or ``"postgresql"``)."""
        if backend == "postgresql" and self.postgres is not None:
            return self.postgres
        return self.sqlite


# 1: the first schema: games, seats and the append-only action log.
_M1_SQLITE = """
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
    """

# 2: narration kept with each action (for /game log), the message that shows the board,
#    and users: the display name last seen (so boards show names after a restart) and
#    preferences.
_M2_SQLITE = """
    ALTER TABLE actions ADD COLUMN narration TEXT NOT NULL DEFAULT '';
    ALTER TABLE games ADD COLUMN board_message_id INTEGER;
    CREATE TABLE users (
        user_id     INTEGER PRIMARY KEY,
        name        TEXT,
        dm_on_turn  INTEGER NOT NULL DEFAULT 0,
        dm_closed   INTEGER NOT NULL DEFAULT 0
    );
    """

# 3: reminders and deadlines (bot/core/scheduler/, storage/clocks.py): per game the reminder
#    interval, deadline and pause state; one row per awaited seat (when its wait began, the
#    next reminder, its deadline, reminders sent; ``due_at`` is the earliest of those, NULL
#    while paused, so the scheduler finds due work with one indexed query); per user a time
#    zone, quiet hours (minutes after local midnight) and a vacation; the scheduler heartbeat.
_M3_SQLITE = """
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
    """
_M1_POSTGRES = """
    CREATE TABLE games (
        id          BIGINT  GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        guild_id    BIGINT,
        channel_id  BIGINT  NOT NULL,
        game        TEXT    NOT NULL,
        options     TEXT    NOT NULL,
        seed        BIGINT  NOT NULL,
        status      TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        step        INTEGER NOT NULL DEFAULT 0,
        state       TEXT,
        host_id     BIGINT  NOT NULL,
        created_at  DOUBLE PRECISION NOT NULL,
        updated_at  DOUBLE PRECISION NOT NULL
    );
    CREATE UNIQUE INDEX one_open_game_per_channel ON games (channel_id)
        WHERE status IN ('lobby', 'active');
    -- Deferrable to the end of each statement: closing a gap (seat = seat - 1) moves many rows.
    CREATE TABLE seats (
        game_id  BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat     INTEGER NOT NULL,
        user_id  BIGINT  NOT NULL,
        PRIMARY KEY (game_id, seat) DEFERRABLE INITIALLY IMMEDIATE
    );
    CREATE INDEX seats_by_user ON seats (user_id);
    CREATE TABLE actions (
        game_id    BIGINT  NOT NULL REFERENCES games (id),
        step       INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        notation   TEXT    NOT NULL,
        created_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, step)
    );
    CREATE FUNCTION actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the action log is append-only' USING ERRCODE = 'restrict_violation'; END
    $$;
    CREATE TRIGGER actions_never_updated BEFORE UPDATE ON actions
        FOR EACH ROW EXECUTE FUNCTION actions_append_only();
    CREATE TRIGGER actions_never_deleted BEFORE DELETE ON actions
        FOR EACH ROW EXECUTE FUNCTION actions_append_only();
    CREATE TRIGGER actions_never_truncated BEFORE TRUNCATE ON actions
        FOR EACH STATEMENT EXECUTE FUNCTION actions_append_only();
"""

_M2_POSTGRES = """
    ALTER TABLE actions ADD COLUMN narration TEXT NOT NULL DEFAULT '';
    ALTER TABLE games ADD COLUMN board_message_id BIGINT;
    CREATE TABLE users (
        user_id     BIGINT  PRIMARY KEY,
        name        TEXT,
        dm_on_turn  INTEGER NOT NULL DEFAULT 0,
        dm_closed   INTEGER NOT NULL DEFAULT 0
    );
"""

_M3_POSTGRES = """
    CREATE TABLE clocks (
        game_id       BIGINT  PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        remind_every  DOUBLE PRECISION NOT NULL DEFAULT 86400,
        deadline      DOUBLE PRECISION,
        stall_after   INTEGER NOT NULL DEFAULT 3,
        paused_at     DOUBLE PRECISION,
        pause_reason  TEXT,
        pause_votes   TEXT    NOT NULL DEFAULT '[]',
        stall_votes   TEXT    NOT NULL DEFAULT '{}'
    );
    CREATE TABLE waits (
        game_id      BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat         INTEGER NOT NULL,
        step         INTEGER NOT NULL,
        since        DOUBLE PRECISION NOT NULL,
        shared       INTEGER NOT NULL DEFAULT 0,
        remind_at    DOUBLE PRECISION,
        deadline_at  DOUBLE PRECISION,
        reminders    INTEGER NOT NULL DEFAULT 0,
        reminded_at  DOUBLE PRECISION,
        snoozed      INTEGER NOT NULL DEFAULT 0,
        stalled      INTEGER NOT NULL DEFAULT 0,
        due_at       DOUBLE PRECISION,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX waits_due ON waits (due_at) WHERE due_at IS NOT NULL;
    CREATE TABLE meta (
        key    TEXT PRIMARY KEY,
        value  DOUBLE PRECISION
    );
    ALTER TABLE users ADD COLUMN time_zone TEXT;
    ALTER TABLE users ADD COLUMN quiet_from INTEGER;
    ALTER TABLE users ADD COLUMN quiet_to INTEGER;
    ALTER TABLE users ADD COLUMN vacation_until DOUBLE PRECISION;
"""

# 4 (leases): the scheduler's claim on a game's due work, so that several bot processes on one
#    database each handle a reminder or a deadline once (storage/clocks.py, ClockStore.claim_due):
#    who holds the game's clock row and until when; a lease past its time is free again.
_M4_LEASES_SQLITE = """
    ALTER TABLE clocks ADD COLUMN lease_owner TEXT;
    ALTER TABLE clocks ADD COLUMN lease_until REAL;
"""
_M4_LEASES_POSTGRES = """
    ALTER TABLE clocks ADD COLUMN lease_owner TEXT;
    ALTER TABLE clocks ADD COLUMN lease_until DOUBLE PRECISION;
"""

# 5: per-server settings (storage/guilds.py; /floe config): whether games open in a thread by
#    default, the default reminder interval and deadline of new games, a role that may host and
#    moderate, a channel for games (NULL: not set, the bot's defaults apply); and ``bot_state``,
#    text facts about the bot itself (the hash of the last synced command tree).
_M5_GUILDS_SQLITE = """
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
"""
_M5_GUILDS_POSTGRES = """
    CREATE TABLE guild_settings (
        guild_id          BIGINT  PRIMARY KEY,
        threads           INTEGER,
        remind_every      DOUBLE PRECISION,
        deadline          DOUBLE PRECISION,
        moderator_role_id BIGINT,
        games_channel_id  BIGINT
    );
    CREATE TABLE bot_state (
        key    TEXT PRIMARY KEY,
        value  TEXT NOT NULL
    );
"""

# 6: one living message per turn and automatic forced moves (bot/core/sessions/): per game the
#    step of the first action narrated in its turn message (``board_message_id``), NULL before the
#    first; per user whether the bot may play their forced moves (1: yes). Portable SQL.
_M6_TURNS = """
    ALTER TABLE games ADD COLUMN turn_step INTEGER;
    ALTER TABLE users ADD COLUMN auto_play INTEGER NOT NULL DEFAULT 1;
"""

# 7 (computer players): ``seats.computer`` holds the level ("easy", "normal", "hard") of a seat
#    the computer plays, NULL for a person. Such a seat also has a reserved synthetic user id
#    (negative, one per level and number: bot/core/computer_seats.py), so nothing that keys on user
#    ids mixes two computer seats or a computer with a person.
_M7_COMPUTERS = """
    ALTER TABLE seats ADD COLUMN computer TEXT;
"""

# 8 (ratings and summaries; storage/ratings.py): the result of every finished game (``results``,
#    one row per game, and ``result_players``, one row per person: rank, won, resigned), the
#    skill ratings (``ratings``: per server and season, and across servers as scope 0 season 0),
#    per-server seasons, each person's reliability counters, and the users who asked to hear of
#    new lobbies of a game, and a lobby's condition on who may join (``lobby_conditions``: the
#    least share of finished games, in percent). Outcomes come from the rules (storage cannot compute them), so the
#    rows of games finished before this migration are filled by the bot on start
#    (bot/core/ratings.py, ``fill_missing``): the migration marks that with ``bot_state``.
_M8_RATINGS_SQLITE = """
    CREATE TABLE results (
        game_id      INTEGER PRIMARY KEY REFERENCES games (id),
        guild_id     INTEGER,
        season       INTEGER NOT NULL,
        game         TEXT    NOT NULL,
        finished_at  REAL    NOT NULL,
        computers    INTEGER NOT NULL,
        rated        INTEGER NOT NULL
    );
    CREATE INDEX results_in_order ON results (finished_at, game_id);
    CREATE TABLE result_players (
        game_id    INTEGER NOT NULL REFERENCES games (id),
        user_id    INTEGER NOT NULL,
        guild_id   INTEGER,
        game       TEXT    NOT NULL,
        computers  INTEGER NOT NULL,
        place      INTEGER NOT NULL,
        won        INTEGER NOT NULL,
        resigned   INTEGER NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX result_players_by_user ON result_players (user_id, game);
    CREATE INDEX result_players_by_guild ON result_players (guild_id, computers, game);
    CREATE TABLE ratings (
        scope    INTEGER NOT NULL,
        season   INTEGER NOT NULL,
        game     TEXT    NOT NULL,
        user_id  INTEGER NOT NULL,
        mu       REAL    NOT NULL,
        sigma    REAL    NOT NULL,
        ordinal  REAL    NOT NULL,
        games    INTEGER NOT NULL,
        won      INTEGER NOT NULL,
        PRIMARY KEY (scope, season, game, user_id)
    );
    CREATE INDEX ratings_board ON ratings (scope, season, game, ordinal);
    CREATE TABLE seasons (
        guild_id    INTEGER NOT NULL,
        season      INTEGER NOT NULL,
        started_at  REAL    NOT NULL,
        PRIMARY KEY (guild_id, season)
    );
    CREATE TABLE reliability (
        user_id   INTEGER PRIMARY KEY,
        finished  INTEGER NOT NULL DEFAULT 0,
        resigned  INTEGER NOT NULL DEFAULT 0,
        replaced  INTEGER NOT NULL DEFAULT 0,
        missed    INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE notify (
        guild_id  INTEGER NOT NULL,
        game      TEXT    NOT NULL,
        user_id   INTEGER NOT NULL,
        PRIMARY KEY (guild_id, game, user_id)
    );
    CREATE TABLE lobby_conditions (
        game_id       INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        min_finished  INTEGER NOT NULL
    );
"""
_M8_RATINGS_POSTGRES = (
    _M8_RATINGS_SQLITE.replace("INTEGER PRIMARY KEY REFERENCES", "BIGINT PRIMARY KEY REFERENCES")
    .replace("user_id    INTEGER", "user_id    BIGINT")
    .replace("user_id  INTEGER", "user_id  BIGINT")
    .replace("user_id   INTEGER", "user_id   BIGINT")
    .replace("guild_id     INTEGER", "guild_id     BIGINT")
    .replace("guild_id   INTEGER", "guild_id   BIGINT")
    .replace("guild_id    INTEGER", "guild_id    BIGINT")
    .replace("guild_id  INTEGER", "guild_id  BIGINT")
    .replace("scope    INTEGER", "scope    BIGINT")
    .replace("game_id    INTEGER", "game_id    BIGINT")
    .replace("game_id       INTEGER", "game_id       BIGINT")
    .replace("REAL", "DOUBLE PRECISION")
)

# 9 (owed posts; storage/owed.py): what a committed change still owes the players, written in the
#    change's own transaction and deleted by the post that delivers it: the public post of the game
#    at ``step`` (``board``), the users to ping (``pings``) and those owed a private note
#    (``notes``; ids separated by spaces, a user once per owed note), since when, and the lease of
#    the process posting it (the committing one first), the next retry and the failed attempts.
#    Boards owed before (``bot_state`` keys ``board_owed:<game>``) become rows pinging nobody. Per
#    user, the last failure of a DM to them (``dm_failed``: Discord's code, or the HTTP status of
#    a server error) and when (``dm_failed_at``), NULL once a DM went through.
_M9_OWED_SQLITE = """
    CREATE TABLE owed_posts (
        game_id      INTEGER PRIMARY KEY,
        step         INTEGER NOT NULL,
        board        INTEGER NOT NULL,
        pings        TEXT    NOT NULL,
        notes        TEXT    NOT NULL,
        since        REAL    NOT NULL,
        lease_owner  TEXT,
        lease_until  REAL,
        retry_at     REAL    NOT NULL DEFAULT 0,
        attempts     INTEGER NOT NULL DEFAULT 0
    );
    INSERT INTO owed_posts (game_id, step, board, pings, notes, since)
        SELECT g.id, g.step, 1, '', '', g.updated_at FROM bot_state b JOIN games g ON b.key = 'board_owed:' || g.id;
    DELETE FROM bot_state WHERE substr(key, 1, 11) = 'board_owed:';
    ALTER TABLE users ADD COLUMN dm_failed INTEGER;
    ALTER TABLE users ADD COLUMN dm_failed_at REAL;
"""
_M9_OWED_POSTGRES = (
    _M9_OWED_SQLITE.replace("game_id      INTEGER", "game_id      BIGINT")
    .replace("REAL", "DOUBLE PRECISION")
    .replace("'board_owed:' || g.id", "'board_owed:' || g.id::text")
)

# 10 (bounds on noise and hoarding; bot/core/lobbies.py, bot/core/scheduler/): when each
#    ``/notify-me`` subscriber was last mentioned for a new lobby of that game in that server
#    (``notify.notified_at``: at most once an hour); when each game's table was last told of a
#    player's vacation (``vacation_notices``: at most once a day); a server's bounds per member
#    (``guild_settings``: open lobbies, and unfinished games over finished ones; NULL: the
#    defaults); and the games a member opened, by when (``games_by_host``: the bounds count them).
_M10_BOUNDS_SQLITE = """
    ALTER TABLE notify ADD COLUMN notified_at REAL;
    CREATE TABLE vacation_notices (
        game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id     INTEGER NOT NULL,
        noticed_at  REAL    NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    ALTER TABLE guild_settings ADD COLUMN lobbies_per_member INTEGER;
    ALTER TABLE guild_settings ADD COLUMN running_over_finished INTEGER;
    CREATE INDEX games_by_host ON games (host_id, created_at);
"""
_M10_BOUNDS_POSTGRES = (
    _M10_BOUNDS_SQLITE.replace("game_id     INTEGER", "game_id     BIGINT")
    .replace("user_id     INTEGER", "user_id     BIGINT")
    .replace("REAL", "DOUBLE PRECISION")
)

# 11 (one seat per member; storage/store.py ``add_seat``): ``seats.user_seat`` says which of its
#     user's seats at the table a seat is (0: the first). Only local play (one keyboard, bot/terminal)
#     seats one user several times, so everywhere else a member's second seat is refused by the
#     unique index, whichever process adds it. Seats taken twice before it are numbered apart.
_M11_SEATS = """
    ALTER TABLE seats ADD COLUMN user_seat INTEGER NOT NULL DEFAULT 0;
    UPDATE seats SET user_seat = (
        SELECT COUNT(*) FROM seats AS earlier
        WHERE earlier.game_id = seats.game_id AND earlier.user_id = seats.user_id AND earlier.seat < seats.seat
    );
    CREATE UNIQUE INDEX one_seat_per_member ON seats (game_id, user_id, user_seat);
"""

# 12 (a computer decision thought once; bot/core/computers.py, storage/computer_turns.py): one row
#     per game whose computer seats a process looked at: the step it claimed, who holds the claim
#     (NULL: looked at, nothing for a computer to decide at that step) and until when.
_M12_COMPUTER_TURNS_SQLITE = """
    CREATE TABLE computer_turns (
        game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        step         INTEGER NOT NULL,
        lease_owner  TEXT,
        lease_until  REAL    NOT NULL
    );
"""
_M12_COMPUTER_TURNS_POSTGRES = _M12_COMPUTER_TURNS_SQLITE.replace(
    "INTEGER PRIMARY", "BIGINT PRIMARY"
).replace("REAL", "DOUBLE PRECISION")

# 13 (shards identify in Discord's order across processes; bot/adapter/identify.py,
#     storage/identify.py): per identify bucket (``shard_id % max_concurrency``), which shard of
#     which process identifies in it and until when its window lasts.
_M13_IDENTIFY_SQLITE = """
    CREATE TABLE identify_windows (
        bucket  INTEGER PRIMARY KEY,
        holder  TEXT    NOT NULL,
        until   REAL    NOT NULL
    );
"""
_M13_IDENTIFY_POSTGRES = _M13_IDENTIFY_SQLITE.replace("REAL", "DOUBLE PRECISION")

# 14 (a page per game on the web; storage/spectators.py, bot/core/spectators.py): each game's
#     unguessable page address (``spectator_pages.token``, made the first time a page is asked
#     for), and whether a server shows its games' pages (``guild_settings.web``: NULL or 1 shows
#     them, 0 turns them off).
_M14_PAGES_SQLITE = """
    CREATE TABLE spectator_pages (
        game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        token       TEXT    NOT NULL UNIQUE,
        created_at  REAL    NOT NULL
    );
    ALTER TABLE guild_settings ADD COLUMN web INTEGER;
"""
_M14_PAGES_POSTGRES = _M14_PAGES_SQLITE.replace("game_id     INTEGER", "game_id     BIGINT").replace(
    "REAL", "DOUBLE PRECISION"
)

# 15 (one-off upgrade steps; storage/upgrades.py, bot/core/upgrades.py): one row per step, once
#     claimed: who holds the claim and until when, and when the step was done (NULL: not yet). The
#     names made safe before, marked by a ``bot_state`` fact, count as a step done.
_M15_UPGRADES_SQLITE = """
    CREATE TABLE upgrades (
        name     TEXT PRIMARY KEY,
        holder   TEXT,
        until    REAL,
        done_at  REAL
    );
    INSERT INTO upgrades (name, done_at) SELECT key, 0 FROM bot_state WHERE key = 'names made safe';
    DELETE FROM bot_state WHERE key = 'names made safe';
"""
_M15_UPGRADES_POSTGRES = _M15_UPGRADES_SQLITE.replace("REAL", "DOUBLE PRECISION")

# 16 (languages; bot/core/readers.py): the language a person chose with ``/settings`` (NULL:
#     their Discord's) and the one their Discord last said (for what reaches them outside an
#     interaction: DMs, reminders), and the language a server chose for its games' public texts
#     (``guild_settings.language``; NULL: the server's Discord language).
_M16_LANGUAGES_SQLITE = """
    CREATE TABLE user_languages (
        user_id  INTEGER PRIMARY KEY,
        chosen   TEXT,
        seen     TEXT
    );
    ALTER TABLE guild_settings ADD COLUMN language TEXT;
"""
_M16_LANGUAGES_POSTGRES = _M16_LANGUAGES_SQLITE.replace("user_id  INTEGER", "user_id  BIGINT ")

# 17 (leagues; storage/leagues.py, bot/core/leagues/): leagues, who signed up, each round's tables
#     (set once: their game, their half-points) and byes.
_M17_LEAGUES_SQLITE = """
    CREATE TABLE leagues (
        id             INTEGER PRIMARY KEY,
        guild_id       INTEGER NOT NULL,
        channel_id     INTEGER NOT NULL,
        game           TEXT    NOT NULL,
        options        TEXT    NOT NULL,
        format         TEXT    NOT NULL CHECK (format IN ('swiss', 'round robin')),
        seats          INTEGER NOT NULL,
        rounds         INTEGER NOT NULL,
        round_seconds  REAL    NOT NULL,
        move_seconds   REAL,
        leftover       TEXT    NOT NULL CHECK (leftover IN ('bye', 'computer')),
        status         TEXT    NOT NULL CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
        host_id        INTEGER NOT NULL,
        round          INTEGER NOT NULL DEFAULT 0,
        round_ends     REAL,
        starts_at      REAL,
        created_at     REAL    NOT NULL
    );
    CREATE INDEX leagues_by_server ON leagues (guild_id, status);
    CREATE TABLE league_players (
        league_id  INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
        user_id    INTEGER NOT NULL,
        joined     REAL    NOT NULL,
        withdrawn  BOOLEAN NOT NULL DEFAULT FALSE,
        PRIMARY KEY (league_id, user_id)
    );
    CREATE INDEX league_players_by_user ON league_players (user_id);
    CREATE TABLE league_tables (
        league_id  INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
        round      INTEGER NOT NULL,
        number     INTEGER NOT NULL,
        players    TEXT    NOT NULL,
        computers  INTEGER NOT NULL,
        game_id    INTEGER,
        halves     TEXT,
        PRIMARY KEY (league_id, round, number)
    );
    CREATE UNIQUE INDEX league_tables_by_game ON league_tables (game_id);
    CREATE TABLE league_byes (
        league_id  INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
        round      INTEGER NOT NULL,
        user_id    INTEGER NOT NULL,
        PRIMARY KEY (league_id, round, user_id)
    );
"""
_M17_LEAGUES_POSTGRES = (
    _M17_LEAGUES_SQLITE.replace(
        "id             INTEGER PRIMARY KEY",
        "id             BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
    )
    .replace("INTEGER NOT NULL", "BIGINT NOT NULL")
    .replace("game_id    INTEGER", "game_id    BIGINT")
    .replace("REAL", "DOUBLE PRECISION")
)

# 18 (a daily digest; storage/daily_digests.py, bot/core/scheduler/daily_digest.py): per person
#     who asked for one, the time of day it comes (minutes after their local midnight), whether it
#     comes instead of turn DMs, when the next one is due (UTC seconds, indexed: the scheduler's
#     one query), the local day of the last one sent (the conditional UPDATE that makes it once a
#     day) and since when the next one tells what happened.
_M18_DAILY_DIGESTS_SQLITE = """
    CREATE TABLE daily_digests (
        user_id         INTEGER PRIMARY KEY,
        at_minute       INTEGER NOT NULL,
        instead_of_dms  INTEGER NOT NULL DEFAULT 0,
        next_at         REAL    NOT NULL,
        last_day        TEXT,
        since           REAL    NOT NULL
    );
    CREATE INDEX daily_digests_due ON daily_digests (next_at);
"""
_M18_DAILY_DIGESTS_POSTGRES = _M18_DAILY_DIGESTS_SQLITE.replace(
    "user_id         INTEGER", "user_id         BIGINT "
).replace("REAL", "DOUBLE PRECISION")

# 19 (members who leave; storage/departures.py, bot/core/scheduler/departures.py): who left which
#     server while seated (no longer pinged, reminded or DMed for its games until they come back),
#     and which games were told of each departure (the primary key makes it once per game across
#     processes).
_M19_DEPARTURES_SQLITE = """
    CREATE TABLE departed_members (
        guild_id  INTEGER NOT NULL,
        user_id   INTEGER NOT NULL,
        left_at   REAL    NOT NULL,
        PRIMARY KEY (guild_id, user_id)
    );
    CREATE TABLE departure_notices (
        game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id   INTEGER NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
"""
_M19_DEPARTURES_POSTGRES = _M19_DEPARTURES_SQLITE.replace("INTEGER NOT NULL", "BIGINT  NOT NULL").replace(
    "REAL", "DOUBLE PRECISION"
)

MIGRATIONS: list[Migration] = [
    Migration(_M1_SQLITE, _M1_POSTGRES),
    Migration(_M2_SQLITE, _M2_POSTGRES),
    Migration(_M3_SQLITE, _M3_POSTGRES),
    Migration(_M4_LEASES_SQLITE, _M4_LEASES_POSTGRES),
    Migration(_M5_GUILDS_SQLITE, _M5_GUILDS_POSTGRES),
    Migration(_M6_TURNS),
    Migration(_M7_COMPUTERS),
    Migration(_M8_RATINGS_SQLITE, _M8_RATINGS_POSTGRES),
    Migration(_M9_OWED_SQLITE, _M9_OWED_POSTGRES),
    Migration(_M10_BOUNDS_SQLITE, _M10_BOUNDS_POSTGRES),
    Migration(_M11_SEATS),
    Migration(_M12_COMPUTER_TURNS_SQLITE, _M12_COMPUTER_TURNS_POSTGRES),
    Migration(_M13_IDENTIFY_SQLITE, _M13_IDENTIFY_POSTGRES),
    Migration(_M14_PAGES_SQLITE, _M14_PAGES_POSTGRES),
    Migration(_M15_UPGRADES_SQLITE, _M15_UPGRADES_POSTGRES),
    Migration(_M16_LANGUAGES_SQLITE, _M16_LANGUAGES_POSTGRES),
    Migration(_M17_LEAGUES_SQLITE, _M17_LEAGUES_POSTGRES),
    Migration(_M18_DAILY_DIGESTS_SQLITE, _M18_DAILY_DIGESTS_POSTGRES),
    Migration(_M19_DEPARTURES_SQLITE, _M19_DEPARTURES_POSTGRES),
]

SCHEMA_VERSION = len(MIGRATIONS)
