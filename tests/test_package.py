"""The package as installed: public API, typing files, import cost, table size."""

from __future__ import annotations

import importlib
import importlib.resources
import inspect
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import pycards
from pycards import poker


def run_python(code: str, cwd: Path) -> str:
    """Run ``code`` in a fresh interpreter outside the source tree (so the
    installed package is imported, not the uncompiled sources)."""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=cwd
    )
    return result.stdout.strip()


def test_import_does_not_load_numpy(tmp_path: Path) -> None:
    """Issue 2: numpy is loaded on first use of a batch function, not by ``import pycards``."""
    assert run_python("import sys, pycards; print('numpy' in sys.modules)", tmp_path) == "False"


def test_batch_function_loads_numpy_on_first_use(tmp_path: Path) -> None:
    code = (
        "import sys, pycards.poker as p; p.evaluate_many([[0, 4, 8, 12, 21]]);"
        " print('numpy' in sys.modules)"
    )
    assert run_python(code, tmp_path) == "True"


def test_all_names_exist() -> None:
    modules = ["pycards.cards", "pycards.errors", "pycards.commerce", "pycards.brag",
               "pycards.vingtun", "pycards.settlement", "pycards.games",
               "pycards.games.base", "pycards.games.vingt_un", "pycards.games.policies",
               "pycards.games.simulate", "pycards.games.interactive",
               "pycards.games.engine.options", "pycards.games.engine.events", "pycards.games.engine.seats",
               "pycards.games.engine.codec", "pycards.games.engine.document", "pycards.games.engine.pack",
               "pycards.games.engine.actions", "pycards.games.text", "pycards.games._vingt_un_text",
               "pycards.games.poker.text", "pycards.games.policies.poker"]
    for module in [pycards, poker] + [importlib.import_module(m) for m in modules]:
        for name in module.__all__:
            assert hasattr(module, name), f"{module.__name__}.{name}"


def test_base_re_exports_the_engines_actions() -> None:
    """``Action``, ``action_key`` and ``GameInfo`` live in the engine; the protocol module
    re-exports the same objects, so that old imports, ``isinstance`` and pickles keep working."""
    from pycards.games import base
    from pycards.games.engine import actions

    for name in actions.__all__:
        assert getattr(base, name) is getattr(actions, name) and name in base.__all__, name


TEXT_AND_POLICY_MODULES = ("pycards.games.engine.actions", "pycards.games.text", "pycards.games._vingt_un_text",
                           "pycards.games.poker.text", "pycards.games.interactive",
                           "pycards.games.policies.poker")  # fmt: skip
"""Modules whose docstring examples tests/test_doctests.py does not run (it lists the others)."""


@pytest.mark.parametrize("name", TEXT_AND_POLICY_MODULES)
def test_docstring_examples_of_the_registry_parts(name: str) -> None:
    import doctest

    result = doctest.testmod(importlib.import_module(name), verbose=False)
    assert result.failed == 0 and result.attempted > 0, name


COMPILED = {
    "pycards._poker": ("pycards.poker", ("evaluate", "evaluate_many")),
    "pycards._commerce": ("pycards.commerce", ("evaluate", "evaluate_many")),
    "pycards._brag": ("pycards.brag", ("evaluate", "evaluate_many")),
    "pycards._vingtun": ("pycards.vingtun", ("total", "totals_many", "pack_total")),
    "pycards.games.engine._pack": ("pycards.games.engine.pack", ("shuffled",)),
    "pycards.games.engine._sight": ("pycards.games.engine.knowledge", ("Sight",)),
}


def test_typing_files_are_installed() -> None:
    """py.typed, and a stub beside every compiled module."""
    files = importlib.resources.files("pycards")
    assert files.joinpath("py.typed").is_file()
    for compiled in COMPILED:
        *package, module = compiled.split(".")[1:]
        assert files.joinpath(*package, module + ".pyi").is_file(), compiled


def test_compiled_functions_are_exported_as_they_are() -> None:
    """No Python wrapper on the hot path: the public functions are the compiled ones."""
    for compiled_name, (public_name, names) in COMPILED.items():
        compiled = importlib.import_module(compiled_name)
        public = importlib.import_module(public_name)
        for name in names:
            function = getattr(public, name)
            assert function is getattr(compiled, name), f"{public_name}.{name}"
            assert not inspect.isfunction(function)  # a Cython function, not Python bytecode


def test_compiled_signatures_and_docstrings_are_embedded() -> None:
    assert str(inspect.signature(poker.evaluate)) == "(hand, rules='english')"
    assert str(inspect.signature(poker.evaluate_many)) == "(hands, rules='english', check=True)"
    assert "higher is better" in (poker.evaluate.__doc__ or "")


def test_three_card_families_share_one_set_of_tables() -> None:
    from pycards import brag, commerce

    assert commerce.table_bytes() == brag.table_bytes() == 9 * 22100 * 2


def test_five_card_tables_fit_in_one_mebibyte() -> None:
    """Issue 2: all five-card tables together <= 1 MiB, so they stay in cache."""
    assert 0 < poker.table_bytes() <= 1 << 20


def test_readme_examples_run() -> None:
    """The README's tour is real: every example in it runs and prints what it shows."""
    import doctest

    readme = Path(__file__).resolve().parent.parent / "README.md"
    result = doctest.testfile(
        str(readme), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE
    )
    assert result.attempted >= 10
    assert result.failed == 0


def test_license_is_mit_and_shipped() -> None:
    """The wheel carries the LICENSE file and states the licence as an SPDX expression."""
    from importlib.metadata import distribution, packages_distributions

    (name,) = set(packages_distributions()["pycards"])  # pycards-laws (the import name is pycards)
    dist = distribution(name)
    assert dist.metadata["License-Expression"] == "MIT"
    licence = [f for f in dist.files or () if f.name == "LICENSE"]
    assert licence and "MIT License" in licence[0].read_text()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads ELF section names")
def test_compiled_modules_carry_no_debug_information() -> None:
    """Built with -g0: no .debug_info section (once each module carried 1.3 MB of them)."""
    for compiled in COMPILED:
        path = Path(importlib.import_module(compiled).__file__ or "")
        assert b".debug_info" not in path.read_bytes(), path.name


ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(not (ROOT / "pyproject.toml").is_file(), reason="runs in a source tree")
def test_the_distribution_name_is_the_one_the_hints_give() -> None:
    """Issue 23: ``pycards`` on PyPI is another project; the distribution is ``pycards-laws``,
    and the install hints of the optional extras name it (or ``.`` in a clone)."""
    import re

    from pycards.server import INSTALL_HINT

    declared = re.search(r'^name = "([^"]+)"', (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.MULTILINE)
    assert declared and declared.group(1) == pycards.DISTRIBUTION == "pycards-laws"
    assert INSTALL_HINT == ("pip install 'pycards-laws[server]' "
                            "(from a clone of the repository: pip install '.[server]')")  # fmt: skip


def _clone(tmp_path: Path, drop: Callable[[str], bool]) -> Path:
    """The package in a clone-like tree (``src/`` beside ``pycards/``), without the compiled
    modules whose file names ``drop`` picks."""
    import shutil
    from importlib.machinery import EXTENSION_SUFFIXES

    tree = tmp_path / "clone"
    shutil.copytree(Path(pycards.__file__).resolve().parent, tree / "pycards",
                    ignore=shutil.ignore_patterns("__pycache__"))  # fmt: skip
    for path in (tree / "pycards").rglob("*"):
        if any(path.name.endswith(suffix) for suffix in EXTENSION_SUFFIXES) and drop(path.name):
            path.unlink()
    (tree / "src").mkdir()
    (tree / "src" / "_poker.pyx").write_text("# the sources of a clone\n")
    return tree


def test_an_unbuilt_source_tree_says_what_to_do(tmp_path: Path) -> None:
    """Issue 23: Python started in a clone that was never built imports its ``pycards/``
    folder; ``import pycards`` says in one line to build in place or run from elsewhere, rather
    than failing later on a missing ``pycards.games.engine._pack``."""
    tree = _clone(tmp_path, drop=lambda name: True)
    for code in ("import pycards", "from pycards.games import new_game"):
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tree,
                                check=False)  # fmt: skip
        assert result.returncode == 1
        last = result.stderr.strip().splitlines()[-1]
        assert last.startswith("ImportError: pycards is imported from a source tree"), result.stderr
        assert "pip install -e ." in last and "outside the clone" in last and "pycards._poker" in last


def test_a_source_tree_missing_one_compiled_module_names_it(tmp_path: Path) -> None:
    """A build older than the newest module (only ``_sight`` missing) is caught the same way."""
    tree = _clone(tmp_path, drop=lambda name: name.startswith("_sight."))
    result = subprocess.run([sys.executable, "-c", "import pycards"], capture_output=True, text=True, cwd=tree,
                            check=False)  # fmt: skip
    assert result.returncode == 1 and "pycards.games.engine._sight is missing" in result.stderr, result.stderr


def test_a_built_source_tree_imports(tmp_path: Path) -> None:
    """With every compiled module built in place, the source tree imports and runs."""
    tree = _clone(tmp_path, drop=lambda name: False)
    code = "import pycards, pycards.poker; print(pycards.__file__, pycards.poker.evaluate('AH KH QH JH 10H'))"
    assert run_python(code, tree) == f"{tree / 'pycards' / '__init__.py'} 8689"


def test_every_package_of_the_tree_is_one_the_distribution_ships() -> None:
    """pyproject.toml lists the packages a wheel holds: a family's new package (``pycards.games.brag``)
    left out of it imports from the source tree and is missing from every installed copy."""
    import re

    root = Path(__file__).resolve().parent.parent
    text = (root / "pyproject.toml").read_text(encoding="utf-8")
    block = re.search(r"^packages = \[(.*?)\]", text, re.M | re.S)  # tomllib is Python 3.11's; we run on 3.10
    assert block, "pyproject.toml lists no packages"
    listed = set(re.findall(r'"([a-z_.]+)"', block.group(1)))
    found = {".".join(init.parent.relative_to(root).parts) for init in (root / "pycards").rglob("__init__.py")}
    assert found == listed, f"in the tree, not shipped: {sorted(found - listed)}; listed, absent: {sorted(listed - found)}"
