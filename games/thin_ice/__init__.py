"""Thin Ice (3-6 players): survive on a cracking grid of ice with a polar bear, a die and
event cards. Rules as in ``seeds/thin-ice.txt``; rulings in :mod:`games.thin_ice.rules_doc`.
"""

from __future__ import annotations

from games.thin_ice.game import ThinIce

THIN_ICE = ThinIce()

__all__ = ["THIN_ICE", "ThinIce"]
