"""JSON log lines, Prometheus metrics and the health endpoint on a free port of 127.0.0.1."""

from __future__ import annotations

import io
import json
import logging

import aiohttp
import pytest

from bot.adapter.observability import JsonFormatter, Metrics, MetricsServer, log_event
from tests.pg_server import free_port


def test_each_event_is_one_line_of_json_with_its_fields() -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("floe.test.json")
    logger.addHandler(handler)
    logger.propagate = False
    logger.setLevel(logging.INFO)
    try:
        log_event(logger, "move", game_id=12, shard=1, notation="roll")
        try:
            raise RuntimeError("boom\nsecond line")
        except RuntimeError:
            logger.exception("failed on game %s", 12)
    finally:
        logger.removeHandler(handler)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 2
    move, failure = (json.loads(line) for line in lines)
    assert move["event"] == "move" and move["level"] == "info" and move["logger"] == "floe.test.json"
    assert (move["game_id"], move["shard"], move["notation"]) == (12, 1, "roll")
    assert move["ts"].endswith("+00:00")
    assert failure["event"] == "failed on game 12" and failure["level"] == "error"
    assert "RuntimeError: boom" in failure["exc"]


def test_metrics_count_moves_errors_latency_and_lag() -> None:
    m = Metrics()
    m.move("polar-derby")
    m.move("polar-derby")
    m.move("ice-lake")
    m.error("play")
    m.lag(4.5)
    with m.timed("button"):
        pass
    text = m.render().decode()
    assert 'floe_moves_total{game="polar-derby"} 2.0' in text
    assert 'floe_moves_total{game="ice-lake"} 1.0' in text
    assert 'floe_errors_total{where="play"} 1.0' in text
    assert "floe_scheduler_lag_seconds 4.5" in text
    assert 'floe_interaction_seconds_count{kind="button"} 1.0' in text


@pytest.mark.parametrize("ready", [True, False])
async def test_the_endpoint_serves_metrics_and_health(ready: bool) -> None:
    metrics = Metrics()
    metrics.move("thin-ice")
    port = free_port()
    server = MetricsServer(metrics, port=port, health=lambda: {"ok": ready, "shards": [0, 1]})
    await server.start()
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}/metrics") as r:
                assert r.status == 200 and r.headers["Content-Type"].startswith("text/plain")
                assert 'floe_moves_total{game="thin-ice"} 1.0' in await r.text()
            async with http.get(f"http://127.0.0.1:{port}/health") as r:
                assert r.status == (200 if ready else 503)
                assert await r.json() == {"ok": ready, "shards": [0, 1]}
    finally:
        await server.stop()


async def test_a_failing_health_check_is_unhealthy_not_a_crash() -> None:
    def broken() -> dict[str, object]:
        raise ConnectionError("database gone")

    port = free_port()
    server = MetricsServer(Metrics(), port=port, health=broken)
    await server.start()
    try:
        async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{port}/health") as r:
            assert r.status == 503 and await r.json() == {"ok": False, "error": "ConnectionError"}
    finally:
        await server.stop()
