"""How to play Ice Team, from its rulebook (seeds/ice-team.txt), for the terminal's ``rules``."""

HOW_TO_PLAY = """\
Ice Team: how to play

Goal: collect the most fish while racing your four bears from the Start to the Finish.

A turn: two actions (the very first turn of the game has one). An action moves one of your
bears, then the tile it lands on takes effect:
  - walk to a free tile next to it (walk 2 C2),
  - leap over one bear or a chain of bears to free tiles (leap 2 C3 E3),
  - swim in a straight line across the sea to the first free tile (swim 2 F1).
  Landing tiles: an igloo not searched yet gives a fish, then a die: that many more fish,
  or steal up to two fresh fish; penguins freeze fresh fish so nobody can steal them; bear
  paws give the same bear an extra action. A cracked tile breaks when a bear leaves it.
  On the Finish a bear rolls both dice and you keep one (die 3).

The end: when a player brings a fourth bear to the Finish, after that bear's dice. The most
fish wins; a tie goes to who brought four bears to the Finish. A player who cannot move any
bear on their turn loses.

Example: your bear 2 stands on B2 and an opponent's bear on C2. "leap 2 D2" jumps over it
to D2, an igloo with a fish: you take the fish and roll a 3, so three more fish are yours.
"""
