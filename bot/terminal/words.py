"""What the terminal says around the games (``floe play``): its help, the rules page's framing,
a game's end, a nameless player's name, and the words it gives the session service. Each is a
saying, told in the terminal's language; what is typed (commands, notation, options) stays as it
is in every language."""

from __future__ import annotations

import re
import time

from bot.core.catalogue import ENGLISH, AnyGame, Language, Said, Text, presentation_of, say, say_n, tell
from bot.core.rulebooks import rulebook_path
from bot.core.texts import MAX_MOVE_TEXT, FrontEndWords

#: The commands ``help`` lists: what is typed (a command, the same in every language, or a
#: saying naming what to type) and what it does.
HELP_LINES: tuple[tuple[Text, Said], ...] = (
    # Translators: what to type, in the terminal's list of commands (at most 13 characters).
    (say("<number>"), say("play the numbered action from the list")),
    # Translators: what to type, in the terminal's list of commands (at most 13 characters).
    (
        say("<notation>"),
        say(
            "play any legal move by its notation (e.g. {examples})",
            examples='"roll", "place C4", "plan SSLR"',
        ),
    ),
    ("moves", say("list all the legal actions (an empty line: the first few again)")),
    ("board", say("print the public board again")),
    ("hidden", say("type one secret choice without echo (a standing order, a card to keep)")),
    ("view", say("print the private view of the seat being asked (its hand, its plan)")),
    ("undo", say("take back the newest move, if nobody has answered it yet")),
    (
        "rules",
        say("how to play this game ({command}: the rulebook, a screenful at a time)", command="rules full"),
    ),
    # Translators: the command "log" is typed as it is; "page" is its optional page number.
    (say("log [page]"), say("the move log (secret choices stay hidden until the game ends)")),
    ("resign", say("the seat being asked leaves the game")),
    ("help", say("this text")),
    ("quit", say("stop here (with {option} the game can be resumed later)", option="--db")),
)


def help_text(language: Language = ENGLISH) -> str:
    """What ``help`` prints: the commands (typed as they are in every language) and what they do."""
    lines = [tell(say("Commands:"), (), language)]
    for typed, does in HELP_LINES:
        lines.append(f"  {tell(typed, (), language):<13} {tell(does, (), language)}")
    return "\n".join(lines)


def default_name(user: int, language: Language = ENGLISH) -> str:
    """A player's name before they gave one (the boards' name for a nameless seat too)."""
    return tell(say("Player {n}", n=user), (), language)


#: How the terminal tells a player to do what the session's texts ask (given to the session
#: service, which builds its sentences with them): the private view is printed, not attached.
TERMINAL_WORDS = FrontEndWords(
    answer_secret=say("Type it at the prompt (up to {n} characters).", n=MAX_MOVE_TEXT),
    see_log=say("type {command}", command="log"),
    start_game="floe play",
    view_attached="",
    recaps=False,  # what happened since a turn is on the screen above
)

_TIMESTAMP = re.compile(r"<t:(\d+)(?::[a-zA-Z])?>")


def plain(text: str) -> str:
    """The session's text as the terminal prints it: no bold or code marks, Discord's
    timestamps as local times."""

    def when(match: re.Match[str]) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(int(match.group(1))))

    return _TIMESTAMP.sub(when, text).replace("**", "").replace("`", "")


def rules_text(rules: AnyGame, language: Language = ENGLISH) -> str:
    """What ``rules`` prints: how to play (the game's page, told in ``language`` like the options'
    help), what each card or find does, seats, options, how moves look, and where the rulebook is."""
    lo, hi = rules.players.start, rules.players.stop - 1
    shown = presentation_of(rules)
    page = shown.page(language).strip()
    lines = [page, ""] if page else []
    reference = shown.reference_page(language).strip()  # what each card or find does
    lines += [reference, ""] if reference else []
    seats = (
        say_n("{game}: {n} player.", "{game}: {n} players.", lo, game=rules.title)
        if lo == hi
        else say("{game}: {lo} to {hi} players.", game=rules.title, lo=lo, hi=hi)
    )
    told = [seats]
    for name, text in rules.options.help.items():
        told.append(
            say(
                "  option {name}: {help} (new games: {typed})", name=name, help=text, typed=f"--option {name}"
            )
        )
    examples = shown.notation_examples
    if examples:
        told.append(
            say("Moves look like: {examples}", examples=", ".join(e.strip() for e in examples.split(",")))
        )
    told.append(
        say('Type a move, or its number from the list; "{command}" lists them again.', command="moves")
    )
    book = rulebook_path(rules.name)
    if book is not None:
        told.append(
            say(
                'The whole rulebook, a screenful at a time: "{command}" (or read {file}).',
                command="rules full",
                file=str(book),
            )
        )
    return "\n".join([*lines, *(tell(line, (), language) for line in told)])


def rulebook(rules: AnyGame, language: Language = ENGLISH) -> str:
    """The game's rulebook file (written in English), or a line saying there is none."""
    book = rulebook_path(rules.name)
    if book is not None:
        return book.read_text()
    return tell(say("No rulebook file for {game} here.", game=rules.title), (), language)


def ended(status: str, moves: int) -> Said:
    """How a game that is no longer played ended (``status``: its record's), after ``moves`` moves."""
    if status == "finished":
        return say_n("The game is finished after {n} move.", "The game is finished after {n} moves.", moves)
    if status == "abandoned":
        return say_n("The game is abandoned after {n} move.", "The game is abandoned after {n} moves.", moves)
    return say_n(
        "The game is {status} after {n} move.", "The game is {status} after {n} moves.", moves, status=status
    )
