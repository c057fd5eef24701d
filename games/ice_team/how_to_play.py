"""How to play Ice Team, from its rulebook (seeds/ice-team.txt), for the terminal's ``rules``."""

HOW_TO_PLAY = """\
Ice Team: how to play

Goal: collect the most fish while racing your four bears from the Start to the Finish.

A turn: two actions (the very first turn of the game has one). An action moves one of your
bears, then the tile it ends on takes effect. A bear may:
  - walk to a free tile next to it (walk 2 C2),
  - leap over a bear next to it to the free tile behind, several times in one action
    (leap 2 C3, or leap 2 C3 E3 F2),
  - swim in a straight line across the sea to the first free tile (swim 2 F1).
Where it ends:
  - an igloo not searched yet: take its fish, then roll the die: that many more fish, or
    steal up to two fresh fish from your opponent;
  - penguins: each one freezes one of your fresh fish, and frozen fish cannot be stolen;
  - bear paws: the same bear takes an extra action;
  - a shifting tile: it moves on with the bear (shift simple D2, or shift block F2 to push
    the tiles in front of it);
  - the Finish: roll both dice and keep one (die 3, or die steal).
A cracked tile breaks when a bear leaves it.

The end: when a player brings a fourth bear to the Finish, after that bear's dice. The most
fish wins; a tie goes to who brought four bears to the Finish. A player who cannot move any
bear on their turn loses.

Example: your bear 4 is on B1 with an opponent's bear on C1 beside it. "leap 4 D1" jumps over
it to D1, an igloo with a fish: you take the fish and roll a 3, so three more are yours.
"""
