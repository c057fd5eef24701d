"""Ice Team (two-player bear race), rules as in ``seeds/ice-team.txt``.

Rulings followed where the rulebook is silent (``RULINGS.md``, Ice Team; values marked data sit in
one constant each):

* Course (data, :data:`BOARDS`): four rhombus boards of 3x3 flat-top hexes, each with two fixed
  igloos and one always-empty (non-illustrated) sea space, laid end to end as a strip 12 long and
  3 wide, in random order and orientation (0 or 180 degrees: the only turns that keep the strip
  straight), drawn from the seed among the layouts where no igloo touches START. Cells are named
  by column A-L (along the course, west to east) and row 1-3 (across it): column letters are
  axial ``q``, row numbers axial ``r`` + 1 of :mod:`games.hexgrid` (so a column is a straight
  north-south line and the strip slants). START and FINISH are single nodes: START is adjacent
  to A1-A3, FINISH to L1-L3. A straight line that leaves the strip across its west end reaches
  START, across its east end FINISH (from an end cell: the NE and SE directions).
* Sea-ice tiles (data, :data:`TILES`): 6 plain/cracked, 4 bear-paws/plain, 4 bear-paws/1 penguin,
  4 two-penguins/cracked, 2 three-penguins/shifting, 4 shifting/plain, shuffled onto the 24 sea
  spaces with a random side up. Bear-paws tiles are cracked. Both dice (data, :data:`DIE`):
  1, 1, 2, 2, 3, steal.
* Fish are counts per player (fresh, frozen); the supply is unlimited.
* Walking: to a free adjacent tile (sea ice or igloo), or onto FINISH from column L.
  Leapbearing: over exactly one adjacent bear in a straight line to a free tile beyond (or onto
  FINISH); chains may turn; a chain never lands twice on the same tile nor back on its starting
  tile (ruling of this module); a chain ends on FINISH; only the final tile's effect applies.
  Bears on START or FINISH are not leapt over. Swimming: a straight line over at least one
  empty sea space, stopping at the first tile, which must be free (or FINISH). Bears never
  re-enter START; bears on FINISH never move again.
* Thin ice: a cracked tile a bear started from is removed once its move is complete, before the
  landing effect (tiles passed over stay).
* Bear paws: the extra action is optional (``end`` declines it), with the same bear, and chains.
  The extra action does not count among the turn's two actions. If that bear cannot move, the
  extra action is skipped at once.
* Igloo, unsearched: 1 fresh fish, then one die: a number gives that many fresh fish from the
  supply, ``steal`` takes up to two of the opponent's fresh fish. Searched igloo: nothing.
* Penguins: each penguin freezes one of the mover's fresh fish (all it can: freezing never
  hurts, so it is automatic).
* Shifting: the mover chooses simple shifting (the tile, with its bear, to any empty sea space
  reachable from it through connected empty sea) or block shifting (a push in the bear's
  moving direction, i.e. the direction of its last step, leap or swim; a move out of START may
  have come NE or SE, and the mover picks); igloos are walls and never move; a block may be
  pushed several spaces as long as no tile leaves the board. At least one space; mandatory when
  possible; ignored when impossible.
* FINISH (the village): each bear that ends its move there rolls both dice; its owner chooses
  one (``die 3``, ``die steal``).
* Turns: the first player is drawn from the seed; their first turn has one action, every other
  turn two (same bear or two bears). A player who cannot move any bear at the start of a turn
  loses at once (the Fishy Question). If no bear can move for the second action, the turn ends
  (ruling of this module).
* The end: when a player's fourth bear reaches FINISH, it completes its action (the village
  choice), then the game ends. Most fish (fresh + frozen) wins; a tie goes to the player who
  brought four bears to FINISH.
* Resigning: with two players, the other player wins at once.

Pending decisions: Ice Team has none for the waiting player; every choice is the mover's. The
session's deadline default (:meth:`IceTeam.default_action`) is: decline a bear-paws extra action,
the first legal shift, the first die rolled in the village, else the first legal move listed.

Automatic moves: every forced move is played for the player (no ``never_automatic`` hook):
a die choice when both dice show the same face, the only legal shift, the only legal move.
Everything in Ice Team is public, so nothing is revealed by playing them at once.

Notation (bears are numbered 1-4 per player; cells A1-L3; ``finish``):

* ``walk 2 C2``, ``swim 2 F1``, ``leap 2 C3 E3 F2`` (every landing of the chain),
  ``walk 3 finish``. ``move 2 C2`` is accepted for a walk or a swim.
* ``shift simple D2`` (simple shifting to D2; ``shift D2`` is accepted),
  ``shift block F2`` (block shifting: the shifting tile is pushed in a straight line, in the
  bear's moving direction, to F2, and pushes the tiles before it; naming the cell rather than a
  compass direction keeps the notation true to the picture).
* ``die 3``, ``die steal`` (village), ``end`` (decline the bear-paws extra action; ``skip``).

Every legal action carries a ``label`` for buttons and menus ("Bear 2 leaps to C5 (2 penguins)").

Computer default (``computer_default_safe = True``): a missed deadline may be played by the
computer from the seat's view. Safe: Ice Team hides nothing, and one move spends nothing the
player could have kept (the rulebook default plays the first legal move anyway).

This docstring is long because it is the game's specification beside its code: its notation
and the rulings (RULINGS.md) it implements, with the finer points the code had to settle.
"""

from games.ice_team.rules import ICE_TEAM, IceTeam

__all__ = ["ICE_TEAM", "IceTeam"]
