"""The game protocol every Floe game implements, its errors, events and randomness.

This module is the contract between the pure rules (one module per game) and everything else
(sessions, storage, renderer, Discord). It uses the standard library and util only.

Conventions
-----------
* A seat is an ``int`` from 0 to n-1 in join order. Discord ids never enter ``games/``.
* States, actions, views and events are frozen dataclasses: ``apply`` returns a new state and
  never mutates its input, so a refused action changes nothing.
* ``str(action)`` is the action's notation and ``parse_action(str(a)) == a``.
* Randomness comes only from :func:`rng` (seed and step number), so a game replays exactly
  from its seed and its action log.
* The rules write no sentence in any language: they *say* things (:func:`games.words.say`),
  and each front end tells them in its reader's language (:func:`games.words.tell`).

Hooks
-----
Besides the protocol's required members, :class:`GameHooks` declares every optional hook with
its default and what it means (:data:`HOOKS` names them). Every rules class subclasses :class:`Game` and overrides the
hooks it needs, so callers always call a hook and never ask whether a game has one
(``tests/games/test_declared_hooks.py`` checks every game).

How a game is shown (its menus, labels, notation examples, how to play) is no part of the
rules: it is the game's :class:`games.presentation.Presentation`, registered beside it.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any, ClassVar, Protocol, TypeVar

from games.words import Listed, Param, Said, Text, say
from util.records import frozen

Seat = int

# --------------------------------------------------------------------------- errors


class GameError(ValueError):
    """Base of every error a player can cause; what it says (``said``) is told to the player."""

    def __init__(self, said: Text) -> None:
        super().__init__(str(said))
        self.said = said


class InvalidAction(GameError):
    """The text is not an action of this game (a syntax problem)."""


class IllegalAction(GameError):
    """The action is well formed but the rules do not allow it now."""


class NotYourTurn(GameError):
    """The seat is not awaited now."""


class GameOver(GameError):
    """The game has ended; no more actions are taken."""


class InvalidOptions(GameError):
    """Unknown game name, unknown option, or an option value out of range."""


# --------------------------------------------------------------------------- events


@frozen
class Event:
    """Narration of something that happened.

    ``audience`` is ``None`` for everyone, otherwise the only seats allowed to see it.
    ``text`` is told with the players' names (:func:`games.words.tell`).
    """

    kind: str
    text: Text
    audience: frozenset[Seat] | None = None

    def visible_to(self, seat: Seat | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)


#: Event kinds that mark a movement worth animating: the session then posts
#: ``renderer.render_animation(view)`` with the board (an Ice Lake movement phase).
ANIMATED_KINDS = frozenset({"step"})


def public(kind: str, text: Text) -> Event:
    return Event(kind, text)


def private(kind: str, text: Text, *seats: Seat) -> Event:
    return Event(kind, text, frozenset(seats))


@frozen
class Outcome:
    """How a game ended.

    ``winners`` may hold several seats (a shared win) or none (nobody won).
    ``scores`` is one number per seat where the game keeps score, else ``None``.
    ``summary`` is a short saying, shown with the final board.
    """

    winners: frozenset[Seat]
    scores: tuple[int, ...] | None
    summary: Text


# --------------------------------------------------------------------------- options


@frozen
class Options:
    """Base of every game's options: a frozen dataclass whose fields all have defaults."""

    #: One line per field, shown by ``/game new`` and ``/game rules`` (a saying: told in the
    #: reader's language; the field's name is notation and stays as it is).
    help: ClassVar[Mapping[str, Text]] = {}

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any] | None) -> Options:
        """Build options from plain values (JSON or a slash command); unknown keys are refused.

        Options are frozen, so equal plain values give one shared object: parsed once per
        distinct set of values (every stored state carries its options; loading many games,
        such as the scheduler's first pass, would otherwise parse the same few sets each time).
        """
        key: tuple[Any, ...] | None
        known: Options | None
        try:
            # the value's type is part of the key: 1 == True, but only True is a yes/no option
            key = (cls, *sorted((k, type(v), v) for k, v in (data or {}).items()))
            known = _PARSED_OPTIONS.get(key)
        except TypeError:  # an unhashable value: parsed (and refused) below, never cached
            key, known = None, None
        if known is not None:
            return known
        options = cls._parse(data)
        if key is not None and len(_PARSED_OPTIONS) < _PARSED_OPTIONS_MAX:
            _PARSED_OPTIONS[key] = options
        return options

    @classmethod
    def _parse(cls, data: Mapping[str, Any] | None) -> Options:
        data = dict(data or {})
        fields = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - set(fields))
        if unknown:
            raise InvalidOptions(say("unknown option: {names}", names=", ".join(unknown)))
        values: dict[str, Any] = {}
        for name, value in data.items():
            default = fields[name].default
            values[name] = _coerce_option(name, value, default)
        options = cls(**values)
        options.validate()
        return options

    def to_mapping(self) -> dict[str, Any]:
        """The plain values by field name, a new dict (every stored state writes its options:
        options hold plain immutable values, so no deep copy such as ``dataclasses.asdict``)."""
        return {name: getattr(self, name) for name in _field_names(type(self))}

    def validate(self) -> None:
        """Raise :class:`InvalidOptions` for values out of range (override when needed)."""

    def describe(self) -> Text:
        """Short text of the options that differ from the defaults, told by the front end ("" when
        none do): each option's name (notation), with its value unless it is a yes."""
        parts: list[Param] = []
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if value != f.default:
                label = f.name.replace("_", " ")
                # Translators: an option of a game and its value ("players: 3"); both stay as typed
                parts.append(
                    label if value is True else say("{option}: {value}", option=label, value=str(value))
                )
        if not parts:
            return ""
        # the list alone, in every language: a saying with no words, so not one for translators
        return Said("{options}", (("options", Listed(tuple(parts))),))


def _field_names(cls: type[Options]) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


_FIELD_NAMES: dict[type[Options], tuple[str, ...]] = {}


#: Options already parsed, by (class, sorted plain values); bounded, as games' options are few.
_PARSED_OPTIONS: dict[tuple[Any, ...], Options] = {}
_PARSED_OPTIONS_MAX = 4096


def _coerce_option(name: str, value: Any, default: Any) -> Any:
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in {"true", "yes", "on", "1", "false", "no", "off", "0"}:
            return value.lower() in {"true", "yes", "on", "1"}
        raise InvalidOptions(say("option {name} is yes or no", name=name))
    if isinstance(default, int):
        try:
            return int(value)
        except (TypeError, ValueError):
            raise InvalidOptions(say("option {name} is a whole number", name=name)) from None
    if isinstance(default, str):
        return str(value)
    return value


OptionsT = TypeVar("OptionsT", bound=Options)


def check_setup(title: str, allowed: range, players: int, options: Options, kind: type[OptionsT]) -> OptionsT:
    """Refuse a seat count out of ``allowed`` or options of another game; return the options."""
    if players not in allowed:
        lo, hi = allowed.start, allowed.stop - 1
        if lo == hi:
            raise InvalidOptions(say("{game} is for exactly {n} players", game=title, n=lo))
        raise InvalidOptions(say("{game} is for {lo} to {hi} players", game=title, lo=lo, hi=hi))
    if not isinstance(options, kind):
        raise InvalidOptions(say("these are not {game} options", game=title))
    return options


# --------------------------------------------------------------------------- randomness


def rng(seed: int, step: int) -> random.Random:
    """The random generator for one step of one game.

    Seeding with a string is stable across CPython versions (it hashes with SHA-512), and so is
    the ``random()`` sequence; use :func:`randbelow`, :func:`shuffled` and :func:`pick` rather
    than ``randrange``/``shuffle``/``choice``, whose algorithms CPython does not promise to keep.
    """
    return random.Random(f"floe:{seed}:{step}")


def randbelow(r: random.Random, n: int) -> int:
    """A uniform integer in ``range(n)`` built on ``random()`` only."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    return min(int(r.random() * n), n - 1)


T = TypeVar("T")


def pick(r: random.Random, items: Sequence[T]) -> T:
    return items[randbelow(r, len(items))]


def replace(obj: T, /, **changes: Any) -> T:
    """``dataclasses.replace`` for the rules' frozen dataclasses, faster (docs/performance.md).

    The states are replaced on every action, and the computer players apply thousands of
    actions per decision: the standard function calls ``__init__`` with every field looked up
    one by one, a large part of a search. This copies the instance's
    fields and sets the changed ones. It relies on what holds for every dataclass in
    :mod:`games` (``tests/games/test_replace.py`` checks it): no ``__slots__``, no
    ``__post_init__``, no ``init=False`` field and no cached property in the instance.
    """
    fields = obj.__dataclass_fields__  # type: ignore[attr-defined]
    for name in changes:
        if name not in fields:
            raise TypeError(f"{type(obj).__name__} has no field {name!r}")
    new = object.__new__(type(obj))
    state = new.__dict__
    state.update(obj.__dict__)
    state.update(changes)
    return new


def shuffled(r: random.Random, items: Sequence[T]) -> list[T]:
    """A Fisher-Yates shuffle built on ``random()`` only."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = randbelow(r, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


# --------------------------------------------------------------------------- protocol


class View(Protocol):
    """What every game's view carries besides its own fields: how many seats play, and whose
    view it is (None: the public one, everyone's)."""

    @property
    def players(self) -> int: ...

    @property
    def viewer(self) -> Seat | None: ...


S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V", bound=View, covariant=True)
S_in = TypeVar("S_in", contravariant=True)  # the hooks only read states


class GameState(Protocol):
    """A game's state as everything outside its rules holds it: an immutable value that counts
    the actions applied to it (``step``, which :func:`rng` draws with). Only the game's own rules
    read more of it."""

    @property
    def step(self) -> int: ...


class Undo(Enum):
    """What :meth:`GameHooks.undoable` answers when the game leaves the verdict to the session."""

    BY_SESSION = "by session"


@frozen
class Capabilities:
    """What kind of game it is, declared once by each game (as OpenSpiel's ``GameType`` does):
    what the others may see of its actions and what the session may play for a player follow
    from it (``bot/core/visibility.py``); ``tests/games/test_capabilities.py`` holds every game
    to its declaration over random playouts. The defaults: a game of perfect information, one
    seat awaited at a time, every action told, every only move played at once, no chance after
    the deal."""

    #: Some seat's view or choices show what the others may not see (a hand, a drawn tile, a plan).
    hidden_information: bool = False
    #: Several seats may be awaited at once (plans made together, a reaction window).
    simultaneous_moves: bool = False
    #: Some actions are private (:func:`is_private`): their notation is never told to the
    #: others while the game runs.
    private_choices: bool = False
    #: The game rules some only moves out of being played at once (:meth:`GameHooks.never_automatic`).
    forced_move_rulings: bool = False
    #: Some move draws chance during play with ``rng(seed, step)`` (a roll, a card drawn): one
    #: action more, even one nobody else sees, changes every later draw.
    chance_per_step: bool = False


@frozen
class Builder:
    """A secret, open-ended choice built a piece at a time (an Ice Lake plan: straight, left,
    right), for a front end that offers taps instead of typing.

    ``preview`` is made from the seat's own view only (never the state): a draft's preview can
    show nothing the seat may not see."""

    #: Each piece and its button's label, in the order they are offered: (``"S"``, ``"Straight"``).
    pieces: tuple[tuple[str, Text], ...]
    #: The action's notation with ``{}`` where the pieces go: ``"plan {}"``.
    notation: str
    #: The choice the seat has in now, as pieces ("" when it has none).
    draft: str
    #: A draft -> the seat's view with the draft drawn on it, and a line saying where it leads.
    preview: Callable[[str], tuple[object, Text]]
    #: Whole drafts worth offering in one pick, with their labels (Ice Lake: the short plans
    #: that skate their every letter on today's ice), made from the seat's view when asked.
    samples: Callable[[], tuple[tuple[str, str], ...]] = lambda: ()

    def action_text(self, draft: str) -> str:
        """The notation of the action ``draft`` builds."""
        return self.notation.format(draft)

    def check(self, draft: str) -> None:
        """Refuse a draft that holds anything but the pieces."""
        allowed = {piece for piece, _ in self.pieces}
        if any(ch not in allowed for ch in draft):
            raise InvalidAction(say("a draft holds only {pieces}", pieces=", ".join(sorted(allowed))))


class GameHooks(Protocol[S_in, A]):
    """Every optional hook of a game, declared once with its default.

    A rules class subclasses :class:`Game` (which includes these) and overrides what its rules
    need; callers call the hook and get the default from a game that keeps it.
    """

    #: What kind of game it is (:class:`Capabilities`); the default: perfect information, one
    #: seat at a time, nothing private, no rulings on forced moves.
    capabilities: Capabilities = Capabilities()

    #: Choices are always offered privately: every legal action may reveal a hidden hand
    #: (Thin Ice); the opening deal sends each player their own view.
    secret_choices: bool = False

    #: The game's module rules a computer's move (easy level, the seat's own view) a safe
    #: deadline default (the ruling is in the module docstring).
    computer_default_safe: bool = False

    def hides_choices(self, state: S_in, seat: Seat) -> bool:
        """Whether ``seat``'s choices show something hidden now (Ice Hike's drawn tile), so that
        they are offered privately ("My options"); ``False``: offered publicly."""
        return False

    def reaction(self, state: S_in, seat: Seat) -> bool:
        """Whether ``seat`` is asked in a timed reaction window, answering someone else's move."""
        return False

    def can_revise(self, state: S_in, seat: Seat) -> bool:
        """Whether ``seat`` may change a secret choice until it is revealed (Ice Lake plans)."""
        return False

    def public_prompt(self, state: S_in, seat: Seat) -> Text:
        """The prompt public texts (posts, reminders) show for an awaited ``seat``, naming nothing
        only the seat may see; the default is the prompt itself."""
        return self.prompt(state, seat)

    def spectator_prompt(self, state: S_in, seat: Seat) -> Text:
        """The public prompt as a spectator reads it (a game's web page): it names the seat
        (:class:`Who`) where the public prompt speaks to it ("your"); the default is the public
        prompt itself."""
        return self.public_prompt(state, seat)

    def builder(self, state: S_in, seat: Seat) -> Builder | None:
        """How ``seat`` may build its secret choice now a piece at a time (:class:`Builder`), or
        ``None`` (the default): its choices, if any, are listed."""
        return None

    def default_action(self, state: S_in, seat: Seat) -> A:
        """What a deadline plays for ``seat``; the default raises :class:`GameError` (the game
        has no deadline default)."""
        raise GameError(say("{game} has no deadline default", game=self.title))

    def never_automatic(self, state: S_in, seat: Seat, action: A) -> Text | None:
        """The ruling (a reason) when ``action``, ``seat``'s only legal action, must still be
        asked rather than played for the player at once, else ``None`` (the default).

        Playing it must not take away a real decision or reveal something (being auto-passed
        in a window would show that a player holds no playable card). Secret and deadline-only
        actions are never automatic anyway. Each game's module docstring records its rulings
        under "Automatic moves"."""
        return None

    def choice_stands(self, before: S_in, after: S_in, seat: Seat) -> bool:
        """Whether a choice ``seat`` made from ``before`` still stands at ``after``, a later step
        at which the seat is still awaited: the moves between changed nothing the choice rests
        on (Ice Lake: other skaters planned, in secret), so a computer plays what it thought
        instead of thinking again. ``False`` (the default): each step is a new decision."""
        return False

    def undoable(self, state: S_in, seat: Seat, action: A) -> Text | Undo | None:
        """The game's own undo verdict for ``action`` played by ``seat`` from ``state``: a
        refusal reason, or ``None`` (it may be taken back). The default, :attr:`Undo.BY_SESSION`,
        leaves it to the session's checks (hidden information, randomness; bot/core/replay.py)."""
        return Undo.BY_SESSION

    # the protocol members the defaults above rely on
    @property
    def title(self) -> str: ...

    def prompt(self, state: S_in, seat: Seat) -> Text: ...


#: The names of the declared hooks (every game exposes each, with its default or its own).
HOOKS: tuple[str, ...] = tuple(
    name for name in GameHooks.__dict__ if not name.startswith("_") and name not in {"title", "prompt"}
)


class Game(GameHooks[S, A], Protocol[S, A, V]):
    """What every game module exposes (one instance per game, in :data:`games.GAMES`).

    States carry their own ``step`` counter (the number of actions applied) so that
    ``apply`` can draw randomness with ``rng(seed, step)``.

    Every rules class subclasses this protocol, inheriting the optional hooks' defaults
    (:class:`GameHooks`). A game's computer player is no part of its rules: it lives in the
    package ``ai`` (``ai/<game>.py``, its hooks described in :mod:`ai.hooks`), which imports the
    game; nothing here imports it.
    """

    # Read-only members (a class attribute satisfies them; a subclass of Options is fine).
    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def players(self) -> range: ...
    @property
    def options(self) -> type[Options]: ...

    def new_game(self, players: int, options: Options, seed: int) -> S:
        """The starting state; raises :class:`InvalidOptions` for a seat count out of range."""
        ...

    def to_act(self, state: S) -> frozenset[Seat]:
        """The seats awaited now; empty if and only if the game is over."""
        ...

    def legal_actions(self, state: S, seat: Seat) -> Sequence[A]:
        """Every legal action of ``seat`` (a bounded menu where input is open-ended)."""
        ...

    def check(self, state: S, seat: Seat, action: A) -> None:
        """Raise :class:`IllegalAction` with the rule's words when ``action`` is not allowed."""
        ...

    def apply(self, state: S, seat: Seat, action: A) -> tuple[S, list[Event]]:
        """The state after ``action`` (already checked) and what happened; pure."""
        ...

    def outcome(self, state: S) -> Outcome | None: ...

    def view(self, state: S, seat: Seat | None) -> V:
        """What ``seat`` may see (``None``: a spectator). The only thing that leaves the engine."""
        ...

    def prompt(self, state: S, seat: Seat) -> Text:
        """What is asked of an awaited seat now, short: "roll the dice or stop"."""
        ...

    def retire(self, state: S, seat: Seat) -> tuple[S, list[Event]]:
        """The state after ``seat`` leaves the game (resigned or removed); pure.

        The game goes on without the seat where its rules allow, else it ends.
        """
        ...

    def parse_action(self, text: str) -> A:
        """Parse notation (forgiving about case and spacing); raises :class:`InvalidAction`."""
        ...

    def to_dict(self, state: S) -> dict[str, Any]:
        """Plain JSON-able data with a ``version`` field."""
        ...

    def from_dict(self, data: Mapping[str, Any]) -> S: ...


class ActionTraits:
    """What every action declares about itself, the base of every game's action classes (a
    class overrides what differs): a ``secret`` choice is never shown to others as notation (an
    Ice Lake plan; logs show only that something was chosen); a ``private`` one is not told to
    the other seats while the game runs (Ice Hike's standing torch choice); a ``deadline_only``
    one is played only by the session when a deadline passes (Polar Derby's ``time out``); its
    ``label`` names its button or menu option (by default its notation)."""

    secret: ClassVar[bool] = False
    private: ClassVar[bool] = False
    deadline_only: ClassVar[bool] = False

    @property
    def label(self) -> Text:
        return str(self)


def is_secret(action: ActionTraits) -> bool:
    return action.secret


def is_private(action: ActionTraits) -> bool:
    """Whether the action's notation is kept from the other seats while the game runs (logs,
    digests, narration): every secret choice and every private one. A secret choice is also
    offered privately; a private action is just not told."""
    return action.secret or action.private


def action_label(action: ActionTraits) -> Text:
    """The label of ``action``'s button or menu option."""
    return action.label


def is_deadline_only(action: ActionTraits) -> bool:
    """Whether only the session plays ``action``, when a deadline passes: never in
    ``legal_actions``, refused from players."""
    return action.deadline_only


def words(text: str) -> list[str]:
    """Split notation forgivingly: lower case, commas and extra spaces ignored."""
    return text.replace(",", " ").lower().split()


# --------------------------------------------------------------------------- hostile text
#
# Anything a player types reaches ``parse_action``. Python's ``str.isdigit`` accepts "²" and
# "٣" (which ``int`` refuses or reads as another number) and ``int`` refuses numbers of more
# than 4,300 digits, so every game parses numbers and cell names through these helpers only.

#: The longest number any notation needs (player numbers, bears, board rows).
MAX_DIGITS = 3


def parse_number(text: str) -> int | None:
    """An ASCII whole number of at most :data:`MAX_DIGITS` digits (``"12"`` -> 12), else ``None``."""
    t = text.strip()
    if not 1 <= len(t) <= MAX_DIGITS or not t.isascii() or not t.isdigit():
        return None
    return int(t)


def parse_cell_name(text: str) -> tuple[int, int] | None:
    """``"c4"`` -> ``(2, 3)`` (column 0 is ``A``, row 0 is ``1``); ``None`` unless the text is
    one ASCII letter followed by an ASCII number (see :func:`parse_number`)."""
    t = text.strip().upper()
    if len(t) < 2 or not ("A" <= t[0] <= "Z"):
        return None
    row = parse_number(t[1:])
    if row is None:
        return None
    return ord(t[0]) - ord("A"), row - 1


def shown(text: str, limit: int = 24) -> str:
    """A player's text as a refusal repeats it: cut short and printable (no control characters)."""
    t = "".join(ch if ch.isprintable() else "?" for ch in text.strip())
    return t if len(t) <= limit else t[: limit - 1] + "…"


def quoted(text: str, limit: int = 24) -> str:
    """:func:`shown` in quotes, for a word the refusal is about."""
    return f"'{shown(text, limit)}'"
