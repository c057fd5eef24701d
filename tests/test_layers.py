"""The layers depend one way (ARCHITECTURE.md, "Layers"): checked by walking the imports."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from bot.core.sessions import Sessions

ROOT = Path(__file__).resolve().parent.parent
STDLIB = set(sys.stdlib_module_names)


def imports_of(folder: str) -> dict[str, set[str]]:
    """Top-level module names imported by each file below ``folder``."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / folder).rglob("*.py")):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
        found[str(path.relative_to(ROOT))] = names
    return found


def test_games_use_the_standard_library_and_util_only() -> None:
    """util is itself standard library only (below): the rules stay a library of their own."""
    allowed = STDLIB | {"games", "util"}
    for path, names in imports_of("games").items():
        assert names <= allowed, f"{path} imports {sorted(names - allowed)}"


def test_games_use_no_clock_no_global_random_no_logging() -> None:
    for path, names in imports_of("games").items():
        assert not names & {"time", "datetime", "logging", "secrets"}, path
    for path in (ROOT / "games").rglob("*.py"):
        text = path.read_text()
        for call in ("random.random(", "random.randint(", "random.choice(", "random.shuffle("):
            assert call not in text, f"{path} uses the global generator ({call})"


def test_ai_imports_games_and_the_standard_library_only() -> None:
    found = imports_of("ai")
    assert found, "the ai package is missing"
    for path, names in found.items():
        assert names <= STDLIB | {"games", "ai"}, f"{path} imports {sorted(names - STDLIB - {'games', 'ai'})}"


def test_nothing_in_games_imports_ai() -> None:
    """The computer players live in ai/ and import the games; the rules know nothing of them."""
    for path, names in imports_of("games").items():
        assert "ai" not in names, path


def test_storage_imports_neither_games_nor_discord() -> None:
    for path, names in imports_of("storage").items():
        assert not names & {"games", "discord", "renderer", "bot"}, path


def test_renderer_imports_games_pillow_and_isal_only() -> None:
    for path, names in imports_of("renderer").items():
        extra = names - STDLIB - {"games", "renderer", "PIL", "isal"}
        assert not extra, f"{path} imports {sorted(extra)}"


def test_util_uses_the_standard_library_only() -> None:
    for path, names in imports_of("util").items():
        assert names <= STDLIB | {"util"}, f"{path} imports {sorted(names - STDLIB - {'util'})}"


def modules_of(package: str) -> dict[str, Path]:
    """Every module of a top-level package (``bot``, ``games``, ``ai``, ``storage``) by dotted name."""
    out = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_type_checking_block(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def runtime_imports(path: Path, known: set[str], *, type_only: bool = False) -> set[str]:
    """Dotted names a module imports when it runs (anywhere, functions included), without the
    imports under ``if TYPE_CHECKING:`` (those exist for the type checker only) unless
    ``type_only``. ``from package import submodule`` counts the submodule, not the package."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if _is_type_checking_block(node) and not type_only:
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            submodules = {f"{node.module}.{a.name}" for a in node.names} & known
            if len(submodules) < len(node.names):  # a name defined by the module itself
                found.add(node.module)
            found.update(submodules)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(), str(path)))
    return found


def import_graph(package: str, *, type_only: bool = False) -> dict[str, set[str]]:
    """Which modules of ``package`` each of its modules imports when it runs (functions included;
    ``type_only``: the imports for the type checker too)."""
    modules = modules_of(package)
    known = set(modules)
    graph = {}
    for name, path in modules.items():
        targets = set()
        for imported in runtime_imports(path, known, type_only=type_only):
            # importing bot.core.sessions runs bot and bot.core first: count only the module itself
            if imported in known and imported != name and imported != package:
                targets.add(imported)
        graph[name] = targets
    return graph


def bot_import_graph() -> dict[str, set[str]]:
    return import_graph("bot")


def reaches(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in graph.get(todo.pop(), set()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def test_the_bot_package_has_four_parts_and_no_module_named_after_an_issue() -> None:
    modules = modules_of("bot")
    assert {"bot.core", "bot.adapter", "bot.terminal", "bot.web"} <= set(modules)
    for name in modules:
        last = name.rsplit(".", 1)[-1]
        assert "extras" not in last and "issue" not in last, name
        assert name.startswith(("bot.core", "bot.adapter", "bot.terminal", "bot.web")) or name in {
            "bot",
            "bot.__main__",
            "bot.settings",
        }, f"{name} belongs in one of the four parts"


@pytest.mark.parametrize("package", ["bot", "games", "ai", "storage", "renderer"])
def test_no_import_cycles_between_the_modules_of(package: str) -> None:
    graph = import_graph(package)
    assert len(graph) > 1, f"no modules found in {package}"
    for name in graph:
        assert name not in reaches(graph, name), (
            f"{name} imports itself through {sorted(reaches(graph, name))}"
        )


@pytest.mark.parametrize(("package", "part"), [("bot", "bot.core"), ("storage", "storage")])
def test_no_cycles_even_through_imports_for_the_type_checker_in(package: str, part: str) -> None:
    """A module of the core or of storage that names another's type only for the type checker
    still depends on it: no circle there either (the adapter's ``hosts.py`` protocols may)."""
    graph = import_graph(package, type_only=True)
    for name in graph:
        if name.startswith(part):
            assert name not in reaches(graph, name), (
                f"{name} reaches itself through {sorted(n for n in graph[name] if name in reaches(graph, n))}"
            )


@pytest.mark.parametrize("package", ["games", "ai"])
def test_the_pure_layers_import_only_at_the_top_of_a_module(package: str) -> None:
    """games/ and ai/ import nothing inside a function: an import there hid a cycle (a game's
    rules calling its computer player, which imports the rules)."""
    for name, path in modules_of(package).items():
        for function in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                inner = [n for n in ast.walk(function) if isinstance(n, ast.Import | ast.ImportFrom)]
                assert not inner, f"{name}.{function.name} imports {ast.unparse(inner[0])}"


def test_the_cycle_check_finds_a_cycle() -> None:
    assert "a" in reaches({"a": {"b"}, "b": {"a"}}, "a")
    assert "a" not in reaches({"a": {"b"}, "b": set()}, "a")


def test_the_core_imports_no_discord_and_no_front_end() -> None:
    modules = modules_of("bot")
    for name, path in modules.items():
        if not name.startswith("bot.core"):
            continue
        names = runtime_imports(path, set(modules))
        assert not any(n.split(".")[0] == "discord" for n in names), f"{name} imports discord"
        assert not any(n.startswith(("bot.adapter", "bot.terminal")) for n in names), name


def test_the_terminal_front_end_imports_no_discord() -> None:
    modules = modules_of("bot")
    graph = import_graph("bot")
    for name, path in modules.items():
        if not name.startswith("bot.terminal"):
            continue
        names = runtime_imports(path, set(modules))
        assert not any(n.split(".")[0] == "discord" for n in names), f"{name} imports discord"
    # the local game reaches no Discord code at all (the cli reaches it only for `floe run`)
    assert not any(m.startswith("bot.adapter") for m in reaches(graph, "bot.terminal.local"))


#: The web front end reaches games, pictures and the database only through bot/core; its
#: composition root (``floe web``) alone opens the store it hands to the core.
WEB_ROOTS = {"bot.web.serve"}
BEYOND_THE_CORE = ("games", "renderer", "storage", "ai", "discord", "bot.adapter", "bot.terminal")


def reaches_beyond_the_core(name: str) -> bool:
    return any(name == layer or name.startswith(layer + ".") for layer in BEYOND_THE_CORE)


def test_the_web_front_end_reaches_the_rest_only_through_the_core() -> None:
    modules = modules_of("bot")
    web = {name: path for name, path in modules.items() if name.split(".")[:2] == ["bot", "web"]}
    assert len(web) > 1, "the web front end is missing"
    for name, path in web.items():
        beyond = sorted(n for n in runtime_imports(path, set(modules)) if reaches_beyond_the_core(n))
        if name in WEB_ROOTS:  # the composition root opens the store, and nothing else beyond
            beyond = [n for n in beyond if n.split(".")[0] != "storage"]
        assert not beyond, f"{name} reaches {beyond} without bot/core"


def test_the_front_end_check_finds_a_reach() -> None:
    assert reaches_beyond_the_core("renderer.palettes") and reaches_beyond_the_core("storage")
    assert not reaches_beyond_the_core("bot.core.spectators") and not reaches_beyond_the_core("aiohttp")


def test_no_sql_outside_storage() -> None:
    for folder in ("games", "renderer", "bot"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text().upper()
            for keyword in ("INSERT INTO", "UPDATE GAMES", "DELETE FROM", "CREATE TABLE"):
                assert keyword not in text, f"{path} writes SQL"


def test_seeds_hold_a_rulebook_per_registered_game_and_nothing_else() -> None:
    import games

    files = sorted(p.name for p in (ROOT / "seeds").iterdir())
    expected = sorted(["README.md", *(f"{name}.txt" for name in games.GAMES)])
    assert files == expected
    for name in expected:
        assert (ROOT / "seeds" / name).read_text().strip()


#: Names that hold a game in bot/ (``game``, ``rules``, ``table.game``): its hooks are declared
#: in games/core.py with their defaults, so nothing asks whether a game has one.
GAME_NAMES = {"game", "rules"}


def _names_a_game(node: ast.expr) -> bool:
    if isinstance(node, ast.Name):
        return node.id in GAME_NAMES
    if isinstance(node, ast.Attribute):
        return node.attr in GAME_NAMES
    return False


def lookups_on_a_game(path: Path, root: Path = ROOT) -> list[str]:
    """The ``getattr``/``hasattr`` calls in ``path`` whose object is a game, as ``file:line``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in {"getattr", "hasattr"}
            and node.args
            and _names_a_game(node.args[0])
        ):
            found.append(f"{path.relative_to(root)}:{node.lineno}")
    return found


def test_nothing_asks_whether_a_game_has_a_hook() -> None:
    """Every hook is declared with its default (games/core.py, ``GameHooks``): bot/ calls it."""
    paths = [*sorted((ROOT / "bot").rglob("*.py")), ROOT / "games" / "__init__.py"]
    found = [hit for path in paths for hit in lookups_on_a_game(path)]
    assert not found, f"getattr/hasattr on a game: {found}"


def test_the_hook_check_finds_a_lookup(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "def f(table, game):\n    getattr(table.game, 'reaction', None)\n    hasattr(game, 'x')\n"
    )
    assert [line.rsplit(":", 1)[1] for line in lookups_on_a_game(sample, tmp_path)] == ["2", "3"]


def test_the_terminal_reaches_the_lower_layers_only_through_the_core() -> None:
    """bot/terminal imports games/, ai/, renderer/ and storage/ only through bot/core (its
    catalogue, databases and session service), at run time, functions included; the ``floe``
    command line reaches the Discord adapter only through ``bot.run_discord`` (``floe run``) and
    ``bot.upgrade_steps`` (``floe db upgrade``, whose names are made safe as the adapter does)."""
    modules = modules_of("bot")
    graph = import_graph("bot")
    for name, path in modules.items():
        if not name.startswith("bot.terminal"):
            continue
        top = {n.split(".")[0] for n in runtime_imports(path, set(modules))}
        assert top <= STDLIB | {"bot"}, f"{name} imports {sorted(top - STDLIB - {'bot'})}"
        assert not any(m.startswith("bot.adapter") for m in reaches(graph, name)), (
            f"{name} reaches the adapter"
        )


def private_uses_of_the_sessions(path: Path, root: Path = ROOT) -> list[str]:
    """``sessions._x`` (or ``self.sessions._x``) in ``path``, as ``file:line``: a helper that
    reached into the session service's private methods."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if not isinstance(node, ast.Attribute) or not node.attr.startswith("_") or node.attr.startswith("__"):
            continue
        owner = node.value
        if (isinstance(owner, ast.Name) and owner.id == "sessions") or (
            isinstance(owner, ast.Attribute) and owner.attr == "sessions"
        ):
            found.append(f"{path.relative_to(root)}:{node.lineno}")
    return found


def test_helpers_use_the_public_methods_of_the_sessions_only() -> None:
    """Helpers of the core (history, tables, dashboard...) and the front ends call what
    ``Sessions`` offers, never its private parts (only bot/core/sessions/ itself does)."""
    paths = [p for p in sorted((ROOT / "bot").rglob("*.py")) if "sessions" not in p.relative_to(ROOT).parts]
    found = [hit for path in paths for hit in private_uses_of_the_sessions(path)]
    assert not found, f"private parts of the sessions used at {found}"


def test_the_private_use_check_finds_one(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "async def f(sessions, cog):\n    sessions._lock(1)\n    cog.sessions._table(2)\n    sessions.act()\n"
    )
    assert [line.rsplit(":", 1)[1] for line in private_uses_of_the_sessions(sample, tmp_path)] == ["2", "3"]


def private_names_used(path: Path, root: Path = ROOT) -> list[str]:
    """Names with a leading underscore that ``path`` takes from another module or object
    (``RULES._helper``, ``from games.x import _helper``), as ``file:line``; its own
    (``self._x``, dunders) do not count."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.Attribute) and not (
            isinstance(node.value, ast.Name) and node.value.id in {"self", "cls"}
        ):
            names = [node.attr]
        else:
            continue
        if any(name.startswith("_") and not name.startswith("__") for name in names):
            found.append(f"{path.relative_to(root)}:{node.lineno}")
    return found


def test_the_computer_players_use_the_public_api_of_the_rules() -> None:
    """What a computer player needs of a game's rules (its ``*_reason`` predicates, its winners)
    is the rules' public API: a private helper may change without notice."""
    found = [hit for path in sorted((ROOT / "ai").rglob("*.py")) for hit in private_names_used(path)]
    assert not found, f"private names used at {found}"


def test_the_private_name_check_finds_one(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from games.x import _helper\n\ndef f(self, RULES):\n    self._own()\n    RULES._reason()\n"
    )
    assert [line.rsplit(":", 1)[1] for line in private_names_used(sample, tmp_path)] == ["1", "5"]


#: The layers a front end reaches only through bot/core (the application's one door to them).
BELOW_THE_CORE = {"games", "ai", "renderer", "storage"}
#: The composition root of each front end: the one place that opens the store and wires the
#: parts (``floe run``: launch.py, and FloeBot's setup_hook in app.py; ``floe play``: the cli).
COMPOSITION_ROOTS = {"bot.adapter.app", "bot.adapter.launch", "bot.terminal.cli"}


def reached_below_the_core(front_end: str) -> list[str]:
    """The modules of ``front_end`` (bot/adapter, bot/terminal) but its composition root that
    import games/, ai/, renderer/ or storage/ themselves (type-only imports included)."""
    found = []
    for name, path in modules_of("bot").items():
        if not name.startswith(f"bot.{front_end}") or name in COMPOSITION_ROOTS:
            continue
        imported = imports_of(str(path.relative_to(ROOT).parent))[str(path.relative_to(ROOT))]
        if imported & BELOW_THE_CORE:
            found.append(f"{name}: {sorted(imported & BELOW_THE_CORE)}")
    return found


def test_the_adapter_reaches_the_layers_below_only_through_the_core() -> None:
    found = reached_below_the_core("adapter")
    assert not found, f"the adapter reaches past bot/core in {found}"


#: The adapter's modules that ask bot/core and never touch the store: the cogs, the components
#: and the outbox (each takes a narrow interface of the bot, never the whole ``FloeBot``).
THROUGH_THE_CORE = [
    *sorted((ROOT / "bot" / "adapter" / "cogs").rglob("*.py")),
    ROOT / "bot" / "adapter" / "components.py",
    ROOT / "bot" / "adapter" / "outbox.py",
]


def test_the_cogs_components_and_outbox_reach_the_store_only_through_the_core() -> None:
    """A cog, a component or the outbox asks bot/core (sessions, settings, ratings, members, turn
    messages) and never touches the store itself."""
    found = []
    for path in THROUGH_THE_CORE:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Attribute) and node.attr == "store":
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, f"the adapter uses the store at {found}"


#: Where the store is opened and the services are built over it, for each front end: ``floe run``
#: (app.py, launch.py), the terminal's commands (cli.py, through bot/core/databases.py), ``floe web``.
STORE_ROOTS = {
    "bot/adapter/app.py",
    "bot/adapter/launch.py",
    "bot/terminal/cli.py",
    "bot/core/databases.py",
    "bot/web/serve.py",
}


def store_through_the_sessions(path: Path, root: Path = ROOT) -> list[str]:
    """Where ``path`` reads the store through the session service (``sessions.store``,
    ``x.sessions.store``) or through its loaded tables (``sessions.tables.store``), as ``file:line``."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if not isinstance(node, ast.Attribute) or node.attr != "store":
            continue
        owner = node.value
        if isinstance(owner, ast.Attribute) and owner.attr == "tables":
            owner = owner.value
        if (isinstance(owner, ast.Name) and owner.id == "sessions") or (
            isinstance(owner, ast.Attribute) and owner.attr == "sessions"
        ):
            found.append((node.lineno, f"{path.relative_to(root)}:{node.lineno}"))
    return [hit for _, hit in sorted(found)]


def test_nothing_reads_the_store_through_the_sessions() -> None:
    """The session service is no door to the store: a service of the core is handed the store (or
    the part of it it uses) by a composition root, which alone holds it (storage/ and the tests
    aside). The session service has no ``store`` of its own."""
    paths = [
        p
        for p in sorted((ROOT / "bot").rglob("*.py"))
        if str(p.relative_to(ROOT)) not in STORE_ROOTS and "sessions" not in p.relative_to(ROOT).parts
    ]
    found = [hit for path in paths for hit in store_through_the_sessions(path)]
    assert not found, f"the store read through the sessions at {found}"
    assert not hasattr(Sessions, "store")


def test_the_store_door_check_finds_one(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "async def f(sessions, bot, store):\n    sessions.store.game(1)\n    bot.sessions.store\n"
        "    sessions.tables.store\n    store.game(2)\n"
    )
    assert [line.rsplit(":", 1)[1] for line in store_through_the_sessions(sample, tmp_path)] == [
        "2",
        "3",
        "4",
    ]


def test_the_components_and_the_outbox_take_a_narrow_interface_of_the_bot() -> None:
    """They name what they use of the bot (a Protocol), not the whole ``FloeBot``."""
    for name in ("components.py", "outbox.py"):
        path = ROOT / "bot" / "adapter" / name
        assert "FloeBot" not in {
            n.id for n in ast.walk(ast.parse(path.read_text(), str(path))) if isinstance(n, ast.Name)
        } | {
            a.name
            for n in ast.walk(ast.parse(path.read_text()))
            if isinstance(n, ast.ImportFrom)
            for a in n.names
        }, path


def test_only_the_visibility_module_asks_whether_an_action_is_private() -> None:
    """bot/core/visibility.py is the one place deciding what the others may see: everything else
    in bot/ asks its ``is_private_action`` (which also reads the game's capability record), never
    ``games.is_private`` itself."""
    found = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        if path == ROOT / "bot" / "core" / "visibility.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (isinstance(node, ast.Attribute) and node.attr == "is_private") or (
                isinstance(node, ast.ImportFrom) and any(a.name == "is_private" for a in node.names)
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, f"games.is_private asked outside bot/core/visibility.py at {found}"


#: What a test module may import from tests/: the shared helpers.
SHARED_TEST_HELPERS = ("tests.support", "tests.pg_server")


def misplaced_test_imports(root: Path = ROOT) -> list[str]:
    """``file:line (module)`` of each import, in a module under ``root / "tests"``, of a module of
    tests/ other than the shared helpers (:data:`SHARED_TEST_HELPERS`): a helper lives in
    tests/support/, never beside the tests nor in another test module."""
    found = []
    for path in sorted((root / "tests").rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[:2] == ("tests", "support"):
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                modules = [a.name for a in node.names]
            else:
                continue
            for module in modules:
                if module.split(".")[0] != "tests" or module.startswith(SHARED_TEST_HELPERS):
                    continue
                found.append(f"{path.relative_to(root)}:{node.lineno} ({module})")
                break
    return found


def test_tests_share_helpers_only_through_the_support_package() -> None:
    found = misplaced_test_imports()
    assert not found, f"a test module imports from tests/ outside tests/support: {found}"


def test_the_test_helper_check_finds_an_import(tmp_path: Path) -> None:
    (tmp_path / "tests" / "ai").mkdir(parents=True)
    (tmp_path / "tests" / "ai" / "test_x.py").write_text(
        "from tests.renderer.layout import drawn\nfrom tests.support.core import sessions\n"
        "from tests import pg_server\nfrom tests.ai import test_y\nfrom tests.ai.helpers import f\n"
        "from tests.games import test_z\n"
    )
    assert misplaced_test_imports(tmp_path) == [
        "tests/ai/test_x.py:1 (tests.renderer.layout.drawn)",
        "tests/ai/test_x.py:4 (tests.ai.test_y)",
        "tests/ai/test_x.py:5 (tests.ai.helpers.f)",
        "tests/ai/test_x.py:6 (tests.games.test_z)",
    ]


#: Folders of tests/ that mirror no package: e2e/ drives the whole bot through simcord.
TEST_FOLDERS_OF_NO_PACKAGE = {"e2e"}


def folders_for_tests(root: Path = ROOT) -> set[str]:
    """The folders a test module may live in: one per top-level package (``bench`` too), with
    bot/ split into its parts (tests/core, tests/adapter, tests/terminal, tests/web)."""
    top = {p.name for p in root.iterdir() if (p / "__init__.py").is_file() or p.name == "bench"}
    parts = {p.name for p in (root / "bot").iterdir() if (p / "__init__.py").is_file()}
    return (top - {"bot", "tests"}) | parts | TEST_FOLDERS_OF_NO_PACKAGE


def misplaced_test_modules(root: Path = ROOT) -> list[str]:
    """Each ``test_*.py`` below tests/ that is neither at its top (the checks of the whole
    repository) nor directly in a folder of :func:`folders_for_tests`."""
    folders = folders_for_tests(root)
    found = []
    for path in sorted((root / "tests").rglob("test_*.py")):
        parts = path.relative_to(root / "tests").parts
        if len(parts) > 1 and (len(parts) > 2 or parts[0] not in folders):
            found.append(str(path.relative_to(root)))
    return found


def test_every_test_module_lives_in_the_folder_of_the_package_it_checks() -> None:
    assert {"core", "adapter", "terminal", "web", "games", "storage"} <= folders_for_tests()
    found = misplaced_test_modules()
    assert not found, f"test modules outside a folder mirroring a package: {found}"


def test_the_test_folder_check_finds_a_misplaced_module(tmp_path: Path) -> None:
    for folder in ("games", "bot/core", "bench", "tests/core", "tests/bot", "tests/games/deep"):
        (tmp_path / folder).mkdir(parents=True)
    for package in ("games", "bot", "bot/core"):
        (tmp_path / package / "__init__.py").write_text("")
    for module in (
        "test_all.py",
        "core/test_a.py",
        "games/test_b.py",
        "bot/test_c.py",
        "games/deep/test_d.py",
    ):
        (tmp_path / "tests" / module).write_text("")
    assert folders_for_tests(tmp_path) == {"games", "core", "bench", "e2e"}
    assert misplaced_test_modules(tmp_path) == ["tests/bot/test_c.py", "tests/games/deep/test_d.py"]


#: A module this long is split by responsibility, unless its docstring says why it is one.
MODULE_LINES_MAX = 800
LONG_MODULE_REASON = "one module because"


def long_modules(root: Path = ROOT) -> list[str]:
    """``file (lines)`` of each module of the packages over :data:`MODULE_LINES_MAX` lines whose
    docstring does not say why it must be one (:data:`LONG_MODULE_REASON`)."""
    found = []
    for package in ("games", "ai", "renderer", "storage", "bot", "util"):
        for path in sorted((root / package).rglob("*.py")):
            text = path.read_text()
            lines = text.count("\n")
            if lines <= MODULE_LINES_MAX:
                continue
            docstring = ast.get_docstring(ast.parse(text, str(path))) or ""
            if LONG_MODULE_REASON not in " ".join(docstring.split()).lower():
                found.append(f"{path.relative_to(root)} ({lines})")
    return found


def test_no_module_is_over_800_lines_unless_its_docstring_says_why() -> None:
    found = long_modules()
    assert not found, (
        f"over {MODULE_LINES_MAX} lines, with no '{LONG_MODULE_REASON}' in the docstring: {found}"
    )


def test_the_length_check_finds_a_long_module(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "long.py").write_text('"""Long."""\n' + "x = 1\n" * 900)
    (tmp_path / "games" / "said.py").write_text('"""Said.\n\nOne module\nbecause x."""\n' + "x = 1\n" * 900)
    (tmp_path / "games" / "short.py").write_text('"""Short."""\n' + "x = 1\n" * 700)
    assert long_modules(tmp_path) == ["games/long.py (901)"]
