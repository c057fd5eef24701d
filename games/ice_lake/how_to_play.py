"""How to play Ice Lake, from its rulebook (seeds/ice-lake.txt), for the terminal's ``rules``:
a saying per line or paragraph (:attr:`games.presentation.Presentation.how_to_play`), what a
player types a parameter."""

from games.words import Text, say

HOW_TO_PLAY: tuple[Text, ...] = (
    say("Ice Lake: how to play"),
    "",
    say("Goal: be the last skater on the ice."),
    "",
    say("A turn is a round in two parts."),
    say(
        "  Planning: everyone writes a secret plan at the same time, letters S (straight),\n"
        "  L (forward and left) and R (forward and right), at least one ({plan}). Each letter\n"
        "  moves your skater one hex, and left and right are your skater's own.",
        plan="plan SSLR",
    ),
    say(
        "  Movement: skaters move one letter at a time, in turn, until every plan is done. Every\n"
        "  move leaves a crack behind it. Who wrote the longest plan moves first next round."
    ),
    "",
    say(
        "Stopped: you may skate across a crack but not along one, and never through another\n"
        "skater: your skater stops there, the rest of the plan is lost, and you turn it to a way it\n"
        "can still skate ({face}).",
        face="face NE",
    ),
    say(
        "Out of the game: skating off the lake, being shut in by cracks with no uncracked way to\n"
        "the shore, not moving at all in a round, or stopping with no way left to face."
    ),
    say(
        "A skater cut off from every other one starts the next round on the shore of the largest\n"
        "patch of ice with another skater on it ({reset}).",
        reset="reset A3",
    ),
    "",
    say("The end: when one skater is left, its player wins."),
    "",
    say(
        'Example: your skater faces N. "{plan}" moves it forward and left (now facing NW), then\n'
        "straight on to the NW. Had a crack run along that second step, it would stop after the L.",
        plan="plan LS",
    ),
)
