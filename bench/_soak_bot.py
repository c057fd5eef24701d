"""One bot process of the soak (bench/bench_soak.py): ``floe run`` as it is, with three changes
made from outside the bot's code, all from the environment the soak sets:

- discord.py talks to the wire-level fake Discord (``SOAK_REST``, ``SOAK_GATEWAY``) through its own
  settings (:func:`tests.support.wire_discord.point_discord_py_at`);
- the bot's clock (``bot.adapter.app.now``) runs ``SOAK_FACTOR`` times faster than the wall clock
  from ``SOAK_T0`` on, the same in every process, so a week passes in minutes; the scheduler
  ticks every wall-clock second (``FloeBot.tick_seconds``);
- the spans the bot measures on its clock that are about the wall clock (leases on due work and
  owed posts, the claim on a computer's decision, the downtime grace) are scaled so that they
  last as many wall-clock seconds as :data:`LEASE_SECONDS`, :data:`THOUGHT_SECONDS` and
  :data:`GRACE_SECONDS`: a process killed mid-soak loses its leases within the soak, a claim does
  not run out while its holder thinks, and a tick a second late is not mistaken for the bot
  being down.

Everything else (settings, sharding, the database, logging as JSON lines on stderr) is the
bot's own, read from the environment as ``floe run`` reads it.
"""

from __future__ import annotations

import os
import sys
import time

import _stats  # noqa: F401  (puts the repository on sys.path)

import bot.adapter.app as app
import bot.core.computers as computers
import bot.core.scheduler.due as due
import bot.core.sessions.decide as decide
from bot.adapter.launch import run
from bot.settings import Settings
from tests.support.wire_discord import point_discord_py_at

#: Wall-clock seconds a lease lasts in the soak (due work, owed posts, a commit's own post).
LEASE_SECONDS = 15.0
#: Wall-clock seconds a claim on a computer's decision lasts in the soak (thinking takes real time).
THOUGHT_SECONDS = 60.0
#: Wall-clock seconds between two ticks that count as the whole bot having been down.
GRACE_SECONDS = 20.0


def accelerate(factor: float, start: float) -> None:
    """Run the bot's clock ``factor`` times faster than the wall clock from ``start`` on."""

    def virtual_now() -> float:
        return start + (time.time() - start) * factor

    app.now = virtual_now
    app.FloeBot.tick_seconds = 1.0
    app.OWED_LEASE = LEASE_SECONDS * factor
    decide.POST_LEASE = LEASE_SECONDS * factor
    due.LEASE = LEASE_SECONDS * factor
    due.DOWNTIME_GRACE = GRACE_SECONDS * factor
    computers.THOUGHT_LEASE = THOUGHT_SECONDS * factor


def main() -> int:
    point_discord_py_at(os.environ["SOAK_REST"], os.environ["SOAK_GATEWAY"])
    accelerate(float(os.environ["SOAK_FACTOR"]), float(os.environ["SOAK_T0"]))
    return run(Settings.from_env(env_file=None))


if __name__ == "__main__":
    sys.exit(main())
