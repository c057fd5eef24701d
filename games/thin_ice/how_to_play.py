"""How to play Thin Ice, from its rulebook (seeds/thin-ice.txt), for the terminal's ``rules``:
a saying per line or paragraph (:attr:`games.presentation.Presentation.how_to_play`), what a
player types a parameter."""

from games.words import Text, say

HOW_TO_PLAY: tuple[Text, ...] = (
    say("Thin Ice: how to play"),
    "",
    say("Goal: be the last meeple on the ice."),
    "",
    say(
        "Start: each player places a meeple on one of the eight tiles around the ice hole, where\n"
        "the polar bear sleeps ({place}). Each player holds up to two event cards.",
        place="place D3",
    ),
    "",
    say("A turn, in this order:"),
    say(
        "  1. Move your meeple to a next tile, diagonals too ({move}), never onto the whale,\n"
        "     the kraken, the bear or another meeple. The ice you leave cracks. No move possible:\n"
        "     you are lost at sea.",
        move="move NE",
    ),
    say(
        "  2. Slide a tile one space into the sea, not diagonally ({slide}). Cracked tiles and\n"
        "     tiles with a piece on them stay put. A tile touching no other tile drifts away with\n"
        "     whatever stands on it.",
        slide="slide C3 N",
    ),
    say(
        "  3. Roll the die ({roll}): wake or move the bear ({bear}), slide again, crack a tile\n"
        "     ({crack}), or refreeze a cracked one.",
        roll="roll",
        bear="bear NE",
        crack="crack E5",
    ),
    say(
        "  Play event cards on your turn ({play}); some answer others' cards ({skip} to let go).",
        play="play flare",
        skip="pass",
    ),
    say(
        "  A meeple the bear reaches is chased to a next tile; one that falls into the hole spends\n"
        "  its next turn standing up."
    ),
    "",
    say("The end: when one meeple is left, its player wins (players who go out together share)."),
    "",
    say(
        "Example: you move NE from C3, so C3 cracks; you slide D4 N, leaving a gap beside a\n"
        "rival; you roll the bear face: the bear wakes up, ready to move on the next bear roll."
    ),
)
