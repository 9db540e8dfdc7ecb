"""The C table of the Vingt-un totals (``pycards_vingtun_tables.h``).

Written by ``src/gen_tables.py`` at build time. One code per value 0..255:
its pips with the ace as one in the low 16 bits, and ``1 << 16`` for an ace,
so that summing the codes of a hand gives its hard total and its number of
aces at once. Values 52..255 (pads, and wider values clamped to 255) count
nothing; a byte indexes the table directly.
"""

from __future__ import annotations

from tablegen import c_array, header

ACE = 12


def card_code(card: int) -> int:
    """The code of one card id (docs/rules.md section 4: ace 1 or 11, court cards 10)."""
    if card >= 52:
        return 0
    rank = card >> 2
    if rank == ACE:
        return 1 | (1 << 16)
    return min(rank + 2, 10)


def render() -> str:
    """The text of ``pycards_vingtun_tables.h``."""
    codes = [card_code(c) for c in range(256)]
    assert sum(codes[c] & 0xFFFF for c in range(52)) == 4 * (sum(range(2, 11)) + 3 * 10 + 1)
    return header(
        "PYCARDS_VINGTUN_TABLES_H",
        "vingtun_tables.py",
        [c_array("uint32_t", "pcv_codes", codes, per_line=16)],
    )
