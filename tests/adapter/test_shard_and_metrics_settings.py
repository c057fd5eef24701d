"""SHARD_COUNT, SHARD_IDS and METRICS_PORT from the environment."""

from __future__ import annotations

import pytest

from bot.settings import SettingsError
from tests.support.settings import PROCESS_SETTINGS, settings_from


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch):
    return settings_from(monkeypatch, PROCESS_SETTINGS)


def test_one_process_by_default(env) -> None:
    s = env()
    assert (s.shard_count, s.shard_ids, s.metrics_port, s.database) == (None, None, None, "floe.db")
    assert s.metrics_host == "127.0.0.1"


def test_a_process_runs_its_share_of_the_shards(env) -> None:
    s = env(SHARD_COUNT="4", SHARD_IDS="2,3", METRICS_PORT="9100", DATABASE="postgresql://floe:pw@db/floe")
    assert (s.shard_count, s.shard_ids, s.metrics_port) == (4, (2, 3), 9100)
    assert s.database == "postgresql://floe:pw@db/floe"
    assert env(SHARD_IDS="0-2 3").shard_ids == (0, 1, 2, 3)
    assert env(SHARD_IDS="1").shard_ids == (1,)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"SHARD_IDS": "0"}, "needs SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "between 0 and 1"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "first"}, "a list like 0,1"),
        ({"SHARD_COUNT": "0"}, "at least 1"),
        ({"SHARD_COUNT": "two"}, "at least 1"),
        ({"METRICS_PORT": "70000"}, "between 1 and 65535"),
        ({"METRICS_PORT": "http"}, "between 1 and 65535"),
    ],
)
def test_a_wrong_value_names_the_setting_and_what_it_should_be(
    env, values: dict[str, str], message: str
) -> None:
    with pytest.raises(SettingsError, match=message):
        env(**values)
