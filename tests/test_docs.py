"""The project's rules document, docs/rules.md, is the one the code cites; the README
and the other docs pages are short, linked and runnable.

Every "docs/rules.md section N" (or "docs/rules.md N", "sections N-M") in the
package, the C sources, the tests, the README and the docs pages names a
numbered heading that exists, and nothing still points users to the steering
repository's RULES.md, which they cannot open. The README stays a short start
(under 250 lines, every docs page linked); every example in the docs runs from
its own imports, and a process-pool example guards its work with
``if __name__ == "__main__":``.
"""

from __future__ import annotations

import ast
import builtins
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
SOURCES = [
    path
    for folder in ("pycards", "src", "tests")
    for path in (ROOT / folder).rglob("*")
    if path.suffix in (".py", ".pyx", ".pxd", ".pxi", ".h", ".pyi")
] + [ROOT / "README.md"] + sorted(path for path in (ROOT / "docs").glob("*.md") if path.name != "rules.md")
CITATION = re.compile(r"docs/rules\.md,? (?:sections? )?(\d+(?:\.\d+)?)(?:-(\d+(?:\.\d+)?))?")

pytestmark = pytest.mark.skipif(not RULES.is_file(), reason="runs in a source tree, which holds docs/")


def headings() -> set[str]:
    """The numbers of the numbered headings ("## 4. Vingt-un", "### 3.6 Brag, English ...")."""
    found = set()
    for line in RULES.read_text(encoding="utf-8").splitlines():
        match = re.match(r"#{2,3} (\d+(?:\.\d+)?)\.? ", line)
        if match:
            found.add(match.group(1))
    return found


def test_the_rules_document_has_every_section_of_the_binding_reference() -> None:
    """Sections 1-7, with the subsections the evaluators and drivers cite."""
    expected = {"1", "2", "2.1", "2.2", "2.3", "2.4", "3", "3.1", "3.2", "3.3", "3.4", "3.5", "3.6",
                "3.7", "4", "5", "6", "6.1", "6.2", "6.3", "6.4", "6.5", "6.6", "6.7", "7"}  # fmt: skip
    assert expected <= headings()


def test_every_citation_names_a_section_that_exists() -> None:
    known = headings()
    cited = {}
    for path in SOURCES:
        for match in CITATION.finditer(path.read_text(encoding="utf-8", errors="replace")):
            for number in filter(None, match.groups()):
                cited.setdefault(number, path.relative_to(ROOT).as_posix())
    assert len(cited) >= 10
    missing = {n: where for n, where in cited.items() if n not in known}
    assert not missing, f"cited but not in docs/rules.md: {missing}"


def test_nothing_points_users_to_the_steering_repository() -> None:
    here = Path(__file__).resolve()
    stale = [p.relative_to(ROOT).as_posix() for p in SOURCES
             if p != here and "RULES" + ".md" in p.read_text(encoding="utf-8", errors="replace")]  # fmt: skip
    assert not stale


def test_the_rules_document_s_examples_run() -> None:
    """Its examples (the evaluators on the texts' cases) are doctests that pass, each block
    showing its import (they run with no names given)."""
    import doctest

    result = doctest.testfile(str(RULES), module_relative=False, verbose=False, globs={})
    assert result.failed == 0 and result.attempted >= 25


PROTOCOL = ROOT / "docs" / "protocol.md"


def test_the_protocol_document_runs() -> None:
    """Its example is a doctest."""
    import doctest

    result = doctest.testfile(str(PROTOCOL), module_relative=False, verbose=False)
    assert result.failed == 0 and result.attempted >= 3


def test_the_protocol_document_names_every_observation_key_and_option() -> None:
    """Every key of every registered game's observation and every one of its options is
    documented (each game at the fewest players it allows)."""
    from pycards.games import GAMES, game_class, new_game

    text = PROTOCOL.read_text(encoding="utf-8")
    missing = []
    for name in GAMES:
        cls = game_class(name)
        game = new_game(name, players=_fewest(name), seed=1)
        keys = set(game.observation(0))
        options = {field.name for field in cls.Options.describe()}
        missing += [f"{name}: {key}" for key in sorted(keys | options) if f"`{key}`" not in text]
        if f"`{name}`" not in text:
            missing.append(f"the game {name}")
    assert not missing, f"not in docs/protocol.md: {missing}"


def _fewest(name: str) -> int:
    """The fewest players game ``name`` allows."""
    from pycards.games import game_class

    return int(getattr(game_class(name), "MIN_PLAYERS", 2))


README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))


def test_the_reference_document_runs() -> None:
    """docs/reference.md holds the API tour the README once had: its examples are doctests."""
    import doctest

    result = doctest.testfile(str(ROOT / "docs" / "reference.md"), module_relative=False, verbose=False,
                              optionflags=doctest.NORMALIZE_WHITESPACE)  # fmt: skip
    assert result.failed == 0 and result.attempted >= 25


def test_the_readme_is_a_short_start_linking_every_docs_page() -> None:
    """Issue 23: what it is, set-up, playing a hand (terminal and browser) on the first screen,
    a short tour, then links; the reference material lives in docs/."""
    text = README.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert len(lines) < 250
    first_screen = "\n".join(lines[:80])
    for command in ("pip install . && pycards rank", "--interactive", "pycards serve", 'pip install ".[test]"'):
        assert command in first_screen, command
    linked = set(re.findall(r"\]\((docs/[^)#]+)", text))
    assert {f"docs/{path.name}" for path in DOCS} <= linked


def test_every_link_between_the_documents_resolves() -> None:
    """Relative links of the README and the docs pages name files that exist."""
    broken = []
    for page in [README, *DOCS]:
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            if not (page.parent / target).exists():
                broken.append(f"{page.relative_to(ROOT).as_posix()}: {target}")
    assert not broken


def _python_blocks(page: Path) -> list[str]:
    """The page's ``python`` code blocks that are scripts (not ``>>>`` doctests)."""
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.DOTALL)
    return [block for block in blocks if not block.lstrip().startswith(">>>")]


def _unbound_names(code: str) -> set[str]:
    """Names a script reads that it neither imports nor binds (nor are builtins)."""
    tree = ast.parse(code)
    bound, read = set(dir(builtins)), set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else bound).add(node.id)
    return read - bound


SCRIPTS = [(page, block) for page in [README, *DOCS] if page.name != "adding-a-game.md"
           for block in _python_blocks(page)]  # fmt: skip
"""Every script example (docs/adding-a-game.md shows pieces of examples/high_card.py, which
tests/test_example_game.py runs whole)."""


@pytest.mark.parametrize("page, code", SCRIPTS, ids=[f"{p.name}-{i}" for i, (p, _) in enumerate(SCRIPTS)])
def test_every_script_example_shows_its_imports(page: Path, code: str) -> None:
    """Issue 23: each example runs standalone: it compiles and imports every name it uses; one
    that starts worker processes does its work under ``if __name__ == "__main__":``."""
    assert not _unbound_names(code), f"{page.name}: not imported or defined: {_unbound_names(code)}"
    if re.search(r"ProcessPoolExecutor\(|LocalCluster\(|\bserve\(", code):
        assert 'if __name__ == "__main__":' in code, page.name


def test_the_process_pool_example_runs_as_a_script(tmp_path: Path) -> None:
    """docs/simulation.md's process-pool example, saved as a file and run with workers started
    by spawning (as on macOS and Windows), fewer deals."""
    (example,) = [code for code in _python_blocks(ROOT / "docs" / "simulation.md") if "ProcessPoolExecutor(2)" in code
                  and "jack_pot_rate" not in code]  # fmt: skip
    assert "deals=100_000" in example
    script = tmp_path / "vingt_un_pool.py"
    script.write_text("import multiprocessing\nmultiprocessing.set_start_method('spawn', force=True)\n"
                      + example.replace("deals=100_000", "deals=800").replace("block=25", "block=1"))  # fmt: skip
    result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path, timeout=300,
                            check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("vingt_un: 800 deals in 4 sessions"), result.stdout
