"""How to play Ice Lake, from its rulebook (seeds/ice-lake.txt), for the terminal's ``rules``."""

HOW_TO_PLAY = """\
Ice Lake: how to play

Goal: be the last skater on the ice.

A turn is a round in two parts.
  Planning: everyone writes a secret plan at the same time, letters S (straight),
  L (forward and left) and R (forward and right), at least one (plan SSLR). Each letter
  is one move of one hex; a turn changes the way your skater faces.
  Movement: plans are revealed and skaters move one letter at a time, in turn, until
  every plan is done. Every move leaves a crack behind it.

Out of the game: a skater who crosses a crack, leaves the lake, bumps into another
skater or is shut in an area too small to go on is out. When a move needs it, you are
asked which way to face (face NE) or where to come back onto the ice (reset A3).

The end: when only one skater is left, that player wins (this can happen once every
player has moved at least once).

Example: your skater faces N. With "plan LR" it moves forward and left (now facing NW),
then forward and right (facing N again): two hexes, two new cracks. If another
skater's crack lies across that path, your skater stops there and is out.
"""
