"""The package's imports: no cycle, an engine that knows no game, tools that name none.

Read from the sources with :mod:`ast`, nothing imported: every module under
``pycards/`` and the modules it imports when it is loaded (its module-level
imports, class bodies included; not those inside functions, which run later, nor
those under ``if TYPE_CHECKING:``, which never run).

* The graph of those imports has no cycle: a cycle works only as long as the
  modules in it are first imported in one order, and breaks when one is not.
* The engine (``pycards.games.engine``) imports nothing of ``pycards.games``
  outside itself, anywhere in its modules: not the protocol (``base``), not the
  registry, not a game, not a tool. It is what the games are built from.
* The tools above the games (the text, the simulator, the terminal game, the
  policies' registry, the command line) name no registered game, nor its driver
  or policy class, outside their docstrings: they know the games only through
  :data:`pycards.games.GAMES`.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

import pytest

import pycards
from pycards.games import GAMES
from pycards.games.policies import default_policy

ROOT = Path(pycards.__file__).resolve().parent
ENGINE = "pycards.games.engine"

TOOLS = ("pycards.games.text", "pycards.games.simulate", "pycards.games.interactive", "pycards.games.policies",
         "pycards.cli")  # fmt: skip
"""The modules above the games that must know them only through the registry."""


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


SOURCES = {_module_name(path): path for path in sorted(ROOT.rglob("*.py"))}
"""Every module of the package, by name, and its source file."""


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _statements(body: list[ast.stmt], load_time: bool) -> Iterator[ast.stmt]:
    """The statements of ``body`` and of the blocks in it; with ``load_time``, only those that
    run when the module is loaded (no function bodies, no ``if TYPE_CHECKING:`` branch)."""
    for node in body:
        yield node
        if load_time and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if load_time and isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from _statements(node.orelse, load_time)
            continue
        for field in ("body", "orelse", "finalbody", "handlers"):
            inner = getattr(node, field, None)
            if isinstance(inner, list):
                yield from _statements([n for n in inner if isinstance(n, ast.stmt)] + [
                    s for h in inner if isinstance(h, ast.ExceptHandler) for s in h.body
                ], load_time)  # fmt: skip
        if isinstance(node, ast.Match):
            for case in node.cases:
                yield from _statements(case.body, load_time)


def imports(name: str, load_time: bool = True) -> set[str]:
    """The package's modules that module ``name`` imports (when loaded, or anywhere)."""
    tree = ast.parse(SOURCES[name].read_text(encoding="utf-8"))
    package = name if SOURCES[name].name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _statements(tree.body, load_time):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in SOURCES else base)
    return {module for module in found if module in SOURCES and module != name}


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """A cycle of ``graph`` as its modules in order (the first repeated at the end), or ``[]``."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state:
                found = visit(target)
                if found:
                    return found
        state[node] = 2
        path.pop()
        return []

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return []


def test_the_reader_finds_the_imports_that_run() -> None:
    """The reader itself: module-level imports count, TYPE_CHECKING and function bodies do not."""
    assert "pycards.games.engine.actions" in imports("pycards.games.engine.codec")
    assert "pycards.games.base" in imports("pycards.games")
    events = imports("pycards.games.engine.events")
    assert "pycards.settlement" in events and "pycards.games.engine.actions" not in events  # TYPE_CHECKING
    assert "pycards.games.engine.actions" in imports("pycards.games.engine.events", load_time=False)
    assert "pycards.games.simulate" not in imports("pycards.cli")  # imported where it is used
    assert "pycards.games.simulate" in imports("pycards.cli", load_time=False)
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle() -> None:
    graph = {name: imports(name) for name in SOURCES}
    cycle = _cycle(graph)
    assert not cycle, "an import cycle: " + " -> ".join(cycle)


def _outside_engine(name: str) -> set[str]:
    return {m for m in imports(name, load_time=False)
            if m.startswith("pycards.games") and not m.startswith(ENGINE)}  # fmt: skip


@pytest.mark.parametrize("name", sorted(n for n in SOURCES if n.startswith(ENGINE + ".")))
def test_the_engine_imports_no_game(name: str) -> None:
    """No engine module imports ``pycards.games`` outside the engine, wherever the import is:
    the protocol (``base``) and the games stand on the engine, never the reverse."""
    assert not _outside_engine(name), f"{name} imports {sorted(_outside_engine(name))}"


@functools.cache
def _game_words() -> tuple[set[str], set[str], set[str]]:
    """What names a registered game: its name (any case, in any word), its driver's and its
    built-in policy's class names (as written, in any word), and its policy's options (a
    word that is one: ``draw_below``)."""
    names = {name.lower() for name in GAMES}
    classes = {entry.driver.rpartition(":")[2] for entry in GAMES.values()}
    classes |= {type(default_policy(name)).__name__ for name in GAMES}
    options = {option.name for entry in GAMES.values() for option in entry.policy_options}
    return names, classes, options


EVALUATORS = {"brag", "commerce", "poker", "vingtun"}
"""The package's evaluator modules (``pycards.brag``...): a word that is one of them names a
ranking, not a game, though a game may share the name (the game ``brag``)."""


def _names_a_game(word: str) -> bool:
    if word in EVALUATORS:
        return False
    names, classes, options = _game_words()
    return any(name in word.lower() for name in names) or any(c in word for c in classes) or word in options


def _words(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Each string constant (but the docstrings: a string standing alone as a statement)
    and each name of ``tree``, with its line."""
    docstrings = {id(node.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
                  and isinstance(node.value.value, str)}  # fmt: skip
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield line, node.value
        elif isinstance(node, ast.Name):
            yield line, node.id
        elif isinstance(node, ast.Attribute):
            yield line, node.attr
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield line, node.name
        elif isinstance(node, ast.arg):
            yield line, node.arg
        elif isinstance(node, ast.keyword) and node.arg:
            yield line, node.arg
        elif isinstance(node, ast.alias):
            yield line, node.asname or node.name
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield line, node.module


def test_the_reader_of_words_skips_docstrings_only() -> None:
    tree = ast.parse('"""vingt_un"""\nx = "draw_poker"\ndef f(vingt_un_policy):\n    """DrawBelow"""\n')
    assert sorted(word for _, word in _words(tree)) == ["draw_poker", "f", "vingt_un_policy", "x"]
    assert [_names_a_game(w) for w in ("_VINGT_UN_PHASES", "draw-poker", "DrawBelow(16)", "draw_below", "cap",
                                       "MAX_DRAW_BELOW", "capital")] == [True, False, True, True, True, False,
                                                                         False]  # fmt: skip


@pytest.mark.parametrize("tool", TOOLS)
def test_the_tools_name_no_game(tool: str) -> None:
    words = _words(ast.parse(SOURCES[tool].read_text(encoding="utf-8")))
    found = sorted({f"line {line}: {word!r}" for line, word in words if _names_a_game(word)})
    assert not found, f"{tool} names a game outside its docstrings (know it through the registry): {found}"
