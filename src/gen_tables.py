#!/usr/bin/env python3
"""Generate every C lookup table of pycards.

Run by ``setup.py`` at build time as ``python src/gen_tables.py --out DIR``. It
writes one header per family of evaluators into DIR (``build/generated``), so
the tables are never committed and never built at import time. Plain Python with
no dependency on the built package; each table module asserts its own
invariants while it generates.

* ``pycards_tables.h``: five-card poker (``poker5_tables.py``).
* ``pycards_three_tables.h``: Commerce, Brag, Thirty-one, My Ship Sails
  (``three_tables.py``).
* ``pycards_vingtun_tables.h``: Vingt-un card values (``vingtun_tables.py``).

The tables are generated once per build: pip runs ``setup.py`` several times
for one ``pip install .`` (for the build requirements, the metadata and the
wheel), and ``setup.py`` calls this only from ``build_ext``, which skips the
work when DIR already holds every header and ``inputs.sha256``, the digest of
the generator's own sources (these modules and ``pycards/_three_keys.py``),
matches them. ``--force`` generates regardless.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
HEADERS = {
    "pycards_tables.h": "poker5_tables",
    "pycards_three_tables.h": "three_tables",
    "pycards_vingtun_tables.h": "vingtun_tables",
}
"""Each header, and the module whose ``render()`` writes it."""

INPUTS = ("gen_tables.py", "tablegen.py", "poker5_tables.py", "three_tables.py", "vingtun_tables.py",
          os.path.join("..", "pycards", "_three_keys.py"))
"""What the tables are generated from, relative to ``src/``: a change to any of them regenerates."""

STAMP = "inputs.sha256"


def inputs_digest() -> str:
    """The SHA-256 of the generator's sources, each file's name and bytes."""
    digest = hashlib.sha256()
    for name in INPUTS:
        with open(os.path.join(HERE, name), "rb") as f:
            data = f.read()
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()


def up_to_date(out: str, digest: str) -> bool:
    """Whether ``out`` holds every header, generated from sources with this digest."""
    try:
        with open(os.path.join(out, STAMP), encoding="ascii") as f:
            stamped = f.read().strip()
    except OSError:
        return False
    return stamped == digest and all(os.path.isfile(os.path.join(out, name)) for name in HEADERS)


def write_if_changed(path: str, text: str) -> None:
    """Write ``text`` unless the file already holds it (so nothing rebuilds)."""
    try:
        with open(path, encoding="ascii") as f:
            if f.read() == text:
                return
    except FileNotFoundError:
        pass
    with open(path, "w", encoding="ascii") as f:
        f.write(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join("build", "generated"))
    parser.add_argument("--force", action="store_true", help="generate even if the tables are up to date")
    args = parser.parse_args()
    digest = inputs_digest()
    if not args.force and up_to_date(args.out, digest):
        print(f"gen_tables: the tables in {args.out} are up to date")
        return
    import importlib

    sys.path.insert(0, HERE)
    os.makedirs(args.out, exist_ok=True)
    for name, module in HEADERS.items():
        write_if_changed(os.path.join(args.out, name), importlib.import_module(module).render())
    write_if_changed(os.path.join(args.out, STAMP), digest + "\n")  # last: only complete tables are stamped
    print(f"gen_tables: generated the tables in {args.out}")


if __name__ == "__main__":
    main()
