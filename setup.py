"""Build the compiled evaluators.

Everything else about the package lives in ``pyproject.toml``. This file only
declares the Cython extensions, whose sources are in ``src/`` while the modules
live inside the ``pycards`` package, and generates the lookup tables first:
``src/gen_tables.py`` writes ``build/generated/pycards_tables.h``, so the tables
are never committed and never built at import time.
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


def extension(name: str, source: str) -> Extension:
    """A C extension ``pycards.<name>`` (a dotted name for a subpackage) built from ``src/<source>``."""
    macros = [("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")]
    if sys.platform == "win32":
        compile_args = ["/O2"]
    else:
        compile_args = ["-O3", "-fno-strict-aliasing"]
    return Extension(
        f"pycards.{name}",
        [os.path.join("src", source)],
        include_dirs=["src", GENERATED],
        define_macros=macros,
        extra_compile_args=compile_args,
    )


generate_tables()
setup(
    ext_modules=cythonize(
        [
            extension("_poker", "_poker.pyx"),
            extension("_commerce", "_commerce.pyx"),
            extension("_brag", "_brag.pyx"),
            extension("_vingtun", "_vingtun.pyx"),
            extension("games._vingt_un_table", "_vingt_un_table.pyx"),
        ],
        build_dir=os.path.join("build", "cython"),
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
