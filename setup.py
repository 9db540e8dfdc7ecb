"""Build the compiled evaluators.

Everything else about the package lives in ``pyproject.toml``. This file only
declares the Cython extensions, whose sources are in ``src/`` while the modules
live inside the ``pycards`` package, and generates the lookup tables first:
``src/gen_tables.py`` writes ``build/generated/pycards_tables.h``, so the tables
are never committed and never built at import time.

The extensions are compiled without debug information (``-g0``: a wheel's
modules are a fifth of the size) and in parallel. ``PYCARDS_SANITIZE=1`` builds
them instead with AddressSanitizer and UndefinedBehaviorSanitizer, for the
fuzz suite (README, "Sanitizer build").
"""

import os
import subprocess
import sys

from Cython.Build import cythonize
from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
GENERATED = os.path.join("build", "generated")


def generate_tables() -> None:
    """Run the committed table generator (plain Python, no dependency on pycards)."""
    subprocess.run(
        [sys.executable, os.path.join("src", "gen_tables.py"), "--out", GENERATED],
        check=True,
        cwd=HERE,
    )


SANITIZE = os.environ.get("PYCARDS_SANITIZE", "") not in ("", "0")
SANITIZERS = ["-fsanitize=address,undefined", "-fno-sanitize-recover=undefined"]


def compiler_flags() -> tuple[list[str], list[str]]:
    """Compile and link flags: optimised without debug information, or sanitized."""
    if sys.platform == "win32":
        return ["/O2"], []
    if SANITIZE:
        return ["-O1", "-g", "-fno-omit-frame-pointer", "-fno-strict-aliasing", *SANITIZERS], SANITIZERS
    # -g0 comes after the interpreter's own CFLAGS (which hold -g), so it wins.
    return ["-O3", "-g0", "-fno-strict-aliasing"], []


def extension(name: str, source: str) -> Extension:
    """A C extension ``pycards.<name>`` (a dotted name for a subpackage) built from ``src/<source>``."""
    compile_args, link_args = compiler_flags()
    return Extension(
        f"pycards.{name}",
        [os.path.join("src", source)],
        include_dirs=["src", GENERATED],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=compile_args,
        extra_link_args=link_args,
    )


JOBS = os.cpu_count() or 1
generate_tables()
setup(
    options={"build_ext": {"parallel": JOBS}},
    ext_modules=cythonize(
        [
            extension("_poker", "_poker.pyx"),
            extension("_commerce", "_commerce.pyx"),
            extension("_brag", "_brag.pyx"),
            extension("_vingtun", "_vingtun.pyx"),
            extension("games.engine._pack", "_pack.pyx"),
            extension("games.engine._sight", "_sight.pyx"),
        ],
        build_dir=os.path.join("build", "cython"),
        nthreads=JOBS if sys.platform.startswith("linux") else 0,  # forked workers: Linux only
        include_path=["src"],
        compiler_directives={
            "language_level": "3",
            "binding": True,
            "embedsignature": True,
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
        },
    ),
)
