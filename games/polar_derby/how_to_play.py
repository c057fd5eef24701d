"""How to play Polar Derby, from its rulebook (seeds/polar-derby.txt), for the terminal's
``rules``: a saying per line or paragraph (:attr:`games.presentation.Presentation.how_to_play`),
what a player types a parameter."""

from games.words import Text, say

HOW_TO_PLAY: tuple[Text, ...] = (
    say("Polar Derby: how to play"),
    "",
    say(
        "Goal: score the most points with the bears you keep safe. White is worth 1, blue 2,\n"
        "green 3, pink 4, orange 5."
    ),
    "",
    say("A turn: roll both dice ({roll}).", roll="roll"),
    say(
        "  - Two colours: take one bear of each from the middle, or just one ({take}).",
        take="take pink orange",
    ),
    say(
        "  - The same colour twice: take two bears of it from the others, one or two of them\n    ({steal}).",
        steal="steal white white from 2",
    ),
    say(
        "  - Free Skate counts as any colour; a double Free Skate makes your bears safe and gives\n"
        "    you another turn."
    ),
    say(
        "  Then roll again or stop. Each roll must give you a colour you have not pulled this turn:\n"
        "  a roll that gives you nothing loses the turn, and this turn's bears go back to the\n"
        "  middle. Stop, and the bears you pulled are safe (others can still steal them)."
    ),
    "",
    say(
        "The end: when the middle is empty. The highest total wins; a tie goes to the player with\n"
        "more bears."
    ),
    "",
    say(
        "Example: you roll green and blue and take both. You roll again: orange and blue. Blue is\n"
        "already yours this turn, so you take orange alone. One more roll shows green and blue,\n"
        'both pulled already: the turn is lost and all three go back. Had you typed "{stop}" after\n'
        "the orange, 2 + 3 + 5 = 10 points would be safe.",
        stop="stop",
    ),
)
