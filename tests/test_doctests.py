"""The examples in the installed package's docstrings run and print what they show.

Each public module goes through ``doctest``; the compiled ``pycards._poker`` is
searched function by function (``doctest.testmod`` skips the functions of an
extension module, whose objects are not Python functions).
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import warnings

import pytest

import pycards

PYTHON_MODULES = (
    "pycards",
    "pycards.cards",
    "pycards.poker",
    "pycards.errors",
    "pycards.commerce",
    "pycards.brag",
    "pycards.vingtun",
    "pycards.settlement",
    "pycards.games",
    "pycards.games.vingt_un",
    "pycards.games.policies",
    "pycards.games.simulate",
    "pycards.games.engine.options",
    "pycards.games.engine.events",
    "pycards.games.engine.seats",
    "pycards.games.engine.codec",
    "pycards.games.engine.document",
    "pycards.games.engine.pack",
    "pycards._student",
)


EVERY_MODULE = sorted(m.name for m in pkgutil.walk_packages(pycards.__path__, "pycards.")
                      if not m.name.endswith("__main__"))  # fmt: skip
"""Every module of the package (``__main__`` runs the command line when imported): a module
left off a hand-kept list would keep examples nobody runs."""


def _run(tests: list[doctest.DocTest]) -> doctest.TestResults:
    runner = doctest.DocTestRunner(verbose=False)
    for test in tests:
        runner.run(test)
    return runner.summarize(verbose=False)


@pytest.mark.parametrize("name", EVERY_MODULE)
def test_module_doctests(name: str) -> None:
    module = importlib.import_module(name)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # an example may show a warned illegal move
        result = doctest.testmod(module, verbose=False, report=True)
    assert result.failed == 0, f"{result.failed} doctest example(s) failed in {name}"
    if name in PYTHON_MODULES and name != "pycards.errors":  # the exceptions module has no examples
        assert result.attempted > 0, f"no doctest examples found in {name}"


def test_every_python_module_docstring_example_counted() -> None:
    """At least the examples known to exist are found (guards against a finder that
    silently finds nothing)."""
    attempted = {
        name: doctest.testmod(importlib.import_module(name), verbose=False).attempted
        for name in PYTHON_MODULES
    }
    assert attempted["pycards.cards"] >= 8  # parse, format, card, Deck examples
    assert attempted["pycards.poker"] >= 10  # category, compare, describe, opens, ...
    assert attempted["pycards"] >= 3


def _compiled_doctests(module_name: str) -> list[doctest.DocTest]:
    """Every docstring example of a compiled module, each docstring once."""
    module = importlib.import_module(module_name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    candidates = list(finder.find(module, module.__name__))
    for name, value in sorted(vars(module).items()):
        if (
            name.startswith("__")
            or not callable(value)
            or getattr(value, "__module__", None) != module.__name__
        ):
            continue
        candidates += finder.find(value, f"{module.__name__}.{name}", module=False,
                                  globs=dict(vars(module)))  # fmt: skip
    # Cython also copies docstrings into __test__: run each docstring once
    tests, seen = [], set()
    for test in candidates:
        if test.examples and test.docstring not in seen:
            seen.add(test.docstring)
            tests.append(test)
    return tests


def test_compiled_module_doctests() -> None:
    tests = _compiled_doctests("pycards._poker")
    result = _run(tests)
    assert result.failed == 0
    assert result.attempted >= 4
    documented = {t.name.rsplit(".", 1)[-1].split(" ")[0] for t in tests}
    assert {"evaluate", "evaluate_many", "classes"} <= documented


@pytest.mark.parametrize(
    "name", ["pycards._commerce", "pycards._brag", "pycards._vingtun", "pycards.games.engine._pack",
             "pycards.games.engine._sight"]
)
def test_other_compiled_module_doctests(name: str) -> None:
    result = _run(_compiled_doctests(name))
    assert result.failed == 0
    assert result.attempted >= 1


def test_doctests_run_against_the_installed_package() -> None:
    module = importlib.import_module("pycards._poker")
    assert module.evaluate is pycards.poker.evaluate
    assert pycards.__file__ and module.__file__
