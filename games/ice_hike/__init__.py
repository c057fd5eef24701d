"""Ice Hike: Beware of the Bears (rulebook ``seeds/ice-hike.txt``); see :mod:`games.ice_hike.rules`."""

from games.ice_hike.rules import ICE_HIKE, IceHike

__all__ = ["ICE_HIKE", "IceHike"]
