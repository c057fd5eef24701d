"""The ``floe`` command line: run the Discord bot, play locally, list the games.

    floe run                                  connect to Discord (DISCORD_TOKEN from .env)
    floe sync                                 push the slash commands to Discord now, then exit
    floe web                                  serve the games' pages (WEB_PORT, default 8080)
    floe web --list                           list the pages it serves, then exit
    floe play polar-derby --players 3         every seat at this terminal
    floe play ice-team --computer 2:normal    one person against the computer
    floe play thin-ice --computer all         the computer plays itself; prints the result
    floe games                                the games, their seat counts and options
    floe db copy --from URL --to URL          copy a database (SQLite <-> PostgreSQL), then check it
    floe db upgrade                           migrate the database and run the pending upgrade steps
    floe ratings rebuild                      recompute every rating from the finished games

``floe`` alone and ``python -m bot`` mean ``floe run``.

What ``floe play`` and ``floe games`` print is told in the player's language (``--lang``, else
the locale's); the ``--help`` texts and the operators' commands (``run``, ``sync``, ``web``,
``db``, ``ratings``) are English, like the logs those commands write.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import logging
import os
import sys
from collections.abc import Sequence
from typing import TextIO

import bot
from bot.core.catalogue import ENGLISH, GameError, Language, Text, all_games, language, say, say_n, tell
from bot.core.databases import CopyRefused, copy_database, open_database
from bot.core.languages import PSEUDO_LANGUAGE
from bot.core.readers import NAMES, SPOKEN, locale_language
from bot.settings import Settings, SettingsError, pages_address, same_database

LOG_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"

NO_TOKEN_HELP = """\
floe: no Discord token. The bot needs DISCORD_TOKEN to connect.

To get one:
  1. Create an application at https://discord.com/developers/applications
  2. On its Bot tab, press "Reset Token" and copy the token.
  3. Put it in a file named .env in this folder (copy .env.example to .env and fill it in):
         DISCORD_TOKEN=your-token-here
         DATABASE=floe.db          # optional, SQLite file (default floe.db)
         DEV_GUILD_ID=1234567890   # optional: sync slash commands to one server instantly
  4. Invite the bot: OAuth2 -> URL Generator, scopes "bot" and "applications.commands", and the
     permissions Send Messages, Send Messages in Threads, Create Public Threads, Attach Files,
     Embed Links and Read Message History. No privileged intents are needed.
  5. Run `floe run` (or `python -m bot`) again.

Meanwhile, try the games locally:  floe play polar-derby --players 3
(`floe games` lists them all; `floe --help` shows every command.)
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="floe",
        description="Floe: five polar board games, on Discord or at one terminal.",
        epilog="Without a command, floe runs the Discord bot (like `floe run`).",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    run = sub.add_parser(
        "run", help="run the Discord bot (needs DISCORD_TOKEN)", description="Run the Discord bot."
    )
    run.add_argument("--log-level", default="INFO", help="logging level (default INFO)")
    run.add_argument("--env-file", default=".env", help="settings file to read (default .env)")

    sync = sub.add_parser(
        "sync",
        help="push the slash commands to Discord now (the bot syncs by itself when they change)",
        description="Sync the slash commands now, then exit (with DEV_GUILD_ID: to that server only).",
    )
    sync.add_argument("--log-level", default="WARNING", help="logging level (default WARNING)")
    sync.add_argument("--env-file", default=".env", help="settings file to read (default .env)")

    web = sub.add_parser(
        "web",
        help="serve a page per game for spectators, from the bot's database",
        description="Serve the games' web pages (live boards and replays) from DATABASE, on WEB_PORT "
        "(default 8080) at WEB_HOST (default 127.0.0.1). Runs beside any number of bots.",
    )
    web.add_argument("--env-file", default=".env", help="settings file to read (default .env)")
    web.add_argument(
        "--list",
        action="store_true",
        help="list the games whose pages it serves (their addresses), then exit",
    )

    names = [game.name for game in all_games()]
    play = sub.add_parser(
        "play",
        help="play a game with every seat at this terminal",
        description="Play a game at this terminal through the same session service as the bot.",
        epilog="Examples: floe play polar-derby --players 3 --option no_risk --names Ann,Bob,Cy\n"
        "          floe play ice-team --players 1 --computer 1:normal\n"
        "          floe play polar-derby --players 4 --computer all",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play.add_argument("game", choices=names, metavar="GAME", help="one of: " + ", ".join(names))
    play.add_argument(
        "-p",
        "--players",
        type=int,
        help="number of people at this keyboard (the computer's seats come on top); with "
        "--computer all, the number of seats (default: the fewest the game allows)",
    )
    play.add_argument(
        "-c",
        "--computer",
        action="append",
        default=[],
        metavar="SEAT[:LEVEL]|all[:LEVEL]",
        help="the computer plays this seat (counted from 1 in play order; repeatable or "
        "comma-separated), or every seat with 'all'. LEVEL: easy, normal (default) or hard",
    )
    play.add_argument(
        "--ai-iterations",
        type=int,
        metavar="N",
        help="the computer's search budget in iterations (default: each level's thinking time)",
    )
    play.add_argument(
        "-o",
        "--option",
        action="append",
        default=[],
        metavar="NAME[=VALUE]",
        help="a game option (repeatable); a bare NAME switches it on. See `floe games`.",
    )
    play.add_argument("--seed", type=int, help="seed for a reproducible game")
    play.add_argument("--db", help="SQLite file to keep the game in; an open game there is resumed")
    play.add_argument("--boards", help="folder for board pictures (default ./floe-boards/<game>-<time>/)")
    play.add_argument("--no-boards", action="store_true", help="do not write board pictures")
    play.add_argument("--names", help="comma-separated player names, e.g. Ann,Bob,Cy")
    play.add_argument(
        "--lang",
        choices=(*SPOKEN, PSEUDO_LANGUAGE),
        metavar="LANGUAGE",
        help="the language the games speak here: "
        + ", ".join(f"{c} ({NAMES[c]})" for c in SPOKEN)
        + " (default: the locale, LC_ALL, LC_MESSAGES or LANG; English when Floe does not speak it). "
        "Everything the game shows is told in it (this help and the commands typed stay English)",
    )

    sub.add_parser("games", help="list the games with seat counts and options", description="List the games.")

    db = sub.add_parser("db", help="database tools (copy, upgrade)", description="Database tools.")
    db_sub = db.add_subparsers(dest="db_command", metavar="DB_COMMAND", required=True)
    copy = db_sub.add_parser(
        "copy",
        help="copy every game into a new, empty database and check each game replays",
        description="Copy a whole database (stop the bot first), then check that every copied game's "
        "log replays to its snapshot on the target.",
        epilog="Example: floe db copy --from sqlite:///floe.db --to postgresql://floe:pw@localhost/floe",
    )
    copy.add_argument("--from", dest="source", required=True, metavar="URL", help="the database to copy")
    copy.add_argument("--to", dest="target", required=True, metavar="URL", help="an empty database to fill")
    upgrade = db_sub.add_parser(
        "upgrade",
        help="migrate the database and run the upgrade steps it has not had (the bot's start does too)",
        description="Bring the database up to date: the schema's migrations, then each one-off upgrade "
        "step not done yet (clocks for games begun before the scheduler, results for games finished "
        "before ratings, remembered names made safe). Safe to run beside the bot and to run again.",
    )
    upgrade.add_argument("--env-file", default=".env", help="settings file to read (default .env)")
    upgrade.add_argument("--db", help="the database (default: DATABASE from the settings)")
    ratings = sub.add_parser(
        "ratings",
        help="skill ratings: `floe ratings rebuild` recomputes them from the finished games",
        description="Recompute every skill rating from scratch by replaying the finished games in "
        "the order they ended; report every stored rating that differs, then store the recomputed ones.",
    )
    ratings.add_argument("action", choices=["rebuild"], help="rebuild: recompute and compare")
    ratings.add_argument("--env-file", default=".env", help="settings file to read (default .env)")
    ratings.add_argument("--db", help="the database (default: DATABASE from the settings)")
    ratings.add_argument("--dry-run", action="store_true", help="compare only; change nothing")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    command = args.command or "run"
    if command == "games":
        return cmd_games(sys.stdout)
    if command == "play":
        return cmd_play(args)
    if command == "db" and args.db_command == "upgrade":
        database = args.db or Settings.from_env(args.env_file).database
        return asyncio.run(cmd_db_upgrade(database, sys.stdout))
    if command == "db":
        return cmd_db_copy(args.source, args.target, sys.stdout, sys.stderr)
    if command == "web":
        return cmd_web(Settings.from_env(args.env_file), listing=args.list)
    if command == "ratings":
        database = args.db or Settings.from_env(args.env_file).database
        return asyncio.run(cmd_ratings_rebuild(database, sys.stdout, write=not args.dry_run))
    return cmd_run(
        log_level=getattr(args, "log_level", "INFO"),
        env_file=getattr(args, "env_file", ".env"),
        sync_only=command == "sync",
    )


# --------------------------------------------------------------------------- floe run


def cmd_run(*, log_level: str = "INFO", env_file: str = ".env", sync_only: bool = False) -> int:
    settings = Settings.from_env(env_file)
    if not settings.token:
        sys.stderr.write(NO_TOKEN_HELP)
        return 2
    level = logging.getLevelName(log_level.upper())
    if not isinstance(level, int):
        sys.stderr.write(f"floe: unknown log level {log_level!r}\n")
        return 2
    return bot.run_discord(settings, log_level=level, sync_only=sync_only)


# --------------------------------------------------------------------------- floe web


def cmd_web(settings: Settings, *, listing: bool = False, out: TextIO = sys.stdout) -> int:
    from bot.web import serve  # aiohttp and the pages, only for this command

    if listing:
        out.write(asyncio.run(serve.listing(settings)))
        return 0
    logging.basicConfig(level=logging.INFO, format=LOG_FORMAT)
    return serve.run(settings)


# --------------------------------------------------------------------------- floe games


def cmd_games(out: TextIO) -> int:
    out.write(games_text(language(locale_language(os.environ))))
    return 0


def games_text(told_in: Language = ENGLISH) -> str:
    """The games, their seats and options, told in ``told_in`` (names and typed values as they are)."""

    def told(said: Text) -> str:
        return tell(said, (), told_in)

    command = "floe play GAME --players N [--option NAME[=VALUE]]"
    lines = [told(say("Games (play one with: {command}):", command=command)), ""]
    for game in all_games():
        name = game.name
        lo, hi = game.players.start, game.players.stop - 1
        seats = say_n("{n} player", "{n} players", lo) if lo == hi else say("{lo}-{hi} players", lo=lo, hi=hi)
        lines.append(f"  {name:<12} {game.title}  ({told(seats)})")
        fields = dataclasses.fields(game.options)
        if not fields:
            lines.append("               " + told(say("no options")))
        for f in fields:
            default = f.default  # typed as they are in every language: --option NAME=yes
            kind = "yes/no" if isinstance(default, bool) else type(default).__name__
            shown = ("yes" if default else "no") if isinstance(default, bool) else str(default)
            about = say("{kind}, default {value}", kind=kind, value=shown)
            text = told(game.options.help.get(f.name, ""))
            lines.append(f"               --option {f.name}  [{told(about)}]  {text}".rstrip())
        lines.append("")
    return "\n".join(lines)


# --------------------------------------------------------------------------- floe db copy


def cmd_db_copy(source: str, target: str, out: TextIO, err: TextIO) -> int:
    """Copy ``source`` into the empty ``target``, then replay every copied game on the target.

    One line per problem on ``err`` and status 1 on any; a summary on ``out`` otherwise.
    """
    return asyncio.run(_db_copy(source, target, out, err))


async def _db_copy(source: str, target: str, out: TextIO, err: TextIO) -> int:
    try:
        copy = await copy_database(source, target)
    except CopyRefused as e:
        err.write(f"floe db copy: {e}. Nothing was copied.\n")
        return 1
    for game_id, why in copy.problems:
        err.write(f"floe db copy: game {game_id}: {why}\n")
    if copy.problems:
        err.write(
            f"floe db copy: copied {copy.games} games ({copy.rows} rows), {copy.shown}, but "
            f"{len(copy.problems)} of them do not replay on the target: check them before switching the bot over.\n"
        )
        return 1
    out.write(
        f"Copied {copy.games} games ({copy.rows} rows), {copy.shown}; every game's log replays to its snapshot.\n"
    )
    return 0


# --------------------------------------------------------------------------- floe db upgrade


async def cmd_db_upgrade(database: str, out: TextIO) -> int:
    """``floe db upgrade``: one line for the schema, one per step it ran; 1 when a step was left
    to another process (run it again once that one is done), else 0."""
    async with open_database(database) as opened:
        out.write(schema_line(*await opened.schema()) + "\n")
        outcomes = await opened.upgrade(bot.upgrade_steps())
    out.writelines(f"{outcome.line()}\n" for outcome in outcomes)
    if not outcomes:
        out.write("Every upgrade step was done before: nothing to do.\n")
    return 1 if any(outcome.changed is None for outcome in outcomes) else 0


def schema_line(before: int, after: int) -> str:
    if before == after:
        return f"Schema: version {after}, current."
    return f"Schema: migrated from version {before} to {after}."


# --------------------------------------------------------------------------- floe ratings


async def cmd_ratings_rebuild(database: str, out: TextIO, *, write: bool = True) -> int:
    """``floe ratings rebuild``: 0 when the stored ratings equal the recomputed ones, else 1."""
    async with open_database(database) as opened:
        report = await opened.rated_games.rebuild(write=write)
    out.write(f"Replayed {report.games} finished games: {report.ratings} ratings.\n")
    if not report.differences:
        out.write("The stored ratings equal the recomputed ones.\n")
        return 0
    out.write(f"{len(report.differences)} stored ratings differed:\n")
    out.writelines(f"  {line}\n" for line in report.differences[:50])
    if len(report.differences) > 50:
        out.write(f"  ...and {len(report.differences) - 50} more\n")
    out.write("The recomputed ratings are stored now.\n" if write else "Nothing was changed (--dry-run).\n")
    return 1


# --------------------------------------------------------------------------- floe play


def cmd_play(args: argparse.Namespace) -> int:
    from bot.terminal.arguments import parse_computers, parse_options
    from bot.terminal.local import default_boards_dir, run_local

    lang = args.lang or locale_language(os.environ)
    try:
        options = parse_options(args.option)
        computers = parse_computers(args.computer)
    except GameError as err:
        sys.stderr.write(f"floe: {tell(err.said, (), language(lang))}\n")
        return 2
    boards = None if args.no_boards else (args.boards or default_boards_dir(args.game))
    names = [n for n in (args.names or "").split(",") if n.strip()]
    try:
        settings = Settings.from_env(".env")  # floe web's DATABASE and WEB_URL, when set
    except SettingsError:
        settings = Settings(token="")
    served = args.db is not None and same_database(args.db, settings.database)
    logging.basicConfig(level=logging.WARNING, format=LOG_FORMAT)
    try:
        return asyncio.run(
            run_local(
                args.game,
                args.players,
                options=options,
                seed=args.seed,
                db=args.db,
                boards=boards,
                names=names,
                computers=computers,
                ai_iterations=args.ai_iterations,
                lang=lang,
                web_url=pages_address(settings) if served else None,
            )
        )
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
