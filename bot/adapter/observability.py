"""What a host running Floe at scale watches: one JSON line per log event, Prometheus metrics, health.

* :class:`JsonFormatter` turns every log record into one line of JSON (``ts``, ``level``,
  ``logger``, ``event``, the record's extra fields, ``exc`` with the traceback as one string), so
  a log collector parses it without rules. :func:`log_event` logs an event with fields;
  :func:`setup_logging` installs the formatter on the root logger.
* :class:`Metrics` holds the bot's Prometheus metrics in its own registry: moves per game,
  interaction latency, errors, the scheduler's lag.
* :class:`MetricsServer` serves ``/metrics`` (the Prometheus text format) and ``/health`` (JSON;
  200 when the health callback says ``ok``, else 503) on a local HTTP port, in the bot's event loop
  (aiohttp, which discord.py already runs on). Started only when ``METRICS_PORT`` is set.

No discord import: the adapter calls these (``metrics.move(game)``, ``with metrics.timed(...)``).
"""

from __future__ import annotations

import json
import logging
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any, TextIO

from aiohttp import web
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.exposition import CONTENT_TYPE_LATEST, generate_latest

#: Attributes every LogRecord has; anything else on a record is an extra field of the event.
_STANDARD = set(logging.LogRecord("", 0, "", 0, "", (), None).__dict__) | {"message", "asctime", "taskName"}

#: Interaction latency buckets (seconds): Discord wants an answer within 3 s.
LATENCY_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 3.0, 5.0, 10.0)


class JsonFormatter(logging.Formatter):
    """One log record -> one line of JSON."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "event": record.getMessage(),
        }
        for key, value in record.__dict__.items():
            if key not in _STANDARD and not key.startswith("_"):
                line[key] = value
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str, ensure_ascii=False)


def log_event(logger: logging.Logger, event: str, *, level: int = logging.INFO, **fields: Any) -> None:
    """Log ``event`` (a short name, e.g. ``"move"``) with ``fields`` as JSON keys."""
    logger.log(level, event, extra=fields)


def setup_logging(level: int = logging.INFO, stream: TextIO | None = None) -> logging.Handler:
    """Send every log record to ``stream`` (stderr) as JSON lines; returns the handler."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    return handler


class Metrics:
    """The bot's metrics, in a registry of their own (one per bot; tests make several)."""

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        self.registry = registry or CollectorRegistry()
        self.moves = Counter("floe_moves", "Moves committed", ["game"], registry=self.registry)
        self.latency = Histogram(
            "floe_interaction_seconds",
            "Time from a Discord interaction to its answer",
            ["kind"],
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.errors = Counter("floe_errors", "Errors caught and reported", ["where"], registry=self.registry)
        self.scheduler_lag = Gauge(
            "floe_scheduler_lag_seconds",
            "How late the scheduler's oldest due work was at its last tick",
            registry=self.registry,
        )

    def move(self, game: str) -> None:
        self.moves.labels(game=game).inc()

    def error(self, where: str) -> None:
        self.errors.labels(where=where).inc()

    def lag(self, seconds: float) -> None:
        self.scheduler_lag.set(max(0.0, seconds))

    @contextmanager
    def timed(self, kind: str) -> Iterator[None]:
        """Measure the block as one interaction of ``kind`` (a button, a command)."""
        start = time.perf_counter()
        try:
            yield
        finally:
            self.latency.labels(kind=kind).observe(time.perf_counter() - start)

    def render(self) -> bytes:
        """The Prometheus text format of every metric."""
        return generate_latest(self.registry)


HealthCheck = Callable[[], Mapping[str, Any]]


class MetricsServer:
    """``/metrics`` and ``/health`` on ``host:port``. ``await start()``, ``await stop()``."""

    def __init__(
        self, metrics: Metrics, *, port: int, host: str = "127.0.0.1", health: HealthCheck | None = None
    ):
        self.metrics = metrics
        self.host = host
        self.port = port
        self.health = health or (lambda: {"ok": True})
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/health", self._health)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, self.host, self.port).start()

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _metrics(self, _request: web.Request) -> web.Response:
        body = self.metrics.render()
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def _health(self, _request: web.Request) -> web.Response:
        try:
            report = dict(self.health())
        except Exception as err:  # a failing check is an unhealthy bot, not a crashed endpoint
            report = {"ok": False, "error": type(err).__name__}
        return web.json_response(report, status=200 if report.get("ok") else 503)
