"""How to play Ice Lake, from its rulebook (seeds/ice-lake.txt), for the terminal's ``rules``."""

HOW_TO_PLAY = """\
Ice Lake: how to play

Goal: be the last skater on the ice.

A turn is a round in two parts.
  Planning: everyone writes a secret plan at the same time, letters S (straight),
  L (forward and left) and R (forward and right), at least one (plan SSLR). Each letter
  moves your skater one hex, and left and right are your skater's own.
  Movement: skaters move one letter at a time, in turn, until every plan is done. Every
  move leaves a crack behind it. Who wrote the longest plan moves first next round.

Stopped: you may skate across a crack but not along one, and never through another
skater: your skater stops there, the rest of the plan is lost, and you turn it to a way it
can still skate (face NE).
Out of the game: skating off the lake, being shut in by cracks with no uncracked way to
the shore, not moving at all in a round, or stopping with no way left to face.
A skater cut off from every other one starts the next round on the shore of the largest
patch of ice with another skater on it (reset A3).

The end: when one skater is left, its player wins.

Example: your skater faces N. "plan LS" moves it forward and left (now facing NW), then
straight on to the NW. Had a crack run along that second step, it would stop after the L.
"""
