"""How to play Thin Ice, from its rulebook (seeds/thin-ice.txt), for the terminal's ``rules``."""

HOW_TO_PLAY = """\
Thin Ice: how to play

Goal: be the last meeple on the ice.

Start: each player places a meeple on one of the eight tiles around the ice hole, where
the polar bear sleeps (place D3). Each player holds up to two event cards.

A turn, in this order:
  1. Move your meeple to a next tile, diagonals too (move NE), never onto the whale,
     the kraken, the bear or another meeple. The ice you leave cracks. No move possible:
     you are lost at sea.
  2. Slide a tile one space into the sea, not diagonally (slide C3 N). Cracked tiles and
     tiles with a piece on them stay put. A tile touching no other tile drifts away with
     whatever stands on it.
  3. Roll the die (roll): wake or move the bear (bear NE), slide again, crack a tile
     (crack E5), or refreeze a cracked one.
  Play event cards on your turn (play flare); some answer others' cards (pass to let go).
  A meeple the bear reaches is chased to a next tile; one that falls into the hole spends
  its next turn standing up.

The end: when one meeple is left, its player wins (players who go out together share).

Example: you move NE from C3, so C3 cracks; you slide D4 N, leaving a gap beside a
rival; you roll the bear face: the bear wakes up, ready to move on the next bear roll.
"""
