"""Small helpers the poker law tests share: play actions, read balances, the pool and the
entries of records (tests/test_draw_poker_laws.py, test_jack_pots_laws.py,
test_straight_stud_poker.py)."""

from __future__ import annotations

from collections.abc import Iterable

from pycards.games.engine.events import Record
from pycards.settlement import Payment


def play(game, *actions) -> list[Record]:
    """Apply ``actions`` in turn; their records."""
    return [game.apply(a) for a in actions]


def balances(game) -> list[int]:
    return [game.ledger.balance(f"p{s}") for s in range(game.players)]


def pool(game) -> int:
    return game.ledger.balance("pool")


def entries(records: Iterable[Record], kind: type) -> list:
    return [e for r in records for e in r.entries if type(e) is kind]


def payments(records: Iterable[Record]) -> list[Payment]:
    return entries(records, Payment)
