"""How to play Ice Team, from its rulebook (seeds/ice-team.txt), for the terminal's ``rules``:
a saying per line or paragraph (:attr:`games.presentation.Presentation.how_to_play`), what a
player types a parameter."""

from games.words import Text, say

HOW_TO_PLAY: tuple[Text, ...] = (
    say("Ice Team: how to play"),
    "",
    say("Goal: collect the most fish while racing your four bears from the Start to the Finish."),
    "",
    say(
        "A turn: two actions (the very first turn of the game has one). An action moves one of your\n"
        "bears, then the tile it ends on takes effect. A bear may:"
    ),
    say("  - walk to a free tile next to it ({walk}),", walk="walk 2 C2"),
    say(
        "  - leap over a bear next to it to the free tile behind, several times in one action\n"
        "    ({leap}, or {leaps}),",
        leap="leap 2 C3",
        leaps="leap 2 C3 E3 F2",
    ),
    say("  - swim in a straight line across the sea to the first free tile ({swim}).", swim="swim 2 F1"),
    say("Where it ends:"),
    say(
        "  - an igloo not searched yet: take its fish, then roll the die: that many more fish, or\n"
        "    steal up to two fresh fish from your opponent;"
    ),
    say("  - penguins: each one freezes one of your fresh fish, and frozen fish cannot be stolen;"),
    say("  - bear paws: the same bear takes an extra action;"),
    say(
        "  - a shifting tile: it moves on with the bear ({simple}, or {block} to push\n"
        "    the tiles in front of it);",
        simple="shift simple D2",
        block="shift block F2",
    ),
    say("  - the Finish: roll both dice and keep one ({die}, or {steal}).", die="die 3", steal="die steal"),
    say("A cracked tile breaks when a bear leaves it."),
    "",
    say(
        "The end: when a player brings a fourth bear to the Finish, after that bear's dice. The most\n"
        "fish wins; a tie goes to who brought four bears to the Finish. A player who cannot move any\n"
        "bear on their turn loses."
    ),
    "",
    say(
        'Example: your bear 4 is on B1 with an opponent\'s bear on C1 beside it. "{leap}" jumps over\n'
        "it to D1, an igloo with a fish: you take the fish and roll a 3, so three more are yours.",
        leap="leap 4 D1",
    ),
)
