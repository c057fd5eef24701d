"""What a move said, as the log keeps it: the sayings themselves, told to each reader with the
names of now; a narration logged before the games said things reads as it was written."""

from __future__ import annotations

from bot.core.narration import recorded, sayings, told
from games.core import private, public
from games.words import Listed, Said, Who, say, say_n

NAMES = ["Ann", "Floe (normal)"]


class Upper:
    def gettext(self, message: str) -> str:
        return message.replace("walks", "WALKS").replace("and", "AND")

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return (singular if n == 1 else plural).replace("fish", "FISH")


def test_the_log_keeps_the_sayings_and_tells_them_with_the_names_of_now() -> None:
    walk = say("{who} (white) walks {way} to {cell}.", who=Who(1), way=say("north"), cell="C3")
    fish = say_n("{who} eats one fish.", "{who} eats {n} fish.", 3, who=Who(0))
    both = say("{them} share the win.", them=Listed((Who(0), Who(1)), say("and")))
    stored = recorded(
        [
            public("walk", walk),
            private("drawn", "You draw a tile.", 0),
            public("fish", fish),
            public("end", both),
        ]
    )
    assert [kind for kind, _ in sayings(stored)] == ["walk", "fish", "end"], "private events are not logged"
    assert [said for _, said in sayings(stored)] == [walk, fish, both]
    assert told(stored, NAMES) == (
        "Floe (normal, white) walks north to C3.\nAnn eats 3 fish.\nAnn and Floe (normal) share the win."
    )
    assert told(stored, ["Bea", "Cy"], Upper()).splitlines() == [
        "Cy (white) WALKS north to C3.",
        "Bea eats 3 FISH.",
        "Bea AND Cy share the win.",
    ]
    assert told(stored, NAMES, skip=frozenset({"walk", "fish"})) == "Ann and Floe (normal) share the win."
    renamed = ["Ann", "Floe (hard)"]  # told again, as a turn's card does, after a name changed
    assert told(stored, renamed, skip=frozenset({"walk", "fish"})) == "Ann and Floe (hard) share the win."


def test_a_finished_english_text_with_name_placeholders_is_kept_and_filled() -> None:
    stored = recorded([public("turn", "{0} walks (no tiles left).")])
    assert told(stored, NAMES) == "Ann walks (no tiles left)."


def test_nothing_public_is_nothing_logged() -> None:
    assert recorded([private("plan", say("Your plan: {plan}", plan="SLR"), 0)]) == ""
    assert told("", NAMES) == "" and sayings("") == []


def test_a_narration_logged_before_the_games_said_things_reads_as_written() -> None:
    for old in ("Ann rolls a 3.\nBo waits.", '{"not": "ours"}', "{broken", "[AFK] Bo walks."):
        assert told(old, NAMES) == old
        assert sayings(old) == [("", old)]


def test_a_stored_saying_is_the_same_saying_after_a_round_trip() -> None:
    said = say("{a}{b}{c}", a=1, b="x", c=say("{d}", d=Listed((Who(2), say("y")))))
    ((kind, back),) = sayings(recorded([public("k", said)]))
    assert kind == "k" and back == said and isinstance(back, Said)
