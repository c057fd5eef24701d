"""A scripted keyboard for the terminal front end's tests (``floe play``): it answers each
prompt by a policy and keeps what the program printed and which prompts hid what was typed."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable

#: A numbered line of the terminal's list of actions: its number and its notation.
ITEM = re.compile(r"^\s+(\d+)\. (.+?)(?:  \(.*\))?$")


class Screen:
    """A scripted keyboard: ``answer(screen, prompt)`` gives each line. Keeps what the program
    printed apart from the prompts, and which prompts hid what was typed."""

    def __init__(self, answer: Callable[[Screen, str], str], limit: int = 400) -> None:
        self.answer = answer
        self.limit = limit
        self.printed: list[str] = []
        self.prompts: list[tuple[str, bool]] = []

    def output(self, text: str) -> None:
        self.printed.extend(text.split("\n"))

    def input(self, prompt: str, secret: bool) -> str:
        self.prompts.append((prompt, secret))
        if len(self.prompts) > self.limit:
            raise EOFError
        return self.answer(self, prompt)

    @property
    def text(self) -> str:
        return "\n".join(self.printed)

    def listed(self) -> list[str]:
        """The notations of the newest numbered list printed."""
        return newest_list(self.printed)


def lines(answers: Iterable[str]) -> Callable[[Screen, str], str]:
    queue = list(answers)

    def answer(screen: Screen, prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    return answer


def random_answers(seed: int, steps: int, first: list[str] | None = None) -> Callable[[Screen, str], str]:
    """The lines of ``first``, then a number picked at random from the listed actions until
    ``steps`` prompts were answered, then "quit"."""
    r = random.Random(seed)
    queue = list(first or [])

    def answer(screen: Screen, prompt: str) -> str:
        if queue:
            return queue.pop(0)
        if len(screen.prompts) > steps:
            return "quit"
        listed = screen.listed()
        return str(r.randint(1, len(listed))) if listed else "moves"

    return answer


def newest_list(lines: list[str]) -> list[str]:
    """The items of the newest numbered list among ``lines`` (a terminal's output)."""
    found: list[str] = []
    for line in reversed(lines):
        match = ITEM.match(line)
        if match:
            found.append(match.group(2))
        elif found:
            break
    return list(reversed(found))
