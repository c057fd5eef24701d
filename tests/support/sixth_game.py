"""A pytest plugin that registers the throwaway sixth game (tests/support/toy) before the tests
are collected: ``pytest -p tests.support.sixth_game <files>`` runs every loop over the games with
it among them (tests/games/test_sixth_game.py)."""

from games.registry import register
from tests.support.toy import REGISTRATION

register(REGISTRATION)
