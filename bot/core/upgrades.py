"""The one-off upgrade steps: the work an upgrade needs that SQL cannot do.

Opening a database migrates its schema (:mod:`storage.schema`, when it is behind). What is left
needs the rules or the front end, so it runs here, in order, each step once per database:
``floe db upgrade`` runs the pending ones, and so does the bot's start (one query when none is).

* A step is recorded done under its name (:class:`storage.upgrades.UpgradeRecord`): never
  rename or drop a shipped step; append new ones to :func:`steps`.
* A step may run again when its process died before recording it, so each is safe to repeat,
  or records itself in the transaction that does its work (the names made safe).
* Several processes: a step is claimed before it runs, for :data:`CLAIM` seconds; a process
  that finds another's claim leaves the step to it (its outcome says so) and carries on.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence

from bot.core.adoption import adopt_games_without_clocks
from bot.core.rated_games import RatedGames
from bot.core.sessions import Sessions
from bot.core.sessions.loading import owner_id
from storage import Store
from storage.clocks import ClockStore
from storage.upgrades import UpgradeRecord
from util.records import frozen

log = logging.getLogger("floe.upgrade")

#: How long a claim on a step lasts (seconds): longer than any step takes on a large database.
CLAIM = 3600.0
#: The step whose name was a ``bot_state`` fact before steps were recorded (migration 15 keeps it).
NAMES_MADE_SAFE = "names made safe"

#: How the front end makes a remembered name safe (None: forget it).
NameRule = Callable[[str], "str | None"]
#: A step's work on the store (and the session service over it), given the step's name; returns
#: how many things it changed.
Work = Callable[[Store, Sessions, str], Awaitable[int]]


@frozen
class Step:
    name: str
    #: What the count a step returns is, for its report: "{} games given their clocks".
    did: str
    work: Work


@frozen
class Outcome:
    """One pending step as this process left it: ``changed`` things, or left to ``holder``."""

    step: Step
    changed: int | None = None
    holder: str | None = None

    def line(self) -> str:
        if self.changed is None:
            return f"{self.step.name}: under way in another process ({self.holder or 'just finished'})"
        return f"{self.step.name}: {self.step.did.format(self.changed)}"


async def adopt_clocks(store: Store, sessions: Sessions, name: str) -> int:
    """Clocks and waits for the games begun before the scheduler existed."""
    return await adopt_games_without_clocks(ClockStore(store), sessions.clock())


async def fill_results(store: Store, sessions: Sessions, name: str) -> int:
    """Results and ratings of the games finished before results were kept."""
    return await RatedGames(store, sessions).fill_missing()


def make_names_safe(rule: NameRule) -> Work:
    """The names remembered before the front end made them safe, given through ``rule`` once."""

    async def rewrite(store: Store, sessions: Sessions, name: str) -> int:
        changed = await UpgradeRecord(store).rewrite_names(name, sessions.clock(), rule)
        return changed or 0

    return rewrite


def steps(name_rule: NameRule) -> tuple[Step, ...]:
    """Every upgrade step, in the order they run; ``name_rule`` is the front end's safe name."""
    return (
        Step("scheduler clocks", "{} games begun before the scheduler given their clocks", adopt_clocks),
        Step("results before ratings", "{} games finished before ratings given results", fill_results),
        Step(NAMES_MADE_SAFE, "{} remembered names made safe", make_names_safe(name_rule)),
    )


async def pending(store: Store, every: Sequence[Step]) -> list[Step]:
    """The steps of ``every`` not done yet, in order (one query)."""
    done = await UpgradeRecord(store).done()
    return [step for step in every if step.name not in done]


async def upgrade(
    store: Store, sessions: Sessions, every: Sequence[Step], *, holder: str | None = None
) -> list[Outcome]:
    """Run the pending steps of ``every`` in order, each under this process's claim, and record
    each done; a step another process holds is left to it. One query when none is pending.
    A step that fails gives its claim back and raises (the next start tries it again)."""
    record = UpgradeRecord(store)
    me = holder or owner_id()
    outcomes = []
    for step in await pending(store, every):
        if not await record.claim(step.name, me, sessions.clock(), CLAIM):
            outcomes.append(Outcome(step, holder=await record.holder(step.name)))
            continue
        try:
            changed = await step.work(store, sessions, step.name)
        except BaseException:
            await record.release(step.name, me)
            raise
        await record.finish(step.name, sessions.clock())
        outcomes.append(Outcome(step, changed))
        log.info("upgrade: %s", outcomes[-1].line())
    return outcomes
