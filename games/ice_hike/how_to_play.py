"""How to play Ice Hike, from its rulebook (seeds/ice-hike.txt), for the terminal's ``rules``."""

HOW_TO_PLAY = """\
Ice Hike: Beware of the Bears: how to play

Goal: be the first to walk your puppet from the Start (north-east) to the village
(the Finish, south-west).

A turn:
  1. Place the tile you drew on a free hex (place D5). A mountain tile brings a cave find.
     Water makes a hex impassable; land and mountains raise it to level 2 or 3.
  2. Play with your puppet (2 steps) or with a polar bear (3 steps): puppet / bear.
     Walking costs 1 step on the same level, 2 to climb, 1 to go down; never two levels
     at once (unless with a rope). Your puppet may build an igloo (2 steps, build) or
     search a mountain cave (2 steps, search). Finds: berries (2 more steps), a torch
     (fends off one bear attack), a rope (climb or descend two levels).
     A bear that steps onto another player's puppet attacks it: that puppet goes back to
     the Start or to an igloo (torch yes to fend it off).
  3. end: the next player's turn.
  There must always be a free way from the Start to the Finish.

The end: the first puppet at the Finish wins.

Example: you draw land and place it on G6, next to your puppet on the ice at G5. You
choose the puppet: "walk S" climbs onto G6 (2 steps, level 1 to 2), and your turn's
steps are spent; type end.
"""
