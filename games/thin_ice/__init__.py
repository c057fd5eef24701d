"""Thin Ice (3-6 players): survive on a cracking grid of ice with a polar bear, a die and event
cards. The rulebook is ``seeds/thin-ice.txt``; this docstring restates the rulings followed.

Modules: :mod:`.board` (field, directions, tile kinds and faces, die: data tables),
:mod:`.cards` (the 26 event cards as data), :mod:`.actions` (actions and notation),
:mod:`.state` (state, view, JSON), :mod:`.working` (the mutable working copy that resolves an
action), :mod:`.rules` (the rules class over it).

Rulings (``RULINGS.md``, Thin Ice)
----------------------------------
* Grid 5x5 (3-4 players: 18 ice/cracked, 3 ice/killer whale, 3 ice/perma-ice) or 6x6 (5-6: 27,
  4, 4), Ice Hole in the centre, all ice side up; a tile's back is unknown until it cracks
  (views show only the up face). Outside the grid is sea, unbounded: the bear and pushed or
  slid pieces may go any distance out, and the board drawing grows to show them (the view's
  ``extent``). Columns A.., rows 1.. from the north, with one ring of sea always shown: the
  grid B2..F6 or B2..G7, the hole D4 (the rulings' C3 of A-F/1-6 without the ring). Farther
  out: columns AA.. to the east, -A, -B.. to the west of A, rows -1, -2.. to the north of 1.
* Set Up: a random first player; in turn order each places a meeple on a free tile next to
  the hole (``place D3``); two cards each; the bear asleep on the hole.
* A turn: move (mandatory; none possible means Lost at Sea when the turn ends), slide a tile
  (if possible), roll and resolve (mandatory), in any order, each once; then ``end``. The turn
  ends by itself when everything is done and the player holds no card. A meeple that fell into
  the hole (or was knocked over by Catch this!) spends its next turn standing up (``stand``)
  and does nothing else but play/discard cards. Players who are out still take turns: they
  roll and play cards.
* Die (data): bear, bear, crack, crack, slide, refreeze; each effect is mandatory if possible,
  a single possible choice is taken at once. Bear: a sleeping bear stands up; an awake bear is
  moved one step by the roller (or by the Easily distracted player) to a tile or sea space, not
  onto a Killer Whale or the Kraken; with the Kraken the roller may instead destroy a tile next
  to the Kraken (only when the bear is awake, "instead of moving" it). Crack: flip an ice-side
  tile or remove a cracked one, not under the bear or a meeple. Refreeze: flip back a cracked
  tile, Killer Whale or Kraken (never perma-ice), not under the bear or a meeple. Slide: one
  more slide by the normal rules.
* Cracking: leaving an ice-side tile flips it (revealing cracked ice, a Killer Whale, perma-ice
  or the Kraken); leaving a cracked tile removes it; perma-ice never cracks. The bear cracks
  like a meeple. A chased meeple's forced step does not crack the tile (the bear stands on it).
* Chase: the bear moved onto a tile with meeples; the active player (current turn) sends each
  meeple to an adjacent tile by the normal move rules (Saw it coming: its owner chooses); onto
  the hole (cracked or not) it falls down. No such tile: Lost at Sea. The bear never enters a
  sea space holding a swimmer.
* Slides: an uncracked tile with no bear or meeple, one space orthogonally into empty sea.
  Killer Whale and Kraken tiles may slide onto the bear's sea space; the active player then
  moves the bear (a whale may only do so if the bear can move; with the Kraken a bear that
  cannot move is discarded). The Kraken may slide onto a Killer Whale, which must then move
  by the normal slide rules (the active player chooses): one space orthogonally into empty
  sea, or into the bear's sea space (the bear is then moved as above); otherwise it is
  discarded.
* Adrift: after every removal or slide, tiles with no orthogonal neighbour are discarded
  (repeatedly); a meeple on one is out (Adrift) unless it wears a Life Jacket (it stays in
  that sea space); the bear stays in that sea space. Discarded tiles are public (by kind).
* Partial ice (Kraken option, orientation = the iced corner): orthogonal moves only through
  an iced edge, diagonal ones only through the iced corner, on and off, for meeples and the
  bear. A meeple leaving an uncracked rotating partial tile turns it 90 degrees (``cw`` or
  ``ccw`` in the move notation) after it flips.
* Win: the last meeple in the game wins; when the last ones go out in the same action they
  share the win.

Event cards
-----------
One copy of each of the 26 cards (option ``short_deck``: the first 13). Hand limit 2 (Catch
this! may give a third); draw up to 2 at the start of your turn (the discards are reshuffled
when the deck runs out); play any number on your turn; discard any (``discard <card>``).
"At any time" means on your own turn or in any reaction window you are asked in.

Reaction windows open only after: a card is played (answers: Oh no you don't, Let's vote on
that), a die roll (Are you sure?; after a bear roll also Flare, Bear-ly there, Easily
distracted), the bear moving onto a meeple (Saw it coming, for that meeple's owner), a meeple's
tile going adrift (Paddle like mad, for its owner) -- and only when a card that answers could
be in someone's hand, judged from public facts alone (discard pile and cards in play). A window
awaits every player holding at least one card (chase/adrift windows: the concerned owner, if
they hold a card), so it reveals nothing about what they hold; it closes when all have
answered. In windows after a roll, chase or drift, "at any time" cards may be played too; in a
window after a card, only Oh no you don't and Let's vote on that. Chains resolve last played
first: Oh no you don't cancels the card below it; Let's vote on that asks every player (out
players too) to vote on the card below it; it happens only with more votes for than against,
and a missing vote counts as against. A card whose target changed before it resolved does
nothing. Sudden slip ends the current player's turn without Lost at Sea for a missing move; the
forced consequences already under way (adrift, chases) still resolve.

Standing orders are private (only in their owner's view; the notation is hidden from others):
``order flare when-bear-adjacent`` (also ``when-bear-rolled``; Are you sure? also
``when-rolled``; Bear-ly there and Easily distracted the same), ``order sawit when-chased``,
``order paddle when-adrift`` (paddles towards a tile that saves it, N E S W first),
``order ohno when-<card>`` / ``order vote when-<card>`` (a card played by someone else),
``order pass`` (pass every window no other order answers), ``order when-playable`` (ask me only
when I can play a card) and ``order clear``. A player can give orders whenever they are
awaited (own turn or a window); an order answers its window at once and is used up when it
plays its card. Only the orders that can apply are offered (any other may still be typed): in
a window, those for that kind of window (after a card, about that card); on one's own turn,
those that can still happen (a bear trigger needs the bear; a card trigger a card not yet
discarded nor in one's own hand). ``order when-playable`` passes a window in which its owner
cannot play a card, once every other awaited player has answered, leaving exactly what a typed
``pass`` leaves (the line, the move count): no other seat can tell it from a pass by hand.

Card rulings: Easily distracted moves the bear instead of the roller. Mass panic: "left" passes
each hand to the next seat in turn order, "right" to the previous one (retired seats skipped).
At one with nature: no bear move may bring the bear nearer (king steps) to your meeple until
the end of your next turn. RRRAAHHHH!: the bear must be awake and next to you; it moves to a tile or sea space
farther from you with no meeple on it. Zen moment: if the deck has fewer than 3 cards, the
shuffled discards go under it first; the two others go together on top or bottom. Mighty Leap:
``jump <dir>`` over a meeple on the adjacent tile to the tile beyond (normal landing rules).
In it together: before your first action of the turn. Catch this!: the target's roll opens no
window; missing, they lie down (next turn: stand) and discard a card of their choice. Sliding
in style / Life Jacket / At one with nature last until the end of the player's next turn (the
turn after this one when played in their own turn); a swimmer whose Life Jacket runs out is
Lost at Sea. Ice shift swaps two tiles that touch (8 directions) with what is on them. Ice
with that? puts a discarded plain ice tile, ice up, on an empty sea space orthogonally next to
a tile. Cold Snap refreezes a cracked tile (even under a meeple). Paddle like mad moves the tile
you stand on one space orthogonally into empty sea (then the adrift rule applies).

Pending decisions and their defaults (``THIN_ICE.default_action``)
------------------------------------------------------------------
* Reaction window: ``pass``. Vote: ``vote no``. Zen moment: keep the first card, the others to
  the bottom. Catch this! discard: the first card in card-list order.
* Chase / Kraken eviction / bear push / displaced whale / crack / refreeze / die slide / bear
  move: the first legal option (board order). Placement: the first free tile clockwise from N.
* Own turn: ``stand``, else ``roll``, else the first legal move, else the first slide, else
  ``end``.

Automatic moves (``THIN_ICE.never_automatic``)
----------------------------------------------
* A reaction window is never passed for a player, even one whose only answer is ``pass``:
  being asked must reveal nothing about a hand, so a player who holds no playable card is asked
  like one who does (the window's deadline passes for them).
* Every other forced move is played at once (a lone placement, stand-up or die choice): hands
  do not decide them and playing them shows nothing new.

Leaving (``retire``): the meeple leaves the ice, the hand goes to the discard pile, orders are
dropped, the seat is skipped; a pending choice of that seat takes its default; if it was that
seat's turn, the turn ends as by Sudden slip.

This docstring is long because it is the game's specification beside its code: its notation
and the rulings (RULINGS.md) it implements, with the finer points the code had to settle.
"""

from __future__ import annotations

from games.thin_ice.rules import THIN_ICE, ThinIce

__all__ = ["THIN_ICE", "ThinIce"]
