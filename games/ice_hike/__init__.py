"""Ice Hike: Beware of the Bears, rules as in ``seeds/ice-hike.txt``.

Rulings followed where the rulebook is silent (``RULINGS.md``, Ice Hike; board data in
:mod:`games.ice_hike.board`, the blockade searches in :mod:`games.ice_hike.blockade`):

* Board: flat-top hexes, columns A-M, rows 1-10, odd columns half a hex lower. Corners A1 M1 A10
  M10; half hexes in columns A and M, row 1 of C E G I K, row 10 of B D F H J L: no tiles or
  igloos there, but pieces walk there. START L1, FINISH B9 (the shorter game: F7, the cross),
  land A9 A10, edge water E1 I1 F10 J10 A3 A6 M5 M8. Levels: ice and water 1, land 2, mountain 3.
* Colours and seats: 3 to 5 players play colours orange, white, brown, grey, black in seat
  order (colour c is seat c). Two players play four colours: colour c belongs to seat c % 2
  (seat 0 orange and brown, seat 1 white and grey) and the turn order is A1 B1 A2 B2. A
  player's two colours share: their igloos are free and no blockade for each other, a bear
  moved by the player never attacks either of them, and rule 2 does not protect a colour
  against its own player (rule 3). Cave finds stay with their colour. The first player is
  chosen at random; turns then go round the colours in order.
* A turn: the mover draws a tile (shown to the mover only until placed), places it (``place
  C4``), chooses ``puppet`` (2 steps) or ``bear`` (3 steps; offered only when a bear can walk),
  then takes steps and ends with ``end`` (the turn also ends by itself when nothing but ``end``
  is left). A tile that fits nowhere leaves the game with its cube and the turn goes on.
* Step costs: same level 1, up one level 2, down one level 1; a descending puppet gets the step
  back but must have it first. Two levels only with a rope (puppets): up 2 steps, down free
  like skiing (a step needed first). Nobody enters water; a bear may enter fish water, where it
  stays (drowned) for the rest of the game.
* Bears: never onto START, FINISH, an igloo, another bear or a cell with the mover's own
  puppet(s). Stepping onto other puppets attacks them all; the walk may go on.
* Torch against an attack: each player's standing choice (``torches always|never|ask``, default
  ask; private: only its owner's view shows it, and no log, digest or narration tells it)
  decides; ``ask`` opens a pending decision (``torch yes|no``), **default: use it**. The first
  torch used protects the cell; the bear goes back to the cell it came from and its walk ends;
  if that would break rule 1 it goes back to where its walk started. Earlier attacks stand.
  A torch in your own turn: ``torch NE SE`` steps onto the bear (ordinary step cost) and pushes
  it one cell (not back where you came from, not onto a puppet, START, FINISH, igloo or bear,
  at most one level, rule 1 checked), for no steps.
* An attacked puppet goes to START, one of its player's igloos, or another player's igloo
  (paying one find), in the column of the attack or one closer to START's column L: from
  column M, east of START, column L; elsewhere, a more easterly column. Shorter game: an
  igloo west of FINISH is always open to its player; to others only after an attack west of
  FINISH. Pending decision ``go ...``; **default: the player's own igloo nearest FINISH (among
  those allowed), else START**. With only one choice it happens at once.
* Igloo toll: one find of the mover's choice to the owner each time a puppet enters another
  player's igloo cell (``walk NE pay rope``); without a find it cannot enter. A puppet already
  there when the igloo is built pays nothing. At most two igloos per colour; never on water,
  half hexes, corners, START, FINISH or an igloo.
* Blueberries: two more steps this turn (unused ones are lost). On a bear turn the puppet may act
  with berry steps only; the bear's walk and the puppet's block are separate, never mixed.
* Blockades (see :mod:`games.ice_hike.blockade` for how they are computed): rules 1 and 2 are
  checked when placing a tile and building an igloo. Rule 2 protects only a puppet that has a
  free road now and had one at the start of this turn: a puppet that walked into a closed area
  has given up that protection (rule 3) and regains it only when it has a free road at the
  start of a player's turn, so a road that the mover's own tile opens and the same turn's
  igloo closes again protects nobody (rules 2 & 3, example C). Rule 1 alone is checked when a bear's walk ends,
  where a torch sends it back and where a torch pushes it. A bear step is refused when the walk could not
  end anywhere allowed any more. The middle of a walk is not checked.
* Tiles finished: no more placing, bears do not walk (a torch still pushes one). A turn counts
  as progress when some puppet gets closer to FINISH (counted in cells, not in steps) than it has
  been since the tiles ran out; after a full round of turns without progress the game ends with
  no winner among those still out (ruling on "no puppet can make progress").
* Win: the first puppet on FINISH; its player wins (two players: either colour). Option
  ``play_on``: the others go on for the next places (finished puppets stay on FINISH and are out
  of play) until one player is left. Option ``shorter_game``: FINISH on the cross F7, the tiles
  and black cubes of the rulebook's table removed at random, and with three players each
  player's first two turns are tile placement only.
* A player who retires leaves: their puppets, igloos and finds leave the game; a bear they were
  walking stops where it may (else goes back to where it started); the game goes on while two
  or more players are left, else the one left wins.
* Automatic moves: none happen in Ice Hike, and it needs no ``never_automatic`` hook: a
  player may change their bear policy at every prompt, so no awaited seat ever has exactly one
  legal action.

* Words: the rules say every text as a saying (:mod:`games.words`; catalogues
  ``bot/locales/<lang>/LC_MESSAGES/ice_hike.po``); cells, directions (N NE SE S SW NW) and the
  typed moves are notation and read the same in every language.

Computer default (``computer_default_safe = False``): a missed deadline keeps the rulebook
default. Not safe: a computer turn builds, searches and spends torches, lasting choices the
absent player should make.

This docstring is long because it is the game's specification beside its code: its notation
and the rulings (RULINGS.md) it implements, with the finer points the code had to settle.
"""

from games.ice_hike.rules import ICE_HIKE, IceHike

__all__ = ["ICE_HIKE", "IceHike"]
