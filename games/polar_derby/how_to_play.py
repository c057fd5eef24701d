"""How to play Polar Derby, from its rulebook (seeds/polar-derby.txt), for the terminal's ``rules``."""

HOW_TO_PLAY = """\
Polar Derby: how to play

Goal: score the most points with the bears you keep safe. White is worth 1, blue 2,
green 3, pink 4, orange 5.

A turn: roll both dice (roll).
  - Two colours: take one bear of each from the middle, or just one (take pink orange).
  - The same colour twice: take two bears of it from the others, one or two of them
    (steal white white from 2).
  - Free Skate counts as any colour; a double Free Skate makes your bears safe and gives
    you another turn.
  Then roll again or stop. Each roll must give you a colour you have not pulled this turn:
  a roll that gives you nothing loses the turn, and this turn's bears go back to the
  middle. Stop, and the bears you pulled are safe (others can still steal them).

The end: when the middle is empty. The highest total wins; a tie goes to the player with
more bears.

Example: you roll green and blue and take both. You roll again: orange and blue. Blue is
already yours this turn, so you take orange alone. One more roll shows green and blue,
both pulled already: the turn is lost and all three go back. Had you typed "stop" after
the orange, 2 + 3 + 5 = 10 points would be safe.
"""
