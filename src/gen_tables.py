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
"""

from __future__ import annotations

import argparse
import os

import poker5_tables
import three_tables
import vingtun_tables

HEADERS = {
    "pycards_tables.h": poker5_tables.render,
    "pycards_three_tables.h": three_tables.render,
    "pycards_vingtun_tables.h": vingtun_tables.render,
}


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
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for name, render in HEADERS.items():
        write_if_changed(os.path.join(args.out, name), render())


if __name__ == "__main__":
    main()
