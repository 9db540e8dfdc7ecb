"""The project's rules document, docs/rules.md, is the one the code cites.

Every "docs/rules.md section N" (or "docs/rules.md N", "sections N-M") in the
package, the C sources, the tests and the README names a numbered heading that
exists, and nothing still points users to the steering repository's RULES.md,
which they cannot open.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
SOURCES = [
    path
    for folder in ("pycards", "src", "tests")
    for path in (ROOT / folder).rglob("*")
    if path.suffix in (".py", ".pyx", ".pxd", ".pxi", ".h", ".pyi")
] + [ROOT / "README.md"]
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
    """Its examples (the evaluators on the texts' cases) are doctests that pass."""
    import doctest

    from pycards import brag, commerce, poker, settlement, vingtun

    names = {"brag": brag, "commerce": commerce, "poker": poker, "settlement": settlement, "vingtun": vingtun}
    result = doctest.testfile(str(RULES), module_relative=False, verbose=False, globs=names)
    assert result.failed == 0 and result.attempted >= 18


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
