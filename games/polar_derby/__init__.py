"""Polar Derby (Reiner Knizia, Gamewright 2009), rules as in ``seeds/polar-derby.txt``.

Rulings followed where the rulebook is silent (``RULINGS.md``, Polar Derby):

* 25 bears, five of each colour; values by colour (data, :data:`VALUES`): white 1, blue 2,
  green 3, pink 4, orange 5. Two identical dice with the five colours and Free Skate.
* Three zones: the middle, the bears pulled this turn (at risk), and each player's possession
  (safe).
* A colour already pulled this turn is locked for the rest of the turn (takes and steals alike).
* Two Free Skates bank everything pulled and start a new turn for the same player (fresh locks).
* A bust returns everything pulled this turn to the middle, stolen bears included.
* The game ends when the middle is empty at the end of a turn. Highest total wins; ties go to
  the most bears, then the win is shared.
* Options: younger players (every bear worth 1), no-risk (pulled bears are safe at once), long
  game (as many games as players, totals added; the first player moves one seat on each game).
* A player who resigns leaves the turn order; their safe bears stay on the table (they can
  still be stolen) and they are not ranked.
* Deadline default (``default_action``): ``time out``, a turn lost like a bust: everything
  pulled this turn goes back to the middle (in the no-risk version nothing is at risk, so it is
  a stop) and the next player rolls. It never leaves the player better off than stopping or
  rolling would. Only the session plays it when a deadline passes: it is never among the legal
  actions, and the session refuses it from players (``deadline_only``).

Automatic moves: every forced move is played for the player (no ``never_automatic`` hook): the
roll that opens a turn (nothing else is allowed then) and a take when the dice allow only one.
The dice are public, so playing them at once reveals nothing.

Notation: ``roll``, ``stop``, ``take pink orange``, ``take pink``, ``steal white from 2``,
``steal white white from 2`` (both from player 2), ``steal white white from 1 3`` (one each).
Players are numbered from 1 in notation, as on the board.

Computer default (``computer_default_safe = True``): where the bot is set to let the computer
play a missed deadline, the computer plays that Polar Derby turn from the seat's own view. Safe:
the view hides nothing the turn could reveal, and the turn ends like any other (the rulebook
default, ``time out``, only loses it).

This docstring is long because it is the game's specification beside its code: its notation
and the rulings (RULINGS.md) it implements, with the finer points the code had to settle.
"""

from games.polar_derby.rules import POLAR_DERBY, PolarDerby

__all__ = ["POLAR_DERBY", "PolarDerby"]
