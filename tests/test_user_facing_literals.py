"""No user-facing sentence is written in the code: an AST scan of ``bot/``, ``games/`` and
``renderer/`` for a string literal (a ``str`` constant or an f-string's constant parts) given
to a sink that shows it to a person, which should be a saying (``say``, ``say_n``, ``say_in``)
told through the catalogues (docs/languages.md).

A literal counts as a sentence when the escape detector (:func:`tests.support.escapes.escapes`)
finds English words in it: notation, ``code``, mentions, links, placeholders of f-strings,
emoji and punctuation alone are not words. The sinks (found by reading the code):

- private answers: ``say_privately(interaction, text)``;
- refusals: ``SessionError``, ``GameError`` and every subclass of theirs in the scanned code;
- the core's replies: ``Post(text)``, ``Note(user_id, text)``, ``ack=`` of any call (``Reply``,
  ``board_reply``...);
- Discord's parts: ``discord.ui`` buttons, select menus and their options, text inputs,
  modals, labels and text displays (``label=``, ``placeholder=``, ``title=``,
  ``description=``, ``content=``, and a text display's first argument), ``card(text)``,
  ``collapsed(line)``, and a message sent or edited (``send``, ``send_message``, ``edit``,
  ``edit_message``, ``edit_original_response``: their first argument and ``content=``);
- constants of Discord parts and of the terminal: ``LABEL``, ``LABELS``, ``TITLE``,
  ``PLACEHOLDER``, ``HELP``;
- the terminal (``bot/terminal/``): ``print``, ``out`` and ``self.out``, and ``append`` (it
  builds its screens as lists of lines);
- web pages (``bot/web/``): the text of HTML literals, outside their tags and in the attributes
  read aloud (``aria-label``, ``alt``, ``title``), and the texts their script shows (its string
  literals with a capital or a space: not ids, tags or statuses);
- boards (``renderer/``): ``lettering.text``, ``text_line``, ``crisp_text`` (their third
  argument) and Pillow's ``draw.text`` (its second).

Not sinks, on purpose: logging (read by operators, in English), ``custom_id=`` and other ids,
the slash commands' names and descriptions (``app_commands``: translated by the command
catalogue, ``floe.po``, and checked by tests/adapter/test_command_languages.py), ``argparse``
help (the command line's own help), ``print`` outside the terminal (developer tools such as
``python -m bot.core.languages``), notation and emoji-only strings (the detector passes them).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.escapes import BREAK, escapes

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("bot", "games", "renderer")

#: Calls whose first argument is a text a person reads; and of which keywords.
FIRST_ARGUMENT = {"collapsed", "card", "Post", "TextDisplay", "send", "send_message", "edit_message"}
SECOND_ARGUMENT = {"say_privately", "Note"}
THIRD_ARGUMENT = {"text", "text_line", "crisp_text"}  # renderer.lettering's (draw, xy, text)
#: Keywords that carry a text a person reads, on the calls where they do.
UI_CALLS = {
    "Button",
    "Select",
    "SelectOption",
    "TextInput",
    "Modal",
    "Label",
    "TextDisplay",
    "Section",
    "MediaGalleryItem",
    "send",
    "send_message",
    "edit",
    "edit_message",
    "edit_original_response",
    "followup",
    "card",
    "Post",
    "Note",
}
UI_KEYWORDS = {"label", "placeholder", "title", "description", "content", "text"}
#: A keyword that carries a text a person reads on any call.
ANY_CALL_KEYWORDS = {"ack"}
#: Constants whose values are labels, titles and help pages (Discord parts', the terminal's).
UI_CONSTANTS = {"LABEL", "LABELS", "TITLE", "PLACEHOLDER", "HELP"}
#: The refusals every other error class of the scanned code may derive from.
ERROR_ROOTS = {"SessionError", "GameError"}
#: The terminal prints, and builds its screens as lists of lines.
TERMINAL_CALLS = {"print", "out", "append"}
TAG = re.compile(r"<[^>]*>|&\w+;")
HTML = re.compile(r"</?[a-zA-Z!][^>]*>")
#: The attributes of an HTML element that a person (or their screen reader) reads.
READ_ATTRIBUTES = re.compile(r"\b(?:aria-label|alt|title|placeholder)=\"([^\"{]*)\"")
#: A string literal of the pages' script, and what makes it a text rather than a name: a capital
#: first letter or a space (ids, tags and statuses are single lower-case words).
JS_STRING = re.compile(r"'((?:[^'\\\n]|\\.)*)'")
JS_TEXT = re.compile(r"^[A-Z]|\s\w")
#: Words a sink may show that are no sentence: the games' titles (names, plain strings in the
#: games' code, as players' names are), the program's name before its messages at the terminal
#: (``floe: ...``, as Unix tools write theirs) and the sleeping bear's "zz" drawn on a board (a
#: picture, read the same in every language).
NOT_SENTENCES = ("Ice Hike", "Ice Lake", "Ice Team", "Polar Derby", "Thin Ice", "floe", "zz")


@dataclass(frozen=True)
class Offender:
    path: str
    line: int
    sink: str
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.sink}: {self.text!r}"


def literal_text(node: ast.AST) -> str | None:
    """The text of a literal as a person would read its constant parts (an f-string's values
    stand for words the literal does not write: they break the runs); None: not a literal."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else BREAK
            for v in node.values
        )
    return None


def shown(node: ast.AST) -> str:
    """A literal as the report shows it: an f-string's values as ``{…}``."""
    if isinstance(node, ast.JoinedStr):
        return "".join(
            v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else "{…}"
            for v in node.values
        )
    return str(getattr(node, "value", ""))


def literals_in(node: ast.AST) -> Iterator[tuple[ast.AST, str]]:
    """Every literal a sink's argument is made of: the literal itself, either side of a
    conditional, the parts of a ``+`` or a tuple, list or dict's values (not calls: a call's
    arguments are the callee's business, and ``say("...")`` is a saying)."""
    text = literal_text(node)
    if text is not None:
        yield node, text
    elif isinstance(node, ast.IfExp):
        yield from literals_in(node.body)
        yield from literals_in(node.orelse)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        yield from literals_in(node.left)
        yield from literals_in(node.right)
    elif isinstance(node, ast.BoolOp):
        for value in node.values:
            yield from literals_in(value)
    elif isinstance(node, (ast.Tuple, ast.List)):
        for item in node.elts:
            yield from literals_in(item)
    elif isinstance(node, ast.Dict):
        for value in node.values:
            yield from literals_in(value)


def user_facing(text: str, html: bool = False) -> bool:
    """A literal a person would read as words (``html``: words outside its tags, and in the
    attributes read aloud)."""
    if html:
        text = BREAK.join([TAG.sub(BREAK, text), *READ_ATTRIBUTES.findall(text)])
    return bool(escapes(text, NOT_SENTENCES))


def script_texts(source: str) -> Iterator[str]:
    """The texts a page's script shows (:data:`JS_STRING` literals that are texts)."""
    source = re.sub(r"key\s*===?\s*'[^']*'", "", source)  # a key's name (Home, End), not a text
    for literal in JS_STRING.findall(source):
        if literal == "use strict":  # the script's directive
            continue
        if JS_TEXT.search(literal) and not literal.startswith(("/", ".", "#")) and user_facing(literal):
            yield literal


def called_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def error_classes(trees: dict[str, ast.Module]) -> set[str]:
    """The refusal classes: :data:`ERROR_ROOTS` and every class deriving from one, by name."""
    bases: dict[str, set[str]] = {}
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases[node.name] = {
                    b.id if isinstance(b, ast.Name) else b.attr if isinstance(b, ast.Attribute) else ""
                    for b in node.bases
                }
    found = set(ERROR_ROOTS)
    grew = True
    while grew:
        more = {name for name, parents in bases.items() if parents & found} - found
        found |= more
        grew = bool(more)
    return found


def sink_arguments(call: ast.Call, path: str, errors: set[str]) -> Iterator[tuple[str, ast.AST]]:
    """(what the sink is, an argument a person reads) of a call."""
    name = called_name(call)
    args = call.args
    if name in FIRST_ARGUMENT and args:
        yield name, args[0]
    if name in SECOND_ARGUMENT and len(args) > 1:
        yield name, args[1]
    if name in THIRD_ARGUMENT and path.startswith("renderer/") and len(args) > 2:
        yield name, args[2]
    drawn = isinstance(call.func, ast.Attribute) and getattr(call.func.value, "id", "") in ("draw", "d")
    if name == "text" and path.startswith("renderer/") and drawn and len(args) > 1:
        yield "draw.text", args[1]
    if name in errors:
        for arg in args:
            yield name, arg
    if name in TERMINAL_CALLS and path.startswith("bot/terminal/"):
        for arg in args:
            yield name, arg
    for keyword in call.keywords:
        if keyword.arg in ANY_CALL_KEYWORDS or (name in UI_CALLS and keyword.arg in UI_KEYWORDS):
            yield f"{name}({keyword.arg}=)", keyword.value


def offenders_in(path: str, tree: ast.Module, errors: set[str]) -> Iterator[Offender]:
    parts = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
    parts |= {id(d) for d in docstrings(tree)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            for sink, argument in sink_arguments(node, path, errors):
                for literal, text in literals_in(argument):
                    if user_facing(text):
                        yield Offender(path, getattr(literal, "lineno", node.lineno), sink, shown(literal))
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            named = {t.id for t in targets if isinstance(t, ast.Name)}
            for constant in named & UI_CONSTANTS:
                for literal, text in literals_in(node.value):
                    if user_facing(text):
                        yield Offender(
                            path, getattr(literal, "lineno", node.lineno), constant, shown(literal)
                        )
        if (
            path.startswith("bot/web/")
            and isinstance(node, (ast.Constant, ast.JoinedStr))
            and id(node) not in parts
        ):
            page = literal_text(node)
            if page is not None and HTML.search(page) and user_facing(page, html=True):
                yield Offender(path, node.lineno, "web page", shown(node))
            elif page is not None and "=>" in page:  # the pages' script
                for shown_text in script_texts(page):
                    yield Offender(path, node.lineno, "web page script", shown_text)


def docstrings(tree: ast.Module) -> Iterator[ast.AST]:
    """The docstrings of a module, its classes and functions (read by developers)."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                yield first.value


def parsed(paths: list[Path]) -> dict[str, ast.Module]:
    return {str(p.relative_to(ROOT)): ast.parse(p.read_text(encoding="utf-8")) for p in paths}


def scan(trees: dict[str, ast.Module]) -> list[Offender]:
    errors = error_classes(trees)
    found = {o for path, tree in trees.items() for o in offenders_in(path, tree, errors)}
    return sorted(found, key=lambda o: (o.path, o.line, o.text))


def code_files() -> list[Path]:
    return sorted(p for folder in SCANNED for p in (ROOT / folder).rglob("*.py"))


def test_no_user_facing_literal_outside_the_catalogues() -> None:
    found = scan(parsed(code_files()))
    by_file: dict[str, int] = {}
    for offender in found:
        by_file[offender.path] = by_file.get(offender.path, 0) + 1
    summary = "\n".join(f"{n:4} {path}" for path, n in sorted(by_file.items()))
    assert not found, f"{len(found)} user-facing literals:\n{summary}\n\n" + "\n".join(map(str, found))


SAMPLE = """
import discord
from games import GameError


class Refused(GameError):
    pass


class Replay(GameButton, key="replay"):
    LABEL = "Replay"


def answer(interaction, view, table):
    say_privately(interaction, "Only the host can start the game.")
    raise Refused(f"{table.title} has no seat for you")
    discord.ui.Button(label="Join", custom_id="floe:join")
    out(f"Waiting for {names}.")  # the terminal's
    return Reply(post=Post("`/game move` " + say("the moves")), ack=f"`{move}` ✅")
"""


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        (
            "bot/adapter/sample.py",
            [
                (11, "LABEL", "Replay"),
                (15, "say_privately", "Only the host can start the game."),
                (16, "Refused", "{…} has no seat for you"),
                (17, "Button(label=)", "Join"),
            ],
        ),
        (
            "bot/terminal/sample.py",
            [
                (11, "LABEL", "Replay"),
                (15, "say_privately", "Only the host can start the game."),
                (16, "Refused", "{…} has no seat for you"),
                (17, "Button(label=)", "Join"),
                (18, "out", "Waiting for {…}."),
            ],
        ),
    ],
)
def test_the_scan_catches_a_sample_literal(path: str, expected: list[tuple[int, str, str]]) -> None:
    """A sentence given to a sink is caught (the custom id, the notation in ``code``, the
    emoji and the saying are not); ``out`` is a sink at the terminal only."""
    found = scan({path: ast.parse(SAMPLE)})
    assert [(o.line, o.sink, o.text) for o in found] == expected


def test_html_words_outside_tags_and_a_scripts_texts_are_caught() -> None:
    tree = ast.parse(
        'PAGE = f"<p>No moves yet.</p>"\nOK = f"<li>{name}</li>"\n'
        "READ = '<button aria-label=\"Play\">▶</button>'\n"
        "JS = \"const f = () => { $('caption').textContent = 'Game over'; go('/g/' + id); }\"\n"
    )
    found = [o.text for o in scan({"bot/web/sample.py": tree})]
    assert found == ["<p>No moves yet.</p>", '<button aria-label="Play">▶</button>', "Game over"]
