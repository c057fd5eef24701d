"""Ice Lake, rules as in ``seeds/ice-lake.txt``, with the rulings of ``RULINGS.md`` (Ice Lake).

The lake's geometry (names, triangle rule, patches) is in :mod:`games.ice_lake.board`; data,
states, views and their JSON in :mod:`games.ice_lake.state`; actions in :mod:`games.ice_lake.actions`;
what a stopped or cut-off skater may choose in :mod:`games.ice_lake.choices`; the plan builder's
preview in :mod:`games.ice_lake.preview`.

Rulings followed (where the rulebook is silent or lost its pictures):

* Lake (data, :data:`RADIUS`): a flat-top hexagon of radius 5 (91 hexes), axial ``(q, r)`` from
  :mod:`games.hexgrid`. Start hexes and facings (data, :data:`STARTS`): red (0,-3) SE,
  blue (3,-1) S, green (0,3) NW, yellow (-3,1) N. Two players skate red and green; three red,
  blue, yellow; four all of them (data, :data:`COLOURS_BY_COUNT`), seat order as listed.
* Cell names (the letter-number grid printed on the board): columns ``A``..``K`` west to east
  (``q = -5 .. 5``), rows numbered from 1 at the top of each column, so column A has A1..A6,
  column F (the middle) F1..F11, column K K1..K6. The centre of the lake is F6.
* Facings are the six flat edges N NE SE S SW NW. ``S`` moves to the neighbour ahead; ``L`` to
  the neighbour at -60 degrees (counter-clockwise) and ``R`` at +60 degrees, and the skater then
  faces the way it moved (this matches both worked examples of the rulebook; they are tests).
* A crack is the segment between two hex centres. A move stops only if that exact segment is
  already cracked; crossing a crack at a centre is allowed.
* "Completely surrounded by cracks" (formal): the lake is split into triangles whose corners
  are the centres of three mutually adjacent hexes; two triangles connect through a shared
  uncracked side; a triangle on the lake border connects to the shore through its uncracked
  border side. A skater is safe when it stands on a border hex or any triangle around its hex
  reaches the shore. Checked for every skater after every single step.
* Plans: one or more letters of S, L, R, with no upper limit (the rulebook's; the input that
  carries a plan has its own, RULINGS.md); secret until all are in, then
  revealed to everyone as movement starts. While planning is open a seat that has planned may
  send ``plan ...`` again to revise it (see :meth:`IceLake.can_revise`; a revision is no move:
  the board's move counter does not count it, so nobody else can tell it happened); planning closes when
  the last living skater's plan arrives, and movement then runs by itself inside that apply.
  Default on a deadline: ``plan S``.
* Movement: one step per skater in seat order ("clockwise"), starting with the first mover,
  skipping skaters with no letters left, until no letters are left. The first mover of round 1
  is random; afterwards it is whoever made the last move attempt of the previous phase (if that
  skater is out, the next survivor in seat order).
* Forced stop (the target hex holds a skater, or the segment is already cracked): the rest of
  the plan is erased and the owner chooses a facing that can be skated (pending decision
  ``face <DIR>``; default: the first legal facing clockwise starting from the current facing).
  A direction "can be skated" when its neighbour is on the lake, holds no skater, and the
  segment to it is uncracked. No legal facing: out. One legal facing: taken at once (no
  question). Movement resumes with the next skater after the answer.
* Out: skating off the lake (at once, no crack is drawn); completely surrounded by cracks; no
  legal facing after a forced stop; no step in a movement phase (checked when the phase ends,
  so skaters stopped on their first attempt go out together then). Ruling: a skater stopped on
  its first attempt of a phase is not asked for a facing (it will be out); it stays on the ice,
  in the way of others, until the phase ends.
* Reset: at the start of planning, a skater that cannot reach any other skater through
  uncracked segments moves to a free shore hex of the largest patch holding *another* skater
  (a patch: hexes joined by uncracked segments; ties: the patch with the first hex in reading
  order), even when its own patch is larger. When several skaters are cut off, the target is
  the largest patch holding at least one skater, and a cut-off skater already on it stays (the
  rulebook's two sentences). Owners choose in seat order from the first mover
  (pending decision ``reset <cell>``; default: the first free shore hex in reading order). The
  skater keeps its facing. If the patch has no free shore hex, any free hex of the patch.
* Win: the last skater on the ice, checked after every move attempt once every skater has made
  a move attempt (or is out). Skaters who go out together (in the same step, or at the end of
  a phase for not having moved) when none is left share the win. A seat that resigns leaves
  the lake at once (its skater is removed, it never wins); when one skater is left, it wins.

* Automatic moves (``never_automatic``): a plan is never written for a player (it is
  open-ended and secret, so there is always a real decision); a facing or a reset cell that is
  the only legal one is played at once (both are public).

Notation: ``plan SSLR`` (or just ``SSLR``), ``face NE``, ``reset A3``.

Computer default (``computer_default_safe = True``): a missed plan, facing or reset may be
chosen by the computer from the seat's own view. Safe: the plan stays secret until the reveal
like any plan, and the computer sees no other plan (the rulebook default is ``plan S``).

This docstring is long because it is the game's specification beside its code: its notation
and the rulings (RULINGS.md) it implements, with the finer points the code had to settle.
"""

from games.ice_lake.rules import ICE_LAKE, IceLake

__all__ = ["ICE_LAKE", "IceLake"]
