"""The JSON text the store writes (snapshots, options, owed boards): ``dump`` and ``load``."""

from __future__ import annotations

import json
import math

import pytest

import games
from storage.codec import dump, load


def test_dump_writes_what_json_wrote_for_every_game_snapshot() -> None:
    """Stored text keeps its form: compact, keys sorted, as the standard library wrote it."""
    for name, game in games.GAMES.items():
        players = min(game.players)
        data = game.to_dict(game.new_game(players, game.options(), 7))
        assert dump(data) == json.dumps(data, separators=(",", ":"), sort_keys=True), name
        assert game.from_dict(load(dump(data))) == game.new_game(players, game.options(), 7), name


def test_text_reads_back_with_names_beyond_ascii_and_number_keys() -> None:
    data = {"names": ["Zoë", "Łukasz", "雪"], 3: "three", "1": "one"}
    assert load(dump(data)) == {"names": ["Zoë", "Łukasz", "雪"], "3": "three", "1": "one"}
    assert list(load(dump(data))) == ["1", "3", "names"]


def test_load_reads_what_only_the_standard_library_writes() -> None:
    assert math.isnan(load(json.dumps({"x": float("nan")}))["x"])


def test_an_integer_past_64_bits_is_refused_not_stored() -> None:
    with pytest.raises(TypeError):
        dump({"seed": 2**70})
