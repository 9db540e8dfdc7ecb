"""Without the ``rl`` extra, the adapters say how to install it (issue 23), as ``pycards serve``
does for the ``server`` extra (tests/test_server_cli.py).

Each test blocks the frameworks in a fresh interpreter (``sys.modules[name] = None`` makes
``import name`` fail as if it were not installed): ``import pycards.adapters`` still works,
and each adapter raises an ImportError naming the missing module and the install command.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import pycards

# the package under test, for the subprocesses (the installed one when pycards is installed)
PACKAGE = str(Path(pycards.__file__).resolve().parent.parent)

HINT = "pip install 'pycards-laws[rl]' (from a clone of the repository: pip install '.[rl]')"


def _run(blocked: tuple[str, ...], call: str, tmp_path: Path) -> str:
    """Run ``call`` with ``blocked`` modules missing; its ImportError's message (or "no error")."""
    code = (f"import sys\nsys.path.insert(0, {PACKAGE!r})\n"
            f"for name in {blocked!r}: sys.modules[name] = None\n"
            "import pycards.adapters as adapters\n"
            f"try:\n    {call}\nexcept ImportError as error:\n"
            "    print(type(error).__name__, error.name, error, sep='|')\nelse:\n    print('no error')\n")  # fmt: skip
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=120,
                            check=False)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


@pytest.mark.parametrize("blocked, call, missing", [
    (("gymnasium", "pettingzoo"), "adapters.pettingzoo_env('vingt_un')", "gymnasium"),
    (("pettingzoo",), "adapters.pettingzoo_env('vingt_un')", "pettingzoo"),
    (("pettingzoo",), "__import__('pycards.adapters.pettingzoo').adapters.pettingzoo.env()", "pettingzoo"),
    (("gymnasium",), "adapters.gymnasium_env('vingt_un')", "gymnasium"),
    (("gymnasium",), "adapters.register_gymnasium()", "gymnasium"),
    (("pyspiel",), "adapters.openspiel_game('vingt_un')", "pyspiel"),
    (("pyspiel",), "adapters.register_openspiel()", "pyspiel"),
])  # fmt: skip
def test_an_adapter_without_its_framework_says_how_to_install_it(tmp_path: Path, blocked: tuple[str, ...],
                                                                   call: str, missing: str) -> None:  # fmt: skip
    kind, name, message = _run(blocked, call, tmp_path).split("|")
    assert kind == "ImportError" and name == missing
    assert f"needs the rl extra (missing module {missing!r}): {HINT}" in message


def test_the_adapters_package_imports_without_any_framework(tmp_path: Path) -> None:
    """``import pycards.adapters`` and what needs no framework work without the extra."""
    blocked = ("gymnasium", "pettingzoo", "pyspiel", "open_spiel")
    assert _run(blocked, "print(adapters.env_id('vingt_un'), adapters.INSTALL_HINT)", tmp_path) == (
        f"pycards/VingtUn-v0 {HINT}\nno error")


def test_the_hint_is_the_package_s_one_hint() -> None:
    """One wording for every extra: :func:`pycards._install_hint`, with the distribution's name."""
    from pycards.adapters import INSTALL_HINT
    from pycards.server import INSTALL_HINT as SERVER_HINT

    assert INSTALL_HINT == HINT == pycards._install_hint("rl")
    assert SERVER_HINT == HINT.replace("[rl]", "[server]")
