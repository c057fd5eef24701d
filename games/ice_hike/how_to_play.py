"""How to play Ice Hike, from its rulebook (seeds/ice-hike.txt), for the terminal's ``rules``:
a saying per line or paragraph (:attr:`games.presentation.Presentation.how_to_play`), what a
player types a parameter."""

from games.words import Text, say

HOW_TO_PLAY: tuple[Text, ...] = (
    say("Ice Hike: Beware of the Bears: how to play"),
    "",
    say(
        "Goal: be the first to walk your puppet from the Start (north-east) to the village\n"
        "(the Finish, south-west)."
    ),
    "",
    say("A turn:"),
    say(
        "  1. Place the tile you drew on a free hex ({place}). A mountain tile brings a cave find.\n"
        "     Water makes a hex impassable; land and mountains raise it to level 2 or 3.",
        place="place D5",
    ),
    say(
        "  2. Play with your puppet (2 steps) or with a polar bear (3 steps): {puppet} / {bear}.\n"
        "     Walking costs 1 step on the same level, 2 to climb, 1 to go down (a puppet gets that\n"
        "     step back: it skis down, but needs the step first); never two levels at once\n"
        "     (unless with a rope). Your puppet may build an igloo (2 steps, {build}) or\n"
        "     search a mountain cave (2 steps, {search}). Finds: berries (2 more steps), a torch\n"
        "     (fends off one bear attack), a rope (climb or descend two levels).\n"
        "     A bear that steps onto another player's puppet attacks it: that puppet goes back to\n"
        "     the Start or to an igloo ({torch} to fend it off).",
        puppet="puppet",
        bear="bear",
        build="build",
        search="search",
        torch="torch yes",
    ),
    say("  3. {end}: the next player's turn.", end="end"),
    say("  There must always be a free way from the Start to the Finish."),
    "",
    say("The end: the first puppet at the Finish wins."),
    say(
        "Two players: each plays two colours (two puppets), taking turns in the order A, B, A, B;\n"
        "your two colours help each other, and the first of your puppets at the Finish wins."
    ),
    "",
    say(
        "Example: you draw land and place it on G6, next to your puppet on the ice at G5. You\n"
        'choose the puppet: "{walk}" climbs onto G6 (2 steps, level 1 to 2), and your turn\'s\n'
        "steps are spent; type {end}.",
        walk="walk S",
        end="end",
    ),
)
